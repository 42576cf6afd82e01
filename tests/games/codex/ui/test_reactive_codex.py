"""Codex's game screen draws from reactive state: a key repaints only what it changed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.rules import Phase, new_game, view
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.panels import GameLog, LastMoves, ObjectivesPanel, SymbolsPanel
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.score_track import ScoreTrack
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.games.codex.ui.tray import CardTray
from codex_tui.ui.widgets.status_line import StatusLine
from tests.games.codex.ui.test_layout_game import game_app
from tests.scenes import settle
from tests.scenes.games import mid_game


def counting(method: Callable[..., Any], counts: Counter[str]) -> Callable[..., Any]:
    """`method`, counting its calls per widget (by id, else by class)."""

    def counted(self: Widget, *args: Any, **kwargs: Any) -> Any:
        counts[self.id or type(self).__name__] += 1
        return method(self, *args, **kwargs)

    return counted


async def repaints(pilot, monkeypatch: pytest.MonkeyPatch, *keys: str) -> tuple[Counter[str], Counter[str]]:
    """Widgets asked to repaint (`refresh`) and widgets that rendered their content again, over `keys`."""
    refreshed: Counter[str] = Counter()
    rendered: Counter[str] = Counter()
    with monkeypatch.context() as patch:
        patch.setattr(Widget, "refresh", counting(Widget.refresh, refreshed))
        patch.setattr(Widget, "_render_content", counting(Widget._render_content, rendered))
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
    return refreshed, rendered


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_cursor_move_repaints_only_the_play_area_and_the_preview_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("f")  # a back fits every spot: each move changes the preview
        await pilot.pause()
        before = screen.query_one(StatusLine).text
        cursor = screen.cursor
        refreshed, rendered = await repaints(pilot, monkeypatch, "left", "up", "right", "down", "tab", "shift+tab")
        assert screen.cursor != cursor and screen.query_one(StatusLine).text != before
        assert set(refreshed) == {"area", "status"}, refreshed
        assert set(rendered) <= {"status"}, rendered  # the play area draws its own lines (Line API)


async def test_a_flip_repaints_the_hand_but_not_the_side_panels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = screen.query_one(CardTray).scene
        refreshed, rendered = await repaints(pilot, monkeypatch, "f")
        assert screen.query_one(CardTray).scene != before
        assert {"tray", "area", "status"} <= set(refreshed), refreshed
        side = {"score", "symbols", "objectives", "last", "log"}
        assert not side & (set(refreshed) | set(rendered)), (refreshed, rendered)
        assert isinstance(screen.query_one(PlayAreaView).scene.ghost, tuple)


async def test_a_state_set_before_the_screen_is_composed_reaches_every_widget_through_its_binding(
    tmp_path: Path,
) -> None:
    game = mid_game(Phase.PLACE)
    seen = view(game, 0)
    screen = GameScreen()
    screen.update_game(seen, ("", "greedy"), False, False)  # no widgets yet: only the reactives change
    app = CodexApp(saves_dir=tmp_path, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.query_one(PlayAreaView).scene.area == seen.seats[0].area
        assert screen.query_one(PlayAreaView).scene.cursor == screen.cursor is not None
        assert [item.card for item in screen.query_one(CardTray).scene.items] == list(seen.hand)
        assert screen.query_one(ScoreTrack).view is seen and screen.query_one(ScoreTrack).tags == ("", "greedy")
        assert screen.query_one("#symbols", SymbolsPanel).owner == "Ada"
        assert screen.query_one(ObjectivesPanel).view is seen and screen.query_one(LastMoves).view is seen
        assert screen.query_one(CardTray).scene.aside_title == "Market"
        assert screen.query_one(GameLog).lines and "Bo(greedy)" in str(screen.query_one(ScoreTrack).render())
        assert screen.query_one(StatusLine).text == screen.status_text(80) != ""


async def test_a_new_state_is_derived_once_however_many_reactives_it_sets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.session is not None
        await pilot.press("f")
        assert screen.sides and screen.cursor is not None and screen.viewing == 0
        derived: Counter[str] = Counter()
        monkeypatch.setattr(GameScreen, "status_text", counting(GameScreen.status_text, derived))
        monkeypatch.setattr(GameScreen, "_tray_scene", counting(GameScreen._tray_scene, derived))
        # Bo's view: sides, cursor, viewing, tags and the view all change at once...
        screen.update_game(view(app.session.game, 1), ("human", "x"), True, False, "Bo")
        assert not screen.sides and screen.cursor is None and screen.viewing == 1
        assert derived == {"GameScreen": 2}  # ...and the status line is worded once, the tray built once
        assert screen.query_one(ScoreTrack).tags == ("human", "x")


async def test_a_set_up_choice_moves_the_bound_tray_and_a_confirmed_side_shows_the_objectives(tmp_path: Path) -> None:
    game = new_game(("Ada", "Bo"), 5)
    app = CodexApp(saves_dir=tmp_path, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SetupScreen(view(game, 0))
        await app.push_screen(screen)
        await pilot.pause()
        tray = screen.query_one("#setup-tray", CardTray)
        assert tray.scene.selected == 0 and tray.display
        await pilot.press("right")
        assert tray.scene.selected == 1
        await pilot.press("enter")
        await pilot.pause()
        assert not tray.display and "Objective" in str(screen.query_one("#setup-detail").render())
        assert screen.chosen and not screen.query_one("#setup-hand", CardTray).display  # 24 rows: the hand in words
