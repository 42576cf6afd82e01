"""The command palette lists each command once: the help is "Keys and symbols", not also Textual's "Keys"."""

from __future__ import annotations

from pathlib import Path

from codex_tui.app.app import CodexApp
from tests.driving import settle


async def test_the_palette_offers_the_help_once(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
    assert "Keys and symbols" in titles
    assert "Keys" not in titles, titles
    assert len(titles) == len(set(titles)), titles
