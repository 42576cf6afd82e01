"""Lines on shared axes: the end screens' score race and the review's graph of a seat's margin.

Drawn by plotext (`textual_plotext.PlotextPlot`), a kept widget, rather than
by hand: a race needs several lines on the same axes, and Textual's Sparkline
scales each line on its own. Each line is braille in its player's colour with
the player's symbol at every point, so that it reads without colour too.
Only numbers (and the symbols) are drawn inside the plot: plotext measures
text by characters, not cells, and would misplace Chinese, so every word
(captions, the legend) is a Textual widget around it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Vertical
from textual.reactive import var
from textual_plotext import PlotextPlot

from codex_tui.ui.widgets.broken_text import Prose

RGB = tuple[int, int, int]

STEPS = (1, 2, 5)
"""Y ticks are 1, 2 or 5 times a power of ten apart: integers a reader adds up at a glance."""


@dataclass(frozen=True)
class Line:
    """One player's line: its name (for the legend only), a value per x tick, its colour and symbol."""

    label: str
    points: tuple[float, ...]
    colour: RGB
    symbol: str


@dataclass(frozen=True)
class Chart:
    """What a chart draws: lines over the same x ticks (short numbers or symbols, one per point).

    `marks` are (point, symbol) drawn over the first line's point, in `mark_colour` (the review's
    costliest turns); `selected` is a point shown by a vertical line (the review's cursor)."""

    lines: tuple[Line, ...]
    ticks: tuple[str, ...]
    marks: tuple[tuple[int, str], ...] = ()
    mark_colour: RGB = (230, 70, 70)
    selected: int | None = None
    on_top: int | None = None
    """The line drawn last, whose symbols show where two lines meet: the reader's own (None: the last)."""

    def drawing_order(self) -> tuple[Line, ...]:
        if self.on_top is None or not 0 <= self.on_top < len(self.lines):
            return self.lines
        return (*(line for i, line in enumerate(self.lines) if i != self.on_top), self.lines[self.on_top])


def y_ticks(low: float, high: float, rows: int) -> tuple[list[int], int, int]:
    """Integer ticks for values from `low` to `high`, at most one every other row of `rows`, and the
    axis's ends: `low` rounded down and `high` rounded up (no tick need sit at either end, so that a
    short chart spends no rows beyond its values)."""
    bottom, top = math.floor(low), math.ceil(high)
    if top == bottom:
        top = bottom + 1
    most = max(2, (rows + 1) // 2)
    power = 1
    while True:
        for step in (s * power for s in STEPS):
            ticks = list(range(math.ceil(bottom / step) * step, top + 1, step))
            if 0 < len(ticks) <= most:
                return ticks, bottom, top
        power *= 10


def x_ticks(ticks: tuple[str, ...], width: int) -> list[int]:
    """The points whose tick is labelled, evenly spread so that the labels do not touch; the last always."""
    if not ticks:
        return []
    room = max(len(t) for t in ticks) + 2
    step = max(1, math.ceil(len(ticks) * room / max(width, 1)))
    shown = list(range(0, len(ticks), step))
    if shown[-1] != len(ticks) - 1:
        if len(ticks) - 1 - shown[-1] < step and len(shown) > 1:
            shown.pop()
        shown.append(len(ticks) - 1)
    return shown


def legend(lines: tuple[Line, ...]) -> Text:
    """Each line's symbol in its colour, its name and its last value: '● Ada 15   ▲ Bo 28'."""
    text = Text()
    for index, line in enumerate(lines):
        if index:
            text.append("   ")
        text.append(line.symbol, style=f"bold rgb({line.colour[0]},{line.colour[1]},{line.colour[2]})")
        last = line.points[-1] if line.points else 0
        text.append(f"\u00a0{line.label}\u00a0{round(last)}")
    return text


class LineChart(PlotextPlot):
    """Draws `chart` (None: nothing) at the size it is laid out at."""

    chart: var[Chart | None] = var(None, init=False)

    def on_mount(self) -> None:
        """Plotext's "clear" theme draws no background of its own: the chart takes its box's (the review's panel)."""
        self.theme = "clear"

    def watch_chart(self) -> None:
        self.refresh()

    def render(self) -> RenderResult:
        plot = self.plt
        plot.clear_figure()
        chart = self.chart
        if chart is None or not chart.ticks:
            return ""
        xs = list(range(1, len(chart.ticks) + 1))
        values = [v for line in chart.lines for v in line.points]
        ticks, bottom, top = y_ticks(min(values, default=0), max(values, default=0), self.size.height - 2)
        label_width = max(len(str(t)) for t in ticks)
        if chart.selected is not None and 0 <= chart.selected < len(xs):
            plot.vline(xs[chart.selected], color=(150, 150, 150))
        for line in chart.drawing_order():
            plot.plot(xs[: len(line.points)], list(line.points), marker="braille", color=line.colour)
        for line in chart.drawing_order():
            plot.scatter(xs[: len(line.points)], list(line.points), marker=line.symbol, color=line.colour)
        if chart.marks and chart.lines:
            first = chart.lines[0].points
            marked = [(xs[i], first[i], symbol) for i, symbol in chart.marks if i < len(first)]
            for x, y, symbol in marked:
                plot.scatter([x], [y], marker=symbol, color=chart.mark_colour)
        shown = x_ticks(chart.ticks, self.size.width - label_width - 3)
        plot.xticks([xs[i] for i in shown], [chart.ticks[i] for i in shown])
        plot.yticks([float(t) for t in ticks], [str(t) for t in ticks])
        plot.xaxes(True, False)  # no frame above and to the right: a row and a column more for the lines
        plot.yaxes(True, False)
        plot.xlim(0.5, len(xs) + 0.5)
        plot.ylim(bottom, top)
        return super().render()


class RaceChart(Vertical):
    """A chart with its words: a caption above (what is drawn), the legend below (who is who)."""

    def __init__(self, caption: str, chart: Chart, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.caption = caption
        self.chart = chart

    def compose(self) -> ComposeResult:
        yield Prose(self.caption, classes="race-caption")
        plot = LineChart(classes="race-plot")
        plot.chart = self.chart
        yield plot
        yield Prose(legend(self.chart.lines), classes="race-legend")
