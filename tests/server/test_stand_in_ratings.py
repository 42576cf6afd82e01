"""A rating only ever comes from its owner's own moves: a rated table where a bot is let play an absent
player's seat (gone past the wait, or out of time) is no longer rated, before the bot's first move, even if
the player comes back; the offer says so before anyone chooses. A player whose clock ran out is told at once,
and their moves count until someone answers. The clocks are the test's own."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from codex_tui.client.hub_client import HubClient
from codex_tui.protocol import messages as p
from codex_tui.server.absence import AWAY_LIVE
from codex_tui.server.live_rows import TableWrite
from codex_tui.server.serve import GameServer
from codex_tui.server.table import Table
from tests.server.harness import start_server, stored_rows, wait_until

INSTINKT = "instinkt"


class FakeTime:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def receive_until(client: HubClient, kind: str, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message of `kind` that passes `test` (the others are skipped)."""
    message = await client.receive_type(kind)
    while not test(message):
        message = await client.receive_type(kind)
    return message


async def rated_table(server: GameServer, **options: Any) -> tuple[Table, HubClient, HubClient]:
    """Ada and Bo at a rated Instinkt table, dealt, both connected and seated."""
    ada = await HubClient.connect(server.hub.path, name="ada")
    bo = await HubClient.connect(server.hub.path, name="bo")
    ada.create(["open"], INSTINKT, {"draft": False}, rated=True, **options)
    await wait_until(lambda: len(server.room.tables) == 1, what="the table")
    [table] = server.room.tables.values()
    bo.join(table.id)
    await wait_until(lambda: table.game is not None and table.online(0) and table.online(1), what="the deal")
    return table, ada, bo


async def play_out(server: GameServer, table: Table) -> None:
    """Ada (and Bo, when no bot plays for him) take their first legal action until the game ends; a bot
    standing in for Bo plays his moves."""
    while not table.game.is_over:
        humans = [s for s in table.module.players_to_act(table.game) if not table.bot_plays(s)]
        if humans:
            seat = humans[0]
            assert await server.room.act(table, seat, table.module.legal_actions_for(table.game, seat)[0])
        else:
            await wait_until(lambda seen=table.version: table.version != seen, what="the bot's move")


async def filed_unrated(server: GameServer, table: Table) -> None:
    """The table ended, was kept in the history as not rated, and moved nobody's rating."""
    await wait_until(lambda: table.save_path is not None and table.save_path.parent.name == "finished")
    assert stored_rows(server.data, "SELECT rated FROM finished_tables") == [(0,)]
    assert stored_rows(server.data, "SELECT rating_after FROM finished_seats") == [(None,), (None,)]
    assert server.store.ratings() == {}


async def bo_away_and_offered(server: GameServer, table: Table, bo: HubClient) -> None:
    """Bo leaves on his move and waits past the table's limit: the others are offered his seat."""
    clock = FakeTime(time.time())
    server.room.wall = clock
    assert await server.room.act(table, 0, table.module.legal_actions_for(table.game, 0)[0])
    await bo.close()
    await wait_until(lambda: not table.online(1), what="Bo gone")
    clock.now += AWAY_LIVE + 1
    server.room.check_absences()
    assert table.offered == (1,)


async def test_a_stand_in_ends_the_rating_before_it_moves_and_the_offer_says_so(server: GameServer) -> None:
    table, ada, bo = await rated_table(server)
    await bo_away_and_offered(server, table, bo)
    offer = await receive_until(ada, p.TABLE, lambda m: "absent" in m)
    assert offer["rated"] is True  # the offer's screen says a bot would end the rating (test_absent_offer)

    ada.send({"t": p.STAND_IN, "seat": 1, "level": "easy"})
    told = await receive_until(ada, p.NOTICE, lambda m: "bot" in m["text"])
    assert told["text"] == "ada let a bot (easy) play for bo until they are back; this table is no longer rated"
    assert not table.rated
    after = await receive_until(ada, p.TABLE, lambda m: "absent" not in m)
    assert after["rated"] is False
    [row] = server.room.infos("cy")
    assert not row.rated  # the lobby lists it as not rated from now on
    await play_out(server, table)
    await filed_unrated(server, table)
    assert table.absence.bot_played  # the bot did play for Bo
    await ada.close()


