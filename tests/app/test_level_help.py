"""A seat's bot level says how it plays and whether hints and the review search at it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Select

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.client.new_table import NewTableScreen
from codex_tui.core import registry
from codex_tui.core.advice import APP_REVIEW_LEVEL, HINT_LEVEL, REVIEW_LEVEL
from codex_tui.ui.screens.game_form import level_help
from tests.scenes import shown


def seat_help(app: CodexApp) -> str:
    widget = app.screen.query_one("#seat-help")
    return str(widget.render()) if widget.display else ""


async def test_the_focused_seats_level_is_described_under_the_form(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, lambda: isinstance(app.screen, NewGameScreen) and bool(app.screen.query("#kind-1")), "form")
        assert seat_help(app) == "", "no seat has the focus yet"
        kind = app.screen.query_one("#kind-1", Select)
        kind.focus()
        await shown(pilot, lambda: "Bot normal: takes the most points each turn" in seat_help(app), "normal described")
        kind.value = "bot:hard"
        await shown(pilot, lambda: "Hints and the review search at this level." in seat_help(app), "hard")
        kind.value = "bot:expert"
        await shown(pilot, lambda: "The command codex-tui review searches" in seat_help(app), "expert")
        assert "Hints" not in seat_help(app)
        app.screen.query_one("#seed").focus()
        await shown(pilot, lambda: seat_help(app) == "", "no level while another field has the focus")


@pytest.mark.parametrize("game", registry.names())
def test_every_level_of_every_game_is_described_and_rated(game: str) -> None:
    module = registry.game_named(game)
    for level in module.bot_levels():
        assert module.bot_rating(level) > 0, "a rated table can seat every level"
        words = level_help(game, f"bot:{level}")
        assert words.startswith(f"Bot {level}: ") and len(words) > len(f"Bot {level}: ") + 10, words
        assert ("Hints" in words) == (level == HINT_LEVEL)
        app_review = "and the review search at" in words or "The review searches at" in words
        assert app_review == (level == APP_REVIEW_LEVEL)
        assert ("codex-tui review" in words) == (level == REVIEW_LEVEL)
    assert level_help(game, "human") == ""


class TableForm(App[None]):
    def on_mount(self) -> None:
        self.push_screen(NewTableScreen())


async def test_the_network_forms_help_line_describes_the_seats_level() -> None:
    app = TableForm()
    async with app.run_test(size=(100, 40)) as pilot:
        await shown(pilot, lambda: bool(app.screen.query("#kind-2")), "the new-table form")
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        kind = screen.query_one("#kind-2", Select)
        kind.focus()
        await shown(pilot, lambda: "or a bot." in str(screen.focus_help), "the seat's help")
        assert "Bot " not in str(screen.focus_help), "an open seat has no level to describe"
        kind.value = "bot:hard"
        await shown(pilot, lambda: "Hints and the review search at this level." in str(screen.focus_help), "hard")
        kind.value = "bot:expert"
        await shown(pilot, lambda: "Bot expert:" in str(screen.focus_help), "expert")
        assert "Hints at a turn-based table come from this level." in str(screen.focus_help)
        screen.query_one("#hints", Select).focus()
        await shown(pilot, lambda: "Hints: off by default" in str(screen.focus_help), "the hints field's help")
        assert "the hard bot's move, or the expert bot's at a turn-based table." in str(screen.focus_help)
