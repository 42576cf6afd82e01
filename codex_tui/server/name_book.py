"""Who owns each player name, over both doors: one check-and-claim for a name.

A name is claimed in one of two ways: by the first SSH key whose terminal
session starts with it (`identity.KeyBook`), or in a browser with a passphrase
(`passphrases.PassphraseBook`). Both keep a name in the same row of the
server's database (`store.Store`, table `names`), whose look-alike key is
UNIQUE: a claim is one INSERT, and of two claims of one name (two doors, two
threads, two processes) the database lets exactly one be written. The checks
here come first only to say why a claim is refused; when a claim loses a race
after them, the store's answer ("taken") is the one that counts, and the
refusal is worked out again from what the store now holds.

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
from pathlib import Path

from codex_tui.i18n.text import N_, Later
from codex_tui.server.attempts import Attempt, AttemptLimiter
from codex_tui.server.identity import KeyBook, Refusal
from codex_tui.server.passphrases import PassphraseBook, new_entry
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.store_rows import Claim
from codex_tui.server.web_options import is_loopback

MAX_NAMES_PER_KEY = 8
"""Names one SSH key may own (counted in the claim's transaction)."""
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
    """The key book and the passphrase book over one store: the rules and limits of a claim."""

    def __init__(self, store: Store, authorized_keys: Path | None = None) -> None:
        """IdentityError if the authorized keys cannot be read."""
        self.store = store
        self.keys = KeyBook(store, authorized_keys)
        self.passphrases = PassphraseBook(store)
        self.claims = AttemptLimiter(CLAIM_WINDOW)
        """New names per address: each costs a row in the store (and a scrypt hash in a browser)."""

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
        browser, and the limits on new names (held again, in the store's transaction, when the session
        starts)."""
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
        why = self.refusal(name, key, host, address)
        if why is not None or self.keys.own_name(name, key) is not None:
            return why
        attempt = self._claim_slot(address)
        if not isinstance(attempt, Attempt):
            return too_many_names(attempt)
        try:
            claim = self.keys.claim(name, key, MAX_NAMES_PER_KEY)
        except OSError as error:
            attempt.drop()
            return not_kept(error)
        if claim is Claim.CLAIMED:
            attempt.count()
            return None
        attempt.drop()
        if claim is Claim.ALREADY:
            return None
        return self.refusal(name, key, host, address) or taken_meanwhile(name)

    def claim_passphrase(self, name: str, passphrase: str, address: str) -> Refusal | None:
        """A free name claimed in a browser with its first passphrase; None if it is now claimed,
        else why not (taken meanwhile, too many new names from `address`). ValueError for a
        passphrase that may not be set. (Slow: the hash is made here.)"""
        attempt = self._claim_slot(address)
        if not isinstance(attempt, Attempt):
            return too_many_names(attempt)
        try:
            entry = new_entry(name, passphrase)
            if not self.store.claim_passphrase(entry.name, entry.salt, entry.digest):
                return taken_meanwhile(name)
            attempt.count()
            return None
        except OSError as error:
            return not_kept(error)
        finally:
            attempt.drop()  # (a no-op once counted) a failed hash or write claims nothing

    def set_passphrase(self, name: str, passphrase: str) -> None:
        """Set or replace `name`'s passphrase (its owner in the lobby, or the host's invite: both
        vouch for the name, whoever owns it). ValueError for one that may not be set. (Slow.)"""
        self.passphrases.put(new_entry(name, passphrase))

    def _claim_slot(self, address: str) -> Attempt | float:
        """A slot among the new names of `address` (one under no limit for this machine's players)."""
        return self.claims.begin(*([(claims_key(address), MAX_CLAIMS)] if counted(address) else []))


def counted(address: str) -> bool:
    """Do new names from `address` count against its limit? (This machine's own players are not counted.)"""
    return not is_loopback(address)


def claims_key(address: str) -> str:
    return "claims:" + address


def taken_meanwhile(name: str) -> Refusal:
    return Refusal(f"{name!r} was claimed meanwhile", Later(TAKEN_MEANWHILE, {"name": name}))


def not_kept(error: OSError) -> Refusal:
    """A claim that could not be written: nothing is claimed, and the player is told so."""
    return Refusal(f"the name could not be written down ({error})", Later(NOT_KEPT))


def too_many_names(wait: float) -> Refusal:
    minutes = max(1, math.ceil(wait / 60))
    return Refusal("too many new names from this address", Later(TOO_MANY_NAMES, {"minutes": minutes}))
