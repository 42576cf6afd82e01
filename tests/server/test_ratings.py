"""Ratings and history: the Elo rule against a hand-computed example, the store's record of finished
tables (once per save, both of two tables ending at once), rated tables played to the end on a server,
the lobby's ratings, and `codex-tui ratings`."""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
from pathlib import Path

import pytest

from codex_tui.cli import main
from codex_tui.client.hub_client import HubClient
from codex_tui.client.lobby import row_cells
from codex_tui.core import registry
from codex_tui.protocol import messages as p
from codex_tui.protocol.ratings import (
    RATINGS,
    REPLAY_FINISHED,
    BoardRow,
    PastSeat,
    PastTable,
    PlayerPage,
    parse_ratings_request,
    parse_record_id,
    ratings_request,
)
from codex_tui.server.history import NotInHistory, finished_record
from codex_tui.server.ratings import START, RatedSeat, new_ratings
from codex_tui.server.serve import GameServer
from codex_tui.server.store import Store
from codex_tui.server.store_rows import FinishedSeat, FinishedTable
from codex_tui.server.table import Table
from tests.server.harness import start_server, stored_rows, wait_until

INSTINKT = "instinkt"


# ------------------------------------------------------------- the rule


def test_two_players_at_the_start_move_sixteen_points() -> None:
    """E = ½ for equal ratings; K = 32 over one opponent: the winner +16, the loser −16."""
    after = new_ratings([RatedSeat(1500, 20, True, False), RatedSeat(1500, 15, False, False)])
    assert after == pytest.approx((1516.0, 1484.0))


def test_the_three_player_example_of_the_docs() -> None:
    """docs/ratings.md: Ada 1600 second, Bo 1500 third, a bot fixed at 1400 first.

    Ada: E vs Bo = 0.64006, vs the bot = 0.75975; S = 1 and 0; Σ(S − E) = −0.39981; × 32 / 2 → −6.397.
    Bo: E vs Ada = 0.35994, vs the bot = 0.64006; S = 0 and 0; Σ = −1.0; × 16 → −16.0. The bot stays."""
    seats = [RatedSeat(1600, 18, False, False), RatedSeat(1500, 12, False, False), RatedSeat(1400, 22, True, True)]
    assert new_ratings(seats) == pytest.approx((1593.603, 1484.0, 1400.0), abs=0.001)


def test_a_tie_break_win_beats_equal_points_and_a_shared_win_is_a_draw() -> None:
    tie_break = new_ratings([RatedSeat(1500, 20, True, False), RatedSeat(1500, 20, False, False)])
    assert tie_break == pytest.approx((1516.0, 1484.0))
    shared = new_ratings([RatedSeat(1600, 20, True, False), RatedSeat(1400, 20, True, False)])
    assert shared == pytest.approx((1591.688, 1408.312), abs=0.001)  # 32 × (½ − 0.75975): a draw costs the stronger


# ------------------------------------------------------------ the store


def finished(save: str, ada_wins: bool, rated: bool = True, bo: str = "human") -> FinishedTable:
    seats = (
        FinishedSeat("Ada", "human", 20 if ada_wins else 10, ada_wins),
        FinishedSeat("Bo" if bo == "human" else "Bot 2", bo, 10 if ada_wins else 20, not ada_wins, None),
    )
    return FinishedTable(save, f"tables/finished/{save}", INSTINKT, "{}", rated, "2026-12-03T10:00:00+00:00", seats)


def test_a_save_is_recorded_once_so_a_second_filing_moves_no_rating(tmp_path: Path) -> None:
    store = Store(tmp_path)
    try:
        assert store.finish_table(finished("a.msgpack", ada_wins=True)) == pytest.approx((1516.0, 1484.0))
        assert store.finish_table(finished("a.msgpack", ada_wins=True)) is None  # a restart files it again
        assert store.ratings() == pytest.approx({("ada", INSTINKT): 1516.0, ("bo", INSTINKT): 1484.0})
        assert [(row.name, round(row.rating), row.tables, row.wins) for row in store.leaderboard(INSTINKT)] == [
            ("Ada", 1516, 1, 1),
            ("Bo", 1484, 1, 0),
        ]
    finally:
        store.close()