async def test_a_table_stays_unrated_when_the_absent_player_comes_back(server: GameServer) -> None:
    table, ada, bo = await rated_table(server)
    await bo_away_and_offered(server, table, bo)
    ada.send({"t": p.STAND_IN, "seat": 1, "level": "easy"})
    await wait_until(lambda: table.absence.bot_played != [], what="the bot's move for Bo")
    bo = await HubClient.connect(server.hub.path, name="bo")
    bo.join(table.id)
    await wait_until(lambda: not table.bot_plays(1), what="Bo back in his seat")
    await play_out(server, table)
    await filed_unrated(server, table)
    for client in (ada, bo):
        await client.close()


async def test_the_unrated_table_survives_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        table, ada, bo = await rated_table(server)
        await bo_away_and_offered(server, table, bo)
        ada.send({"t": p.STAND_IN, "seat": 1, "level": "easy"})
        await wait_until(lambda: not table.rated, what="the stand-in")
        await ada.close()
    finally:
        await server.close()
    server = await start_server(data)
    try:
        [table] = server.room.tables.values()
        assert not table.rated and table.absence.stand_ins == {1: "easy"}
    finally:
        await server.close()


async def test_a_rated_table_saved_with_stand_in_moves_by_an_earlier_version_resumes_unrated(tmp_path: Path) -> None:
    """A data folder of the version before this rule: rated in its options, a bot's moves in its absences."""
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        table, ada, bo = await rated_table(server)
        assert await server.room.act(table, 0, table.module.legal_actions_for(table.game, 0)[0])
        assert table.save_path is not None
        server.store.commit_table(TableWrite(table.save_path.name, bot_moves=((1, 2),)))  # a bot played move 2
        for client in (ada, bo):
            await client.close()
    finally:
        await server.close()
    server = await start_server(data)
    try:
        [table] = server.room.tables.values()
        assert not table.rated
    finally:
        await server.close()


async def test_a_player_out_of_time_is_told_at_once_their_moves_count_until_a_bot_takes_the_seat(
    server: GameServer,
) -> None:
    mono = FakeTime(1000.0)
    server.room.mono = mono
    server.room.wall = lambda: 0.0  # nobody is away long enough: only the clock makes an offer
    table, ada, bo = await rated_table(server, clock=(5, 3))
    assert await server.room.act(table, 0, table.module.legal_actions_for(table.game, 0)[0])
    assert table.clock is not None and table.clock.running == (1,)
    mono.now += 5 * 60 + 1  # Bo's five minutes are gone
    server.room.check_absences()
    assert table.offered == (1,)
    told = await receive_until(bo, p.TABLE, lambda m: "time_out" in m)
    assert told["time_out"].startswith("Your time has run out. Your moves still count until another player chooses")
    assert "absent" not in told  # his own seat is not offered to him
    offer = await receive_until(ada, p.TABLE, lambda m: "absent" in m)
    assert offer["absent"][0][3] == "clock" and offer["rated"] is True
    spectator = await HubClient.connect(server.hub.path, name="cy")
    spectator.watch(table.id)
    seen = await spectator.receive_type(p.TABLE)
    assert "time_out" not in seen and "absent" not in seen

    # Nobody has answered: Bo's move counts (the rule both screens state).
    moves = len(table.game.actions)
    assert await server.room.act(table, 1, table.module.legal_actions_for(table.game, 1)[0])
    assert len(table.game.actions) == moves + 1
    while 1 not in table.to_act():
        assert await server.room.act(table, 0, table.module.legal_actions_for(table.game, 0)[0])
    server.room.check_absences()
    assert table.offered == ()  # his move earned him the increment: 2 s
    mono.now += 3
    server.room.check_absences()
    assert table.offered == (1,)  # out again at his next move: offered again
    ada.send({"t": p.STAND_IN, "seat": 1, "level": "easy"})
    await wait_until(lambda: not table.rated and table.bot_plays(1), what="the stand-in")
    await play_out(server, table)
    await filed_unrated(server, table)
    for client in (ada, bo, spectator):
        await client.close()


async def test_the_room_looks_as_a_clock_runs_out_not_only_every_tick(server: GameServer) -> None:
    mono = FakeTime(1000.0)
    server.room.mono = mono
    table, ada, bo = await rated_table(server, clock=(5, 3))
    assert table.clock is not None
    assert server.room._next_clock_out() <= 5 * 60 + 0.1  # the watch wakes as the first clock ends
    mono.now += 5 * 60 + 1
    assert server.room._next_clock_out() == float("inf")  # both out: the next look is the tick's
    for client in (ada, bo):
        await client.close()
