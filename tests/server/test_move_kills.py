"""A kill -9 at every write point of a move leaves the table's save and the database in agreement.

A move at a server table is one SQLite transaction (the game's bytes, the clock, the absent seats, and at
the deal the options, the chat and the waiting table's row), then the save file written from the same
bytes (`live_rows`). `move_killer.py` plays one seeded rated table in a process that dies (SIGKILL) at a
named point (`fault_points`) of one move; a room started on its data folder then holds the table as the
last committed move left it, the file agreeing with the database, the clock and the chat kept, and a
finished game filed once, its ratings moved once.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from codex_tui.server import fault_points as fp
from codex_tui.server.botpool import BotPool
from codex_tui.server.store import Store
from codex_tui.server.table import FINISHED_DIR
from codex_tui.server.tables import TableRoom
from codex_tui.storage.saves import load_save, read_save_bytes
from tests.server.harness import stored_rows
from tests.server.move_killer import CHAT

KILLER = Path(__file__).with_name("move_killer.py")
ROOT = Path(__file__).parents[2]
GAME_MOVES = 38
"""Actions of the seeded game `move_killer.py` plays (it prints them when nothing kills it)."""
MID_GAME = 3


def run_killer(data: Path, die_at: str | None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(fp.DIE_AT, None)
    if die_at is not None:
        env[fp.DIE_AT] = die_at
    return subprocess.run(
        [sys.executable, str(KILLER), str(data)], env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_killer_plays_the_seeded_game_to_its_end_when_nothing_kills_it(tmp_path: Path) -> None:
    done = run_killer(tmp_path / "data", None)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == GAME_MOVES


async def resumed(data: Path) -> tuple[TableRoom, Store]:
    store = Store(data)
    room = TableRoom(data, BotPool(), bot_delay=0, store=store)
    room.resume_saved()
    return room, store


@pytest.mark.parametrize(
    ("point", "moves", "kept"),
    [
        (fp.BEFORE_COMMIT, MID_GAME, MID_GAME - 1),
        (fp.IN_TRANSACTION, MID_GAME, MID_GAME - 1),
        (fp.COMMITTED, MID_GAME, MID_GAME),
        (fp.FILE_WRITTEN, MID_GAME, MID_GAME),
        (fp.COMMITTED, 0, 0),  # the deal: in the database, no file yet
    ],
)
async def test_a_kill_during_a_move_resumes_the_last_committed_move_with_save_and_database_agreeing(
    tmp_path: Path, point: str, moves: int, kept: int
) -> None:
    data = tmp_path / "data"
    died = run_killer(data, f"{point}:{moves}")
    assert died.returncode == -signal.SIGKILL, died.stderr
    room, store = await resumed(data)
    try:
        [table] = room.tables.values()
        assert table.game is not None and table.save_path is not None
        assert len(table.game.actions) == kept
        [row] = store.live_games()
        assert (row.save, row.moves) == (table.save_path.name, kept)
        assert read_save_bytes(table.save_path) == row.record, "the file is the database's copy"
        assert load_save(table.save_path).game == table.game
        assert table.clock is not None and len(table.clock.banks) == 2
        assert [line.text for line in table.chat.lines] == ([CHAT] if moves > 0 else [])
        assert table.rated and table.waiting_key is None
        assert stored_rows(data, "SELECT count(*) FROM waiting_tables") == [(0,)]
    finally:
        await room.close()
        store.close()


@pytest.mark.parametrize(
    "point", [fp.BEFORE_COMMIT, fp.IN_TRANSACTION, fp.COMMITTED, fp.FILE_WRITTEN, fp.FINISH_RECORDED]
)
async def test_a_kill_during_the_last_move_files_the_game_once_and_rates_it_once(tmp_path: Path, point: str) -> None:
    data = tmp_path / "data"
    died = run_killer(data, f"{point}:{GAME_MOVES}")
    assert died.returncode == -signal.SIGKILL, died.stderr
    room, store = await resumed(data)
    try:
        live = [table for table in room.tables.values() if table.state != "over"]
        if point in (fp.BEFORE_COMMIT, fp.IN_TRANSACTION):  # the last move was never played
            [table] = live
            assert table.game is not None and len(table.game.actions) == GAME_MOVES - 1
            assert stored_rows(data, "SELECT count(*) FROM finished_tables") == [(0,)]
            return
        assert live == [] and store.live_games() == []
        assert list((data / "tables").glob("*.msgpack")) == []
        [filed] = (data / "tables" / FINISHED_DIR).glob("*.msgpack")
        assert len(load_save(filed).game.actions) == GAME_MOVES
        assert stored_rows(data, "SELECT count(*) FROM finished_tables") == [(1,)]
        assert stored_rows(data, "SELECT name, tables FROM ratings ORDER BY name") == [("ada", 1), ("bo", 1)]
        for table in ("live_games", "table_clocks", "clock_banks", "chat_lines", "table_options"):
            assert stored_rows(data, f"SELECT count(*) FROM {table}") == [(0,)], table  # noqa: S608
    finally:
        await room.close()
        store.close()
