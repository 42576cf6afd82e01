"""What a table keeps when writes fail or calls cross: a stand-in's move written on a retry, a move that
waited while its players ended the table, a save file that cannot be written again at a start.

Each runs a `TableRoom` on its own data folder (no hub, no SSH): `move_killer.REQUEST`'s seeded table.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from codex_tui.server import table_keeper, tables
from codex_tui.server.botpool import BotPool
from codex_tui.server.store import Store
from codex_tui.server.table import FINISHED_DIR, Table
from codex_tui.server.tables import TableError, TableRoom
from codex_tui.storage.saves import SaveError, write_save_bytes
from tests.server.move_killer import REQUEST
from tests.waiting import wait_until


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "RETRY_FIRST", 0.01)
    monkeypatch.setattr(tables, "RETRY_MOST", 0.05)


async def started(data: Path) -> tuple[TableRoom, Store, Table]:
    """A room on `data` with ada and bo at the seeded table, after the deal and one round of moves."""
    store = Store(data)
    room = TableRoom(data, BotPool(), bot_delay=0, store=store)
    room.resume_saved()
    table = await room.create("ada", REQUEST)
    await room.join("bo", table.id)
    for seat in table.module.players_to_act(table.game):
        await room.act(table, seat, table.module.legal_actions_for(table.game, seat)[0])
    return room, store, table


async def closed(room: TableRoom, store: Store) -> None:
    await room.close()
    await room.bots.close()
    store.close()


async def test_a_stand_in_move_written_only_on_a_retry_is_still_the_stand_in_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    room, store, table = await started(tmp_path / "data")
    try:
        failing = {"left": 1}

        def write_once_refused(path: Path, data: bytes) -> None:
            if failing["left"]:
                failing["left"] -= 1
                raise SaveError(path, "could not be written ({error})", "check the folder", error="No space")
            write_save_bytes(path, data)

        while 1 not in table.module.players_to_act(table.game):  # bo's move next, so the bot's
            await room.act(table, 0, table.module.legal_actions_for(table.game, 0)[0])
        monkeypatch.setattr(table_keeper, "write_save_bytes", write_once_refused)
        table.offered = (1,)
        room.stand_in(table, "ada", 1, "easy")
        await wait_until(lambda: table.absence.stand_in_moves.get(1), what="the stand-in's move, written on a retry")
        assert failing["left"] == 0, "the first write of its move was refused"
        [number] = table.absence.stand_in_moves[1]
        assert table.game.actions[number - 1].player == 1 and (1, number) in table.absence.bot_played
        assert (1, number) in store.kept_absence(table.save_path.name).bot_moves
    finally:
        await closed(room, store)


async def test_a_move_that_waited_while_the_table_was_ended_is_refused_and_not_resumed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    room, store, table = await started(data)
    try:
        seat = next(iter(table.module.players_to_act(table.game)))
        table.offered = (1 - seat,)
        legal = table.module.legal_actions_for(table.game, seat)[0]
        ending = room.end_table(table, table.names[seat], 1 - seat)  # called first: it takes the lock first
        results = await asyncio.gather(ending, room.act(table, seat, legal), return_exceptions=True)
        assert results[0] is None and isinstance(results[1], TableError), results
    finally:
        await closed(room, store)
    store = Store(data)
    room = TableRoom(data, BotPool(), bot_delay=0, store=store)
    try:
        room.resume_saved()
        assert [t for t in room.tables.values() if t.state != "over"] == []
        assert store.live_games() == [] and list((data / "tables").glob("*.msgpack")) == []
        assert len(list((data / "tables" / FINISHED_DIR).glob("*.msgpack"))) == 1
    finally:
        await closed(room, store)


async def test_a_table_whose_file_cannot_be_written_again_at_a_start_resumes_from_its_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    room, store, table = await started(data)
    moves = len(table.game.actions)
    await closed(room, store)
    assert table.save_path is not None
    table.save_path.unlink()  # as a kill between the commit and the file would leave it

    def refused(path: Path, data: bytes) -> None:
        raise SaveError(path, "could not be written ({error})", "check the folder", error="Read-only")

    monkeypatch.setattr(table_keeper, "write_save_bytes", refused)
    store = Store(data)
    room = TableRoom(data, BotPool(), bot_delay=0, store=store)
    try:
        room.resume_saved()
        [resumed] = room.tables.values()
        assert resumed.game is not None and len(resumed.game.actions) == moves
    finally:
        await closed(room, store)
