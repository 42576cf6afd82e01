"""Where a server's tables are kept: the database's rows and the save files, written and read back.

`TableRoom` decides what happens at a table; this module writes it down and
reads it back at a start. A move is one transaction of the store (`live_rows`:
the game's bytes, clock, absent seats, and at the deal the options, the chat
and the waiting table's row), then the save file written from the same bytes;
a finished game is recorded in the history, then its file moves to
`finished/`. Each step is a `fault_points` point, so a test can kill the
server at it (`tests/server/test_move_kills.py`).

At a start the database is the authority: a file that differs from its row is
written again from it, a row with no file gets one, and a file with no row
(a folder of an earlier version) is read and its row written.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from codex_tui.core.contract import GameModule
from codex_tui.server import fault_points
from codex_tui.server.absence import Absence
from codex_tui.server.chat import ChatLog
from codex_tui.server.history import NotInHistory, filed_save
from codex_tui.server.live_rows import KeptClock, LiveGame, TableWrite
from codex_tui.server.store import Store
from codex_tui.server.store_rows import FinishedTable, WaitingTable
from codex_tui.server.table import FINISHED_DIR, Table, finished_table, table_options
from codex_tui.server.table_options import TableOptions, kept_options, read_options
from codex_tui.storage.saves import (
    SAVE_SUFFIX,
    SavedGame,
    SaveError,
    checked_save_bytes,
    decode_save,
    move_save,
    read_save_bytes,
    write_save_bytes,
)

log = logging.getLogger(__name__)


@dataclass
class KeptGame:
    """A live game read back at a start, with what the store keeps beside it."""

    path: Path
    saved: SavedGame
    options: TableOptions
    absence: Absence
    chat: ChatLog
    clock: KeptClock | None


@dataclass(frozen=True)
class FiledGame:
    """A finished table listed again in the lobby after a start."""

    number: int | None
    path: Path
    saved: SavedGame
    rated: bool


class TableKeeper:
    """The tables of one data folder: `folder` is its `tables/`, `store` its database."""

    def __init__(self, folder: Path, store: Store) -> None:
        self.folder = folder
        self.store = store

    # ------------------------------------------------------------------ moves

    @staticmethod
    def move_parts(table: Table, game: Any, beside: bool, stand_in: int | None = None) -> TableWrite:
        """What a write of `game` at `table` keeps beside the game itself, read now (on the event loop, so
        that nothing changes it while a thread writes it). `beside`: the options, the chat and the row of
        the waiting table it was dealt from too. `stand_in`: the seat whose stand-in bot made the move."""
        path = table.save_path
        assert path is not None
        live = not game.is_over
        return TableWrite(
            path.name,
            clock=table.clock.kept() if table.clock is not None and live else None,
            bot_moves=() if stand_in is None else ((stand_in, len(game.actions)),),
            options=kept_options(table_options(table)),
            with_options=beside and live,
            chat=tuple(table.chat.lines) if beside and live else None,
            forget_waiting=table.waiting_key if beside else None,
        )

    def commit_move(self, path: Path, saved: SavedGame, parts: TableWrite) -> None:
        """Commit `saved` with `parts` in one transaction, then write its save file from the same bytes (in
        a worker thread: SaveError or OSError when either cannot be)."""
        record = checked_save_bytes(saved, path)
        moves = len(saved.game.actions)
        fault_points.reached(fault_points.BEFORE_COMMIT, moves)
        self.store.commit_table(replace(parts, game=LiveGame(path.name, record, moves)))
        fault_points.reached(fault_points.COMMITTED, moves)
        write_save_bytes(path, record)
        fault_points.reached(fault_points.FILE_WRITTEN, moves)

    def file_away(self, path: Path, record: FinishedTable, moves: int) -> tuple[Path, tuple[float | None, ...]]:
        """Record a finished game in the history (its ratings moved if rated; its live rows gone), then move
        its save to `finished/`; returns where the save is and each seat's rating after it (empty: filed
        before, or not rated). If either step fails it stays whole where it is (logged), and the next start
        files it away: the store records a save once, so a second try moves nobody's rating twice."""
        try:
            after = self.store.finish_table(record)
            fault_points.reached(fault_points.FINISH_RECORDED, moves)
            target = move_save(path, self.folder / FINISHED_DIR)
        except OSError as error:
            log.error("the finished game %s stays where it is, for the next start to file away: %s", path, error)
            return path, ()
        return target, after or ()

    def end(self, path: Path, record: FinishedTable) -> None:
        """File a game its players ended before its end (`TableRoom.end_table`): OSError, nothing changed,
        when the history cannot record it. Once recorded it has ended, even if its save cannot move to
        `finished/` now (logged): the next start moves it (`kept_games`)."""
        self.store.finish_table(record)
        try:
            move_save(path, self.folder / FINISHED_DIR)
        except OSError as error:
            log.error("the ended game %s stays where it is, for the next start to file away: %s", path, error)

    def finish(
        self, path: Path, module: GameModule, game: Any, kinds: Sequence[str], rated: bool, number: int | None
    ) -> tuple[Path, tuple[float | None, ...]]:
        """`file_away` for a game that ended by its rules."""
        return self.file_away(path, finished_table(path, module, game, kinds, rated, number), len(game.actions))

    # ------------------------------------------------------------ read back

    def kept_games(self) -> list[KeptGame]:
        """Every game kept live, oldest first: the database's row where it has one (the save file is written
        again from it when they differ: a kill between the two writes of a move), else the save file
        (written before the database kept games, or a finished game whose move to `finished/` did not
        happen). A save the database filed as finished is moved there."""
        rows = {row.save: row for row in self.store.live_games()}
        files = sorted(
            (p for p in self.folder.glob(f"*{SAVE_SUFFIX}") if p.is_file() and not p.name.startswith(".")),
            key=lambda p: p.stat().st_mtime,
        )
        names = [p.name for p in files] + [name for name in rows if not (self.folder / name).is_file()]
        kept = []
        for name in names:
            path = self.folder / name
            try:
                saved = self._resumed_save(path, rows.get(name))
            except (SaveError, OSError) as error:
                log.warning("not resuming %s: %s", path, error)
                continue
            if saved is not None:
                absence = Absence.from_kept(self.store.kept_absence(name))
                clock = self.store.kept_clock(name)
                kept.append(
                    KeptGame(
                        path, saved, read_options(self.store, path), absence, ChatLog.read(self.store, path), clock
                    )
                )
        return kept

    def _resumed_save(self, path: Path, row: LiveGame | None) -> SavedGame | None:
        """The save of one kept game (see `kept_games`); None when it was filed as finished."""
        if self.store.is_finished(path.name):  # ended by its players, or a move that came after its end
            if row is not None:
                self.store.forget_table(path.name)
            if path.is_file():
                move_save(path, self.folder / FINISHED_DIR)
            return None
        if row is None:
            data = read_save_bytes(path)
            saved = decode_save(data, path)
            if not saved.game.is_over:
                self.store.commit_table(TableWrite(path.name, game=LiveGame(path.name, data, len(saved.game.actions))))
            return saved
        saved = decode_save(row.record, path)
        if not path.is_file() or read_save_bytes(path) != row.record:
            log.warning("%s: its save is written again from the database, which holds %s actions", path, row.moves)
            try:
                write_save_bytes(path, row.record)
            except SaveError as error:  # the row holds it: the table plays on, its next move writes the file
                log.error("%s", error)
        return saved

    def waiting_rows(self) -> list[WaitingTable]:
        """The tables that waited for players. A row whose save exists is a game that started (an earlier
        version wrote the save's name first, then the save, then forgot the row): it is forgotten now."""
        rows = []
        for row in self.store.waiting_tables():
            started = row.save is not None and any(
                (folder / row.save).exists() for folder in (self.folder, self.folder / FINISHED_DIR)
            )
            if started:
                self.forget_waiting(row.key)
            else:
                rows.append(row)
        return rows

    def filed_games(self, most: int) -> list[FiledGame]:
        """The `most` tables that ended last (a row whose save cannot be read is left out, logged)."""
        filed_games = []
        for number, filed, rated in self.store.recent_finished(most):
            try:
                saved = filed_save(self.folder.parent, filed, f"finished table {number}")
            except NotInHistory as error:
                log.warning("not listing a finished table: %s", error)
                continue
            filed_games.append(FiledGame(number, self.folder.parent / filed, saved, rated))
        return filed_games

    # ------------------------------------------------------ what else is kept

    def keep_waiting(self, table: Table) -> None:
        """Write the row of a table that waits (OSError when it cannot be written)."""
        key = table.waiting_key
        assert key is not None
        row = WaitingTable(
            key,
            table.module.name,
            json.dumps(table.module.variant_to_dict(table.variant), sort_keys=True),
            tuple(table.names),
            tuple(table.kinds),
            table.seed,
            table.hints,
            table.spectator_chat,
            table.rated,
            None if table.save_path is None else table.save_path.name,
            table.pace,
            table.move_limit,
            table.clock_option,
            table.id,
        )
        self.store.keep_waiting(row)

    def forget_waiting(self, key: str) -> None:
        try:
            self.store.forget_waiting(key)
        except OSError as error:  # the next start sees the save, or brings back a table nobody sits at
            log.error("a waiting table's row stays in the database: %s", error)

    def keep_absence(self, table: Table) -> None:
        """Write the table's absent seats beside its save (logged if it cannot be: a restart forgets them,
        and the seat waits for its player again). The moves a stand-in plays are kept with each move."""
        if table.save_path is None:
            return
        try:
            self.store.commit_table(TableWrite(table.save_path.name, absent_seats=table.absence.kept()))
        except OSError as error:
            log.error("table %s cannot keep its absent seats: %s", table.id, error)
