"""Codex's game screen draws from reactive state: a key repaints only what it changed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget

from codex_tui.app.widgets.status_line import StatusLine
from codex_tui.games.codex.rules import Phase
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.tray import CardTray
from tests.app.test_layout_game import game_app
from tests.app.test_snapshots import settle


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
        side = {"score", "symbols", "objectives", "market", "log"}
        assert not side & (set(refreshed) | set(rendered)), (refreshed, rendered)
        assert isinstance(screen.query_one(PlayAreaView).scene.ghost, tuple)
