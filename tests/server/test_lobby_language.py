"""The lobby's language choice, on the screens alone (the app fed the hub's messages)."""

from __future__ import annotations

from textual.widgets import DataTable

from codex_tui.client.lobby import LanguageScreen, LobbyScreen
from codex_tui.i18n import language
from tests.i18n.screen_words import screen_lines
from tests.scenes import settle
from tests.scenes.net import SceneApp, lobby_rows


async def test_a_language_chosen_in_the_lobby_redraws_it_where_it_was() -> None:
    app = SceneApp(lobby_rows)
    sent: list[dict[str, object]] = []
    app.send = sent.append  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down")  # the cursor on the second table
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LanguageScreen)
        await pilot.press("down", "down", "enter")  # from English to 中文
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        table = screen.query_one(DataTable)
        assert language() == "zh"
        assert sent == [{"t": "language", "lang": "zh"}]  # the server remembers it for the name
        assert table.has_focus and table.cursor_row == 1  # still on the table it was on
        shown = "\n".join(screen_lines(app))
        assert "你是 Ada · 中文" in shown and "新建牌桌" in shown
        assert "New table" not in shown and "you are" not in shown
