"""How players name cells, lines and cards: columns a-d and rows 1-4 of the growing 4x4 frame.

The engine's cells are absolute (the first card at (0, 0), growing any
way); players see them relative to the grid's current top-left card
column and row, which is what the final square's a1 will be unless the
grid still grows left or up. The board, the previews, the log and the end
table all name cells through `cell_name`, with the same origin (the current
grid's), so they always agree with the board on screen. Pure words, no
Textual: the advice (hints, review tables) names moves with them too. The
words come in the player's language (`text`), looked up when called.
"""

from __future__ import annotations

from collections.abc import Iterable

from codex_tui.games.instinkt.animal_words import animal_name
from codex_tui.games.instinkt.rules.actions import Axis, End, Enter
from codex_tui.games.instinkt.rules.animals import GRID_SIZE, Animal
from codex_tui.games.instinkt.rules.state import Cell
from codex_tui.games.instinkt.text import _

COLUMNS = "abcd"


def origin_of(cells: Iterable[Cell]) -> Cell:
    """The frame's a1: the leftmost column and topmost row holding a card ((0, 0) on an empty grid)."""
    cells = list(cells)
    if not cells:
        return (0, 0)
    return (min(x for x, _y in cells), min(y for _x, y in cells))


def column_name(x: int, origin: Cell) -> str:
    index = x - origin[0]
    return COLUMNS[index] if 0 <= index < GRID_SIZE else "+"


def row_name(y: int, origin: Cell) -> str:
    index = y - origin[1]
    return str(index + 1) if 0 <= index < GRID_SIZE else "+"


def _outside(cell: Cell, origin: Cell) -> tuple[str, int, int]:
    """The name of the nearest cell inside the frame, and which way `cell` lies out of it (-1, 0, 1 per axis)."""
    i, j = cell[0] - origin[0], cell[1] - origin[1]
    inside_i, inside_j = min(max(i, 0), GRID_SIZE - 1), min(max(j, 0), GRID_SIZE - 1)
    return f"{COLUMNS[inside_i]}{inside_j + 1}", (i > inside_i) - (i < inside_i), (j > inside_j) - (j < inside_j)


def cell_name(cell: Cell, origin: Cell) -> str:
    """'b3'; a cell left of column a or above row 1 (where the grid may still grow) is named from a1's side."""
    name, across, down = _outside(cell, origin)
    words = {
        (0, 0): "{cell}",
        (0, -1): _("above {cell}"),
        (0, 1): _("below {cell}"),
        (-1, 0): _("left of {cell}"),
        (1, 0): _("right of {cell}"),
        (-1, -1): _("above and left of {cell}"),
        (1, -1): _("above and right of {cell}"),
        (-1, 1): _("below and left of {cell}"),
        (1, 1): _("below and right of {cell}"),
    }
    return words[(across, down)].format(cell=name)


def frame_text(cells: Iterable[Cell]) -> str:
    """How far the frame is fixed: 'columns a-c (1 more ←→) · rows 1-4 (fixed)'; room may be on either side."""
    cells = list(cells)
    if not cells:
        return _("The first card sets a1; the grid then grows to 4x4 in any direction")
    parts = []
    for axis, names in enumerate((COLUMNS, "1234")):
        values = [cell[axis] for cell in cells]
        size = max(values) - min(values) + 1
        span = names[0] if size == 1 else f"{names[0]}-{names[size - 1]}"
        room = GRID_SIZE - size
        if axis == 0:
            text = _("columns {span} ({n} more ←→)") if room else _("columns {span} (fixed)")
        else:
            text = _("rows {span} ({n} more ↑↓)") if room else _("rows {span} (fixed)")
        parts.append(text.format(span=span, n=room))
    return " · ".join(parts)


def cell_words(cell: Cell, origin: Cell) -> str:
    """'b3', or 'above a1 (a new row)' for a cell where the grid would grow left or up."""
    name = cell_name(cell, origin)
    _inside, across, down = _outside(cell, origin)
    if across and down:
        return _("{cell} (a new column and a new row)").format(cell=name)
    if across:
        return _("{cell} (a new column)").format(cell=name)
    if down:
        return _("{cell} (a new row)").format(cell=name)
    return name


def at_cell(cell: Cell, origin: Cell) -> str:
    """'at b3', or 'above a1 (a new row)'."""
    _inside, across, down = _outside(cell, origin)
    if across or down:
        return cell_words(cell, origin)
    return _("at {cell}").format(cell=cell_name(cell, origin))


def line_text(entry: Enter, origin: Cell) -> str:
    """'row 2 from the left', 'column c from the bottom'."""
    if Axis(entry.axis) is Axis.ROW:
        name = row_name(entry.index, origin)
        text = _("row {line} from the left") if End(entry.end) is End.START else _("row {line} from the right")
    else:
        name = column_name(entry.index, origin)
        text = _("column {line} from the top") if End(entry.end) is End.START else _("column {line} from the bottom")
    return text.format(line=name)


def card_text(animal: Animal) -> str:
    """'7 owl' / 'X snake'."""
    return _("{number} {animal}").format(number=animal.mark, animal=animal_name(animal))
