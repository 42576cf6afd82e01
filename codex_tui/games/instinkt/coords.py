"""How players name cells, lines and cards: columns a-d and rows 1-4 of the growing 4x4 frame.

The engine's cells are absolute (the first card at (0, 0), growing any
way); players see them relative to the grid's current top-left card
column and row, which is what the final square's a1 will be unless the
grid still grows left or up. The board, the previews, the log and the end
table all name cells through `cell_name`, with the same origin (the current
grid's), so they always agree with the board on screen. Pure words, no
Textual: the advice (hints, review tables) names moves with them too.
"""

from __future__ import annotations

from collections.abc import Iterable

from codex_tui.games.instinkt.rules.actions import Axis, End, Enter
from codex_tui.games.instinkt.rules.animals import GRID_SIZE, Animal
from codex_tui.games.instinkt.rules.state import Cell

COLUMNS = "abcd"


def origin_of(cells: Iterable[Cell]) -> Cell:
    """The frame's a1: the leftmost column and topmost row holding a card ((0, 0) on an empty grid)."""
    cells = list(cells)
    if not cells:
        return (0, 0)
    return (min(x for x, _ in cells), min(y for _, y in cells))


def column_name(x: int, origin: Cell) -> str:
    index = x - origin[0]
    return COLUMNS[index] if 0 <= index < GRID_SIZE else "+"


def row_name(y: int, origin: Cell) -> str:
    index = y - origin[1]
    return str(index + 1) if 0 <= index < GRID_SIZE else "+"


def cell_name(cell: Cell, origin: Cell) -> str:
    """'b3'; a cell left of column a or above row 1 (where the grid may still grow) is named from a1's side."""
    i, j = cell[0] - origin[0], cell[1] - origin[1]
    inside_i, inside_j = min(max(i, 0), GRID_SIZE - 1), min(max(j, 0), GRID_SIZE - 1)
    name = f"{COLUMNS[inside_i]}{inside_j + 1}"
    sides = []
    if j != inside_j:
        sides.append("above" if j < 0 else "below")
    if i != inside_i:
        sides.append("left of" if i < 0 else "right of")
    if not sides:
        return name
    if len(sides) == 2:
        return f"{sides[0]} and {sides[1]} {name}"
    return f"{sides[0]} {name}"


def frame_text(cells: Iterable[Cell]) -> str:
    """How far the frame is fixed: 'columns a-c (1 more ←→) · rows 1-4 (fixed)'; room may be on either side."""
    cells = list(cells)
    if not cells:
        return "The first card sets a1; the grid then grows to 4x4 in any direction"
    parts = []
    for axis, (word, names) in enumerate((("columns", COLUMNS), ("rows", "1234"))):
        values = [cell[axis] for cell in cells]
        size = max(values) - min(values) + 1
        span = names[0] if size == 1 else f"{names[0]}-{names[size - 1]}"
        room = GRID_SIZE - size
        sides = "←→" if axis == 0 else "↑↓"
        parts.append(f"{word} {span} " + (f"({room} more {sides})" if room else "(fixed)"))
    return " · ".join(parts)


def cell_words(cell: Cell, origin: Cell) -> str:
    """'b3', or 'above a1 (a new row)' for a cell where the grid would grow left or up."""
    name = cell_name(cell, origin)
    i, j = cell[0] - origin[0], cell[1] - origin[1]
    new = [
        part for part, inside in (("a new column", 0 <= i < GRID_SIZE), ("a new row", 0 <= j < GRID_SIZE)) if not inside
    ]
    return f"{name} ({' and '.join(new)})" if new else name


def at_cell(cell: Cell, origin: Cell) -> str:
    """'at b3', or 'above a1 (a new row)'."""
    words = cell_words(cell, origin)
    return words if " " in words else f"at {words}"


SIDES = {
    (Axis.ROW, End.START): "the left",
    (Axis.ROW, End.FINISH): "the right",
    (Axis.COLUMN, End.START): "the top",
    (Axis.COLUMN, End.FINISH): "the bottom",
}


def line_text(entry: Enter, origin: Cell) -> str:
    """'row 2 from the left', 'column c from the bottom'."""
    name = row_name(entry.index, origin) if entry.axis is Axis.ROW else column_name(entry.index, origin)
    return f"{Axis(entry.axis).value} {name} from {SIDES[(Axis(entry.axis), End(entry.end))]}"


def card_text(animal: Animal) -> str:
    """'7 owl' / 'X snake'."""
    return f"{animal.mark} {animal.label}"
