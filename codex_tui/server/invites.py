"""One-time invite links: `codex-tui invite NAME` prints one, the web server takes it once.

The host runs `invite` in another process than the server, so the two meet in
`invites.json` in the data folder, under an exclusive lock (`invites.lock`):
the command adds an entry, the server reads the file each time a link is used
and removes the entry it takes. Only the sha256 of a token is stored (the
file gives nobody a working link), with its expiry (24 hours).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_tui.protocol.messages import valid_name
from codex_tui.server.identity import write_private

INVITES_FILE = "invites.json"
URL_FILE = "web-url.txt"
"""The address the running browser door announced (`codex-tui invite` starts its links with it)."""
LOCK_FILE = "invites.lock"
LIFETIME = 24 * 3600.0
"""Seconds an invite link works."""
MAX_TOKEN = 100
"""A longer token in a link is none of ours (and is not hashed)."""


class InviteError(Exception):
    """The invites file cannot be read or written."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class InviteBook:
    """The invites of one data folder (a view of the file, read on every use)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / INVITES_FILE

    @contextlib.contextmanager
    def _locked(self) -> Iterator[dict[str, dict[str, Any]]]:
        """The entries, under the lock; what the block leaves in them is written back."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            entries = self._read()
            before = json.dumps(entries, sort_keys=True)
            yield entries
            now = time.time()
            for key in [k for k, e in entries.items() if e["expires"] < now]:
                del entries[key]
            if json.dumps(entries, sort_keys=True) != before:
                data = {"format": "codex-tui-invites", "version": 1, "invites": entries}
                write_private(self.path, json.dumps(data, indent=1).encode("utf-8"))
        finally:
            os.close(fd)

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            raise InviteError(f"{self.path}: cannot read the invites ({error}); remove the file") from None
        invites = data.get("invites") if isinstance(data, dict) else None
        if not isinstance(invites, dict):
            raise InviteError(f"{self.path}: not a codex-tui invites file; remove it")
        return {
            key: {"name": entry["name"], "expires": float(entry["expires"])}
            for key, entry in invites.items()
            if isinstance(entry, dict)
            and valid_name(entry.get("name"))
            and isinstance(entry.get("expires"), (int, float))
        }

    def create(self, name: str, lifetime: float = LIFETIME) -> str:
        """A new token for `name`, good once for `lifetime` seconds."""
        if not valid_name(name):
            raise ValueError(f"{name!r} is not a player name")
        token = secrets.token_urlsafe(24)
        with self._locked() as entries:
            entries[token_hash(token)] = {"name": name, "expires": time.time() + lifetime}
        return token

    def peek(self, token: str) -> str | None:
        """The name a live token invites, without using it up (to show the page)."""
        if not token or len(token) > MAX_TOKEN:
            return None
        entry = self._read().get(token_hash(token))
        if entry is None or entry["expires"] < time.time():
            return None
        return str(entry["name"])

    def consume(self, token: str) -> str | None:
        """The name the token invites, and the token is gone; None if unknown, used or expired."""
        if not token or len(token) > MAX_TOKEN:
            return None
        with self._locked() as entries:
            entry = entries.pop(token_hash(token), None)
        if entry is None or entry["expires"] < time.time():
            return None
        return str(entry["name"])


def remember_url(folder: Path, url: str) -> None:
    """The browser door's address, for `codex-tui invite` (another process) to start its links with."""
    write_private(folder / URL_FILE, (url + "\n").encode("utf-8"))


def remembered_url(folder: Path) -> str | None:
    """The address the last browser door on this data folder announced, if any."""
    try:
        url = (folder / URL_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return url if url.startswith(("http://", "https://")) and len(url) < 300 else None
