"""The Instinkt board: the cards on their growing grid, legal cells, a cursor, previews.

One cell is 8x3 characters. The board draws only what matters (cards, legal
cells, deer entry points), so it stays within 6x6 cells: 48x18 characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.style import Style
from textual.widget import Widget

from ...instinkt.state import Cell, Grid, Piece
from ..cardart import Canvas
from ..widgets.canvas_renderable import CanvasRenderable

CELL_W, CELL_H = 8, 3
OWNER_STYLES = (
    Style(color="#f0f0f0", bgcolor="#303030", bold=True),
    Style(color="#101010", bgcolor="#c8c8c8", bold=True),
)
"""Black's cards light on dark, white's dark on light; the letter B/W says it in monochrome too."""
FREE = Style(color="#606060")
CURSOR = Style(color="#ffff5f", bold=True)
HIGHLIGHT = Style(color="#ffaf00", bold=True)
MARKER = Style(color="#5fafff", bold=True)


def piece_label(piece: Piece) -> str:
    """Six characters: 'B 7owl', 'W10dee'."""
    return f"{'BW'[piece.owner]}{piece.animal.mark:>2}{piece.animal.label[:3]}"


@dataclass(frozen=True)
class BoardScene:
    grid: Grid
    free: frozenset[Cell] = frozenset()
    """Empty cells to mark (where the card may go)."""
    cursor: Cell | None = None
    ghost: Piece | None = None
    """A card previewed at the cursor."""
    highlight: frozenset[Cell] = frozenset()
    """Cards to pick out (moved by a deer, the raccoon's choice...)."""
    markers: Mapping[Cell, str] = field(default_factory=dict)
    """Labels outside the grid (the deer's entry points), by cell."""


def scene_cells(scene: BoardScene) -> list[Cell]:
    return [*scene.grid, *scene.free, *scene.markers, *([scene.cursor] if scene.cursor else [])]


def draw_board(scene: BoardScene) -> tuple[Canvas, int, int]:
    """The canvas and its size in characters."""
    canvas = Canvas()
    cells = scene_cells(scene) or [(0, 0)]
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    width = (max(x for x, _ in cells) - min_x + 1) * CELL_W
    height = (max(y for _, y in cells) - min_y + 1) * CELL_H

    def box(cell: Cell, style: Style, label: str, dotted: bool = False) -> None:
        col, row = (cell[0] - min_x) * CELL_W, (cell[1] - min_y) * CELL_H
        horizontal, vertical = ("┄", "┆") if dotted else ("─", "│")
        canvas.put(col, row, "┌", style)
        canvas.put(col + CELL_W - 1, row, "┐", style)
        canvas.put(col, row + 2, "└", style)
        canvas.put(col + CELL_W - 1, row + 2, "┘", style)
        for x in range(1, CELL_W - 1):
            canvas.put(col + x, row, horizontal, style)
            canvas.put(col + x, row + 2, horizontal, style)
        canvas.put(col, row + 1, vertical, style)
        canvas.put(col + CELL_W - 1, row + 1, vertical, style)
        canvas.text(col + 1, row + 1, label.ljust(CELL_W - 2)[: CELL_W - 2], style)

    for cell in scene.free:
        box(cell, FREE, "", dotted=True)
    for cell, text in scene.markers.items():
        box(cell, CURSOR if cell == scene.cursor else MARKER, text, dotted=True)
    for cell, piece in scene.grid.items():
        style = OWNER_STYLES[piece.owner]
        if cell in scene.highlight:
            style = style + Style(underline=True, color=HIGHLIGHT.color)
        box(cell, style, piece_label(piece))
    if scene.cursor is not None and scene.cursor not in scene.markers:
        if scene.ghost is not None:
            box(scene.cursor, OWNER_STYLES[scene.ghost.owner] + Style(reverse=True), piece_label(scene.ghost))
        elif scene.cursor in scene.grid:
            box(
                scene.cursor,
                OWNER_STYLES[scene.grid[scene.cursor].owner] + CURSOR,
                piece_label(scene.grid[scene.cursor]),
            )
        else:
            box(scene.cursor, CURSOR, "  here", dotted=True)
    return canvas, width, height


class BoardView(Widget):
    DEFAULT_CSS = "BoardView { width: 1fr; height: 1fr; content-align: center middle; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.scene = BoardScene({})

    def show(self, scene: BoardScene) -> None:
        self.scene = scene
        self.refresh()

    def render(self) -> CanvasRenderable:
        canvas, width, height = draw_board(self.scene)
        return CanvasRenderable(canvas, width, height)
