"""Hints at network tables: the creator's option travels create -> table -> lobby -> play screen;
the end screen's review opens the finished table's replay with the player's seat reviewed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from codex_tui.client.app import RemoteApp
from codex_tui.client.hub_client import HubClient
from codex_tui.client.lobby import row_cells
from codex_tui.client.waiting_room import WaitingScreen
from codex_tui.core.advice import HINT_LEVEL, SLOW_HINT_LEVEL
from codex_tui.games.codex import wire as codex_wire
from codex_tui.games.codex.module import CODEX as CODEX_MODULE
from codex_tui.games.codex.rules import SPECTATOR, result, view
from codex_tui.games.codex.ui import CodexUI
from codex_tui.games.codex.ui.end import EndScreen
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.instinkt.wire import decode_view as decode_instinkt_view
from codex_tui.protocol import messages as p
from codex_tui.server.serve import GameServer
from codex_tui.ui.screens import review as review_screen
from codex_tui.ui.screens.game_over import GameOverBar
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.screens.review import ReviewScreen
from tests.app.test_screens_end import codex_history
from tests.server.harness import (
    FORM_TITLE,
    WAIT,
    Terminal,
    choose_setup_by_keys,
    create_table_by_keys,
    only_table,
    open_terminal,
    ready_to_place,
    start_server,
    stored_rows,
    wait_until,
)

CODEX, INSTINKT = "codex-naturalis", "instinkt"
REFUSAL = "Hints are off at this table"


async def hello(server: GameServer, name: str) -> HubClient:
    client = await HubClient.connect(server.hub.path, name=name)
    await client.receive_type(p.LOBBY)
    return client


# ------------------------------------------------------------- the option


@pytest.mark.parametrize("hints", [True, False])
def test_the_hints_option_reads_back_from_create_and_table_info(hints: bool) -> None:
    request = p.CreateRequest(CODEX, ("open",), {"target_score": 20}, 5, hints)
    assert p.parse_create(p.create_message(request)) == request
    info = p.TableInfo(1, "waiting", CODEX, {"target_score": 20}, (), "waiting for 1 player", True, hints)
    assert p.TableInfo.from_wire(info.to_wire()) == info
    assert ("hints" in row_cells(info)[1]) is hints


def test_a_peer_that_does_not_know_hints_gets_them_off() -> None:
    """An older client's create and an older server's lobby row have no `hints`: off."""
    assert p.parse_create({"game": CODEX, "seats": ["open"], "variant": {}}).hints is False
    row = p.TableInfo(1, "waiting", CODEX, {"target_score": 20}, (), "", False, True).to_wire()
    del row["hints"]
    assert p.TableInfo.from_wire(row).hints is False
    for bad in ("yes", 1, None):
        with pytest.raises(p.ProtocolError, match="hints"):
            p.parse_create({"game": CODEX, "seats": ["open"], "variant": {}, "hints": bad})


async def test_a_table_keeps_its_hints_option_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        server.room.bot_delay = 60  # the bot never moves: both games stay live
        ada, bo, cy = [await hello(server, name) for name in ("ada", "bo", "cy")]
        ada.create(["bot:random"], CODEX, {"target_score": 20}, seed=3, hints=True)
        assert (await ada.receive_type(p.TABLE))["hints"] is True
        bo.create(["bot:random"], CODEX, {"target_score": 20}, seed=4)
        assert (await bo.receive_type(p.TABLE))["hints"] is False
        await wait_until(lambda: len(server.room.tables) == 2, what="both tables")
        rows = {row["id"]: row for row in (await cy.receive_type(p.LOBBY))["tables"]}
        by_name = {t.names[0]: t for t in server.room.tables.values()}
        assert rows[by_name["ada"].id]["hints"] is True and rows[by_name["bo"].id]["hints"] is False
        options = set(stored_rows(data, "SELECT save, hints, number FROM table_options"))
        assert options == {(t.save_path.name, int(t.hints), t.id) for t in by_name.values()}  # each with its number
        for client in (ada, bo, cy):
            await client.close()
    finally:
        await server.close()

    server = await start_server(data)
    try:
        resumed = {t.names[0]: t for t in server.room.tables.values()}
        assert resumed["ada"].hints is True and resumed["bo"].hints is False
        ada = await HubClient.connect(server.hub.path, name="ada")
        ada.join(resumed["ada"].id)
        assert (await ada.receive_type(p.TABLE))["hints"] is True
        await ada.close()
    finally:
        await server.close()


async def test_a_finished_table_leaves_no_options_file(server: GameServer) -> None:
    ada = await hello(server, "ada")
    ada.create(["bot:easy"], INSTINKT, {"draft": False}, seed=3, hints=True)
    message = await ada.receive_type(p.TABLE)
    table = server.room.get(message["table"])
    assert table.hints and table.save_path is not None
    assert server.store.table_options(table.save_path.name) == (True, False, False, "live", None, table.id)
    while "result" not in message:
        seat_view = decode_instinkt_view(message["view"])
        if seat_view.legal_actions and len(table.game.log) == len(seat_view.log):
            ada.act(seat_view.legal_actions[0], INSTINKT)
        message = await ada.receive_type(p.TABLE, timeout=60)
    assert message["hints"] is True and table.save_path.parent.name == "finished"
    assert stored_rows(server.data, "SELECT save FROM table_options") == []  # a finished game is never resumed
    await ada.close()


# ------------------------------------------------------ over SSH, by keys


async def test_the_creator_allows_hints_in_the_form_and_everyone_sees_it(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    bo = await open_terminal(terminals, server.port, "bo")
    await ada.press("n")
    await ada.wait_for(FORM_TITLE)
    await ada.press("escape")
    await ada.wait_for(lambda text: "No tables yet" in text and FORM_TITLE not in text)
    await create_table_by_keys(ada, ["open"], seed=9, hints=True)
    await ada.wait_for("Hints allowed: ! on your turn")  # the waiting room
    assert only_table(server).hints
    shown = await bo.wait_for(lambda text: "#1" in text and "hints" in text)
    (row,) = [line for line in shown.splitlines() if "#1" in line]
    assert "Codex to 20 · hints" in row
    assert "may ask for hints" in " ".join(shown.split())  # the lobby's line (wrapped) says what the mark means


async def test_at_a_table_without_hints_the_hint_key_is_refused(server: GameServer, terminals: list[Terminal]) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    await create_table_by_keys(ada, ["bot:random"], seed=9)
    await choose_setup_by_keys(ada)
    table = only_table(server)
    assert not table.hints
    await wait_until(lambda: table.game is not None and table.game.current == 0, what="ada's turn")
    await ada.wait_for(ready_to_place)
    mark = len(ada.received)
    await ada.press("!")
    await ada.wait_for_output(REFUSAL, since=mark)
    assert "looking for a hint" not in ada.new_text().lower()


async def test_at_a_table_with_hints_the_hint_is_the_move_enter_sends(
    server: GameServer, terminals: list[Terminal]
) -> None:
    """The hint is worked out in the player's app from the view it was sent, and is the move the
    search finds from the seat's view on the server; enter plays it and the server accepts it."""
    ada = await open_terminal(terminals, server.port, "ada")
    await create_table_by_keys(ada, ["bot:random"], seed=9, hints=True)
    await choose_setup_by_keys(ada)
    table = only_table(server)
    assert table.hints
    await wait_until(lambda: table.game is not None and table.game.current == 0, what="ada's turn")
    await ada.wait_for(ready_to_place)
    expected = CODEX_MODULE.hint(view(table.game, 0))
    before = len(table.game.log)
    await ada.press("!")
    await ada.wait_for("Hint: ")
    await ada.press("enter")
    await wait_until(lambda: len(table.game.log) > before, what="the hinted move")
    assert table.game.actions[-1] == expected.action


