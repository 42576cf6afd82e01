"""A live table's rows in the server's database, and the one transaction that writes a move.

A server table is its game (the save's bytes), its clock, its absent seats,
its options and its chat. A move changes several of them at once (the game,
the mover's clock bank, the moves a stand-in bot played), so they are written
together: `write_table` runs inside one transaction (`Store.commit_table`),
and a kill -9 at any moment leaves either the move with everything it changed,
or none of it. The save file in `tables/` is written afterwards from the same
bytes, a copy that `codex-tui play` opens; on restart the row here wins
(`TableKeeper.kept_games` writes the file again when they differ).

Clocks and absent seats are rows with a column per value, not JSON: a bank per
seat in `clock_banks`, a stand-in (and from which move on) or a chosen wait per
seat in `absent_seats`, each move a bot played for an absent player in
`bot_moves`. A move inserts only its own `bot_moves` row and never rewrites
`absent_seats`, which only the room's answers to absences write
(`TableKeeper.keep_absence`, in the event loop's order): a move's transaction,
run in a thread, can never put back an older record of who stands in.

Only SQL over a connection lives here; `store.Store` runs it in its thread.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field

from codex_tui.protocol.chat_line import ChatLine
from codex_tui.server.store_rows import KeptOptions, optional_int

LIVE_TABLES = ("live_games", "table_clocks", "clock_banks", "absent_seats", "bot_moves", "chat_lines", "table_options")
"""Every table holding rows of a live table, by its save's file name: a finished table's are deleted."""


@dataclass(frozen=True)
class KeptClock:
    """A real-time table's clock as kept: the bank of seconds left per seat, as of its last move."""

    minutes: int
    increment: int
    banks: tuple[float, ...]


@dataclass(frozen=True)
class KeptAbsence:
    """A table's absent seats as kept (`server.absence.Absence`)."""

    stand_ins: Mapping[int, str] = field(default_factory=dict)
    """Seat -> the bot level playing it while its player is away."""
    since: Mapping[int, int] = field(default_factory=dict)
    """Seat -> the actions played when its stand-in took it: the stand-in's moves are those after."""
    waited_at: Mapping[int, float] = field(default_factory=dict)
    """Seat -> when another player chose to wait for it."""
    bot_moves: tuple[tuple[int, int], ...] = ()
    """(seat, action number) of every move a bot played for an absent player."""


@dataclass(frozen=True)
class LiveGame:
    """A live table's game as the store holds it: the save's bytes, and how many actions they hold."""

    save: str
    record: bytes
    moves: int


@dataclass(frozen=True)
class TableWrite:
    """What one transaction writes for the table whose save is named `save`; None leaves a part as it is."""

    save: str
    game: LiveGame | None = None
    clock: KeptClock | None = None
    absent_seats: KeptAbsence | None = None
    """Its stand-ins and waits (its `bot_moves` are left as they are)."""
    bot_moves: tuple[tuple[int, int], ...] = ()
    """(seat, action number) of moves bots played for absent players, added to those kept."""
    options: KeptOptions | None = None
    """Written when `with_options` (None then forgets them: the defaults need no row)."""
    with_options: bool = False
    chat: tuple[ChatLine, ...] | None = None
    forget_waiting: str | None = None
    """The key of the waiting table this game was dealt from: its row goes in the same transaction."""


LIVE_SCHEMA = (
    "CREATE TABLE live_games (save TEXT PRIMARY KEY, record BLOB NOT NULL, moves INTEGER NOT NULL)",
    "CREATE TABLE table_clocks (save TEXT PRIMARY KEY, minutes INTEGER NOT NULL, increment INTEGER NOT NULL)",
    """CREATE TABLE clock_banks (
        save TEXT NOT NULL,
        seat INTEGER NOT NULL,
        seconds REAL NOT NULL,
        PRIMARY KEY (save, seat))""",
    """CREATE TABLE absent_seats (
        save TEXT NOT NULL,
        seat INTEGER NOT NULL,
        stand_in TEXT,
        since INTEGER,
        waited_at REAL,
        PRIMARY KEY (save, seat),
        CHECK (stand_in IS NOT NULL OR waited_at IS NOT NULL))""",
    """CREATE TABLE bot_moves (
        save TEXT NOT NULL,
        seat INTEGER NOT NULL,
        number INTEGER NOT NULL,
        PRIMARY KEY (save, number))""",
)
"""The tables of migration 7 (`store_schema.add_live_games`)."""


