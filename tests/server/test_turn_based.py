"""Turn-based tables: the option travels create -> table -> lobby and survives a restart; the lobby lists
first the tables where it is your move ("your move · 5 min"), and a player coming in is told how many wait."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from codex_tui.client.hub_client import HubClient
from codex_tui.client.lobby import row_cells
from codex_tui.protocol import messages as p
from tests.server.harness import start_server, wait_until

INSTINKT = "instinkt"


def test_the_pace_reads_back_and_an_unknown_one_is_refused() -> None:
    request = p.CreateRequest(INSTINKT, ("open",), {"draft": False}, None, pace=p.TURNS)
    assert p.parse_create(p.create_message(request)) == request
    assert p.parse_create({"game": INSTINKT, "seats": ["open"], "variant": {}}).pace == p.LIVE
    with pytest.raises(p.ProtocolError, match="pace"):
        p.parse_create({**p.create_message(request), "pace": "blitz"})


async def lobby_of(server_path: Path, name: str) -> tuple[list[p.TableInfo], list[str]]:
    """What `name` reads on coming in: the lobby's rows and the notices. A language request sent once the
    first lobby is in is answered by a second one: every notice said on coming in is in before it."""
    client = await HubClient.connect(server_path, name=name)
    notices: list[str] = []
    lobbies: list[list[p.TableInfo]] = []
    while len(lobbies) < 2:
        message = await client.receive()
        assert message is not None
        if message["t"] == p.NOTICE:
            notices.append(str(message["text"]))
        elif message["t"] == p.LOBBY:
            lobbies.append([p.TableInfo.from_wire(row) for row in message["tables"]])
            if len(lobbies) == 1:
                client.send({"t": p.LANGUAGE, "lang": "en"})
    await client.close()
    return lobbies[-1], notices


async def test_your_move_comes_first_and_is_told_on_coming_in_even_after_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        ada = await HubClient.connect(server.hub.path, name="ada")
        await ada.receive_type(p.LOBBY)
        ada.create(["open"], INSTINKT, {"draft": False})  # table 1: waits for a player; nobody's move
        await wait_until(lambda: len(server.room.tables) == 1, what="the first table")
        ada.send({"t": p.LEAVE})  # back to the lobby, her seat given up: the table goes
        await wait_until(lambda: not server.room.tables, what="the first table gone")
        cy = await HubClient.connect(server.hub.path, name="cy")
        cy.create(["open"], INSTINKT, {"draft": False})  # cy's table waits for a player
        bo = await HubClient.connect(server.hub.path, name="bo")
        bo.create(["open"], INSTINKT, {"draft": False}, pace=p.TURNS)
        await wait_until(lambda: len(server.room.tables) == 2, what="both tables")
        turns = next(t for t in server.room.tables.values() if t.pace == p.TURNS)
        ada.join(turns.id)
        await wait_until(lambda: turns.game is not None, what="the deal")
        for client in (ada, bo, cy):
            await client.close()
    finally:
        await server.close()

    save = turns.save_path
    assert save is not None
    an_hour_ago = time.time() - 3600
    os.utime(save, (an_hour_ago, an_hour_ago))  # the last move, as the save's time says
    server = await start_server(data)
    try:
        resumed = next(t for t in server.room.tables.values() if t.game is not None)
        assert resumed.pace == p.TURNS and resumed.turn_since == pytest.approx(an_hour_ago)
        rows, notices = await lobby_of(server.hub.path, "ada")
        assert rows[0].id == resumed.id and rows[0].pace == p.TURNS  # before cy's table, whose id is lower
        assert "your move · 1 hr" in row_cells(rows[0], "ada")[3]
        assert "turn-based" in row_cells(rows[0], "ada")[1]
        assert notices == ["1 table waits for your move: it is listed first."]
        rows, notices = await lobby_of(server.hub.path, "di")  # not seated anywhere
        assert notices == [] or "waits for your move" not in notices[0]
    finally:
        await server.close()
