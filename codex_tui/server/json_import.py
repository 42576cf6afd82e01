"""The JSON files of codex-tui before the database, read once into it (the store's migration 2).

Until the server kept its state in `server.sqlite3` it wrote one JSON file per
book in its data folder, and two beside each live table's save:

    players.json        {"format": "codex-tui-players", "version": 1,
                         "players": {NAME: {"key", "fingerprint", "since"}}}
    passphrases.json    {"format": "codex-tui-passphrases", "version": 1, "scrypt": {...},
                         "players": {NAME: {"salt", "scrypt", "since"}}}   (base64)
    invites.json        {"format": "codex-tui-invites", "version": 1,
                         "invites": {SHA256: {"name", "expires"}}}
    languages.json      {"players": {NAME: CODE}}
    mutes.json          {"players": {MUTER_KEY: [NAME, ...]}}
    web-url.txt         the browser door's address
    tables/X.chat.json  {"chat": [[NAME, TIME, TEXT, AT], ...]}   (for the save tables/X.msgpack)
    tables/X.table.json {"hints": BOOL, "spectator_chat": BOOL}

`import_files` reads them with the rules their books read them with, writes
them in the caller's transaction and returns the files it took, for the store
to rename `<file>.imported` once that transaction is committed. Unreadable key
or passphrase books stop the import (StoreError: starting without them would
let anyone take their names); any other unreadable file is logged and left as
it is, as its book did (a language or a chat line is not worth refusing to
start for).
"""

from __future__ import annotations

import base64
import json
import logging
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codex_tui.i18n import LANGUAGES
from codex_tui.protocol.chat_line import ChatLine
from codex_tui.protocol.messages import valid_name
from codex_tui.protocol.names import name_key
from codex_tui.storage.saves import SAVE_SUFFIX

log = logging.getLogger(__name__)

PLAYERS_FILE = "players.json"
PASSPHRASES_FILE = "passphrases.json"
INVITES_FILE = "invites.json"
LANGUAGES_FILE = "languages.json"
MUTES_FILE = "mutes.json"
URL_FILE = "web-url.txt"
CHAT_SUFFIX = ".chat.json"
OPTIONS_SUFFIX = ".table.json"
TABLES_DIR = "tables"
MAX_CHAT_BYTES = 512 * 1024
MAX_OPTIONS_BYTES = 4096
MAX_MUTED = 100
WEB_URL = "web_url"
"""The `settings` key of the browser door's address."""


@dataclass
class Imported:
    """What was taken, for the one log line."""

    files: list[Path] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def took(self, path: Path, what: str, count: int) -> None:
        self.files.append(path)
        self.counts[what] = self.counts.get(what, 0) + count


class UnreadableBook(Exception):
    """A key or passphrase book that cannot be imported: the store refuses to start on it (StoreError)."""


def read_json(path: Path, most: int | None = None) -> Any:
    """The file's JSON; FileNotFoundError if it is not there; OSError or ValueError if unreadable."""
    if most is not None and path.stat().st_size > most:
        raise ValueError("too large")
    return json.loads(path.read_text(encoding="utf-8"))


def required_players(path: Path, what: str, if_removed: str, kind: str) -> dict[str, Any] | None:
    """The `players` table of a key or passphrase book; None if absent; UnreadableBook if unreadable."""
    try:
        data = read_json(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as problem:
        raise UnreadableBook(
            f"{path}: cannot import {what} ({problem}); nothing was imported: fix or remove the file"
            f" (removing it lets {if_removed})"
        ) from None
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, dict):
        raise UnreadableBook(f"{path}: not {kind}; nothing was imported: fix or remove the file")
    return players


def import_keys(connection: sqlite3.Connection, folder: Path, done: Imported) -> None:
    path = folder / PLAYERS_FILE
    players = required_players(path, "the player keys", "anyone claim any name again", "a codex-tui key book")
    if players is None:
        return
    count = 0
    for name in sorted(players):
        entry = players[name]
        if not (valid_name(name) and isinstance(entry, dict) and isinstance(entry.get("key"), str)):
            continue
        row = (name, name_key(name), entry["key"], str(entry.get("fingerprint", "")), str(entry.get("since", "")))
        taken = connection.execute("SELECT 1 FROM names WHERE name_key = ?", (row[1],)).fetchone()
        table = "alike_names (name, name_key" if taken else "names (name, name_key"
        connection.execute(f"INSERT INTO {table}, ssh_key, fingerprint, key_since) VALUES (?, ?, ?, ?, ?)", row)
        count += 1
    done.took(path, "names with a key", count)


def import_passphrases(connection: sqlite3.Connection, folder: Path, done: Imported) -> None:
    path = folder / PASSPHRASES_FILE
    players = required_players(
        path, "the browser passphrases", "anyone claim a browser-only name again", "a codex-tui passphrase file"
    )
    if players is None:
        return
    count = 0
    for name, entry in players.items():
        try:
            salt = base64.b64decode(entry["salt"], validate=True)
            digest = base64.b64decode(entry["scrypt"], validate=True)
        except (KeyError, TypeError, ValueError):
            log.warning("%s: skipping the malformed entry of %r", path, name)
            continue
        if not valid_name(name):
            continue
        connection.execute(
            "INSERT INTO names (name, name_key, salt, scrypt, passphrase_since) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (name_key) DO UPDATE SET salt = excluded.salt, scrypt = excluded.scrypt,"
            " passphrase_since = excluded.passphrase_since",
            (name, name_key(name), salt, digest, str(entry.get("since", ""))),
        )
        count += 1
    done.took(path, "passphrases", count)


