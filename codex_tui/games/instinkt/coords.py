"""How players name cells, lines and cards: columns a-k and rows 1-11, fixed by the first card (f6).

A cell's name never changes during a game, so a log line, once written,
reads the same to the end and always agrees with the board's labels. The
engine's cells are absolute: the game's first card is at (0, 0) and the grid
grows any way from it. The grid's 4x4 window can only slide one cell per
raccoon move (a move may empty an edge line and fill one beyond the other
edge; placements and the deer only add to the lines the window holds), and
each player has one raccoon, so no card ever lies more than 3 + 2 = 5 cells
from the first card's: naming the first card f6 gives every reachable cell a
name in a-k / 1-11. `docs/rules-notes.md` says why this naming was chosen.
The board, the previews, the log, the hints and the end table all name
cells here. Pure words, no Textual. The words come in the player's language
(`text`), looked up when called.
"""

from __future__ import annotations

from collections.abc import Iterable

from codex_tui.games.instinkt.animal_words import animal_name
from codex_tui.games.instinkt.rules.actions import Axis, End, Enter
from codex_tui.games.instinkt.rules.animals import GRID_SIZE, Animal
from codex_tui.games.instinkt.rules.state import Cell
from codex_tui.games.instinkt.text import _
from codex_tui.i18n.spacing import held

REACH = GRID_SIZE - 1 + 2
"""How far a card can lie from the first card's cell, along each axis: the 4x4 window, slid by two raccoons."""
COLUMNS = "abcdefghijk"
"""x from -REACH to +REACH; the first card's column is f."""
FIRST = (0, 0)
"""The engine's cell of the game's first card (`grid.placement_cells`)."""


def column_name(x: int) -> str:
    """'f' for the first card's column, 'e' left of it, 'g' right of it (no legal game goes past a or k)."""
    index = x - FIRST[0] + REACH
    return COLUMNS[index] if 0 <= index < len(COLUMNS) else f"x{x}"


def row_name(y: int) -> str:
    """'6' for the first card's row, '5' above it, '7' below it."""
    return str(y - FIRST[1] + REACH + 1)


def cell_name(cell: Cell) -> str:
    """'f6' for the first card's cell; the same cell has the same name all game."""
    return f"{column_name(cell[0])}{row_name(cell[1])}"


def first_cell_name() -> str:
    return cell_name(FIRST)


def frame_text(cells: Iterable[Cell]) -> str:
    """How far the frame is fixed: 'columns e-g (1 more ←→) · rows 6-9 (fixed)'; room may be on either side."""
    cells = list(cells)
    if not cells:
        return _("The first card goes to {cell}; the grid then grows to 4x4 in any direction").format(
            cell=first_cell_name()
        )
    parts = []
    for axis, names in enumerate((column_name, row_name)):
        values = [cell[axis] for cell in cells]
        low, high = min(values), max(values)
        shown = names(low) if low == high else f"{names(low)}-{names(high)}"
        room = GRID_SIZE - (high - low + 1)
        if axis == 0:
            text = _("columns {span} ({n} more ←→)") if room else _("columns {span} (fixed)")
        else:
            text = _("rows {span} ({n} more ↑↓)") if room else _("rows {span} (fixed)")
        parts.append(text.format(span=shown, n=room))
    return " · ".join(parts)


def naming_note() -> str:
    """Why the board's labels are not a-d / 1-4: a cell keeps its name all game."""
    return _("Cells keep their names all game: the first card is {cell}").format(cell=first_cell_name())


def _grows(cell: Cell, cells: Iterable[Cell]) -> tuple[bool, bool]:
    """Whether a card at `cell` would add a column, a row to the grid `cells`."""
    cells = list(cells)
    if not cells:
        return False, False
    return all(x != cell[0] for x, _y in cells), all(y != cell[1] for _x, y in cells)


def cell_words(cell: Cell, grid: Iterable[Cell] = ()) -> str:
    """'g7', or 'g7 (a new row)' for a cell where the grid `grid` would grow."""
    name = cell_name(cell)
    column, row = _grows(cell, grid)
    if column and row:
        return _("{cell} (a new column and a new row)").format(cell=name)
    if column:
        return _("{cell} (a new column)").format(cell=name)
    if row:
        return _("{cell} (a new row)").format(cell=name)
    return name


def at_cell(cell: Cell, grid: Iterable[Cell] = ()) -> str:
    """'at g7', or 'at g7 (a new row)' where the grid `grid` would grow."""
    return _("at {cell}").format(cell=cell_words(cell, grid))


def line_text(entry: Enter) -> str:
    """'row 7 from the left', 'column g from the bottom'."""
    if Axis(entry.axis) is Axis.ROW:
        name = row_name(entry.index)
        text = _("row {line} from the left") if End(entry.end) is End.START else _("row {line} from the right")
    else:
        name = column_name(entry.index)
        text = _("column {line} from the top") if End(entry.end) is End.START else _("column {line} from the bottom")
    return text.format(line=name)


def card_text(animal: Animal, named: str | None = None) -> str:
    """'owl (7)' / 'snake (X)': a card is an animal and its value, never a count of animals.
    `named`: the animal in other words than its bare name ("your owl", "Bo's owl"). The template's
    spaces are held: the value stays on the line of its name."""
    # Translators: one card, its animal and the number printed on it ("owl (7)"); not a count.
    return held(_("{animal} ({value})")).format(animal=named or animal_name(animal), value=animal.mark)