def test_an_unrated_table_is_history_only_and_a_bots_only_one_is_not_kept(tmp_path: Path) -> None:
    store = Store(tmp_path)
    try:
        assert store.finish_table(finished("a.msgpack", ada_wins=True, rated=False)) == (None, None)
        assert store.ratings() == {}
        [played] = store.player_tables("ada", INSTINKT)
        shown = (played.path, played.rated, played.seat, played.rating_after)
        assert shown == ("tables/finished/a.msgpack", False, 0, None)
        assert [seat.name for seat in played.seats] == ["Ada", "Bo"]
        bots = FinishedTable("b.msgpack", "x", INSTINKT, "{}", True, "", (FinishedSeat("Bot 1", "bot:easy", 3, True),))
        assert store.finish_table(bots) is None
        assert stored_rows(tmp_path, "SELECT save FROM finished_tables") == [("a.msgpack",)]
    finally:
        store.close()


def test_a_bot_seat_plays_at_its_fixed_rating_and_keeps_it(tmp_path: Path) -> None:
    store = Store(tmp_path)
    try:
        table = finished("a.msgpack", ada_wins=True, bo="bot:hard")
        table = dataclasses.replace(table, seats=(table.seats[0], FinishedSeat("Bot 2", "bot:hard", 10, False, 1900.0)))
        assert store.finish_table(table) == (pytest.approx(START + 32 * (1 - 1 / 11)), None)  # E = 1 / (1 + 10)
        assert list(store.ratings()) == [("ada", INSTINKT)]
        seats = stored_rows(tmp_path, "SELECT name_key, rating_before, rating_after FROM finished_seats ORDER BY seat")
        assert seats[1] == (None, 1900.0, 1900.0)
    finally:
        store.close()


