"""Geometry of the growing 4x4 grid: where a card may go, the deer's push, the raccoon's move.

Pure functions over grids (mappings cell -> piece). The grid has no fixed
frame while it grows: any cell is fine as long as every card touches another
(orthogonally or diagonally, all in one group) and the whole layout fits in
a 4x4 square.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator

from codex_tui.games.instinkt.rules.actions import Axis, End
from codex_tui.games.instinkt.rules.animals import GRID_SIZE, Animal
from codex_tui.games.instinkt.rules.state import Cell, Grid, Piece

NEIGHBOURS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))


def around(cell: Cell, offsets: Iterable[Cell] = NEIGHBOURS) -> Iterator[Cell]:
    x, y = cell
    for dx, dy in offsets:
        yield (x + dx, y + dy)


def fits(cells: Iterable[Cell]) -> bool:
    """The cells fit in a 4x4 square."""
    cells = list(cells)
    if not cells:
        return True
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return max(xs) - min(xs) < GRID_SIZE and max(ys) - min(ys) < GRID_SIZE


def bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """The smallest and largest x, then y, of (non-empty) `cells`."""
    cells = list(cells)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), max(xs), min(ys), max(ys)


def fits_with(box: tuple[int, int, int, int], cell: Cell) -> bool:
    """Cells of bounding box `box` and one more `cell` still fit in a 4x4 square."""
    low_x, high_x, low_y, high_y = box
    x, y = cell
    return max(high_x, x) - min(low_x, x) < GRID_SIZE and max(high_y, y) - min(low_y, y) < GRID_SIZE


def connected(cells: Iterable[Cell]) -> bool:
    """All cells form one group, touching orthogonally or diagonally."""
    return _connected(frozenset(cells))


@functools.lru_cache(maxsize=1 << 16)
def _connected(cells: frozenset[Cell]) -> bool:
    """`connected`, remembered: a search asks about the same few layouts many thousand times."""
    remaining = set(cells)
    if not remaining:
        return True
    stack = [remaining.pop()]
    while stack:
        x, y = stack.pop()
        for dx, dy in NEIGHBOURS:
            other = (x + dx, y + dy)
            if other in remaining:
                remaining.remove(other)
                stack.append(other)
    return not remaining


def valid_layout(cells: Iterable[Cell]) -> bool:
    cells = list(cells)
    return fits(cells) and connected(cells)


def placement_cells(grid: Grid) -> list[Cell]:
    """Empty cells a card may go to. The very first card goes to (0, 0): any cell is the same."""
    if not grid:
        return [(0, 0)]
    candidates = {(x + dx, y + dy) for x, y in grid for dx, dy in NEIGHBOURS} - grid.keys()
    box = bounds(grid)
    return sorted(cell for cell in candidates if fits_with(box, cell))


def with_piece(grid: Grid, cell: Cell, piece: Piece) -> dict[Cell, Piece]:
    new = dict(grid)
    new[cell] = piece
    return new


# ------------------------------------------------------------------ deer


def line_cells(grid: Grid, axis: Axis, index: int) -> list[Cell]:
    """The occupied cells of a row (y = index) or a column (x = index), in order."""
    if axis is Axis.ROW:
        return sorted((cell for cell in grid if cell[1] == index), key=lambda c: c[0])
    return sorted((cell for cell in grid if cell[0] == index), key=lambda c: c[1])


def lines(grid: Grid) -> list[tuple[Axis, int]]:
    rows = sorted({y for _, y in grid})
    columns = sorted({x for x, _ in grid})
    return [(Axis.ROW, y) for y in rows] + [(Axis.COLUMN, x) for x in columns]


def deer_push(
    grid: Grid, axis: Axis, index: int, end: End, deer: Piece
) -> tuple[dict[Cell, Piece], tuple[tuple[Cell, Cell], ...]] | None:
    """The grid after the deer enters line `index` at `end`, and which cards moved; None if it cannot.

    The ruling of docs/rules-notes.md ("The deer"): the deer takes the line's
    first cell on the current grid (the bounding box's edge) and stays there;
    the cards in its way make room, then the push goes on one cell at a time,
    the cards nearest the deer first, so gaps close before the block moves on.
    The push stops before the first step that would split the grid (diagonals
    count) or leave the 4x4 square. The entry is impossible only when the
    arrival alone does that. When the line holds every card, pushing them all
    is a shift of the whole layout: they keep their cells and the deer takes
    the cell before the first.
    """
    line = line_cells(grid, axis, index)
    if not line:
        return None
    along = 0 if axis is Axis.ROW else 1
    away = 1 if end is End.START else -1
    ordered = line if end is End.START else list(reversed(line))
    if len(line) == len(grid):
        shifted = {**grid, _at(ordered[0], along, ordered[0][along] - away): deer}
        return (shifted, ()) if valid_layout(shifted) else None
    entrance = min(cell[along] for cell in grid) if away == 1 else max(cell[along] for cell in grid)
    others = {cell: piece for cell, piece in grid.items() if cell not in set(line)}
    deer_cell = _at(ordered[0], along, entrance)

    def layout(spots: list[int]) -> dict[Cell, Piece]:
        result = dict(others)
        result[deer_cell] = deer
        for cell, spot in zip(ordered, spots, strict=True):
            result[_at(cell, along, spot)] = grid[cell]
        return result

    spots = [cell[along] for cell in ordered]
    # The arrival: each card in the deer's way moves on by one, and so on down the chain.
    way = entrance
    for position, spot in enumerate(spots):
        if spot != way:
            break
        spots[position] = way = spot + away
    if not valid_layout(layout(spots)):
        return None
    while True:
        step = _push_step(spots, away)
        if not valid_layout(layout(step)):
            break
        spots = step
    moved = tuple(
        (cell, _at(cell, along, spot)) for cell, spot in zip(ordered, spots, strict=True) if spot != cell[along]
    )
    return layout(spots), moved


def _push_step(spots: list[int], away: int) -> list[int]:
    """One cell further: the card nearest the deer moves away, with the cards it touches on that side.

    A step always moves a card away, and the 4x4 check around the fixed deer
    stops the push within four steps per card.
    """
    step = list(spots)
    step[0] += away
    for position in range(1, len(step)):
        if step[position] != step[position - 1]:
            break
        step[position] += away
    return step


def _at(cell: Cell, along: int, value: int) -> Cell:
    return (value, cell[1]) if along == 0 else (cell[0], value)


# --------------------------------------------------------------- raccoon


def raccoon_moves(grid: Grid, owner: int, raccoon_cell: Cell) -> list[tuple[Cell, Cell]]:
    """(from, to) for each card of `owner` (not the raccoon itself) and each empty cell it may move to."""
    moves: list[tuple[Cell, Cell]] = []
    for cell, piece in sorted(grid.items()):
        if piece.owner != owner or cell == raccoon_cell:
            continue
        rest = [other for other in grid if other != cell]
        targets = {(x + dx, y + dy) for x, y in rest for dx, dy in NEIGHBOURS} - grid.keys()
        if rest and connected(rest):
            # Every target touches the rest, so the layout stays one group: only the square can fail.
            box = bounds(rest)
            moves.extend((cell, target) for target in sorted(targets) if fits_with(box, target))
            continue
        for target in sorted(targets):
            if valid_layout([*rest, target]):
                moves.append((cell, target))
    return moves


def refused_targets(grid: Grid, source: Cell) -> tuple[list[Cell], list[Cell]]:
    """The empty cells beside the other cards that the card at `source` may not move to, as (those that
    would make the grid wider or taller than 4, those that would leave the cards in two groups): what a
    player sees as free and is not offered, with the reason the rules give."""
    rest = [cell for cell in grid if cell != source]
    if not rest:
        return [], []
    beside = {(x + dx, y + dy) for x, y in rest for dx, dy in NEIGHBOURS} - grid.keys()
    box = bounds(rest)
    too_wide = sorted(cell for cell in beside if not fits_with(box, cell))
    apart = sorted(cell for cell in beside if fits_with(box, cell) and not connected([*rest, cell]))
    return too_wide, apart


def normalised(grid: Grid) -> dict[Cell, Piece]:
    """The grid moved so that its top-left cell is (0, 0) (for scoring and display)."""
    if not grid:
        return {}
    min_x = min(x for x, _ in grid)
    min_y = min(y for _, y in grid)
    return {(x - min_x, y - min_y): piece for (x, y), piece in grid.items()}


def find(grid: Grid, owner: int | None, animal: Animal) -> list[Cell]:
    return [cell for cell, piece in grid.items() if piece.animal is animal and (owner is None or piece.owner == owner)]
