"""The server's state in one SQLite database: `DATA/server.sqlite3`.

Who owns which name (by SSH key, by passphrase, or both), the invites, the
players' languages and mutes, and each live table's game, clock, absent seats,
chat and options live here (docs/server-state.md has the schema); a move is one
transaction (`commit_table`, `live_rows`). The saves stay msgpack files written
by `codex_tui.storage` from the same bytes: a save is a file `codex-tui play` opens.

One owner per name is a constraint, not a convention: a name and its key and
passphrase are one row of `names`, whose `name_key` (the name folded as
`protocol.names.name_key` folds it) is UNIQUE. Two claims of one name, from
two threads or two processes, cannot both be written: the second INSERT fails,
and that failure is the answer "taken". Every change of several rows is one
transaction (`BEGIN IMMEDIATE`, so a writer waits for another at its start, not
half-way through).

Threads: one connection per process, used from one thread. The server is an
asyncio loop plus worker threads (scrypt hashes, chat and option writes via
`asyncio.to_thread`), and sqlite3 connections are not to be shared between
threads unserialised; so each `Store` owns a single-worker executor whose
thread opens the connection and runs every operation, in the order asked.
Callers wait for the answer (a claim must know whether it won), so a call from
the event loop blocks it for one small transaction, as the fsynced JSON writes
did before. `codex-tui invite` (another process) opens its own `Store`; WAL lets
it write while the server reads, and `busy_timeout` makes writers queue.

A damaged database is refused, never overwritten or recreated (`StoreError`,
saying which file, what is wrong, what to do): not a SQLite file, a failed
`PRAGMA integrity_check`, or a schema newer than this code. The first start on
a data folder holding the JSON files of earlier versions imports them, once,
in one transaction (migration 2, `json_import`), then renames each to
`<file>.imported`.
"""

from __future__ import annotations

import concurrent.futures
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from codex_tui.protocol.chat_line import ChatLine
from codex_tui.protocol.names import name_key
from codex_tui.server import fault_points
from codex_tui.server.live_rows import (
    KeptAbsence,
    KeptClock,
    LiveGame,
    TableWrite,
    forget_table,
    kept_absence,
    kept_chat,
    kept_clock,
    kept_options,
    live_games,
    write_table,
)
from codex_tui.server.ratings import START, RatedSeat, new_ratings
from codex_tui.server.store_rows import (
    Claim,
    FinishedSeat,
    FinishedTable,
    KeptOptions,
    LeaderRow,
    NameRow,
    PlayedTable,
    WaitingTable,
    now_text,
    optional_int,
)
from codex_tui.server.store_schema import (
    DB_FILE,
    IMPORTED_SUFFIX,
    MIGRATIONS,
    SCHEMA_VERSION,
    StoreError,
    check_file,
    integrity_problems,
    schema_version,
)

log = logging.getLogger(__name__)

BUSY_TIMEOUT = 30.0
"""Seconds a writer waits for another process's transaction (an invite written while the server claims a name)."""

OPEN_TIMEOUT = 10.0
"""Seconds the start waits for another process's lock on the database before it says who holds it."""
NOT_OPENED = "check the file and its folder, or restore the database from a backup"

T = TypeVar("T")


def locked_message(path: Path) -> str:
    """Why the database at `path` could not be opened when another process holds it locked: which
    processes have it open (those this user may see), and what to do."""
    holders = processes_with_open(path)
    who = (
        "another program has it open and locked: " + "; ".join(holders)
        if holders
        else "another program has it open and locked (another codex-tui server or command, or a sqlite3 shell)"
    )
    return (
        f"{path}: the server's database is locked, waited {round(OPEN_TIMEOUT)} s: {who}. "
        "Stop that program, or wait for it to finish, then start again"
    )


def processes_with_open(path: Path) -> list[str]:
    """'pid 123 (python3 -m codex_tui serve)' for each other process with `path` open, as far as /proc
    shows them (none where there is no /proc, or for processes of other users)."""
    target = str(path.resolve())
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        if entry.name == str(os.getpid()):
            continue
        try:
            opened = any(os.readlink(fd) == target for fd in (entry / "fd").iterdir())
            if opened:
                command = " ".join((entry / "cmdline").read_bytes().decode(errors="replace").replace("\0", " ").split())
                found.append(f"pid {entry.name} ({command[:80]})")
        except OSError:
            continue
    return found