def test_two_tables_ending_at_once_in_two_processes_both_count(tmp_path: Path) -> None:
    """Each process has its own connection: the rating is read and written in one transaction, so the
    second table is rated from what the first left, never from the same starting value."""
    Store(tmp_path).close()
    stores = [Store(tmp_path), Store(tmp_path)]
    start = threading.Barrier(2)

    def finish(index: int) -> None:
        start.wait()
        stores[index].finish_table(finished(f"{index}.msgpack", ada_wins=True))

    try:
        threads = [threading.Thread(target=finish, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        second = 1516 + 32 * (1 - 1 / (1 + 10 ** ((1484 - 1516) / 400)))
        assert stores[0].ratings()[("ada", INSTINKT)] == pytest.approx(second)
        assert stored_rows(tmp_path, "SELECT tables FROM ratings WHERE name_key = 'ada'") == [(2,)]
    finally:
        for store in stores:
            store.close()


# -------------------------------------------------------- on a server


async def play_to_the_end(server: GameServer, table: Table) -> None:
    """Both seats take their first legal action until the game ends (the room checks and saves each)."""
    while not table.game.is_over:
        seat = table.module.players_to_act(table.game)[0]
        assert await server.room.act(table, seat, table.module.legal_actions_for(table.game, seat)[0])


async def lobby_seats(client: HubClient, table_id: int) -> list[tuple[str | None, int | None]]:
    message = await client.receive_type(p.LOBBY)
    while not any(row["id"] == table_id and row["state"] == "over" for row in message["tables"]):
        message = await client.receive_type(p.LOBBY)
    row = next(p.TableInfo.from_wire(row) for row in message["tables"] if row["id"] == table_id)
    assert "rated" in row_cells(row)[1]
    return [(seat.name, seat.rating) for seat in row.seats]


async def test_a_rated_table_played_to_the_end_moves_both_ratings_and_survives_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        ada = await HubClient.connect(server.hub.path, name="ada")
        await ada.receive_type(p.LOBBY)
        bo = await HubClient.connect(server.hub.path, name="bo")
        await bo.receive_type(p.LOBBY)
        ada.create(["open"], INSTINKT, {"draft": False}, rated=True)
        await wait_until(lambda: len(server.room.tables) == 1, what="the table")
        [table] = server.room.tables.values()
        bo.join(table.id)
        await wait_until(lambda: table.game is not None, what="the deal")
        await play_to_the_end(server, table)
        winners = registry.game_named(INSTINKT).winners(table.game)
        await wait_until(lambda: table.save_path is not None and table.save_path.parent.name == "finished")
        expected = {(0,): {0: 1516, 1: 1484}, (1,): {0: 1484, 1: 1516}}.get(winners, {0: 1500, 1: 1500})
        cy = await HubClient.connect(server.hub.path, name="cy")
        assert await lobby_seats(cy, table.id) == [("ada", expected[0]), ("bo", expected[1])]
        for client, seat in ((ada, 0), (bo, 1)):  # each player reads their own change, once
            told = await client.receive_type(p.NOTICE)
            change = f"{expected[seat] - 1500:+d}"
            assert told["text"] == f"Your rating at Instinkt: 1500 → {expected[seat]} ({change})"
        rows = stored_rows(data, "SELECT name, rating_before, rating_after FROM finished_seats ORDER BY seat")
        assert rows == [("ada", 1500.0, pytest.approx(expected[0])), ("bo", 1500.0, pytest.approx(expected[1]))]
        for client in (ada, bo, cy):
            await client.close()
    finally:
        await server.close()

    server = await start_server(data)
    try:
        assert round(server.room.rating("ada", INSTINKT)) == expected[0]
        assert round(server.room.rating("cy", INSTINKT)) == START
    finally:
        await server.close()


async def test_an_unrated_table_moves_no_rating_but_is_kept_in_the_history(server: GameServer) -> None:
    ada = await HubClient.connect(server.hub.path, name="ada")
    await ada.receive_type(p.LOBBY)
    ada.create(["bot:easy"], INSTINKT, {"draft": False})
    await wait_until(lambda: len(server.room.tables) == 1, what="the table")
    [table] = server.room.tables.values()
    await wait_until(lambda: table.game is not None, what="the deal")
    while not table.game.is_over:
        seats = [s for s in table.module.players_to_act(table.game) if not table.is_bot(s)]
        if seats:
            await server.room.act(table, 0, table.module.legal_actions_for(table.game, 0)[0])
        else:
            await wait_until(lambda seen=table.version: table.version != seen, what="the bot's move")
    await wait_until(lambda: stored_rows(server.data, "SELECT rated FROM finished_tables") == [(0,)])
    assert server.store.ratings() == {}
    await ada.close()


def test_a_rated_table_refuses_hints_and_a_seed() -> None:
    request = p.CreateRequest(INSTINKT, ("open",), {"draft": False}, None, rated=True)
    assert p.parse_create(p.create_message(request)) == request
    for extra in ({"hints": True}, {"seed": 4}):
        with pytest.raises(p.ProtocolError, match="rated"):
            p.parse_create({**p.create_message(request), **extra})


def test_the_ratings_command_prints_the_leaderboard(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", "--data", str(tmp_path)]) != 0
    assert "no server database" in capsys.readouterr().err
    store = Store(tmp_path)
    store.finish_table(finished("a.msgpack", ada_wins=False))
    store.close()
    assert main(["ratings", "--data", str(tmp_path), "--game", INSTINKT]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Instinkt: 2 rated players"
    assert lines[1].split() == ["1.", "Bo", "1516", "(1", "rated", "table,", "1", "won)"]
    assert lines[2].split()[:3] == ["2.", "Ada", "1484"]
    assert lines[3].startswith("      bots (fixed): easy ")


# ------------------------------------------------------ the ratings page


async def rated_instinkt_table(server: GameServer) -> tuple[Table, tuple[int, ...]]:
    """Ada and Bo play a rated Instinkt table to the end; returns it and its winners."""
    ada = await HubClient.connect(server.hub.path, name="ada")
    await ada.receive_type(p.LOBBY)
    bo = await HubClient.connect(server.hub.path, name="bo")
    await bo.receive_type(p.LOBBY)
    ada.create(["open"], INSTINKT, {"draft": False}, rated=True)
    await wait_until(lambda: len(server.room.tables) == 1, what="the table")
    [table] = server.room.tables.values()
    bo.join(table.id)
    await wait_until(lambda: table.game is not None, what="the deal")
    await play_to_the_end(server, table)
    await wait_until(lambda: table.save_path is not None and table.save_path.parent.name == "finished")
    for client in (ada, bo):
        await client.close()
    return table, registry.game_named(INSTINKT).winners(table.game)


async def test_a_players_page_lists_their_tables_and_any_of_them_opens_as_a_replay(server: GameServer) -> None:
    table, winners = await rated_instinkt_table(server)
    cy = await HubClient.connect(server.hub.path, name="cy")
    await cy.receive_type(p.LOBBY)
    cy.send(ratings_request(INSTINKT, "ada"))
    page = PlayerPage.from_wire(await cy.receive_type(RATINGS))
    ada_rating = round(server.room.rating("ada", INSTINKT))
    assert (page.name, page.rating, page.played, page.won) == ("ada", ada_rating, 1, int(0 in winners))  # shared: won
    assert page.history == (ada_rating,) and [t.rated for t in page.tables] == [True]
    assert [seat.name for seat in page.tables[0].seats] == ["ada", "bo"]
    assert sorted(row.name for row in page.board) == ["ada", "bo"]
    assert page.board[0].rating >= page.board[1].rating

    cy.send(ratings_request(INSTINKT))  # no name: cy's own page
    own = PlayerPage.from_wire(await cy.receive_type(RATINGS))
    assert (own.name, own.rating, own.played, own.tables) == ("cy", None, 0, ())

    cy.send({"t": REPLAY_FINISHED, "id": page.tables[0].id})
    record = await cy.receive_type(p.RECORD)
    replayed = registry.game_named(record["game"]).import_record(record["record"])
    assert replayed.is_over and replayed.actions == table.game.actions

    cy.send({"t": REPLAY_FINISHED, "id": page.tables[0].id + 1})
    notice = await cy.receive_type(p.NOTICE)
    assert "cannot be replayed" in notice["text"]
    await cy.close()


def test_a_history_row_pointing_outside_the_data_folder_is_not_read(tmp_path: Path) -> None:
    store = Store(tmp_path)
    try:
        store.finish_table(finished("a.msgpack", ada_wins=True))
        connection = sqlite3.connect(tmp_path / "server.sqlite3")
        connection.execute("UPDATE finished_tables SET path = '../../etc/passwd'")
        connection.commit()
        connection.close()
        with pytest.raises(NotInHistory, match="outside the data folder"):
            finished_record(store, tmp_path, 1)
        with pytest.raises(NotInHistory, match="no finished table 2"):
            finished_record(store, tmp_path, 2)
    finally:
        store.close()


@pytest.mark.parametrize("bad", [{"game": "chess"}, {"game": INSTINKT, "name": "../x"}, {"game": INSTINKT, "name": 3}])
def test_a_ratings_request_names_a_game_and_maybe_a_player(bad: dict[str, object]) -> None:
    with pytest.raises(p.ProtocolError):
        parse_ratings_request({"t": RATINGS, **bad})
    for wrong in (0, -1, True, "1", 2**62):
        with pytest.raises(p.ProtocolError):
            parse_record_id({"t": REPLAY_FINISHED, "id": wrong})


def test_a_page_reads_back_from_the_wire_and_a_malformed_one_is_refused() -> None:
    seats = (PastSeat("ada", "human", 12, True), PastSeat("Bot 2", "bot:hard", 9, False))
    page = PlayerPage(
        INSTINKT,
        "ada",
        1516,
        1,
        1,
        (1516,),
        (PastTable(4, "2026-12-03T10:00:00+00:00", True, 0, seats, 1516),),
        (BoardRow("ada", 1516, 1, 1),),
    )
    assert PlayerPage.from_wire(page.to_wire()) == page
    broken = page.to_wire() | {"tables": [[1, "x"]]}
    with pytest.raises(p.ProtocolError, match="malformed ratings page"):
        PlayerPage.from_wire(broken)
