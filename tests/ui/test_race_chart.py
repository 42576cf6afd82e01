"""The shared line chart: integer ticks, thinned x labels, a legend in words, only numbers and symbols in the plot."""

from __future__ import annotations

import re

from textual.app import App, ComposeResult

from codex_tui.ui.widgets.race_chart import Chart, Line, LineChart, RaceChart, legend, x_ticks, y_ticks

ADA = Line("Ada", (0, 3, 9, 15), (240, 150, 40), "●")
BO = Line("Bo", (1, 5, 10, 28), (70, 160, 240), "▲")
RACE = Chart((ADA, BO), ("1", "2", "3", "*"))


def test_y_ticks_are_integers_one_every_other_row_at_most() -> None:
    ticks, bottom, top = y_ticks(-0.4, 28.2, 8)
    assert ticks == [0, 10, 20] and (bottom, top) == (-1, 29), "the axis ends at the values, not at a tick"
    assert all(isinstance(t, int) for t in ticks)
    assert y_ticks(3, 3, 8)[0] == [3, 4], "a flat line still has an axis"
    assert len(y_ticks(0, 1000, 12)[0]) <= 6


def test_x_ticks_thin_out_to_fit_and_keep_the_last() -> None:
    ticks = tuple(str(n) for n in range(1, 41))
    shown = x_ticks(ticks, 40)
    assert shown[0] == 0 and shown[-1] == 39
    assert len(shown) * 4 <= 40 + 4, "labels of two digits and two spaces fit the width"
    assert x_ticks(("1", "2", "*"), 60) == [0, 1, 2]


def test_the_legend_names_each_line_with_its_symbol_and_last_value() -> None:
    text = legend((ADA, BO))
    assert text.plain.replace("\u00a0", " ") == "● Ada 15   ▲ Bo 28"
    ada = next(span for span in text.spans if text.plain[span.start : span.end] == "●")
    assert "rgb(240,150,40)" in str(ada.style)


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield RaceChart("Points after each round", RACE, id="race")


async def test_the_plot_holds_numbers_and_symbols_only_and_the_words_are_around_it() -> None:
    app = Host()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        plot = app.query_one(LineChart)
        drawn = str(plot.render())
        assert "●" in drawn and "▲" in drawn and "*" in drawn
        assert "20┤" in drawn and "0┤" in drawn, "integer ticks on the y axis"
        assert not re.search(r"[A-Za-z]", drawn), "no word inside the plot"
        words = " ".join(str(w.render()) for w in app.query(".race-caption, .race-legend"))
        assert "Points after each round" in words and "Ada" in words and "Bo" in words


class Meeting(App[None]):
    """Two lines through the same points: only the one drawn last shows its symbol."""

    def __init__(self, on_top: int | None) -> None:
        super().__init__()
        self.on_top = on_top

    def compose(self) -> ComposeResult:
        plot = LineChart()
        plot.chart = Chart(
            (Line("Ada", (0, 5, 10), (240, 150, 40), "●"), Line("Bo", (0, 5, 10), (70, 160, 240), "▲")),
            ("1", "2", "3"),
            on_top=self.on_top,
        )
        yield plot


async def test_the_readers_line_is_drawn_on_top_where_two_lines_meet() -> None:
    for on_top, seen, hidden in ((0, "●", "▲"), (1, "▲", "●"), (None, "▲", "●")):
        app = Meeting(on_top)
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause()
            drawn = str(app.query_one(LineChart).render())
        assert seen in drawn and hidden not in drawn, (on_top, drawn)
