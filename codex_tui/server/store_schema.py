"""The server's database file and its schema: what a data folder's `server.sqlite3` must be, the
migrations that bring an older one up to date, and the checks before it is used.

Migration n is `MIGRATIONS[n - 1]`; `store.Store` runs those a database lacks,
each in its own transaction. docs/server-state.md has the resulting schema.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from codex_tui.server.json_import import UnreadableBook, import_files
from codex_tui.server.live_rows import LIVE_SCHEMA, KeptAbsence, TableWrite, json_absence, json_clock, write_table

DB_FILE = "server.sqlite3"
IMPORTED_SUFFIX = ".imported"
SQLITE_HEADER = b"SQLite format 3\x00"


class StoreError(Exception):
    """The database cannot be used: which file, what is wrong, what to do. The server does not start."""


SCHEMA = (
    """CREATE TABLE names (
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        ssh_key TEXT,
        fingerprint TEXT NOT NULL DEFAULT '',
        key_since TEXT NOT NULL DEFAULT '',
        salt BLOB,
        scrypt BLOB,
        passphrase_since TEXT NOT NULL DEFAULT '',
        CHECK (ssh_key IS NOT NULL OR scrypt IS NOT NULL))""",
    "CREATE INDEX names_by_ssh_key ON names (ssh_key)",
    """CREATE TABLE alike_names (
        name TEXT NOT NULL UNIQUE,
        name_key TEXT NOT NULL REFERENCES names (name_key),
        ssh_key TEXT NOT NULL,
        fingerprint TEXT NOT NULL DEFAULT '',
        key_since TEXT NOT NULL DEFAULT '')""",
    "CREATE TABLE invites (token_hash TEXT PRIMARY KEY, name TEXT NOT NULL, expires REAL NOT NULL)",
    "CREATE TABLE languages (name TEXT PRIMARY KEY, code TEXT NOT NULL)",
    """CREATE TABLE mutes (
        muter_key TEXT NOT NULL,
        muted TEXT NOT NULL,
        muted_key TEXT NOT NULL,
        UNIQUE (muter_key, muted_key))""",
    """CREATE TABLE chat_lines (
        save TEXT NOT NULL,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        time TEXT NOT NULL,
        text TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (save, position))""",
    "CREATE TABLE table_options (save TEXT PRIMARY KEY, hints INTEGER NOT NULL, spectator_chat INTEGER NOT NULL)",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)
"""Migration 1, statement by statement (`executescript` would commit the migration's transaction first)."""


def create_tables(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Migration 1: the tables."""
    for statement in SCHEMA:
        connection.execute(statement)
    return []


def import_json(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Migration 2: the JSON files of earlier versions, if any (`json_import`)."""
    try:
        return import_files(connection, folder)
    except UnreadableBook as problem:
        raise StoreError(str(problem)) from None


FINISHED_SCHEMA = (
    """CREATE TABLE finished_tables (
        id INTEGER PRIMARY KEY,
        save TEXT NOT NULL UNIQUE,
        path TEXT NOT NULL,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        rated INTEGER NOT NULL,
        ended TEXT NOT NULL)""",
    """CREATE TABLE finished_seats (
        table_id INTEGER NOT NULL REFERENCES finished_tables (id),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT,
        kind TEXT NOT NULL,
        points INTEGER NOT NULL,
        winner INTEGER NOT NULL,
        rating_before REAL,
        rating_after REAL,
        PRIMARY KEY (table_id, seat))""",
    "CREATE INDEX finished_seats_by_player ON finished_seats (name_key, table_id)",
    """CREATE TABLE ratings (
        name_key TEXT NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        rating REAL NOT NULL,
        tables INTEGER NOT NULL,
        PRIMARY KEY (name_key, game))""",
    "ALTER TABLE table_options ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
)
"""Migration 3: the finished tables with their seats, and each player's rating per game."""


def create_history(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Migration 3: finished tables, ratings, and the rated option of a live table."""
    for statement in FINISHED_SCHEMA:
        connection.execute(statement)
    return []


WAITING_SCHEMA = (
    """CREATE TABLE waiting_tables (
        key TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        names TEXT NOT NULL,
        kinds TEXT NOT NULL,
        seed INTEGER,
        hints INTEGER NOT NULL,
        spectator_chat INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        save TEXT)""",
)
"""Migration 4: the tables that wait for players (a live game has its save instead)."""


def create_waiting(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Migration 4: tables waiting for players survive a restart."""
    for statement in WAITING_SCHEMA:
        connection.execute(statement)
    return []


PACE_SCHEMA = (
    "ALTER TABLE table_options ADD COLUMN pace TEXT NOT NULL DEFAULT 'live'",
    "ALTER TABLE waiting_tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'live'",
    "CREATE TABLE absences (save TEXT PRIMARY KEY, data TEXT NOT NULL)",
    "ALTER TABLE table_options ADD COLUMN move_limit INTEGER",
    "ALTER TABLE waiting_tables ADD COLUMN move_limit INTEGER",
    "ALTER TABLE waiting_tables ADD COLUMN clock TEXT",
    "CREATE TABLE clocks (save TEXT PRIMARY KEY, data TEXT NOT NULL)",
)
"""Migration 5: a table's pace (live, or turn-based) beside its other options, and its absent seats
(`server.absence`: the bots standing in, their moves, the waits chosen)."""


def add_pace(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Migration 5: the pace column (every table before was live)."""
    for statement in PACE_SCHEMA:
        connection.execute(statement)
    return []


NUMBER_SCHEMA = (
    "ALTER TABLE table_options ADD COLUMN number INTEGER",
    "ALTER TABLE waiting_tables ADD COLUMN number INTEGER",
    "ALTER TABLE finished_tables ADD COLUMN number INTEGER",
)
"""Migration 6: a table's number in the lobby, kept for its whole life (waiting, playing, finished)."""


def add_numbers(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Migration 6: the number columns (a table kept before them gets a new number at the next start)."""
    for statement in NUMBER_SCHEMA:
        connection.execute(statement)
    return []


def add_live_games(connection: sqlite3.Connection, folder: Path) -> list[Path]:
    """Migration 7: a live table's game, clock and absent seats as rows (`live_rows`), so that a move is one
    transaction. The JSON of `clocks` and `absences` moves into columns (what could not be read before is
    dropped, as it was then: no clock, nobody standing in); the games come in at the next start, from
    the save files (`TableKeeper.kept_games`)."""
    for statement in LIVE_SCHEMA:
        connection.execute(statement)
    for save, data in connection.execute("SELECT save, data FROM clocks").fetchall():
        clock = json_clock(str(data))
        if clock is not None:
            write_table(connection, TableWrite(str(save), clock=clock))
    for save, data in connection.execute("SELECT save, data FROM absences").fetchall():
        absence = json_absence(str(data))
        if absence != KeptAbsence():
            write_table(connection, TableWrite(str(save), absent_seats=absence, bot_moves=absence.bot_moves))
    connection.execute("DROP TABLE clocks")
    connection.execute("DROP TABLE absences")
    return []


MIGRATIONS: tuple[Callable[[sqlite3.Connection, Path], list[Path]], ...] = (
    create_tables,
    import_json,
    create_history,
    create_waiting,
    add_pace,
    add_numbers,
    add_live_games,
)
"""Migration n is MIGRATIONS[n - 1]; each runs once, in its own transaction, recorded in `schema_migrations`,
and returns the files to rename `<file>.imported` once that transaction is committed."""
SCHEMA_VERSION = len(MIGRATIONS)


def check_file(path: Path) -> None:
    """StoreError if `path` exists and is not a SQLite database (an empty file is a new one)."""
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except OSError as error:
        raise StoreError(f"{path}: cannot read the server's database ({error.strerror})") from None
    if header and header != SQLITE_HEADER:
        raise StoreError(
            f"{path}: not a SQLite database, so not the server's: restore it from a backup, "
            "or move it aside to start with no names, invites or chat"
        )


def schema_version(connection: sqlite3.Connection) -> int:
    """The highest migration recorded (0 for a new database)."""
    has_table = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    if has_table is None:
        return 0
    row = connection.execute("SELECT max(version) FROM schema_migrations").fetchone()
    return int(row[0] or 0)


def integrity_problems(connection: sqlite3.Connection) -> list[str]:
    """What `PRAGMA integrity_check` finds ([] when it answers ok)."""
    rows = [str(row[0]) for row in connection.execute("PRAGMA integrity_check").fetchall()]
    return [] if rows == ["ok"] else rows