# ------------------------------------------------- the remote app itself


async def test_the_play_screen_allows_hints_as_its_table_does(server: GameServer) -> None:
    app = RemoteApp(server.hub.path, name="ada")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(lambda: app.place == "lobby", what="the lobby")
        for hints in (True, False, True):
            app.send(p.create_message(p.CreateRequest(CODEX, ("bot:random",), {"target_score": 20}, 1, hints)))
            await wait_until(lambda: app.place == "table" and app.game_screen is not None, what="the table")
            screen = app.game_screen
            assert isinstance(screen, PlayScreen) and screen.hints_allowed is hints
            app.send({"t": p.LEAVE})
            await wait_until(lambda: app.place == "lobby", what="the lobby again")
        await pilot.pause()


async def test_the_waiting_room_says_whether_hints_are_allowed(server: GameServer) -> None:
    app = RemoteApp(server.hub.path, name="ada")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(lambda: app.place == "lobby", what="the lobby")
        app.send(p.create_message(p.CreateRequest(CODEX, ("open",), {"target_score": 20}, None, True)))
        await wait_until(lambda: isinstance(app.screen, WaitingScreen), what="the waiting room")
        await pilot.pause()
        assert "Hints allowed" in str(app.screen.query_one("#waiting-text").render())


@pytest.mark.parametrize(("pace", "level"), [(p.LIVE, HINT_LEVEL), (p.TURNS, SLOW_HINT_LEVEL)])
async def test_a_tables_pace_sets_the_level_its_hints_ask(server: GameServer, pace: str, level: str) -> None:
    """Where the others wait (real time) hints stay quick (hard); at a turn-based table nobody waits,
    so `!` asks the stronger expert, and the waiting room names the level the play screen asks."""
    assert (HINT_LEVEL, SLOW_HINT_LEVEL) == ("hard", "expert")
    app = RemoteApp(server.hub.path, name="ada")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(lambda: app.place == "lobby", what="the lobby")
        app.send(p.create_message(p.CreateRequest(CODEX, ("open",), {"target_score": 20}, None, True, pace=pace)))
        await wait_until(lambda: isinstance(app.screen, WaitingScreen), what="the waiting room")
        await pilot.pause()
        words = " ".join(str(app.screen.query_one("#waiting-text").render()).split())
        assert f"Hints allowed: ! on your turn shows the {level} bot's move." in words
        app.send({"t": p.LEAVE})
        await wait_until(lambda: app.place == "lobby", what="the lobby again")
        app.send(p.create_message(p.CreateRequest(CODEX, ("bot:random",), {"target_score": 20}, 1, True, pace=pace)))
        await wait_until(lambda: app.place == "table" and app.game_screen is not None, what="the table")
        screen = app.game_screen
        assert isinstance(screen, PlayScreen) and screen.hints_allowed and screen.hint_level == level
        await pilot.pause()


