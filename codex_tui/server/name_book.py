"""Who owns each player name, over both doors: one check-and-claim for a name.

A name is claimed in one of two ways: by the first SSH key whose terminal
session starts with it (`identity.KeyBook`), or in a browser with a passphrase
(`passphrases.PassphraseBook`). Each book alone only knows its own names, so
two claims that each checked their own book could both succeed: a key that
logged in as a free name and waited, then a browser claiming the name, then
the key opening its session, gave the name two owners. Here every claim and
every passphrase change takes one lock and checks both books before writing
either, so there is no gap between the check and the claim.

The rules it keeps:
- a name bound to a key is that key's (and its owner may also set a
  passphrase for the browser, or the host may through an invite);
- a name with a passphrase and no key was claimed in a browser: no key takes it;
- one key holds at most `MAX_NAMES_PER_KEY` names, and one address claims at
  most `MAX_CLAIMS` new names an hour through either door (this machine's own
  players are not counted).
"""

from __future__ import annotations

import math
import threading
from pathlib import Path

import asyncssh

from codex_tui.i18n.text import N_, Later
from codex_tui.server.attempts import Attempt, AttemptLimiter
from codex_tui.server.identity import KeyBook, Refusal
from codex_tui.server.passphrases import PassphraseBook, new_entry
from codex_tui.server.web_options import is_loopback

MAX_NAMES_PER_KEY = 8
"""Names one SSH key may own: each is a line in the key book, rewritten on every claim."""
MAX_CLAIMS = 10
CLAIM_WINDOW = 3600.0
"""New names from one address (but this machine's), both doors together, within this many seconds."""

BROWSER_NAME = "name claimed in a browser (with a passphrase); no SSH key can take it"
BROWSER_NAME_TOLD = N_(
    "The name {name} was claimed in a browser with a passphrase; no SSH key can take it. Choose another name."
)
TOO_MANY_FOR_KEY = N_(
    "The key {fingerprint} already owns {count} names, as many as one key may: log in as one of them."
)
TOO_MANY_NAMES = N_("Too many new names from your address. Wait {minutes} minutes, then try again.")
TAKEN_MEANWHILE = N_("{name} was taken a moment ago. Choose another name.")
NOT_KEPT = N_("The server cannot write down new names right now. Try again in a while, or tell its host.")


def browser_refusal(name: str) -> Refusal:
    """The refusal of an SSH login to a browser's name: the log line and the words for the player."""
    return Refusal(BROWSER_NAME, Later(BROWSER_NAME_TOLD, {"name": name}))


class NameBook:
    """The key book and the passphrase book, claimed through one lock."""

    def __init__(self, folder: Path, authorized_keys: Path | None = None) -> None:
        """IdentityError (a PassphraseError for the passphrases) if either book cannot be read."""
        self.keys = KeyBook(folder, authorized_keys)
        self.passphrases = PassphraseBook(folder)
        self.claims = AttemptLimiter(CLAIM_WINDOW)
        """New names per address: each costs a line in a book (and a scrypt hash in a browser)."""
        self._lock = threading.Lock()

    # ------------------------------------------------------------- questions

    def owner_of(self, name: str) -> str | None:
        """The stored spelling of the name `name` is one with, in either book, or None if it is free."""
        return self.keys.owner_of(name) or self.passphrases.owner(name)

    def key_owned(self, name: str) -> bool:
        """Is `name` (or a look-alike of it) bound to an SSH key?"""
        return self.keys.owner_of(name) is not None

    def own_name(self, name: str, key: asyncssh.SSHKey) -> str | None:
        """The stored name, one with `name`, that `key` owns, or None."""
        return self.keys.own_name(name, key)

    def allows(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> bool:
        """May `key` log in as `name` now? (Its signature is checked by asyncssh afterwards.)"""
        return self.refusal(name, key, host, address) is None

    def refusal(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> Refusal | None:
        """Why `key` may not log in as `name`, or None: the key book's reasons, a name claimed in a
        browser, and the limits on new names (asked again, atomically, when the session starts)."""
        why = self.keys.refusal(name, key, host, address)
        if why is not None or self.keys.own_name(name, key) is not None:
            return why
        if self.passphrases.owner(name) is not None:
            return browser_refusal(name)
        count = len(self.keys.names_of(key))
        if count >= MAX_NAMES_PER_KEY:
            fingerprint = key.get_fingerprint()
            return Refusal(
                f"key {fingerprint} already owns {count} names",
                Later(TOO_MANY_FOR_KEY, {"fingerprint": fingerprint, "count": count}),
            )
        if counted(address) and self.claims.load(claims_key(address)) >= MAX_CLAIMS:
            return too_many_names(self.claims.window)
        return None

    # ---------------------------------------------------------------- claims

    def bind(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> Refusal | None:
        """When a key's terminal session starts: `name` becomes `key`'s if it is free in both books
        and the limits allow it. None if `name` is now `key`'s (or already was), else why not."""
        with self._lock:
            why = self.refusal(name, key, host, address)
            if why is not None or self.keys.own_name(name, key) is not None:
                return why
            attempt = self._claim_slot(address)
            if not isinstance(attempt, Attempt):
                return too_many_names(attempt)
            try:
                bound = self.keys.bind(name, key)
            except OSError as error:
                attempt.drop()
                return not_kept(error)
            assert bound, "checked under the lock"
            attempt.count()
            return None

    def claim_passphrase(self, name: str, passphrase: str, address: str) -> Refusal | None:
        """A free name claimed in a browser with its first passphrase; None if it is now claimed,
        else why not (taken meanwhile, too many new names from `address`). ValueError for a
        passphrase that may not be set. (Slow: the hash is made here, outside the lock.)"""
        attempt = self._claim_slot(address)
        if not isinstance(attempt, Attempt):
            return too_many_names(attempt)
        try:
            entry = new_entry(name, passphrase)
            with self._lock:
                if self.owner_of(name) is not None:
                    return Refusal(f"{name!r} was claimed meanwhile", Later(TAKEN_MEANWHILE, {"name": name}))
                self.passphrases.put(entry)
                attempt.count()
                return None
        except OSError as error:
            return not_kept(error)
        finally:
            attempt.drop()  # (a no-op once counted) a failed hash or write claims nothing

    def set_passphrase(self, name: str, passphrase: str) -> None:
        """Set or replace `name`'s passphrase (its owner in the lobby, or the host's invite: both
        vouch for the name, whoever owns it). ValueError for one that may not be set. (Slow.)"""
        entry = new_entry(name, passphrase)
        with self._lock:
            self.passphrases.put(entry)

    def _claim_slot(self, address: str) -> Attempt | float:
        """A slot among the new names of `address` (one under no limit for this machine's players)."""
        return self.claims.begin(*([(claims_key(address), MAX_CLAIMS)] if counted(address) else []))


def counted(address: str) -> bool:
    """Do new names from `address` count against its limit? (This machine's own players are not counted.)"""
    return not is_loopback(address)


def claims_key(address: str) -> str:
    return "claims:" + address


def not_kept(error: OSError) -> Refusal:
    """A claim that could not be written: nothing is claimed, and the player is told so."""
    return Refusal(f"the name could not be written down ({error})", Later(NOT_KEPT))


def too_many_names(wait: float) -> Refusal:
    minutes = max(1, math.ceil(wait / 60))
    return Refusal("too many new names from this address", Later(TOO_MANY_NAMES, {"minutes": minutes}))
