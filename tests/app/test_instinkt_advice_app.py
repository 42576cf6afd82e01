"""Instinkt hints and reviews in the app: `!` puts a legal move on show, another key stops it, `r` reviews."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from codex_tui.app.app import CodexApp
from codex_tui.core.advice import HINT_LEVEL, Hint
from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.games.instinkt.rules import Place, new_game
from codex_tui.games.instinkt.rules.view import SeatView
from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.games.instinkt.ui.words import log_lines
from codex_tui.storage.saves import SavedGame, write_save
from tests.app.conftest import session, settle


def app_at(saves: Path, seed: int = 4) -> CodexApp:
    path = saves / "duel.msgpack"
    write_save(path, SavedGame(new_game(("Ada", "Bo"), seed), ("human", "bot:normal")))
    return CodexApp(saves_dir=saves, save=path, bot_delay=0)


async def until_placing(pilot: Any, app: CodexApp) -> InstinktScreen:
    """Choose cards with enter until Ada is to place hers."""
    for _ in range(10):
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        if screen._kind() == "place":
            return screen
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("Ada never got to place a card")


async def test_a_hint_puts_a_legal_move_on_show_with_its_reason(saves: Path) -> None:
    app = app_at(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen) and screen._kind() == "choose"
        await pilot.press("exclamation_mark")
        await settle(pilot)
        hint = screen.hint
        assert hint is not None and screen.view is not None
        assert hint.action in screen.view.legal_actions and screen._chosen_action() == hint.action
        assert screen.status_text().startswith("Hint: choose ") and hint.reason in screen.status_text()
        placing = await until_placing(pilot, app)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        hint = placing.hint
        assert hint is not None and isinstance(hint.action, Place)
        scene = placing.board_scene()
        assert scene.cursor == (hint.action.x, hint.action.y) and scene.ghost is not None  # the card at its cell
        assert placing.status_text().startswith("Hint: ")
        await pilot.press("tab")  # another cell: the hint's words go, the usual preview is back
        assert not placing.status_text().startswith("Hint: ")
        await pilot.press("exclamation_mark")
        await settle(pilot)
        await pilot.press("enter")  # enter plays the hinted move
        await settle(pilot)
        placed = [e.action for e in session(app).game.log if isinstance(e.action, Place) and e.action.player == 0]
        assert placed and placed[-1] == hint.action


async def test_another_key_while_the_hint_is_computing_stops_it(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    searched: list[Hint] = []
    real = INSTINKT.hint

    def slow_hint(view: SeatView, level: str = HINT_LEVEL) -> Hint:
        gate.wait(10)
        searched.append(real(view, level))
        return searched[-1]

    monkeypatch.setattr(INSTINKT, "hint", slow_hint)
    app = app_at(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        selected = screen.selected
        await pilot.press("exclamation_mark")
        assert screen.hint_busy and screen.status_text().startswith("Looking for a hint")
        await pilot.press("right")
        assert not screen.hint_busy and not screen.status_text().startswith("Looking")
        gate.set()
        await settle(pilot)
        assert searched  # the search did finish in the background
        assert screen.hint is None and not screen.status_text().startswith("Hint")
        assert screen.selected != selected  # the key did its own job too


def test_the_log_says_where_a_hint_was_used() -> None:
    game = new_game(("Ada", "Bo"), 4)
    seat_view = INSTINKT.view(game, 0)
    assert log_lines(seat_view.log, seat_view.players, 0, seat_view.grid, 12, ((0, 0),)) == ["You used a hint"]
    assert log_lines(seat_view.log, seat_view.players, 1, seat_view.grid, 12, ((0, 0),)) == ["Ada used a hint"]
    for seat in (1, 0):
        game = INSTINKT.apply(game, INSTINKT.legal_actions_for(game, seat)[0])
    seat_view = INSTINKT.view(game, 0)
    lines = log_lines(seat_view.log, seat_view.players, 0, seat_view.grid, 12, ((1, 0), (2, 1)))
    assert lines[1:] == ["You used a hint", lines[2], "Bo used a hint"] and lines[0].startswith("Bo chose")
    assert log_lines(seat_view.log, seat_view.players, 0, seat_view.grid, 2, ((1, 0), (2, 1)))[-1] == "Bo used a hint"
