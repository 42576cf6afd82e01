"""Who a player is: their SSH name, bound to the first key that used it.

There are no passwords and no accounts to create. The first public key that
logs in as a name owns that name (trust on first use); from then on only that
key may log in as it. The bindings live in `players.json` in the data folder
(mode 0600), written atomically so a crash cannot lose or half-write one. An
optional authorized-keys file narrows who may log in at all.

Binding happens only after the SSH layer has checked the client's signature
(`bind`), never when a key is merely offered (`allows`): otherwise anyone who
knows a public key could tie a name to a key they do not hold.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncssh

from codex_tui.net.protocol import valid_name

KEYBOOK_FILE = "players.json"


class IdentityError(Exception):
    """The key book cannot be read: refuse to start rather than forget who is who."""


def key_text(key: asyncssh.SSHKey) -> str:
    """'ssh-ed25519 AAAA...': a public key without its comment, for comparing and storing."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode('ascii')}"


@dataclass(frozen=True)
class Binding:
    key: str
    fingerprint: str
    since: str


class KeyBook:
    """Name -> key bindings, with the optional allow-list of keys."""

    def __init__(self, folder: Path, authorized_keys: Path | None = None) -> None:
        self.path = folder / KEYBOOK_FILE
        self._lock = threading.Lock()
        self._bindings = self._load()
        self._authorized: asyncssh.SSHAuthorizedKeys | None = None
        if authorized_keys is not None:
            try:
                self._authorized = asyncssh.read_authorized_keys(str(authorized_keys))
            except (OSError, ValueError) as error:
                raise IdentityError(f"{authorized_keys}: cannot read the authorized keys ({error})") from None

    def _load(self) -> dict[str, Binding]:
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            raise IdentityError(
                f"{self.path}: cannot read the player keys ({error}); fix or remove the file"
                " (removing it lets anyone claim any name again)"
            ) from None
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, dict):
            raise IdentityError(f"{self.path}: not a codex-tui key book")
        bindings = {}
        for name, entry in players.items():
            if valid_name(name) and isinstance(entry, dict) and isinstance(entry.get("key"), str):
                bindings[name] = Binding(entry["key"], str(entry.get("fingerprint", "")), str(entry.get("since", "")))
        return bindings

    def bound_key(self, name: str) -> str | None:
        binding = self._bindings.get(name)
        return binding.key if binding else None

    def allows(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> bool:
        """May `key` log in as `name`? (Its signature is checked by asyncssh afterwards.)"""
        return self.refusal(name, key, host, address) is None

    def refusal(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> str | None:
        """Why `key` may not log in as `name` (for the server log), or None if it may."""
        if not valid_name(name):
            return "not a valid player name"
        if self._authorized is not None and self._authorized.validate(key, host, address) is None:
            return "key not in the authorized keys"
        bound = self.bound_key(name)
        if bound is not None and bound != key_text(key):
            return "name bound to another key"
        return None

    def bind(self, name: str, key: asyncssh.SSHKey) -> bool:
        """After a successful login: tie an unbound name to `key`. False if the
        name was bound to another key meanwhile (two first logins racing)."""
        text = key_text(key)
        with self._lock:
            bound = self.bound_key(name)
            if bound is not None:
                return bound == text
            since = datetime.now(UTC).replace(microsecond=0).isoformat()
            self._bindings[name] = Binding(text, key.get_fingerprint(), since)
            self._write()
            return True

    def _write(self) -> None:
        data = {
            "format": "codex-tui-players",
            "version": 1,
            "players": {
                name: {"key": b.key, "fingerprint": b.fingerprint, "since": b.since}
                for name, b in sorted(self._bindings.items())
            },
        }
        write_private(self.path, json.dumps(data, indent=1).encode("utf-8"))


def write_private(path: Path, data: bytes) -> None:
    """Write a file only its owner can read, atomically (temp file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
