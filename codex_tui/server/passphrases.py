"""Browser passphrases: a player name claimed with a passphrase instead of an SSH key.

A browser has no SSH key, so a name is claimed in the browser with a
passphrase, or its SSH owner sets one from the lobby (hub message
`set_passphrase`). Only a salted `hashlib.scrypt` hash is kept, in
`passphrases.json` in the data folder (0600, written atomically like the key
book): a stolen file costs an attacker a slow guess per passphrase and salt.

Names are compared by `names.name_key` (case and look-alikes do not count:
`Alice`, `alice` and `A1ice` are one name); the spelling of the first claim
is the one the player plays under.

scrypt is slow on purpose (tens of milliseconds): the server calls `verify`
and `set` off its event loop (`asyncio.to_thread`), hence the lock.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from codex_tui.protocol.messages import valid_name
from codex_tui.protocol.names import name_key
from codex_tui.protocol.passphrase_rules import MAX_LENGTH, passphrase_problem
from codex_tui.server.identity import IdentityError, read_players, write_private

log = logging.getLogger(__name__)

PASSPHRASES_FILE = "passphrases.json"
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32


class PassphraseError(IdentityError):
    """The passphrase file cannot be read: refuse to start rather than let anyone claim a name."""


def derive(passphrase: str, salt: bytes) -> bytes:
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=HASH_BYTES)


@dataclass(frozen=True)
class Entry:
    name: str
    """The name as its owner spells it."""
    salt: bytes
    digest: bytes
    since: str


def new_entry(name: str, passphrase: str) -> Entry:
    """A fresh salt and hash of `passphrase` for `name`; ValueError if either may not be set. (Slow.)"""
    if passphrase_problem(passphrase) is not None or not valid_name(name):
        raise ValueError("not a passphrase or name that can be set")
    salt = os.urandom(SALT_BYTES)
    since = datetime.now(UTC).replace(microsecond=0).isoformat()
    return Entry(name, salt, derive(passphrase, salt), since)


class PassphraseBook:
    """Name -> salted scrypt hash of its browser passphrase."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / PASSPHRASES_FILE
        self._lock = threading.Lock()
        self._entries = self._load()
        self.changed: list[Callable[[str], None]] = []
        """Told the name after `set` has replaced its passphrase (in the thread that called `set`):
        the web door ends the browser sessions of the old one."""

    def _load(self) -> dict[str, Entry]:
        players = read_players(
            self.path,
            PassphraseError,
            "the browser passphrases",
            "anyone claim a browser-only name again",
            "a codex-tui passphrase file",
        )
        entries: dict[str, Entry] = {}
        for name, entry in players.items():
            try:
                salt = base64.b64decode(entry["salt"], validate=True)
                digest = base64.b64decode(entry["scrypt"], validate=True)
            except (KeyError, TypeError, ValueError):
                log.warning("%s: skipping the malformed entry of %r", self.path, name)
                continue
            if valid_name(name):
                entries[name_key(name)] = Entry(name, salt, digest, str(entry.get("since", "")))
        return entries

    def owner(self, name: str) -> str | None:
        """The spelling of the name `name` is one with, if it has a passphrase; else None."""
        entry = self._entries.get(name_key(name))
        return entry.name if entry is not None else None

    def proof(self, name: str) -> bytes | None:
        """The hash of `name`'s passphrase now (a browser session keeps the one it signed in with)."""
        entry = self._entries.get(name_key(name))
        return entry.digest if entry is not None else None

    def verify(self, name: str, passphrase: str) -> bool:
        """Is `passphrase` the one set for `name`? (Slow: call it off the event loop.)"""
        entry = self._entries.get(name_key(name))
        if entry is None or len(passphrase) > MAX_LENGTH:
            return False
        return hmac.compare_digest(derive(passphrase, entry.salt), entry.digest)

    def set(self, name: str, passphrase: str) -> None:
        """Set (or replace) `name`'s passphrase; ValueError if `passphrase_problem` has one. (Slow.)
        This book alone does not know the SSH keys' names: the doors go through `name_book.NameBook`."""
        self.put(new_entry(name, passphrase))

    def put(self, entry: Entry) -> None:
        """Keep `entry` as its name's passphrase (under the spelling already kept, if any);
        if it replaced one, tell the `changed` listeners (a first passphrase ends no session)."""
        key = name_key(entry.name)
        with self._lock:
            before = self._entries.get(key)
            self._entries[key] = replace(entry, name=before.name if before is not None else entry.name)
            try:
                self._write()
            except BaseException:  # what is in force is what the file holds
                if before is None:
                    del self._entries[key]
                else:
                    self._entries[key] = before
                raise
        if before is not None:
            for listener in self.changed:
                listener(entry.name)

    def _write(self) -> None:
        data = {
            "format": "codex-tui-passphrases",
            "version": 1,
            "scrypt": {"n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P},
            "players": {
                e.name: {
                    "salt": base64.b64encode(e.salt).decode("ascii"),
                    "scrypt": base64.b64encode(e.digest).decode("ascii"),
                    "since": e.since,
                }
                for e in sorted(self._entries.values(), key=lambda e: name_key(e.name))
            },
        }
        write_private(self.path, json.dumps(data, indent=1).encode("utf-8"))
