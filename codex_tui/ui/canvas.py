"""A sparse grid of styled cells, drawn by a game's widgets and turned into rows of segments.

Any game draws its cards or board into a `Canvas`; a Line API widget asks it
for one row at a time, a small widget wraps it in `CanvasRenderable`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style

Cell = tuple[str, Style]


@dataclass
class Canvas:
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)

    def put(self, col: int, row: int, char: str, style: Style) -> None:
        self.cells[(col, row)] = (char, style)

    def text(self, col: int, row: int, text: str, style: Style) -> None:
        for offset, char in enumerate(text):
            self.put(col + offset, row, char, style)

    def segments(self, row: int, start: int, width: int, blank: Style) -> list[Segment]:
        """One row from column `start`, `width` cells wide, merged into runs of one style."""
        segments: list[Segment] = []
        run: list[str] = []
        run_style: Style | None = None
        cells = self.cells
        for col in range(start, start + width):
            char, style = cells.get((col, row), (" ", blank))
            if style is not run_style and run:
                segments.append(Segment("".join(run), run_style))
                run = []
            run_style = style
            run.append(char)
        if run:
            segments.append(Segment("".join(run), run_style))
        return segments

    def lines(self, width: int, height: int, blank: Style) -> Iterable[list[Segment]]:
        for row in range(height):
            yield self.segments(row, 0, width, blank)
