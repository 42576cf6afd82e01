"""Below 80x24 the player is told once that some parts are cut, and again only after the terminal was large
enough and shrank again."""

from __future__ import annotations

from textual.app import App

from codex_tui.ui.small_terminal import SmallTerminalNotice
from tests.waiting import until_shown


class Small(SmallTerminalNotice, App[None]):
    pass


def notices(app: App[None]) -> list[str]:
    return [str(notice.message) for notice in app._notifications]


async def test_a_small_terminal_is_told_once_with_the_size_to_aim_for() -> None:
    app = Small()
    async with app.run_test(size=(60, 20)) as pilot:
        await until_shown(pilot, lambda: len(notices(app)) == 1, what="the notice")
        assert notices(app)[0].startswith("This terminal is 60x20; every screen fits from 80x24")
        await pilot.resize_terminal(70, 18)
        await pilot.resize_terminal(80, 24)
        await until_shown(pilot, lambda: app.size == (80, 24) and not app.small_told, what="a size that fits")
        assert len(notices(app)) == 1, "told once while small, whatever its size"
        await pilot.resize_terminal(79, 24)
        await until_shown(pilot, lambda: len(notices(app)) == 2, what="told again after it shrank")
        assert "79x24" in notices(app)[1]


async def test_a_terminal_of_80x24_is_told_nothing() -> None:
    app = Small()
    async with app.run_test(size=(80, 24)) as pilot:
        await until_shown(pilot, lambda: app.size == (80, 24), what="the first layout")
        await pilot.pause()
        assert notices(app) == []
