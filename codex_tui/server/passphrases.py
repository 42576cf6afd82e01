"""Browser passphrases: a player name claimed with a passphrase instead of an SSH key.

A browser has no SSH key, so a name is claimed in the browser with a
passphrase, or its SSH owner sets one from the lobby (hub message
`set_passphrase`). Only a salted `hashlib.scrypt` hash is kept, in the
server's database (`store.Store`, the name's row of `names`, beside its SSH
key if it has one): a stolen file costs an attacker a slow guess per
passphrase and salt.

Names are compared by `names.name_key` (case and look-alikes do not count:
`Alice`, `alice` and `A1ice` are one name); the spelling of the first claim
is the one the player plays under.

scrypt is slow on purpose (tens of milliseconds): the server calls `verify`
and `set` off its event loop (`asyncio.to_thread`).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable
from dataclasses import dataclass

from codex_tui.protocol.messages import valid_name
from codex_tui.protocol.passphrase_rules import MAX_LENGTH, passphrase_problem
from codex_tui.server.store import Store
from codex_tui.server.store_rows import NameRow

SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32


def derive(passphrase: str, salt: bytes) -> bytes:
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=HASH_BYTES)


@dataclass(frozen=True)
class Entry:
    name: str
    """The name as it is asked for (the spelling kept is the first claim's)."""
    salt: bytes
    digest: bytes


def new_entry(name: str, passphrase: str) -> Entry:
    """A fresh salt and hash of `passphrase` for `name`; ValueError if either may not be set. (Slow.)"""
    if passphrase_problem(passphrase) is not None or not valid_name(name):
        raise ValueError("not a passphrase or name that can be set")
    salt = os.urandom(SALT_BYTES)
    return Entry(name, salt, derive(passphrase, salt))


class PassphraseBook:
    """Name -> salted scrypt hash of its browser passphrase (in the store)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.changed: list[Callable[[str], None]] = []
        """Told the name after `set` has replaced its passphrase (in the thread that called `set`):
        the web door ends the browser sessions of the old one."""

    def _row(self, name: str) -> NameRow | None:
        return next((row for row in self.store.names_like(name) if row.digest is not None), None)

    def owner(self, name: str) -> str | None:
        """The spelling of the name `name` is one with, if it has a passphrase; else None."""
        row = self._row(name)
        return row.name if row is not None else None

    def proof(self, name: str) -> bytes | None:
        """The hash of `name`'s passphrase now (a browser session keeps the one it signed in with)."""
        row = self._row(name)
        return row.digest if row is not None else None

    def verify(self, name: str, passphrase: str) -> bool:
        """Is `passphrase` the one set for `name`? (Slow: call it off the event loop.)"""
        row = self._row(name)
        if row is None or row.salt is None or row.digest is None or len(passphrase) > MAX_LENGTH:
            return False
        return hmac.compare_digest(derive(passphrase, row.salt), row.digest)

    def set(self, name: str, passphrase: str) -> None:
        """Set (or replace) `name`'s passphrase; ValueError if `passphrase_problem` has one. (Slow.)
        The doors go through `name_book.NameBook`, which keeps the rules of both doors."""
        self.put(new_entry(name, passphrase))

    def put(self, entry: Entry) -> None:
        """Keep `entry` as its name's passphrase (under the spelling already kept, if any), in one
        transaction; if it replaced one, tell the `changed` listeners (a first passphrase ends no
        session). StoreFailed (an OSError) if it cannot be written: the old one stays."""
        if self.store.set_passphrase(entry.name, entry.salt, entry.digest):
            for listener in self.changed:
                listener(entry.name)
