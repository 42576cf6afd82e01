"""An autosave that fails (a full disk, a read-only folder): said at once and until it works, the game kept
in memory and saved again by itself, and no quitting without the save or the player's say-so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from codex_tui.app import local_table
from codex_tui.app.app import CodexApp
from codex_tui.app.screens.unsaved import UnsavedScreen
from codex_tui.games.codex.rules import Phase
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.storage.saves import load_save
from codex_tui.ui.widgets.alert_line import AlertLine
from tests.driving import app_for, saved_game, session, settle
from tests.unwritable import Unwritable
from tests.waiting import until_shown


async def until(pilot: Pilot[None], test: Callable[[], bool], what: str) -> None:
    await until_shown(pilot, test, what=what)


async def to_the_first_move(pilot: Pilot[None]) -> None:
    """Through the set-up choices (enter takes the first), to the human's first placement."""
    app = pilot.app
    assert isinstance(app, CodexApp)
    await settle(pilot)
    while isinstance(app.screen, SetupScreen):
        await pilot.press("enter")
        await settle(pilot)
    await until(pilot, lambda: session(app).game.phase is Phase.PLACE and isinstance(app.screen, GameScreen), "a move")


async def place_a_card(pilot: Pilot[None]) -> None:
    """The human places (its back, if its front cannot go there): one more move in the game."""
    app = pilot.app
    assert isinstance(app, CodexApp)
    before = len(session(app).game.log)
    await pilot.press("enter")
    if len(session(app).game.log) == before:
        await pilot.press("f", "enter")
    assert len(session(app).game.log) > before
    await settle(pilot)


def alert(app: CodexApp) -> str | None:
    screen = app.game_screen
    assert screen is not None
    lines = screen.query(AlertLine)
    assert bool(lines) == (screen.alert is not None)
    return screen.alert


async def test_a_failed_autosave_is_said_at_once_and_quitting_asks(saves: Path) -> None:
    save = saved_game(saves, ("human", "bot:random"))
    app = app_for(save, saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await to_the_first_move(pilot)
        assert alert(app) is None
        disk = Unwritable(saves)
        await place_a_card(pilot)
        line = alert(app)
        assert line is not None and line.startswith("Not saved: ") and str(save) in line
        assert "could not be written" in line and "check the folder and free space" in line
        played = session(app).game
        assert len(played.log) > len(load_save(disk.where(save)).game.log), "the game goes on in memory"

        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedScreen) and app.is_running, "q asks instead of quitting"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and alert(app) is not None

        await pilot.press("q")
        await settle(pilot)
        await pilot.press("enter")  # try again: still failing
        await settle(pilot)
        assert isinstance(app.screen, UnsavedScreen) and app.is_running
        assert "Still not saved." in str(app.screen.query_one("#unsaved-text").render())
        disk.mend()
        game = session(app).game
        await pilot.press("enter")  # try again: it works, and the app quits as asked
        await settle(pilot)
    assert app.return_code in (0, None)
    assert load_save(save).game == game


async def test_quitting_without_the_save_is_the_players_choice(saves: Path) -> None:
    save = saved_game(saves, ("human", "bot:random"))
    app = app_for(save, saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await to_the_first_move(pilot)
        disk = Unwritable(saves)
        await place_a_card(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedScreen)
        await pilot.press("x")
        await settle(pilot)
    disk.mend()
    assert len(load_save(save).game.log) < len(session(app).game.log), "what the player chose to leave unsaved"


async def test_the_save_is_tried_again_by_itself_and_the_line_goes(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(local_table, "SAVE_RETRY", 0.05)
    save = saved_game(saves, ("human", "bot:random"))
    app = app_for(save, saves)
    said: list[str] = []  # notices fade: a loaded machine may look after they are gone
    notify = app.notify

    def noted(message: str, **options: Any) -> None:
        said.append(message)
        notify(message, **options)

    monkeypatch.setattr(app, "notify", noted)
    async with app.run_test(size=(100, 32)) as pilot:
        await to_the_first_move(pilot)
        disk = Unwritable(saves)
        await place_a_card(pilot)
        assert alert(app) is not None
        disk.mend()  # no key pressed: the timer writes it
        await until(pilot, lambda: alert(app) is None, "the line to go")
        assert any(message.startswith("Saved again: ") for message in said)
        assert load_save(save).game == session(app).game
        await pilot.press("q")
        await settle(pilot)
    assert app.return_code in (0, None)