class StoreFailed(OSError):
    """A read or a change could not be done (a full disk, a read-only file): nothing of a change was
    kept. An OSError, as a failed file write was, so the books' callers refuse or pause as before."""


class Store:
    """The server's state in `folder/server.sqlite3`: the operations the books need, each one transaction."""

    def __init__(self, folder: Path, open_now: bool = True) -> None:
        """Open the database (`open`) unless `open_now` is False: then the caller opens it when it
        may touch the data folder (the server, once it has checked its options and the folder)."""
        self.folder = folder
        self.path = folder / DB_FILE
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")
        self._thread: threading.Thread | None = None
        self._connection: sqlite3.Connection | None = None
        if open_now:
            self.open()

    def open(self) -> None:
        """Open (creating, migrating, importing) the database; StoreError if it cannot be used (the store
        is closed then)."""
        if self._connection is not None:
            return
        try:
            self._executor.submit(self._open).result()
        except BaseException:
            self.close()
            raise

    def _open(self) -> None:
        self._thread = threading.current_thread()
        check_file(self.path)
        try:
            self._connect()
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise StoreError(locked_message(self.path)) from None
            raise StoreError(f"{self.path}: the server's database cannot be opened ({error}); {NOT_OPENED}") from None
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: the server's database cannot be opened ({error}); {NOT_OPENED}") from None

    def _connect(self) -> None:
        """Open, check and migrate the database (sqlite3.Error past what it words itself as StoreError)."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:  # created here, owner-only: SQLite gives its -wal and -shm files the same mode
            os.close(fd)
        connection = sqlite3.connect(self.path, timeout=OPEN_TIMEOUT, isolation_level=None)
        try:
            try:
                problems = integrity_problems(connection)
                version = schema_version(connection)
            except sqlite3.DatabaseError as error:
                raise StoreError(
                    f"{self.path}: the server's database is damaged ({error}): restore it from a backup, "
                    "or move it aside to start with no names, invites or chat"
                ) from None
            if problems:
                raise StoreError(
                    f"{self.path}: the server's database is damaged ({'; '.join(problems[:3])}): restore it "
                    "from a backup, or move it aside to start with no names, invites or chat"
                )
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path}: the server's database has schema version {version}, newer than this "
                    f"codex-tui knows ({SCHEMA_VERSION}): run the newer codex-tui that wrote it, "
                    "or restore a backup from this version"
                )
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")  # a claimed name survives a power cut
            connection.execute("PRAGMA foreign_keys = ON")
            self._migrate(connection)
            connection.execute(f"PRAGMA busy_timeout = {round(BUSY_TIMEOUT * 1000)}")
        except BaseException:
            connection.close()
            raise
        self._connection = connection
        for names in self.alike_groups():
            log.warning(
                "%s: the names %s are one name by the rules for names (case, look-alikes);"
                " each keeps its key, and no new look-alike of them can be taken",
                self.path,
                ", ".join(names),
            )

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Run the migrations this database lacks, each in one transaction (another process may run them
        first: the version is read again once the write lock is held)."""
        while True:
            connection.execute("BEGIN IMMEDIATE")
            try:
                version = schema_version(connection)
                if version >= SCHEMA_VERSION:
                    connection.execute("COMMIT")
                    return
                if version == 0:
                    connection.execute(
                        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                        " applied TEXT NOT NULL)"
                    )
                migration = MIGRATIONS[version]
                imported = migration(connection, self.folder)
                connection.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?)", (version + 1, migration.__name__, now_text())
                )
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            for path in imported:
                try:
                    path.rename(path.with_name(path.name + IMPORTED_SUFFIX))
                except OSError as error:  # it is in the database now; the file is only left behind
                    log.warning("%s is imported but cannot be renamed (%s): remove it", path, error.strerror)

    def close(self) -> None:
        """Close the connection (in its thread) and stop the thread; the store is unusable after."""
        if self._connection is not None:
            self._executor.submit(self._connection.close).result()
            self._connection = None
        self._executor.shutdown(wait=True)

    # ---------------------------------------------------------------- running

    def _run(self, operation: Callable[[sqlite3.Connection], T]) -> T:
        """Run `operation` with the connection in the store's thread, and return its result."""
        if threading.current_thread() is self._thread:
            assert self._connection is not None
            return operation(self._connection)
        return self._executor.submit(self._call, operation).result()

    def _call(self, operation: Callable[[sqlite3.Connection], T]) -> T:
        if self._connection is None:
            raise StoreFailed(f"{self.path}: the server's database is not open")
        return operation(self._connection)

    def _write(self, change: Callable[[sqlite3.Connection], T]) -> T:
        """Run `change` as one transaction; StoreFailed (nothing kept) if it cannot be written."""

        def transaction(connection: sqlite3.Connection) -> T:
            try:
                connection.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                raise StoreFailed(f"{self.path}: {error}") from None
            try:
                result = change(connection)
                connection.execute("COMMIT")
            except sqlite3.IntegrityError:
                connection.execute("ROLLBACK")
                raise
            except sqlite3.Error as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise StoreFailed(f"{self.path}: {error}") from None
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
            return result

        return self._run(transaction)

    def _read(self, sql: str, parameters: Iterable[object] = ()) -> list[tuple[object, ...]]:
        values = tuple(parameters)
        return self._read_with(lambda connection: connection.execute(sql, values).fetchall())

    def _read_with(self, query: Callable[[sqlite3.Connection], T]) -> T:
        """Run `query` (reads only); StoreFailed when the database cannot answer."""

        def read(connection: sqlite3.Connection) -> T:
            try:
                return query(connection)
            except sqlite3.Error as error:
                raise StoreFailed(f"{self.path}: {error}") from None

        return self._run(read)

    # ------------------------------------------------------------------ names

    def names_like(self, name: str) -> list[NameRow]:
        """The owned names that are one with `name` (one, and the look-alikes kept from before the rule)."""
        rows = self._read(
            "SELECT name, ssh_key, fingerprint, key_since, salt, scrypt, passphrase_since FROM names"
            " WHERE name_key = ? UNION ALL"
            " SELECT name, ssh_key, fingerprint, key_since, NULL, NULL, '' FROM alike_names WHERE name_key = ?",
            (name_key(name), name_key(name)),
        )
        return [NameRow(*row) for row in rows]  # type: ignore[arg-type]

    def names_of_key(self, key: str) -> list[str]:
        """The names `key` owns."""
        rows = self._read(
            "SELECT name FROM names WHERE ssh_key = ? UNION ALL SELECT name FROM alike_names WHERE ssh_key = ?",
            (key, key),
        )
        return [str(row[0]) for row in rows]

    def alike_groups(self) -> list[list[str]]:
        """The names kept from before the look-alike rule that are one name with another (for the log)."""
        rows = self._read(
            "SELECT names.name, group_concat(alike_names.name, ', ') FROM alike_names"
            " JOIN names USING (name_key) GROUP BY names.name ORDER BY names.name"
        )
        return [[str(first), *str(others).split(", ")] for first, others in rows]

    def claim_key(self, name: str, key: str, fingerprint: str, most: int | None = None) -> Claim:
        """`name` becomes `key`'s if it is free and `key` owns fewer than `most` names, in one transaction."""

        def claim(connection: sqlite3.Connection) -> Claim:
            owned = connection.execute(
                "SELECT name FROM names WHERE ssh_key = ? UNION ALL SELECT name FROM alike_names WHERE ssh_key = ?",
                (key, key),
            ).fetchall()
            if name in (row[0] for row in owned):
                return Claim.ALREADY
            if most is not None and len(owned) >= most:
                return Claim.TOO_MANY
            connection.execute(
                "INSERT INTO names (name, name_key, ssh_key, fingerprint, key_since) VALUES (?, ?, ?, ?, ?)",
                (name, name_key(name), key, fingerprint, now_text()),
            )
            return Claim.CLAIMED

        try:
            return self._write(claim)
        except sqlite3.IntegrityError:  # the UNIQUE name_key: the name or a look-alike is owned
            return Claim.TAKEN

    def claim_passphrase(self, name: str, salt: bytes, digest: bytes) -> bool:
        """A free `name` claimed with a passphrase (and no key); False if it or a look-alike is owned."""
        try:
            self._write(
                lambda connection: connection.execute(
                    "INSERT INTO names (name, name_key, salt, scrypt, passphrase_since) VALUES (?, ?, ?, ?, ?)",
                    (name, name_key(name), salt, digest, now_text()),
                )
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def set_passphrase(self, name: str, salt: bytes, digest: bytes) -> bool:
        """Set or replace the passphrase of the name `name` is one with (a new row if it is free: its
        spelling then is `name`); True if it replaced one."""

        def put(connection: sqlite3.Connection) -> bool:
            row = connection.execute("SELECT scrypt FROM names WHERE name_key = ?", (name_key(name),)).fetchone()
            connection.execute(
                "INSERT INTO names (name, name_key, salt, scrypt, passphrase_since) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (name_key) DO UPDATE SET salt = excluded.salt, scrypt = excluded.scrypt,"
                " passphrase_since = excluded.passphrase_since",
                (name, name_key(name), salt, digest, now_text()),
            )
            return row is not None and row[0] is not None

        return self._write(put)

    # ---------------------------------------------------------------- invites

    def add_invite(self, token_hash: str, name: str, expires: float, now: float) -> None:
        """Keep an invite (and forget the expired ones)."""

        def add(connection: sqlite3.Connection) -> None:
            connection.execute("DELETE FROM invites WHERE expires < ?", (now,))
            connection.execute("INSERT INTO invites VALUES (?, ?, ?)", (token_hash, name, expires))

        self._write(add)

    def invite(self, token_hash: str, now: float) -> str | None:
        """The name a live invite is for, leaving it in place."""
        rows = self._read("SELECT name FROM invites WHERE token_hash = ? AND expires >= ?", (token_hash, now))
        return str(rows[0][0]) if rows else None

    def take_invite(self, token_hash: str, now: float) -> str | None:
        """The name a live invite is for, and the invite is gone (an expired one goes too)."""

        def take(connection: sqlite3.Connection) -> str | None:
            row = connection.execute(
                "DELETE FROM invites WHERE token_hash = ? RETURNING name, expires", (token_hash,)
            ).fetchone()
            connection.execute("DELETE FROM invites WHERE expires < ?", (now,))
            return str(row[0]) if row is not None and row[1] >= now else None

        return self._write(take)

    # ------------------------------------------------------- settings (one value each)

    def setting(self, key: str) -> str | None:
        rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_setting(self, key: str, value: str) -> None:
        self._write(
            lambda connection: connection.execute(
                "INSERT INTO settings VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
        )

    # -------------------------------------------------------------- languages

    def language(self, name: str) -> str | None:
        rows = self._read("SELECT code FROM languages WHERE name = ?", (name,))
        return str(rows[0][0]) if rows else None

    def set_language(self, name: str, code: str) -> None:
        self._write(
            lambda connection: connection.execute(
                "INSERT INTO languages VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET code = excluded.code",
                (name, code),
            )
        )

    # ------------------------------------------------------------------ mutes

    def muted(self, muter: str) -> list[str]:
        """The names `muter` mutes, as they wrote them, in the order muted."""
        rows = self._read("SELECT muted FROM mutes WHERE muter_key = ? ORDER BY rowid", (name_key(muter),))
        return [str(row[0]) for row in rows]

    def mute(self, muter: str, name: str, most: int) -> bool:
        """Mute `name` for `muter`; False when they mute `most` names already (one muted already: True)."""

        def add(connection: sqlite3.Connection) -> bool:
            muter_key = name_key(muter)
            if connection.execute(
                "SELECT 1 FROM mutes WHERE muter_key = ? AND muted_key = ?", (muter_key, name_key(name))
            ).fetchone():
                return True
            count = connection.execute("SELECT count(*) FROM mutes WHERE muter_key = ?", (muter_key,)).fetchone()
            if count[0] >= most:
                return False
            connection.execute("INSERT INTO mutes VALUES (?, ?, ?)", (muter_key, name, name_key(name)))
            return True

        return self._write(add)

    def unmute(self, muter: str, name: str) -> bool:
        """Unmute `name` for `muter`; False when they were not muted."""
        removed = self._write(
            lambda connection: (
                connection.execute(
                    "DELETE FROM mutes WHERE muter_key = ? AND muted_key = ?", (name_key(muter), name_key(name))
                ).rowcount
            )
        )
        return removed > 0

    # ------------------------------------------------------------ live tables

    def commit_table(self, write: TableWrite) -> None:
        """Write a live table's parts (`live_rows`: its game, clock, absent seats, options, chat) in one
        transaction; StoreFailed (an OSError, nothing written) when it cannot be."""

        def commit(connection: sqlite3.Connection) -> None:
            write_table(connection, write)
            if write.game is not None:
                fault_points.reached(fault_points.IN_TRANSACTION, write.game.moves)

        self._write(commit)

    def forget_table(self, save: str) -> None:
        """Delete a live table's rows (a save the history holds as finished)."""
        self._write(lambda connection: forget_table(connection, save))

    def live_games(self) -> list[LiveGame]:
        """Every live table's game as last committed."""
        return self._read_with(live_games)

    def kept_clock(self, save: str) -> KeptClock | None:
        return self._read_with(lambda connection: kept_clock(connection, save))

    def kept_absence(self, save: str) -> KeptAbsence:
        return self._read_with(lambda connection: kept_absence(connection, save))

    def chat(self, save: str) -> list[ChatLine]:
        """The chat lines kept for the table whose save is named `save`, oldest first."""
        return self._read_with(lambda connection: kept_chat(connection, save))

    def table_options(self, save: str) -> KeptOptions | None:
        """(hints, spectator_chat, rated, pace, move_limit, number) kept for the table whose save is named
        `save`, or None (the defaults)."""
        return self._read_with(lambda connection: kept_options(connection, save))

    # ------------------------------------------------------- waiting tables

    def keep_waiting(self, table: WaitingTable) -> None:
        """Keep (or replace) the row of a table that waits for players."""
        self._write(
            lambda connection: connection.execute(
                "INSERT INTO waiting_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET"
                " names = excluded.names, save = excluded.save",
                (
                    table.key,
                    table.game,
                    table.variant,
                    json.dumps(table.names),
                    json.dumps(table.kinds),
                    table.seed,
                    int(table.hints),
                    int(table.spectator_chat),
                    int(table.rated),
                    table.save,
                    table.pace,
                    table.move_limit,
                    None if table.clock is None else json.dumps(list(table.clock)),
                    table.number,
                ),
            )
        )

    def forget_waiting(self, key: str) -> None:
        """A waiting table started (its save holds it now) or was left by everyone."""
        self._write(lambda connection: connection.execute("DELETE FROM waiting_tables WHERE key = ?", (key,)))

    def waiting_tables(self) -> list[WaitingTable]:
        """The tables that waited for players when the server stopped, in the order they were created."""
        rows = self._read(
            "SELECT key, game, variant, names, kinds, seed, hints, spectator_chat, rated, save, pace, move_limit,"
            " clock, number FROM waiting_tables ORDER BY rowid"
        )
        return [
            WaitingTable(
                str(key),
                str(game),
                str(variant),
                tuple(json.loads(str(names))),
                tuple(json.loads(str(kinds))),
                optional_int(seed),
                bool(hints),
                bool(chat),
                bool(rated),
                None if save is None else str(save),
                str(pace),
                optional_int(limit),
                None if clock is None else tuple(json.loads(str(clock))),
                optional_int(number),
            )
            for key, game, variant, names, kinds, seed, hints, chat, rated, save, pace, limit, clock, number in rows
        ]

    # ------------------------------------------------------- finished tables

    def finish_table(self, table: FinishedTable) -> tuple[float | None, ...] | None:
        """File a finished table: its record and seats, the ratings it moves (a rated one), and its chat
        and options gone, in one transaction. Returns each seat's rating after it (None: not rated, or a bot), or
        None if this save was filed before (a restart after a crash files it again: nothing changes twice).

        The ratings are read and written inside the transaction, so two tables ending at once both count:
        the second is rated from the ratings the first left."""

        def finish(connection: sqlite3.Connection) -> tuple[float | None, ...] | None:
            forget_table(connection, table.save)
            if not any(seat.human for seat in table.seats):
                return None
            inserted = connection.execute(
                "INSERT INTO finished_tables (save, path, game, variant, rated, ended, number)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (save) DO NOTHING RETURNING id",
                (table.save, table.path, table.game, table.variant, int(table.rated), table.ended, table.number),
            ).fetchone()
            if inserted is None:
                return None
            before = [self._rating_before(connection, seat, table.game) for seat in table.seats]
            after: tuple[float | None, ...] = (None,) * len(table.seats)
            if table.rated:
                rated = [
                    RatedSeat(rating, seat.points, seat.winner, fixed=not seat.human)
                    for seat, rating in zip(table.seats, before)
                ]
                after = new_ratings(rated)
            for number, (seat, old, new) in enumerate(zip(table.seats, before, after)):
                key = name_key(seat.name) if seat.human else None
                connection.execute(
                    "INSERT INTO finished_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        inserted[0],
                        number,
                        seat.name,
                        key,
                        seat.kind,
                        seat.points,
                        int(seat.winner),
                        old if table.rated else None,
                        new,
                    ),
                )
                if seat.human and new is not None:
                    connection.execute(
                        "INSERT INTO ratings VALUES (?, ?, ?, ?, 1) ON CONFLICT (name_key, game)"
                        " DO UPDATE SET name = excluded.name, rating = excluded.rating, tables = tables + 1",
                        (key, table.game, seat.name, new),
                    )
            return tuple(rating if seat.human else None for seat, rating in zip(table.seats, after))

        return self._write(finish)

    @staticmethod
    def _rating_before(connection: sqlite3.Connection, seat: FinishedSeat, game: str) -> float:
        if not seat.human:
            return float(seat.bot_rating if seat.bot_rating is not None else START)
        row = connection.execute(
            "SELECT rating FROM ratings WHERE name_key = ? AND game = ?", (name_key(seat.name), game)
        ).fetchone()
        return START if row is None else float(row[0])

    def ratings(self) -> dict[tuple[str, str], float]:
        """Every rating: (name_key, game) -> rating (the lobby keeps them in memory)."""
        rows = self._read("SELECT name_key, game, rating FROM ratings")
        return {(str(key), str(game)): float(rating) for key, game, rating in rows}  # type: ignore[arg-type]

    def leaderboard(self, game: str) -> list[LeaderRow]:
        """The rated players of `game`, best first (ties: more rated tables first, then by name)."""
        rows = self._read(
            "SELECT r.name, r.rating, r.tables, (SELECT count(*) FROM finished_seats s JOIN finished_tables t"
            " ON t.id = s.table_id WHERE s.name_key = r.name_key AND t.game = r.game AND t.rated AND s.winner)"
            " FROM ratings r WHERE r.game = ? ORDER BY r.rating DESC, r.tables DESC, r.name",
            (game,),
        )
        return [LeaderRow(str(n), float(r), int(t), int(w)) for n, r, t, w in rows]  # type: ignore[arg-type, call-overload]

    def last_table_number(self) -> int:
        """The highest number a table kept here has (waiting, playing or finished); 0 when none has one."""
        rows = self._read(
            "SELECT max(number) FROM (SELECT number FROM table_options UNION ALL SELECT number FROM waiting_tables"
            " UNION ALL SELECT number FROM finished_tables)"
        )
        return optional_int(rows[0][0]) or 0

    def recent_finished(self, most: int) -> list[tuple[int | None, str, bool]]:
        """The `most` tables that ended last, oldest first: (number, where its save is filed, rated)."""
        rows = self._read("SELECT number, path, rated FROM finished_tables ORDER BY id DESC LIMIT ?", (most,))
        return [(optional_int(number), str(path), bool(rated)) for number, path, rated in reversed(rows)]

    def is_finished(self, save: str) -> bool:
        """Whether the save named `save` was filed as a finished table."""
        return bool(self._read("SELECT 1 FROM finished_tables WHERE save = ?", (save,)))

    def finished_path(self, table_id: int) -> str | None:
        """Where the save of the finished table `table_id` is filed (relative to the data folder), or None."""
        rows = self._read("SELECT path FROM finished_tables WHERE id = ?", (table_id,))
        return str(rows[0][0]) if rows else None

    def player_tables(self, name: str, game: str, most: int | None = None) -> list[PlayedTable]:
        """The finished tables of `game` where `name` sat, newest first (`most` of them; all when None)."""

        def read(connection: sqlite3.Connection) -> list[PlayedTable]:
            tables = connection.execute(
                "SELECT t.id, t.path, t.ended, t.rated, s.seat, s.rating_after, s.rating_before"
                " FROM finished_seats s JOIN finished_tables t ON t.id = s.table_id"
                " WHERE s.name_key = ? AND t.game = ? ORDER BY t.id DESC LIMIT ?",
                (name_key(name), game, -1 if most is None else most),
            ).fetchall()
            played = []
            for table_id, path, ended, rated, seat, rating_after, rating_before in tables:
                seats = connection.execute(
                    "SELECT name, kind, points, winner FROM finished_seats WHERE table_id = ? ORDER BY seat",
                    (table_id,),
                ).fetchall()
                played.append(
                    PlayedTable(
                        table_id,
                        path,
                        ended,
                        bool(rated),
                        seat,
                        tuple(FinishedSeat(n, k, p, bool(w)) for n, k, p, w in seats),
                        rating_after,
                        rating_before,
                    )
                )
            return played

        try:
            return self._run(read)
        except sqlite3.Error as error:
            raise StoreFailed(f"{self.path}: {error}") from None