def write_table(connection: sqlite3.Connection, write: TableWrite) -> None:
    """Write `write`'s parts, inside the caller's transaction."""
    save = write.save
    if write.game is not None:
        connection.execute(
            "INSERT INTO live_games VALUES (?, ?, ?)"
            " ON CONFLICT (save) DO UPDATE SET record = excluded.record, moves = excluded.moves",
            (save, write.game.record, write.game.moves),
        )
    if write.clock is not None:
        _write_clock(connection, save, write.clock)
    if write.absent_seats is not None:
        _write_absent_seats(connection, save, write.absent_seats)
    connection.executemany(
        "INSERT INTO bot_moves VALUES (?, ?, ?) ON CONFLICT (save, number) DO NOTHING",
        [(save, seat, number) for seat, number in write.bot_moves],
    )
    if write.with_options:
        connection.execute("DELETE FROM table_options WHERE save = ?", (save,))
        if write.options is not None:
            connection.execute(
                "INSERT INTO table_options (save, hints, spectator_chat, rated, pace, move_limit, number)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (save, *write.options),
            )
    if write.chat is not None:
        connection.execute("DELETE FROM chat_lines WHERE save = ?", (save,))
        connection.executemany(
            "INSERT INTO chat_lines VALUES (?, ?, ?, ?, ?, ?)",
            [(save, position, line.name, line.time, line.text, line.at) for position, line in enumerate(write.chat)],
        )
    if write.forget_waiting is not None:
        connection.execute("DELETE FROM waiting_tables WHERE key = ?", (write.forget_waiting,))


def _write_clock(connection: sqlite3.Connection, save: str, clock: KeptClock) -> None:
    connection.execute(
        "INSERT INTO table_clocks VALUES (?, ?, ?)"
        " ON CONFLICT (save) DO UPDATE SET minutes = excluded.minutes, increment = excluded.increment",
        (save, clock.minutes, clock.increment),
    )
    connection.execute("DELETE FROM clock_banks WHERE save = ?", (save,))
    connection.executemany(
        "INSERT INTO clock_banks VALUES (?, ?, ?)", [(save, seat, bank) for seat, bank in enumerate(clock.banks)]
    )


def _write_absent_seats(connection: sqlite3.Connection, save: str, absence: KeptAbsence) -> None:
    connection.execute("DELETE FROM absent_seats WHERE save = ?", (save,))
    seats = sorted({*absence.stand_ins, *absence.waited_at})
    connection.executemany(
        "INSERT INTO absent_seats VALUES (?, ?, ?, ?, ?)",
        [
            (save, seat, absence.stand_ins.get(seat), absence.since.get(seat), absence.waited_at.get(seat))
            for seat in seats
        ],
    )


def forget_table(connection: sqlite3.Connection, save: str) -> None:
    """Delete every row of a live table (it is filed away as finished), inside the caller's transaction."""
    for name in LIVE_TABLES:
        connection.execute(f"DELETE FROM {name} WHERE save = ?", (save,))  # noqa: S608 - names are ours


def live_games(connection: sqlite3.Connection) -> list[LiveGame]:
    """Every live table's game, oldest row first."""
    rows = connection.execute("SELECT save, record, moves FROM live_games ORDER BY rowid").fetchall()
    return [LiveGame(str(save), bytes(record), int(moves)) for save, record, moves in rows]


