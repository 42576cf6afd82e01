"""A data folder of today's format (schema 6: a live table's game only in its save file, its clock and
absent seats as JSON) opens with the game, clock and absent seats as rows (migration 7, `live_rows`).

`schema6_aa878fc/data` was written by commit aa878fc's `TableRoom` (the last code before migration 7): a
seeded Instinkt table with hints and a 5+3 clock, ada and bo seated, one chat line, three actions, then
`write_absence` with a stand-in (easy) for bo who played action 4, an earlier bot move (action 2) and a
wait chosen for ada.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from codex_tui.server.botpool import BotPool
from codex_tui.server.live_rows import KeptAbsence, KeptClock
from codex_tui.server.store import Store
from codex_tui.server.store_schema import SCHEMA_VERSION
from codex_tui.server.tables import TableRoom
from codex_tui.storage.saves import load_save, read_save_bytes
from tests.server.harness import stored_rows

FIXTURE = Path(__file__).parent / "schema6_aa878fc" / "data"
SAVE = "2026-12-07_144933_ada-vs-bo.msgpack"
BANKS = (302.97144671800197, 305.9425040780043)


async def test_a_schema_6_folder_keeps_its_clock_absent_seats_chat_and_game_as_rows(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(FIXTURE, data)
    store = Store(data)
    try:
        assert SCHEMA_VERSION == 7 and stored_rows(data, "SELECT max(version) FROM schema_migrations") == [(7,)]
        assert store.kept_clock(SAVE) == KeptClock(5, 3, BANKS)
        assert store.kept_absence(SAVE) == KeptAbsence({1: "easy"}, {1: 3}, {0: 1234.5}, ((1, 2), (1, 4)))
        tables = {str(name) for (name,) in stored_rows(data, "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert not tables & {"clocks", "absences"}, "the JSON columns are gone"
        assert store.live_games() == [], "the game comes in from its file at the start"

        room = TableRoom(data, BotPool(), bot_delay=0, store=store)
        room.wall = lambda: 5000.0
        room.resume_saved()
        [table] = room.tables.values()
        assert table.game is not None and len(table.game.actions) == 3 and table.hints
        assert [line.text for line in table.chat.lines] == ["kept in schema 6"]
        assert table.clock is not None and tuple(table.clock.banks) == BANKS
        assert table.absence.stand_ins == {1: "easy"} and table.absence.stand_in_moves == {1: [4]}
        assert table.absence.bot_played == [(1, 2), (1, 4)] and table.absence.waited_at == {0: 1234.5}
        [row] = store.live_games()
        assert row.moves == 3 and row.record == read_save_bytes(data / "tables" / SAVE)
        await room.close()
        assert load_save(data / "tables" / SAVE).game.actions == table.game.actions
    finally:
        store.close()
