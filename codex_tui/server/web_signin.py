"""Who a browser is: sign-in with a name and passphrase, rate limits, session cookies.

The rules (docs/web.md):
- a name with a passphrase signs in with it (whatever door set it);
- a free name (no SSH key, no passphrase) is claimed by typing a passphrase twice,
  through the one check-and-claim of both doors (`name_book.NameBook`);
- a name owned by an SSH key has no browser door until its owner sets a
  passphrase from an SSH session (lobby key `p`);
- passphrase guesses are limited (`guess_limits`), each counted from the moment
  its hash starts, so guesses sent at once cannot pass the limit together; each
  wrong one is logged with the name and the address;
- a browser that has signed in as a name is known to it for a while (`KnownBrowsers`,
  a second cookie): its guesses for that name are under a limit of their own, so
  guessers elsewhere, however many, do not lock the owner out;
- sessions are capped per name, per address and in all (`Sessions.open`), so a browser
  signing in again and again pushes out only its own.
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
from typing import NamedTuple

from codex_tui.i18n.text import N_, Later
from codex_tui.protocol.messages import valid_name
from codex_tui.protocol.names import name_key
from codex_tui.protocol.passphrase_rules import DIFFERENT, passphrase_problem
from codex_tui.server.attempts import Attempt, AttemptLimiter
from codex_tui.server.name_book import NameBook

log = logging.getLogger("codex_tui.server.web")

MAX_GUESSES = 5
"""Passphrase guesses from one address (any names), for one name from an address that has
guessed it wrong, and from one known browser of the name, within `GUESS_WINDOW`."""
MAX_NAME_GUESSES = 50
"""Guesses for one name from every address together within `GUESS_WINDOW`: the ceiling that holds
when many addresses guess one name. A browser known to the name is not under it; a new browser
of its owner, from an address that has not guessed wrong, meets it only then (and waits out the
window)."""
GUESS_WINDOW = 60.0
SESSION_LIFETIME = 7 * 24 * 3600.0
"""Seconds a browser stays signed in (sessions live in the server's memory: a restart signs everyone out)."""
MAX_SESSIONS = 10_000
"""Sign-ins kept at once; beyond this the oldest of the name holding the most goes first."""
MAX_SESSIONS_PER_NAME = 20
"""Sign-ins of one name kept at once; its oldest goes first beyond this."""
MAX_SESSIONS_PER_ADDRESS = 50
"""Sign-ins from one address kept at once; its oldest goes first beyond this."""
KNOWN_LIFETIME = 30 * 24 * 3600.0
"""Seconds a browser stays known to a name it signed in as (in the server's memory too)."""
MAX_KNOWN_PER_NAME = 8
"""Browsers known to one name; the one known longest is forgotten first beyond this."""
MAX_KNOWN = 10_000
"""Known browsers kept in all; beyond this the expired ones go, then the oldest of the name with the most."""

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


def guess_limits(limiter: AttemptLimiter, name: str, address: str, known: str | None = None) -> list[tuple[str, int]]:
    """The limits one guess of `name`'s passphrase from `address` is under:
    - the address: `MAX_GUESSES`, whatever names it tries;
    - the name, from an address that has guessed it wrong in the window: `MAX_GUESSES`
      over all such addresses, so an attacker is slowed and the owner is not;
    - the name from anywhere: the higher ceiling `MAX_NAME_GUESSES`.
    Every such guess is counted in the name's and the pair's keys, limited or not.

    From a browser known to the name (`known`: its token, which `KnownBrowsers.vouches` for)
    a guess is under the token's own `MAX_GUESSES` only, and counted nowhere else: neither
    many addresses guessing the name nor a burst from the owner's own address lock the
    owner out, and a stolen token buys no more guesses than an address gets."""
    if known is not None:
        return [("known:" + known, MAX_GUESSES)]
    pair = f"pair:{name_key(name)}|{address}"
    tried_here = limiter.load(pair) > 0
    return [
        ("address:" + address, MAX_GUESSES),
        ("name:" + name_key(name), MAX_GUESSES if tried_here else MAX_NAME_GUESSES),
        (pair, MAX_GUESSES),
    ]


class SignInGate:
    """Checks sign-in forms against the book of names (SSH keys and passphrases)."""

    def __init__(
        self, names: NameBook, limiter: AttemptLimiter | None = None, known: KnownBrowsers | None = None
    ) -> None:
        self.names = names
        self.passphrases = names.passphrases
        self.guesses = limiter or AttemptLimiter(GUESS_WINDOW)
        self.known = known or KnownBrowsers()
        """The browsers that have signed in as each name (the door gives them their token)."""

    async def sign_in(
        self, name: str, passphrase: str, again: str | None, address: str, known: str | None = None
    ) -> Outcome:
        """One sign-in form (`again`: the second passphrase field, None when the form had none;
        `known`: the browser's known-browser token, if it sent one)."""
        name = name.strip()
        if not valid_name(name):
            return Outcome(problem=Later(BAD_NAME), show_rules=True)
        owner = self.passphrases.owner(name)
        if owner is not None:
            return await self._check(owner, name, passphrase, address, known)
        if self.names.key_owned(name):
            log.info("browser sign-in as %r from %s refused: an SSH key's name without a passphrase", name, address)
            return Outcome(problem=Later(SSH_OWNED, {"name": name}))
        return await self._claim(name, passphrase, again, address)

    async def _check(self, owner: str, name: str, passphrase: str, address: str, known: str | None) -> Outcome:
        """A guess of `owner`'s passphrase: its slot is taken before the hash, so at most the
        limit of guesses is ever checked at once or within the window."""
        if not self.known.vouches(known, owner, self.passphrases.proof(owner)):
            known = None
        where = address if known is None else f"{address} (a known browser)"
        attempt = self.guesses.begin(*guess_limits(self.guesses, name, address, known))
        if not isinstance(attempt, Attempt):
            log.warning("browser sign-in as %r from %s refused: too many wrong passphrases", name, where)
            return Outcome(problem=Later(TOO_MANY, {"seconds": max(1, math.ceil(attempt))}))
        try:
            right = await asyncio.to_thread(self.passphrases.verify, owner, passphrase)
        except BaseException:  # (the browser left meanwhile: its hash still runs, and counts)
            attempt.count()
            raise
        if right:
            attempt.drop()
            log.info("%s signed in from a browser at %s", owner, where)
            return Outcome(name=owner)
        attempt.count()
        log.warning("browser sign-in as %r from %s refused: wrong passphrase", name, where)
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


class _Groups:
    """Tokens grouped under keys (names, addresses), each group oldest first."""

    def __init__(self) -> None:
        self._groups: dict[str, dict[str, None]] = {}

    def add(self, key: str, token: str) -> None:
        self._groups.setdefault(key, {})[token] = None

    def remove(self, key: str, token: str) -> None:
        group = self._groups.get(key)
        if group is not None:
            group.pop(token, None)
            if not group:
                del self._groups[key]

    def count(self, key: str) -> int:
        return len(self._groups.get(key, ()))

    def tokens(self, key: str) -> list[str]:
        return list(self._groups.get(key, ()))

    def oldest(self, key: str) -> str:
        return next(iter(self._groups[key]))

    def largest(self, prefer: str) -> str:
        """The key holding the most tokens, `prefer` if it is among them (there must be one)."""
        most = max(len(group) for group in self._groups.values())
        if self.count(prefer) == most:
            return prefer
        return next(key for key, group in self._groups.items() if len(group) == most)


class _Session(NamedTuple):
    name: str
    expires: float
    proof: bytes | None
    """The passphrase hash it was signed in with."""
    address: str


@dataclass
class Sessions:
    """Signed-in browsers: a random cookie value -> the player name (in memory), and the
    passphrase hash it was signed in with: a new passphrase ends the sessions of the old one.

    Each session that ends (signed out, expired, its passphrase changed, pushed out by
    newer ones) is told to `ended`, with why: the web door closes its terminals."""

    lifetime: float = SESSION_LIFETIME
    ended: Callable[[str, Ending], None] | None = None
    """Told the token of each session that ends, and why."""
    clock: Callable[[], float] = time.monotonic
    _names: dict[str, _Session] = field(default_factory=dict)
    _by_name: _Groups = field(default_factory=_Groups)
    """The tokens of each name (by `name_key`), oldest first."""
    _by_address: _Groups = field(default_factory=_Groups)

    def open(self, name: str, proof: bytes | None, address: str) -> str:
        """A new session of `name`, signed in from `address`; `proof`: its passphrase's hash now
        (`PassphraseBook.proof`). Past a cap, an older session is pushed out first
        (`Ending.PUSHED_OUT`): the name's oldest past `MAX_SESSIONS_PER_NAME`, the address's
        oldest past `MAX_SESSIONS_PER_ADDRESS`, and past `MAX_SESSIONS` in all (once the expired
        ones have gone) the oldest of the name holding the most, this one's if it holds as many:
        a browser signing in again and again pushes out only its own sessions."""
        key = name_key(name)
        if self._by_name.count(key) >= MAX_SESSIONS_PER_NAME:
            self._end(self._by_name.oldest(key), Ending.PUSHED_OUT)
        if self._by_address.count(address) >= MAX_SESSIONS_PER_ADDRESS:
            self._end(self._by_address.oldest(address), Ending.PUSHED_OUT)
        if self._names and len(self._names) >= MAX_SESSIONS:
            self._make_room(key)
        token = secrets.token_urlsafe(32)
        self._names[token] = _Session(name, self.clock() + self.lifetime, proof, address)
        self._by_name.add(key, token)
        self._by_address.add(address, token)
        return token

    def _make_room(self, key: str) -> None:
        """Below `MAX_SESSIONS`: the expired sessions end, then the oldest of the largest name's
        (`key`'s among those tied). O(sessions), only when the cap is met."""
        now = self.clock()
        for token in [token for token, session in self._names.items() if session.expires < now]:
            self._end(token, Ending.EXPIRED)
        while self._names and len(self._names) >= MAX_SESSIONS:
            self._end(self._by_name.oldest(self._by_name.largest(key)), Ending.PUSHED_OUT)

    def name_of(self, token: str | None, proof: Callable[[str], bytes | None]) -> str | None:
        """The name signed in with `token`, unless it has expired or its passphrase has changed since."""
        if not token:
            return None
        session = self._names.get(token)
        if session is None:
            return None
        if session.expires < self.clock():
            self._end(token, Ending.EXPIRED)
            return None
        if proof(session.name) != session.proof:
            self._end(token, Ending.PASSPHRASE_CHANGED)
            return None
        return session.name

    def expires(self, token: str) -> float | None:
        """When the session `token` expires (on its `clock`, `time.monotonic`); None if it is none."""
        session = self._names.get(token)
        return session.expires if session is not None else None

    def close(self, token: str | None) -> None:
        """Sign out."""
        if token and token in self._names:
            self._end(token, Ending.SIGNED_OUT)

    def end(self, name: str, why: Ending, keep: bytes | None = None) -> None:
        """End every session of `name` but those signed in with the passphrase hash `keep`."""
        for token in self._by_name.tokens(name_key(name)):
            if keep is None or self._names[token].proof != keep:
                self._end(token, why)

    def _end(self, token: str, why: Ending) -> None:
        session = self._names.pop(token)
        self._by_name.remove(name_key(session.name), token)
        self._by_address.remove(session.address, token)
        if self.ended is not None:
            self.ended(token, why)


class _Known(NamedTuple):
    key: str
    """The name's `name_key`."""
    expires: float
    proof: bytes | None
    """The passphrase hash it signed in with."""


@dataclass
class KnownBrowsers:
    """Browsers that have signed in as a name (OWASP's device cookie): a random token, kept
    in a long-lived cookie, -> the name, the passphrase hash it signed in with and when it
    is forgotten. In the server's memory: a restart forgets them, as it signs everyone out.

    A sign-in form for a name that comes with one of the name's tokens is under that
    token's own limit of guesses instead of the name's and the address's (`guess_limits`):
    however many addresses guess the name, its owner signs in from a browser it has used.
    A token of another name, expired or of an older passphrase gives nothing."""

    lifetime: float = KNOWN_LIFETIME
    clock: Callable[[], float] = time.monotonic
    _tokens: dict[str, _Known] = field(default_factory=dict)
    _by_name: _Groups = field(default_factory=_Groups)

    def remember(self, name: str, proof: bytes | None, replacing: str | None = None) -> str:
        """A new token for a browser that has just signed in as `name` with the passphrase
        of hash `proof`; `replacing`: the token the browser sent, forgotten (its cookie is
        replaced). Past `MAX_KNOWN_PER_NAME` the name's oldest is forgotten; past `MAX_KNOWN`,
        the expired ones, then the oldest of the name with the most (this one's if as many)."""
        if replacing:
            self.forget(replacing)
        key = name_key(name)
        if self._by_name.count(key) >= MAX_KNOWN_PER_NAME:
            self.forget(self._by_name.oldest(key))
        if self._tokens and len(self._tokens) >= MAX_KNOWN:
            now = self.clock()
            for token in [token for token, known in self._tokens.items() if known.expires < now]:
                self.forget(token)
            while self._tokens and len(self._tokens) >= MAX_KNOWN:
                self.forget(self._by_name.oldest(self._by_name.largest(key)))
        token = secrets.token_urlsafe(32)
        self._tokens[token] = _Known(key, self.clock() + self.lifetime, proof)
        self._by_name.add(key, token)
        return token

    def vouches(self, token: str | None, name: str, proof: bytes | None) -> bool:
        """Has the browser holding `token` signed in as `name`, with its passphrase of now
        (hash `proof`), within `lifetime`? A token that has expired, or whose name's
        passphrase has changed since, is forgotten."""
        if not token:
            return False
        known = self._tokens.get(token)
        if known is None:
            return False
        if known.expires < self.clock():
            self.forget(token)
            return False
        if known.key != name_key(name):
            return False
        if known.proof != proof:
            self.forget(token)
            return False
        return True

    def forget(self, token: str) -> None:
        known = self._tokens.pop(token, None)
        if known is not None:
            self._by_name.remove(known.key, token)


class Ending(Enum):
    """Why a browser session ended: the words its terminals are left with (translated where shown)."""

    SIGNED_OUT = N_("codex-tui: this browser has signed out. Sign in again to play.")
    PASSPHRASE_CHANGED = N_("codex-tui: your passphrase has changed. Sign in again with the new one.")
    EXPIRED = N_("codex-tui: your sign-in has expired. Sign in again to play.")
    PUSHED_OUT = N_("codex-tui: your sign-in has ended (the server keeps only the newest ones). Sign in again to play.")
