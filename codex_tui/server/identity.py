"""Who a player is: their SSH name, bound to the first key that used it.

There are no passwords and no accounts to create. The first public key that
logs in as a name owns that name (trust on first use); from then on only that
key may log in as it. The bindings live in `players.json` in the data folder
(mode 0600), written atomically so a crash cannot lose or half-write one. An
optional authorized-keys file narrows who may log in at all.

Binding happens only when a logged-in player's terminal session starts
(`name_book.NameBook.bind`, which checks the browser's names in the same
step), never when a key is merely offered (`allows`): otherwise anyone who
knows a public key could tie a name to a key they do not hold, and a refused
`ssh host ls` or `sftp` would claim a name nobody played as.

A name is one with its look-alikes (`names.name_key`): once `alice` is bound,
no other key may take `Alice` or `AIice`, and alice's key logging in as `Alice`
plays as `alice` (`own_name`). A book written before this rule may hold two
colliding names: both keep working (nobody is locked out), and the server's log
says so at start.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncssh

from codex_tui.i18n.text import N_, Later
from codex_tui.protocol.messages import valid_name
from codex_tui.protocol.names import name_key, name_problem

log = logging.getLogger(__name__)

KEYBOOK_FILE = "players.json"


class IdentityError(Exception):
    """The key book cannot be read: refuse to start rather than forget who is who."""


def key_text(key: asyncssh.SSHKey) -> str:
    """'ssh-ed25519 AAAA...': a public key without its comment, for comparing and storing."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode('ascii')}"


@dataclass(frozen=True)
class Refusal:
    """Why a key may not log in as a name: in English for the server's log, and in
    words for the player (translated where shown: an SSH banner, a sign-in page)."""

    log: str
    told: Later

    def __str__(self) -> str:
        return self.log


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
        self._skeletons: dict[str, list[str]] = {}
        """name_key -> the stored names with that skeleton (one, but for books older than the rule)."""
        for name in sorted(self._bindings):
            self._skeletons.setdefault(name_key(name), []).append(name)
        for names in self._skeletons.values():
            if len(names) > 1:
                log.warning(
                    "%s: the names %s are one name by the rules for names (case, look-alikes);"
                    " each keeps its key, and no new look-alike of them can be taken",
                    self.path,
                    ", ".join(names),
                )
        self._authorized: asyncssh.SSHAuthorizedKeys | None = None
        if authorized_keys is not None:
            try:
                self._authorized = asyncssh.read_authorized_keys(str(authorized_keys))
            except (OSError, ValueError) as error:
                raise IdentityError(f"{authorized_keys}: cannot read the authorized keys ({error})") from None

    def _load(self) -> dict[str, Binding]:
        players = read_players(
            self.path, IdentityError, "the player keys", "anyone claim any name again", "a codex-tui key book"
        )
        bindings = {}
        for name, entry in players.items():
            if valid_name(name) and isinstance(entry, dict) and isinstance(entry.get("key"), str):
                bindings[name] = Binding(entry["key"], str(entry.get("fingerprint", "")), str(entry.get("since", "")))
        return bindings

    def bound_key(self, name: str) -> str | None:
        """The key bound to exactly `name` (not to a look-alike of it)."""
        binding = self._bindings.get(name)
        return binding.key if binding else None

    def names_like(self, name: str) -> list[str]:
        """The stored names that are one name with `name`: `name` itself first if stored."""
        names = self._skeletons.get(name_key(name), [])
        return sorted(names, key=lambda stored: stored != name)

    def owner_of(self, name: str) -> str | None:
        """The stored name that `name` is one name with (itself, or a look-alike), or None
        if `name` is free. For every door: a name owned here cannot be taken elsewhere."""
        names = self.names_like(name)
        return names[0] if names else None

    def own_name(self, name: str, key: asyncssh.SSHKey) -> str | None:
        """The stored name, one with `name`, that `key` owns (`alice` for alice's key asking
        for `Alice`), or None."""
        text = key_text(key)
        return next((stored for stored in self.names_like(name) if self.bound_key(stored) == text), None)

    def names_of(self, key: asyncssh.SSHKey) -> list[str]:
        """The names bound to `key`."""
        text = key_text(key)
        return [name for name, binding in self._bindings.items() if binding.key == text]

    def allows(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> bool:
        """May `key` log in as `name`? (Its signature is checked by asyncssh afterwards.)"""
        return self.refusal(name, key, host, address) is None

    def refusal(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> Refusal | None:
        """Why `key` may not log in as `name`, or None if it may (a free name, or one `key` owns)."""
        problem = name_problem(name)
        if problem is not None:
            return Refusal(f"not a valid player name: {problem}", problem)
        fingerprint = key.get_fingerprint()
        if self._authorized is not None and self._authorized.validate(key, host, address) is None:
            return Refusal(
                "key not in the authorized keys",
                Later(
                    N_("This server admits only the keys its host listed, and {fingerprint} is not one of them."),
                    {"fingerprint": fingerprint},
                ),
            )
        if self.own_name(name, key) is not None:
            return None
        owner = self.owner_of(name)
        if owner == name:
            return Refusal(
                "name bound to another key",
                Later(
                    N_(
                        "The name {name} belongs to another key than {fingerprint}: log in with that key,"
                        " or choose another name."
                    ),
                    {"name": name, "fingerprint": fingerprint},
                ),
            )
        if owner is not None:
            return Refusal(
                f"too close to the name {owner!r} already taken",
                Later(
                    N_("{name} is too close to the name {taken} already taken: choose another name."),
                    {"name": name, "taken": owner},
                ),
            )
        return None

    def bind(self, name: str, key: asyncssh.SSHKey) -> bool:
        """Tie `name` to `key` if this book has it free. True if `name` is now `key`'s (or
        already was); False if it or a look-alike is another key's. This book alone does not
        know the browser's names: the doors claim through `name_book.NameBook.bind`."""
        text = key_text(key)
        with self._lock:
            bound = self.bound_key(name)
            if bound is not None:
                return bound == text
            if self.owner_of(name) is not None:
                return False
            since = datetime.now(UTC).replace(microsecond=0).isoformat()
            self._bindings[name] = Binding(text, key.get_fingerprint(), since)
            self._skeletons.setdefault(name_key(name), []).append(name)
            try:
                self._write()
            except BaseException:  # a name is owned once the file says so, not before
                del self._bindings[name]
                self._skeletons[name_key(name)].remove(name)
                if not self._skeletons[name_key(name)]:
                    del self._skeletons[name_key(name)]
                raise
        log.info("the name %r now belongs to key %s", name, key.get_fingerprint())
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


def read_players(path: Path, error: type[IdentityError], what: str, if_removed: str, kind: str) -> dict[str, Any]:
    """The `players` table of a name book (`players.json`, `passphrases.json`): empty when the
    file does not exist yet; `error` when it cannot be read, since starting without it would
    let anyone take the names it holds (`what`: the book in words; `if_removed`: what removing
    it lets happen; `kind`: what the file should be)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as problem:
        raise error(
            f"{path}: cannot read {what} ({problem}); fix or remove the file (removing it lets {if_removed})"
        ) from None
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, dict):
        raise error(f"{path}: not {kind}")
    return players


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
