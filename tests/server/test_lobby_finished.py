"""Finished tables: listed after every live one, opened as replays; the new-table form starts on its first field."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from codex_tui.client.hub_client import HubClient
from codex_tui.games.instinkt import record as instinkt_record
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.wire import decode_view as decode_instinkt_view
from codex_tui.protocol import messages as p
from codex_tui.server.serve import GameServer
from codex_tui.server.table import Table
from tests.server.harness import FORM_TITLE, Terminal, open_terminal, start_server, stored_rows, wait_until


async def hello(server: GameServer, name: str) -> HubClient:
    client = await HubClient.connect(server.hub.path, name=name)
    await client.receive_type(p.LOBBY)
    return client


async def finish_an_instinkt_game(server: GameServer, ada: HubClient) -> Table:
    """ada against an easy bot, her first legal move each time, to the end."""
    ada.create(["bot:easy"], "instinkt", {"draft": False}, seed=3)
    message = await ada.receive_type(p.TABLE)
    table = server.room.get(message["table"])
    while "result" not in message:
        view = decode_instinkt_view(message["view"])
        if view.legal_actions and len(table.game.log) == len(view.log):
            ada.act(view.legal_actions[0], "instinkt")
        message = await ada.receive_type(p.TABLE, timeout=60)
    ada.leave()
    return table


async def test_finished_tables_come_last_and_send_their_record(server: GameServer) -> None:
    ada = await hello(server, "ada")
    finished = await finish_an_instinkt_game(server, ada)
    bo = await hello(server, "bo")
    bo.create(["open"], "codex-naturalis", {"target_score": 20})
    waiting = (await bo.receive_type(p.WAITING))["table"]["id"]
    await wait_until(lambda: len(server.room.tables) == 2, what="bo's table")
    assert [info.id for info in server.room.infos("ada")] == [waiting, finished.id]  # her own finished one last

    ada.send({"t": p.REPLAY, "table": finished.id})
    record = await ada.receive_type(p.RECORD)
    assert record["game"] == "instinkt" and record["table"] == finished.id
    assert instinkt_record.import_record(record["record"]) == finished.game  # the whole game, hands included
    ada.send({"t": p.REPLAY, "table": waiting})  # nothing to replay yet
    assert "not finished" in (await ada.receive_type(p.NOTICE))["text"]
    for client in (ada, bo):
        await client.close()


async def test_enter_on_a_finished_table_opens_its_replay(server: GameServer, terminals: list[Terminal]) -> None:
    ada = await hello(server, "ada")
    table = await finish_an_instinkt_game(server, ada)
    await ada.close()
    assert isinstance(table.game, instinkt.Game)
    bo = await open_terminal(terminals, server.port, "ada")  # her own table: no ▶ once it is over
    shown = await bo.wait_for(f"✓ #{table.id}")
    (row,) = [line.replace("\xa0", " ") for line in shown.splitlines() if f"#{table.id}" in line]
    assert "finished:" in row and "▶" not in row and "away" not in row and "ada (1500), Bot 2 (easy, " in row
    await bo.press("enter")
    await bo.wait_for("Play/pause")  # the replay viewer
    await bo.press("b")  # no "play from here" over the network
    await bo.press("right")
    await bo.wait_for(lambda text: "Play/pause" in text and "Play from here" not in text)
    await bo.press("q")
    await bo.wait_for(f"✓ #{table.id}")


async def test_the_new_table_form_starts_on_the_game_not_on_create(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    await ada.press("n")
    await ada.wait_for(FORM_TITLE)
    await ada.press("enter")  # opens the game list; does not create a table
    await ada.wait_for("Instinkt (2 players")
    await ada.press("escape")  # closes the list
    await ada.wait_for(lambda text: FORM_TITLE in text and "Instinkt (2 players" not in text)
    await ada.press("escape")  # leaves the form
    await ada.wait_for("No tables yet")
    assert not server.room.tables


async def test_a_table_keeps_its_number_and_the_finished_ones_stay_listed_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        ada = await hello(server, "ada")
        finished = await finish_an_instinkt_game(server, ada)  # table 1, over
        bo = await hello(server, "bo")
        bo.create(["open"], "codex-naturalis", {"target_score": 20})
        waiting = (await bo.receive_type(p.WAITING))["table"]["id"]  # table 2, waiting for a player
        cy = await hello(server, "cy")
        cy.create(["bot:easy"], "instinkt", {"draft": False})
        playing = (await cy.receive_type(p.TABLE))["table"]  # table 3, under way
        assert (finished.id, waiting, playing) == (1, 2, 3)
        for client in (ada, bo, cy):
            await client.close()
    finally:
        await server.close()

    server = await start_server(data)
    try:
        listed = {info.id: info.state for info in server.room.infos("dan")}
        assert listed == {1: "over", 2: "waiting", 3: "playing"}
        over = server.room.get(1)
        assert over.game is not None and over.game.is_over and over.save_path is not None
        assert over.record_message()["record"] == finished.module.export_record(finished.game)
        dan = await hello(server, "dan")
        dan.create(["bot:easy"], "instinkt", {"draft": False})
        assert (await dan.receive_type(p.TABLE))["table"] == 4  # a new number, after every kept one
        await dan.close()
    finally:
        await server.close()


async def test_a_data_folder_from_before_table_numbers_opens_and_numbers_its_tables(tmp_path: Path) -> None:
    """A folder as the version before migration 6 left it (no number columns): its tables get numbers at the
    first start and keep them from then on."""
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        cy = await hello(server, "cy")
        for _table in range(2):
            cy.create(["bot:easy"], "instinkt", {"draft": False})
            await cy.receive_type(p.TABLE)
            cy.leave()
        await cy.close()
    finally:
        await server.close()
    with sqlite3.connect(data / "server.sqlite3") as connection:  # back to schema version 5
        for table in ("table_options", "waiting_tables", "finished_tables"):
            connection.execute(f"ALTER TABLE {table} DROP COLUMN number")
        for table in ("live_games", "table_clocks", "clock_banks", "absent_seats", "bot_moves"):
            connection.execute(f"DROP TABLE {table}")
        connection.execute("CREATE TABLE absences (save TEXT PRIMARY KEY, data TEXT NOT NULL)")
        connection.execute("CREATE TABLE clocks (save TEXT PRIMARY KEY, data TEXT NOT NULL)")
        connection.execute("DELETE FROM schema_migrations WHERE version >= 6")
    connection.close()

    numbers = []
    for _start in range(2):
        server = await start_server(data)
        try:
            numbers.append(sorted(info.id for info in server.room.infos("dan")))
            assert stored_rows(data, "SELECT max(version) FROM schema_migrations") == [(7,)]
        finally:
            await server.close()
    assert numbers[0] == numbers[1] and len(numbers[0]) == 2
