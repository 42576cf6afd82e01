"""A Canvas as a Rich renderable, for widgets small enough not to need the Line API."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style

from codex_tui.ui.canvas import Canvas


class CanvasRenderable:
    def __init__(self, canvas: Canvas, width: int, height: int) -> None:
        self.canvas = canvas
        self.width = width
        self.height = height

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        blank = Style()
        width = min(self.width, options.max_width)
        for segments in self.canvas.lines(width, self.height, blank):
            yield from segments
            yield Segment.line()
