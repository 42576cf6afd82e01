"""Who a browser is: sign-in with a name and passphrase, rate limits, session cookies.

The rules (docs/web.md):
- a name with a passphrase signs in with it (whatever door set it);
- a free name (no SSH key, no passphrase) is claimed by typing a passphrase twice,
  through the one check-and-claim of both doors (`name_book.NameBook`);
- a name owned by an SSH key has no browser door until its owner sets a
  passphrase from an SSH session (lobby key `p`);
- passphrase guesses are limited (`guess_limits`), each counted from the moment
  its hash starts, so guesses sent at once cannot pass the limit together; each
  wrong one is logged with the name and the address.
Nothing here knows HTTP: `web.py` turns outcomes into pages and cookies.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from codex_tui.i18n.text import N_, Later
from codex_tui.protocol.messages import valid_name
from codex_tui.protocol.names import name_key
from codex_tui.protocol.passphrase_rules import DIFFERENT, passphrase_problem
from codex_tui.server.attempts import Attempt, AttemptLimiter
from codex_tui.server.name_book import NameBook

log = logging.getLogger("codex_tui.server.web")

MAX_GUESSES = 5
"""Passphrase guesses from one address (any names), and for one name from an address that has
guessed it wrong, within `GUESS_WINDOW`."""
MAX_NAME_GUESSES = 50
"""Guesses for one name from every address together within `GUESS_WINDOW`: the ceiling that holds
when many addresses guess one name, and the only limit a name's owner, signing in from an address
that has not guessed wrong, can meet (50 wrong guesses a minute from elsewhere)."""
GUESS_WINDOW = 60.0
SESSION_LIFETIME = 7 * 24 * 3600.0
"""Seconds a browser stays signed in (sessions live in the server's memory: a restart signs everyone out)."""
MAX_SESSIONS = 10_000
"""Sign-ins kept at once; the oldest goes first beyond this."""

BAD_NAME = N_("That is not a player name.")
WRONG = N_("Wrong name or passphrase.")
TOO_MANY = N_("Too many wrong passphrases. Wait {seconds} seconds, then try again.")
SSH_OWNED = N_(
    "{name} belongs to an SSH player. To play in the browser too, they set a passphrase in the lobby over SSH (key p)."
)
FREE_NAME = N_("{name} is free. Type the passphrase again to make the name yours.")


@dataclass
class Outcome:
    """The answer to one sign-in form: a name signed in, or what to tell the player."""

    name: str | None = None
    problem: Later | None = None
    show_rules: bool = False
    """Show the rules for names (the name itself was refused)."""
    confirm: bool = False
    """Ask for the passphrase a second time (a free name is being claimed)."""


def guess_limits(limiter: AttemptLimiter, name: str, address: str) -> list[tuple[str, int]]:
    """The limits one guess of `name`'s passphrase from `address` is under:
    - the address: `MAX_GUESSES`, whatever names it tries;
    - the name, from an address that has guessed it wrong in the window: `MAX_GUESSES`
      over all such addresses, so an attacker is slowed and the owner is not;
    - the name from anywhere: the higher ceiling `MAX_NAME_GUESSES`.
    Every guess is counted in the name's and the pair's keys, limited or not."""
    pair = f"pair:{name_key(name)}|{address}"
    tried_here = limiter.load(pair) > 0
    return [
        ("address:" + address, MAX_GUESSES),
        ("name:" + name_key(name), MAX_GUESSES if tried_here else MAX_NAME_GUESSES),
        (pair, MAX_GUESSES),
    ]


class SignInGate:
    """Checks sign-in forms against the book of names (SSH keys and passphrases)."""

    def __init__(self, names: NameBook, limiter: AttemptLimiter | None = None) -> None:
        self.names = names
        self.passphrases = names.passphrases
        self.guesses = limiter or AttemptLimiter(GUESS_WINDOW)

    async def sign_in(self, name: str, passphrase: str, again: str | None, address: str) -> Outcome:
        """One sign-in form (`again`: the second passphrase field, None when the form had none)."""
        name = name.strip()
        if not valid_name(name):
            return Outcome(problem=Later(BAD_NAME), show_rules=True)
        owner = self.passphrases.owner(name)
        if owner is not None:
            return await self._check(owner, name, passphrase, address)
        if self.names.key_owned(name):
            log.info("browser sign-in as %r from %s refused: an SSH key's name without a passphrase", name, address)
            return Outcome(problem=Later(SSH_OWNED, {"name": name}))
        return await self._claim(name, passphrase, again, address)

    async def _check(self, owner: str, name: str, passphrase: str, address: str) -> Outcome:
        """A guess of `owner`'s passphrase: its slot is taken before the hash, so at most the
        limit of guesses is ever checked at once or within the window."""
        attempt = self.guesses.begin(*guess_limits(self.guesses, name, address))
        if not isinstance(attempt, Attempt):
            log.warning("browser sign-in as %r from %s refused: too many wrong passphrases", name, address)
            return Outcome(problem=Later(TOO_MANY, {"seconds": max(1, math.ceil(attempt))}))
        try:
            right = await asyncio.to_thread(self.passphrases.verify, owner, passphrase)
        except BaseException:  # (the browser left meanwhile: its hash still runs, and counts)
            attempt.count()
            raise
        if right:
            attempt.drop()
            log.info("%s signed in from a browser at %s", owner, address)
            return Outcome(name=owner)
        attempt.count()
        log.warning("browser sign-in as %r from %s refused: wrong passphrase", name, address)
        return Outcome(problem=Later(WRONG))

    async def _claim(self, name: str, passphrase: str, again: str | None, address: str) -> Outcome:
        problem = passphrase_problem(passphrase)
        if problem is not None:
            return Outcome(problem=problem, confirm=True)
        if again is None:
            return Outcome(problem=Later(FREE_NAME, {"name": name}), confirm=True)
        if again != passphrase:
            return Outcome(problem=Later(DIFFERENT), confirm=True)
        refused = await asyncio.to_thread(self.names.claim_passphrase, name, passphrase, address)
        if refused is not None:
            log.warning("browser claim of %r from %s refused: %s", name, address, refused.log)
            return Outcome(problem=refused.told)
        log.info("%s claimed from a browser at %s", name, address)
        return Outcome(name=name)


@dataclass
class Sessions:
    """Signed-in browsers: a random cookie value -> the player name (in memory), and the
    passphrase hash it was signed in with: a new passphrase ends the sessions of the old one.

    Each session that ends (signed out, expired, its passphrase changed, pushed out by
    newer ones) is told to `ended`, with why: the web door closes its terminals."""

    lifetime: float = SESSION_LIFETIME
    ended: Callable[[str, Ending], None] | None = None
    """Told the token of each session that ends, and why."""
    _names: dict[str, tuple[str, float, bytes | None]] = field(default_factory=dict)

    def open(self, name: str, proof: bytes | None) -> str:
        """A new session of `name`; `proof`: its passphrase's hash now (`PassphraseBook.proof`)."""
        token = secrets.token_urlsafe(32)
        if len(self._names) >= MAX_SESSIONS:
            self._end(next(iter(self._names)), Ending.PUSHED_OUT)
        self._names[token] = (name, time.monotonic() + self.lifetime, proof)
        return token

    def name_of(self, token: str | None, proof: Callable[[str], bytes | None]) -> str | None:
        """The name signed in with `token`, unless it has expired or its passphrase has changed since."""
        if not token:
            return None
        entry = self._names.get(token)
        if entry is None:
            return None
        name, expires, signed_with = entry
        if expires < time.monotonic():
            self._end(token, Ending.EXPIRED)
            return None
        if proof(name) != signed_with:
            self._end(token, Ending.PASSPHRASE_CHANGED)
            return None
        return name

    def expires(self, token: str) -> float | None:
        """When the session `token` expires (on the `time.monotonic` clock); None if it is none."""
        entry = self._names.get(token)
        return entry[1] if entry is not None else None

    def close(self, token: str | None) -> None:
        """Sign out."""
        if token and token in self._names:
            self._end(token, Ending.SIGNED_OUT)

    def end(self, name: str, why: Ending, keep: bytes | None = None) -> None:
        """End every session of `name` but those signed in with the passphrase hash `keep`."""
        key = name_key(name)
        ending = [
            token
            for token, (owner, _expires, proof) in self._names.items()
            if name_key(owner) == key and (keep is None or proof != keep)
        ]
        for token in ending:
            self._end(token, why)

    def _end(self, token: str, why: Ending) -> None:
        del self._names[token]
        if self.ended is not None:
            self.ended(token, why)


class Ending(Enum):
    """Why a browser session ended: the words its terminals are left with (translated where shown)."""

    SIGNED_OUT = N_("codex-tui: this browser has signed out. Sign in again to play.")
    PASSPHRASE_CHANGED = N_("codex-tui: your passphrase has changed. Sign in again with the new one.")
    EXPIRED = N_("codex-tui: your sign-in has expired. Sign in again to play.")
    PUSHED_OUT = N_("codex-tui: your sign-in has ended (the server keeps only the newest ones). Sign in again to play.")
