"""A `DataTable` whose columns fit the width it has: the widest gives way, its cells wrap.

French and Chinese rows are wider than English ones; a row cut off at the
right would hide who sits where or how a game stands, so the lobby and the
ratings page fill their lists through `fill_fitted`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from codex_tui.ui.line_breaks import break_lines

NARROWEST = 8
"""A column is not squeezed below this many cells (a word or two per line)."""
TABLE_EDGES = 2
"""Cells of a row that are not its columns' text: the vertical scroll bar."""


def fit_widths(natural: list[int], room: int, least: Sequence[int] = ()) -> list[int]:
    """Column widths that fit in `room` cells: the widest column that may still give way gives up a
    cell until they fit (its cells wrap onto more lines), none below `NARROWEST`, its natural width
    or its `least` (its header's width: a header does not wrap)."""
    widths = list(natural)
    floors = [min(width, max([NARROWEST, *least[index : index + 1]])) for index, width in enumerate(natural)]
    while sum(widths) > room:
        yielding = [index for index in range(len(widths)) if widths[index] > floors[index]]
        if not yielding:
            break
        widest = max(yielding, key=lambda index: widths[index])
        widths[widest] -= 1
    return widths


def fill_fitted(
    table: DataTable[str], headers: Sequence[str], rows: Sequence[Sequence[str]], keys: Sequence[str], width: int
) -> None:
    """Fill `table` with `rows` (one key each) under `headers`, in columns that fit `width` cells.

    The widths are given explicitly: DataTable measures rows lazily, when it is
    idle, and a table refilled twice in a row sometimes kept the headers' widths."""
    table.clear(columns=True)  # columns too: their widths would stay those of the first rows
    natural = [max([cell_len(header), *(cell_len(row[index]) for row in rows)]) for index, header in enumerate(headers)]
    room = width - TABLE_EDGES - 2 * table.cell_padding * len(headers)
    widths = fit_widths(natural, room, [cell_len(header) for header in headers])
    for header, column_width in zip(headers, widths):
        table.add_column(header, width=column_width)
    squeezed = widths != natural
    for key, cells in zip(keys, rows):
        shown = [broken(cell, column_width) for cell, column_width in zip(cells, widths)] if squeezed else cells
        table.add_row(*shown, key=key, height=None if squeezed else 1)


def broken(cell: str, width: int) -> str | Text:
    """A cell wider than its column, broken by the app's own rules (`ui.line_breaks`: a name keeps its
    number, a no-break space holds) rather than by DataTable's, which breaks at any space."""
    if cell_len(cell) <= width:
        return cell
    return Text("\n").join(break_lines(Text(cell), width))
