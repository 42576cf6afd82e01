"""A game the app has left does nothing more: no bot search for it, no coach over what comes next."""

from __future__ import annotations

from pathlib import Path

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.ui.widgets.coach_panel import CoachPanel
from tests.driving import saved_game, table
from tests.waiting import until_shown


def form_ready(app: CodexApp) -> bool:
    return isinstance(app.screen, NewGameScreen) and bool(app.screen.query("#kind-1"))


async def test_a_bot_move_queued_for_a_left_game_starts_no_search(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, save=saved_game(saves, ("human", "bot:hard")), bot_delay=3600, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_shown(pilot, lambda: app.table is not None, what="the game")
        left = table(app)
        app.ask_new_game()  # the palette's New game: the game is left
        await until_shown(pilot, lambda: form_ready(app), what="the new-game form")
        left.think(1, left.session.game)  # a move that was queued (delay 0) before the game was left
        assert not [worker for worker in app.workers if worker.group == "bot"]


async def test_a_left_tutorials_coach_does_not_speak_over_the_next_screen(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=3600, mode="learn", learn="codex-naturalis")
    async with app.run_test(size=(80, 24)) as pilot:
        await until_shown(pilot, lambda: bool(app.screen.query(CoachPanel)), what="the coach's first step")
        left = table(app)
        app.ask_new_game()
        await until_shown(pilot, lambda: form_ready(app), what="the new-game form")
        left.coach()  # a redraw's call, scheduled before the tutorial was left
        assert not app.screen.query(CoachPanel)