def kept_clock(connection: sqlite3.Connection, save: str) -> KeptClock | None:
    """The clock kept for a table (None: it has none)."""
    row = connection.execute("SELECT minutes, increment FROM table_clocks WHERE save = ?", (save,)).fetchone()
    if row is None:
        return None
    banks = connection.execute("SELECT seconds FROM clock_banks WHERE save = ? ORDER BY seat", (save,)).fetchall()
    return KeptClock(int(row[0]), int(row[1]), tuple(float(bank) for (bank,) in banks))


def kept_absence(connection: sqlite3.Connection, save: str) -> KeptAbsence:
    """The absent seats kept for a table (an empty record when none are)."""
    seats = connection.execute(
        "SELECT seat, stand_in, since, waited_at FROM absent_seats WHERE save = ?", (save,)
    ).fetchall()
    moves = connection.execute("SELECT seat, number FROM bot_moves WHERE save = ? ORDER BY number", (save,)).fetchall()
    return KeptAbsence(
        stand_ins={int(seat): str(level) for seat, level, _, _ in seats if level is not None},
        since={int(seat): int(since) for seat, level, since, _ in seats if level is not None and since is not None},
        waited_at={int(seat): float(at) for seat, _, _, at in seats if at is not None},
        bot_moves=tuple((int(seat), int(number)) for seat, number in moves),
    )


def kept_chat(connection: sqlite3.Connection, save: str) -> list[ChatLine]:
    """The chat lines kept for a table, oldest first."""
    rows = connection.execute(
        "SELECT name, time, text, at FROM chat_lines WHERE save = ? ORDER BY position", (save,)
    ).fetchall()
    return [ChatLine.from_wire(list(row)) for row in rows]


def kept_options(connection: sqlite3.Connection, save: str) -> KeptOptions | None:
    """(hints, spectator_chat, rated, pace, move_limit, number) kept for a table, or None (the defaults)."""
    row = connection.execute(
        "SELECT hints, spectator_chat, rated, pace, move_limit, number FROM table_options WHERE save = ?", (save,)
    ).fetchone()
    if row is None:
        return None
    hints, chat, rated, pace, limit, number = row
    return (bool(hints), bool(chat), bool(rated), str(pace), optional_int(limit), optional_int(number))


def json_clock(data: str) -> KeptClock | None:
    """A clock as migration 5's `clocks.data` held it (JSON); None when it cannot be read (as before: the
    table played on without a clock)."""
    try:
        kept = json.loads(data)
        banks = tuple(float(bank) for bank in kept["banks"])
        return KeptClock(int(kept["minutes"]), int(kept["increment"]), banks)
    except (KeyError, TypeError, ValueError):
        return None


def json_absence(data: str) -> KeptAbsence:
    """Absent seats as migration 5's `absences.data` held them (JSON); none when it cannot be read (as
    before: each seat waited for its player). A stand-in took its seat just before the first of its moves
    kept there (`moves`), or after every earlier bot move for that seat when it had made none."""
    try:
        kept = json.loads(data)
        current = {int(seat): [int(n) for n in numbers] for seat, numbers in dict(kept.get("moves", {})).items()}
        played = {(int(seat), int(number)) for seat, number in kept.get("played", [])}
        played |= {(seat, number) for seat, numbers in current.items() for number in numbers}
        stand_ins = {int(seat): str(level) for seat, level in dict(kept.get("stand_ins", {})).items()}
        since = {
            seat: min(current[seat]) - 1 if current.get(seat) else max((n for s, n in played if s == seat), default=0)
            for seat in stand_ins
        }
        return KeptAbsence(
            stand_ins=stand_ins,
            since=since,
            waited_at={int(seat): float(at) for seat, at in dict(kept.get("waited", {})).items()},
            bot_moves=tuple(sorted(played, key=lambda move: move[1])),
        )
    except (AttributeError, TypeError, ValueError):
        return KeptAbsence()