def optional(path: Path, most: int | None = None) -> Any:
    """A file that may be skipped: its JSON, or None (absent, or unreadable: logged, left as it is)."""
    try:
        return read_json(path, most)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        log.warning("%s: cannot be read (%s); not imported, left as it is", path, error)
        return None


def import_invites(connection: sqlite3.Connection, folder: Path, done: Imported) -> None:
    path = folder / INVITES_FILE
    data = optional(path)
    invites = data.get("invites") if isinstance(data, dict) else None
    if not isinstance(invites, dict):
        if data is not None:
            log.warning("%s: not a codex-tui invites file; not imported, left as it is", path)
        return
    rows = [
        (key, entry["name"], float(entry["expires"]))
        for key, entry in invites.items()
        if isinstance(key, str)
        and isinstance(entry, dict)
        and valid_name(entry.get("name"))
        and isinstance(entry.get("expires"), (int, float))
    ]
    connection.executemany("INSERT OR REPLACE INTO invites VALUES (?, ?, ?)", rows)
    done.took(path, "invites", len(rows))


def optional_players(path: Path, kind: str) -> dict[Any, Any] | None:
    """The `players` table of an optional book (languages, mutes); None if absent or not one (logged)."""
    data = optional(path)
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, dict):
        if data is not None:
            log.warning("%s: not a codex-tui %s file; not imported, left as it is", path, kind)
        return None
    return players


def import_languages(connection: sqlite3.Connection, folder: Path, done: Imported) -> None:
    path = folder / LANGUAGES_FILE
    players = optional_players(path, "languages")
    if players is None:
        return
    rows = [(name, code) for name, code in players.items() if valid_name(name) and code in LANGUAGES]
    connection.executemany("INSERT OR REPLACE INTO languages VALUES (?, ?)", rows)
    done.took(path, "languages", len(rows))


def import_mutes(connection: sqlite3.Connection, folder: Path, done: Imported) -> None:
    path = folder / MUTES_FILE
    players = optional_players(path, "mutes")
    if players is None:
        return
    count = 0
    for muter, names in players.items():
        if not (isinstance(muter, str) and isinstance(names, list)):
            continue
        for name in [name for name in names if valid_name(name)][:MAX_MUTED]:
            connection.execute("INSERT OR IGNORE INTO mutes VALUES (?, ?, ?)", (name_key(muter), name, name_key(name)))
        count += 1
    done.took(path, "mute lists", count)


def import_url(connection: sqlite3.Connection, folder: Path, done: Imported) -> None:
    path = folder / URL_FILE
    try:
        url = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return
    except (OSError, UnicodeDecodeError) as error:
        log.warning("%s: cannot be read (%s); not imported, left as it is", path, error)
        return
    if url.startswith(("http://", "https://")) and len(url) < 300:
        connection.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (WEB_URL, url))
    done.took(path, "browser door addresses", 1)


def save_of(path: Path, suffix: str) -> str:
    """The save file name a table's side file belongs to (`X.chat.json` -> `X.msgpack`)."""
    return path.name[: -len(suffix)] + SAVE_SUFFIX


def import_tables(connection: sqlite3.Connection, folder: Path, done: Imported) -> None:
    tables = folder / TABLES_DIR
    for path in sorted(tables.glob(f"*{CHAT_SUFFIX}")):
        data = optional(path, MAX_CHAT_BYTES)
        try:
            lines = [ChatLine.from_wire(entry) for entry in data["chat"]] if data is not None else None
        except (ValueError, TypeError, KeyError) as error:
            log.warning("%s: cannot be read (%s); not imported, left as it is", path, error)
            continue
        if lines is None:
            continue
        save = save_of(path, CHAT_SUFFIX)
        connection.executemany(
            "INSERT OR REPLACE INTO chat_lines VALUES (?, ?, ?, ?, ?, ?)",
            [(save, position, line.name, line.time, line.text, line.at) for position, line in enumerate(lines)],
        )
        done.took(path, "tables' chats", 1)
    for path in sorted(tables.glob(f"*{OPTIONS_SUFFIX}")):
        data = optional(path, MAX_OPTIONS_BYTES)
        if not isinstance(data, dict):
            continue
        hints, spectator_chat = data.get("hints") is True, data.get("spectator_chat") is True
        if hints or spectator_chat:
            connection.execute(
                "INSERT OR REPLACE INTO table_options VALUES (?, ?, ?)",
                (save_of(path, OPTIONS_SUFFIX), hints, spectator_chat),
            )
        done.took(path, "tables' options", 1)


def import_files(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Everything the JSON files of `folder` hold, written in the caller's transaction; the files taken."""
    done = Imported()
    for step in (
        import_keys,
        import_passphrases,
        import_invites,
        import_languages,
        import_mutes,
        import_url,
        import_tables,
    ):
        step(connection, folder, done)
    if done.files:
        counts = ", ".join(f"{count} {what}" for what, count in done.counts.items())
        log.info(
            "imported the JSON files of %s into the server's database (%s); each is renamed <file>.imported",
            folder,
            counts,
        )
    return done.files
