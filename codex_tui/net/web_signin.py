"""Who a browser is: sign-in with a name and passphrase, rate limits, session cookies.

The rules (docs/web.md):
- a name with a passphrase signs in with it (whatever door set it);
- a free name (no SSH key, no passphrase) is claimed by typing a passphrase twice;
- a name owned by an SSH key has no browser door until its owner sets a
  passphrase from an SSH session (lobby key `p`);
- wrong passphrases are counted per name and per address: `MAX_FAILURES` within
  `FAILURE_WINDOW` seconds close the door for the rest of that window, and each
  one is logged with the name and the address.
Nothing here knows HTTP: `web.py` turns outcomes into pages and cookies.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from codex_tui.i18n.text import N_, Later
from codex_tui.net.identity import KeyBook
from codex_tui.net.names import name_key
from codex_tui.net.passphrase_rules import DIFFERENT, passphrase_problem
from codex_tui.net.passphrases import PassphraseBook, key_owned
from codex_tui.net.protocol import valid_name
from codex_tui.net.web_options import is_loopback

log = logging.getLogger("codex_tui.net.web")

MAX_FAILURES = 5
FAILURE_WINDOW = 60.0
MAX_CLAIMS = 10
CLAIM_WINDOW = 3600.0
"""New names from one address (but this machine's) within this many seconds."""
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
TOO_MANY_NAMES = N_("Too many new names from your address. Wait {minutes} minutes, then try again.")
FREE_NAME = N_("{name} is free. Type the passphrase again to make the name yours.")
TAKEN_MEANWHILE = N_("{name} was taken a moment ago. Choose another name.")


@dataclass
class Outcome:
    """The answer to one sign-in form: a name signed in, or what to tell the player."""

    name: str | None = None
    problem: Later | None = None
    show_rules: bool = False
    """Show the rules for names (the name itself was refused)."""
    confirm: bool = False
    """Ask for the passphrase a second time (a free name is being claimed)."""


class FailureLimiter:
    """Wrong passphrases per key (a name, an address) within a sliding window."""

    def __init__(self, limit: int = MAX_FAILURES, window: float = FAILURE_WINDOW) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    def wait(self, *keys: str) -> float:
        """Seconds before another try is heard for any of `keys` (0: now)."""
        now = time.monotonic()
        waits = [0.0]
        for key in keys:
            times = self._recent(key, now)
            if len(times) >= self.limit:
                waits.append(times[-self.limit] + self.window - now)
        return max(waits)

    def failed(self, *keys: str) -> None:
        now = time.monotonic()
        for key in keys:
            self._recent(key, now)
            self._failures.setdefault(key, deque(maxlen=self.limit)).append(now)


class SignInGate:
    """Checks sign-in forms against the key book and the passphrase book."""

    def __init__(self, keybook: KeyBook, passphrases: PassphraseBook, limiter: FailureLimiter | None = None) -> None:
        self.keybook = keybook
        self.passphrases = passphrases
        self.limiter = limiter or FailureLimiter()
        self.claims = FailureLimiter(MAX_CLAIMS, CLAIM_WINDOW)
        """New names per address: each costs a scrypt hash and a line in the file."""

    def _too_many(self, name: str, address: str) -> Outcome | None:
        wait = self.limiter.wait("name:" + name_key(name), "address:" + address)
        if wait <= 0:
            return None
        return Outcome(problem=Later(TOO_MANY, {"seconds": max(1, math.ceil(wait))}))

    async def sign_in(self, name: str, passphrase: str, again: str | None, address: str) -> Outcome:
        """One sign-in form (`again`: the second passphrase field, None when the form had none)."""
        name = name.strip()
        if not valid_name(name):
            return Outcome(problem=Later(BAD_NAME), show_rules=True)
        refused = self._too_many(name, address)
        if refused is not None:
            log.warning("browser sign-in as %r from %s refused: too many wrong passphrases", name, address)
            return refused
        owner = self.passphrases.owner(name)
        if owner is not None:
            if await asyncio.to_thread(self.passphrases.verify, owner, passphrase):
                log.info("%s signed in from a browser at %s", owner, address)
                return Outcome(name=owner)
            self.limiter.failed("name:" + name_key(name), "address:" + address)
            log.warning("browser sign-in as %r from %s refused: wrong passphrase", name, address)
            return Outcome(problem=Later(WRONG))
        if key_owned(self.keybook, name):
            log.info("browser sign-in as %r from %s refused: an SSH key's name without a passphrase", name, address)
            return Outcome(problem=Later(SSH_OWNED, {"name": name}))
        return await self._claim(name, passphrase, again, address)

    async def _claim(self, name: str, passphrase: str, again: str | None, address: str) -> Outcome:
        problem = passphrase_problem(passphrase)
        if problem is not None:
            return Outcome(problem=problem, confirm=True)
        if again is None:
            return Outcome(problem=Later(FREE_NAME, {"name": name}), confirm=True)
        if again != passphrase:
            return Outcome(problem=Later(DIFFERENT), confirm=True)
        counted = not is_loopback(address)  # this machine's own players are not counted
        wait = self.claims.wait("claims:" + address) if counted else 0
        if wait > 0:
            log.warning("browser claim of %r from %s refused: too many new names from there", name, address)
            return Outcome(problem=Later(TOO_MANY_NAMES, {"minutes": max(1, math.ceil(wait / 60))}))
        if counted:
            self.claims.failed("claims:" + address)
        if not await asyncio.to_thread(self.passphrases.claim, name, passphrase):
            return Outcome(problem=Later(TAKEN_MEANWHILE, {"name": name}), show_rules=False)
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
