"""The status line: a wrapping one with more words than its lines says so with "…"."""

from __future__ import annotations

from textual.app import App, ComposeResult

from codex_tui.ui.widgets.status_line import StatusLine
from tests.scenes import shown

LONG = "maintenant (f6) : vous +0, adversaire +0, donc l’écart entre vous ne change pas du tout ce tour-ci"


class TwoLines(App[None]):
    CSS = "StatusLine { height: 2; width: 30; text-wrap: wrap; }"

    def compose(self) -> ComposeResult:
        yield StatusLine()


def rows(app: App[None]) -> list[str]:
    line = app.query_one(StatusLine)
    return [strip.text.rstrip() for strip in (line.render_line(y) for y in range(line.size.height))]


async def test_a_cut_hint_ends_in_an_ellipsis_and_a_whole_one_does_not() -> None:
    app = TwoLines()
    async with app.run_test(size=(40, 6)) as pilot:
        line = app.query_one(StatusLine)
        line.show(LONG)
        await shown(pilot, lambda: bool(rows(app)[0]), "the long line")
        cut = rows(app)
        assert len(cut) == 2 and cut[-1].endswith("…"), cut
        assert all(len(row) <= 30 for row in cut)
        line.show("vous +2 maintenant")
        await shown(pilot, lambda: rows(app)[0].startswith("vous +2"), "the short line")
        assert not any(row.endswith("…") for row in rows(app))
