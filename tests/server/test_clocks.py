"""Clocks at real-time tables: a bank per player plus an increment, ticking only for the seats to act,
kept across a restart; out of time, the others are offered a bot. The time source is the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex_tui.client.clock_reading import ClockReading, clock_text
from codex_tui.client.hub_client import HubClient
from codex_tui.protocol import messages as p
from codex_tui.protocol.table_state import SeatClock
from codex_tui.server.clocks import Clock
from codex_tui.server.live_rows import KeptClock, json_clock
from tests.server.harness import start_server, wait_until

INSTINKT = "instinkt"


class FakeMonotonic:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_clock_ticks_only_for_the_seats_to_act_and_adds_the_increment() -> None:
    clock = Clock.new(5, 3, 2, running=(0, 1), now=0.0)  # both choose at once
    assert clock.left(0, 10.0) == 290.0 and clock.left(1, 10.0) == 290.0
    clock.moved(0, 10.0, running=(1,))  # seat 0 chose: +3, its clock stops
    assert clock.left(0, 50.0) == 293.0 and clock.left(1, 50.0) == 250.0
    assert clock.out(299.0) == () and clock.out(300.0) == (1,)  # 290 s left at 10 s: out at 300 s
    kept = Clock.from_kept(clock.kept(), now=7.0)
    assert kept.banks == [293.0, 290.0] and kept.running == () and kept.mark == 7.0
    assert json_clock('{"minutes": 5, "increment": 3, "banks": [1, 2.5]}') == KeptClock(5, 3, (1.0, 2.5))
    assert json_clock('{"banks": "x"}') is None  # an earlier version's unreadable clock: none


def test_the_app_counts_down_from_what_it_was_sent() -> None:
    reading = ClockReading.of((SeatClock(0, 65, True), SeatClock(1, 300, False)), now=100.0)
    assert reading.tags(("", ""), 107.5) == ("0:57", "5:00")
    assert reading.tags(("", "away"), 200.0) == ("0:00", "away")  # out, and an away player keeps 'away'
    assert ClockReading.of((), 0.0).tags(("", "easy"), 5.0) == ("", "easy")
    assert clock_text(3599) == "59:59"


async def test_clocks_travel_to_the_players_survive_a_restart_and_time_out(tmp_path: Path) -> None:
    request = p.CreateRequest(INSTINKT, ("open",), {"draft": False}, None, clock=(5, 3))
    assert p.parse_create(p.create_message(request)).clock == (5, 3)
    for bad in ([5, 4], [5, 3, 1], "5+3"):
        with pytest.raises(p.ProtocolError, match="clock"):
            p.parse_create({**p.create_message(request), "clock": bad})
    with pytest.raises(p.ProtocolError, match="clock"):  # a turn-based table has no clock
        p.parse_create({**p.create_message(request), "pace": p.TURNS})

    data = tmp_path / "data"
    server = await start_server(data)
    mono = FakeMonotonic()
    server.room.mono = mono
    try:
        ada = await HubClient.connect(server.hub.path, name="ada")
        bo = await HubClient.connect(server.hub.path, name="bo")
        ada.create(["open"], INSTINKT, {"draft": False}, clock=(5, 3))
        await wait_until(lambda: len(server.room.tables) == 1, what="the table")
        [table] = server.room.tables.values()
        bo.join(table.id)
        await wait_until(lambda: table.clock is not None, what="the deal and its clock")
        mono.now += 10
        assert await server.room.act(table, 0, table.module.legal_actions_for(table.game, 0)[0])
        message = await ada.receive_type(p.TABLE)
        while [0, 293, False] not in message.get("clocks", []):  # the state after her move
            message = await ada.receive_type(p.TABLE)
        assert message["clocks"] == [[0, 293, False], [1, 290, True]]
        for client in (ada, bo):
            await client.close()
    finally:
        await server.close()

    server = await start_server(data)
    mono = FakeMonotonic()
    server.room.mono = mono
    server.room.wall = lambda: 0.0  # nobody is away long enough: only the clock can make an offer
    try:
        [table] = server.room.tables.values()
        assert table.clock is not None and table.clock.banks == [293.0, 290.0]
        table.clock.restart(mono(), (1,))
        mono.now += 289
        server.room.check_absences()
        assert table.offered == ()
        mono.now += 2
        server.room.check_absences()
        assert table.offered == (1,) and server.room.clock_out(table) == (1,)
    finally:
        await server.close()
