"""The lobby, the waiting room, the Codex replay and the review draw from reactive state.

Whoever feeds them (the remote app, a key, the review's thread) sets the
screen's reactive; the widgets bound to it redraw, and nothing calls a
drawing method. Each test sets the state on a screen already shown, and
reads what the widgets show then.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import DataTable, Static

from codex_tui.client.lobby import LobbyScreen
from codex_tui.client.waiting_room import WaitingScreen
from codex_tui.core.contract import GameModule
from codex_tui.core.review import costliest, review
from codex_tui.games.codex.rules import Phase
from codex_tui.games.codex.timeline import Timeline
from codex_tui.games.codex.ui.panels import SymbolsPanel
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.protocol.messages import SeatInfo, TableInfo
from codex_tui.ui.screens.review import MEMOS, Memo, Reviewed, ReviewScreen
from codex_tui.ui.widgets.status_line import StatusLine
from tests.core.tictactoe import rules
from tests.scenes.games import mid_game

CODEX, TO_20 = "codex-naturalis", {"target_score": 20}
WAITING = TableInfo(
    1, "waiting", CODEX, TO_20, (SeatInfo("ada", "human", True), SeatInfo(None, "human", False)), "", True
)
PLAYING = TableInfo(
    2, "playing", CODEX, TO_20, (SeatInfo("bo", "human", True), SeatInfo("cy", "human", True)), "", False
)


class Host(App[None]):
    """An app showing nothing but `screen`."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.shown = screen

    def on_mount(self) -> None:
        self.push_screen(self.shown)


def words(widget: Static) -> str:
    return str(widget.render())


async def test_setting_the_lobby_tables_and_current_table_redraws_the_list_and_preview() -> None:
    lobby = LobbyScreen("ada")
    app = Host(lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = lobby.query_one(DataTable)
        assert table.row_count == 0
        lobby.tables = (WAITING, PLAYING)
        await pilot.pause()
        assert table.row_count == 2
        assert "ada, (open)" in words(lobby.query_one("#preview", Static))
        lobby.current = PLAYING.id
        await pilot.pause()
        assert table.cursor_row == 1
        assert "bo, cy" in words(lobby.query_one("#preview", Static))
        lobby.tables = (PLAYING,)  # the cursor stays on its table
        await pilot.pause()
        assert table.row_count == 1 and lobby.selected() == PLAYING


async def test_setting_the_waiting_rooms_table_and_chat_redraws_its_words() -> None:
    room = WaitingScreen(WAITING, 0)
    app = Host(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = room.query_one("#waiting-text", Static)
        assert "(open)" in words(text)
        room.info = replace(WAITING, seats=(WAITING.seats[0], SeatInfo("bo", "human", True)))
        await pilot.pause()
        assert "Seat 2: bo" in words(text) and "(open)" not in words(text)
        room.chat_notes = ((0, "20:14 bo: hello there"),)
        await pilot.pause()
        assert "hello there" in words(text)


async def test_setting_the_replays_moment_and_seat_redraws_it() -> None:
    timeline = Timeline.of_game(mid_game(Phase.PLACE))
    replay = ReplayScreen(timeline, "a game", 0)
    app = Host(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = replay.query_one(StatusLine)
        assert f"action 0/{len(timeline)}" in status.text
        replay.index = 3
        await pilot.pause()
        assert f"action 3/{len(timeline)}" in status.text
        replay.seat = 1
        await pilot.pause()
        assert replay.query_one(SymbolsPanel).owner == timeline.players[1]


async def test_setting_the_reviews_result_redraws_its_table(
    tictactoe: GameModule, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tictactoe.new_game(("Ada", "Bo"), 4, rules.Variant())
    while not game.is_over:  # Ada marks the first free cell: she gives points away
        seat = tictactoe.players_to_act(game)[0]
        game = tictactoe.apply(game, tictactoe.legal_actions_for(game, seat)[0])
    decisions = review(tictactoe, game, 0, "hard")
    screen = ReviewScreen(tictactoe, game, 0, 0, jobs=1)
    monkeypatch.setitem(MEMOS, screen.key, Memo(game, Reviewed(decisions, [], {})))  # shown at once: no search
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = screen.query_one(DataTable)
        assert not table.display
        listed = costliest(decisions)
        assert listed
        screen.result = Reviewed(decisions, listed, {})
        await pilot.pause()
        assert table.display and table.row_count == len(listed)
        screen.cursor = len(listed) - 1
        await pilot.pause()
        assert table.cursor_row == len(listed) - 1