@pytest.mark.parametrize("seat", [1, SPECTATOR])
async def test_the_end_screens_review_opens_the_replay_of_the_players_seat(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seat: int
) -> None:
    """`r` on the network end screen asks the server for the record, opens its replay with the
    review of the player's seat (none for a spectator), without "play from here", and closing it
    comes back to the final scores, as at a local game's end (`EndFlow`)."""

    async def no_server(self: RemoteApp) -> None:
        return None

    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(RemoteApp, "_talk", no_server)
    monkeypatch.setattr(RemoteApp, "send", lambda self, message: sent.append(message))
    opened: list[tuple[str, int | None]] = []
    original = CodexUI.replay_screen

    def spy(self: CodexUI, game: Any, title: str, reader: int | None, **options: Any) -> Any:
        opened.append((title, options.get("review_seat")))
        assert options.get("may_branch") is False
        return original(self, game, title, reader, **options)

    monkeypatch.setattr(CodexUI, "replay_screen", spy)
    monkeypatch.setattr(review_screen, "review", lambda *args, **options: [])  # the search is not tested here
    monkeypatch.setattr(review_screen, "start_resource_tracker", lambda: False)  # so no process pool either
    final = codex_history(3)[-1]
    app = RemoteApp(tmp_path / "hub.sock")
    async with app.run_test(size=(100, 32)) as pilot:
        await app._handle(
            {
                "t": p.TABLE,
                "table": 7,
                "game": CODEX,
                "seat": seat,
                "view": codex_wire.encode_view(view(final, seat)),
                "tags": ["", "greedy"],
                "waiting_for": None,
                "hints": True,
                "result": codex_wire.result_to_wire(result(final), tuple(s.secret for s in final.seats)),
            }
        )
        await pilot.pause()
        assert isinstance(app.screen, GameOverBar)
        await pilot.press("r")  # from the bar (the final scores' own r: test_r_on_the_final_scores_asks_for_the_review)
        await pilot.pause()
        assert sent == [{"t": p.REPLAY, "table": 7}]
        record = {"t": p.RECORD, "table": 7, "game": CODEX, "title": "ada vs Bot 2", "record": None}
        record["record"] = CODEX_MODULE.export_record(final)
        await app._handle(record)
        await pilot.pause()
        assert opened == [("ada vs Bot 2", None if seat == SPECTATOR else seat)]
        if seat != SPECTATOR:  # the review of the player's turns is open at once, over the replay
            await wait_until(lambda: isinstance(app.screen, ReviewScreen), what="the review")
            assert app.screen.seat == seat
            await pilot.press("escape")
            await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.check_action("branch", ()) is False
        await pilot.press("q")
        await wait_until(lambda: isinstance(app.screen, EndScreen), timeout=WAIT, what="the final scores")
        await app._handle(record)  # a record nobody asked for at the table is not shown
        await pilot.pause()
        assert isinstance(app.screen, EndScreen) and len(opened) == 1
        assert sent == [{"t": p.REPLAY, "table": 7}]
