"""The deer as docs/rules-notes.md rules it: the entrance is the line's first cell, the cards go away from it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.games.instinkt.rules import (
    Animal,
    Choose,
    Enter,
    IllegalAction,
    Place,
    ReplayError,
    apply,
    legal_actions,
)
from codex_tui.games.instinkt.rules import replay as replay_game
from codex_tui.games.instinkt.rules.actions import Axis, End
from codex_tui.games.instinkt.rules.grid import (
    connected,
    deer_push,
    fits,
    line_cells,
    lines,
    placement_cells,
    valid_layout,
)
from codex_tui.games.instinkt.rules.state import Cell, Piece
from tests.games.instinkt.test_rounds import game_with

A = Animal
B, W = 0, 1
DEER = Piece(B, A.DEER)


def grid_of(rows: list[str]) -> dict[Cell, Piece]:
    """One row per line, cells split by spaces: '.' empty, 'b7' black owl, 'w10' white deer."""
    grid = {}
    for y, row in enumerate(rows):
        for x, token in enumerate(row.split()):
            if token != ".":
                grid[(x, y)] = Piece(B if token[0] == "b" else W, A(int(token[1:])))
    return grid


def push(rows: list[str], axis: Axis, index: int, end: End, deer: Piece = DEER) -> dict[Cell, Piece] | None:
    pushed = deer_push(grid_of(rows), axis, index, end, deer)
    return pushed[0] if pushed else None


FRAME = "w1 w2 w3 w4"
"""A row that makes the grid 4 wide."""


# ------------------------------------------------------------ the examples


def test_the_deer_takes_the_entrance_and_pushes_the_owl_away() -> None:
    result = push(["b9", "w7"], Axis.ROW, 1, End.START, Piece(W, A.DEER))
    assert result == {(0, 0): Piece(B, A.WOLPERTINGER), (0, 1): Piece(W, A.DEER), (1, 1): Piece(W, A.OWL)}


@pytest.mark.parametrize(
    ("row", "end", "expected"),
    [
        ("b1 . . .", End.START, "b10 . . b1"),
        ("b1 b2 . .", End.START, "b10 . b1 b2"),
        ("b1 b2 b3 .", End.START, "b10 b1 b2 b3"),
        (". . . b1", End.FINISH, "b1 . . b10"),
        (". . b1 b2", End.FINISH, "b1 b2 . b10"),
        (". b1 b2 b3", End.FINISH, "b1 b2 b3 b10"),
        ("b1 . b2 .", End.START, "b10 . b1 b2"),
        (". b1 . b2", End.FINISH, "b1 b2 . b10"),
    ],
)
def test_a_block_at_one_end_of_a_4_wide_grid_slides_toward_the_room(row: str, end: End, expected: str) -> None:
    assert push([row, FRAME], Axis.ROW, 0, end) == grid_of([expected, FRAME])


def test_the_same_blocks_in_a_column() -> None:
    rows = ["b1 w1", ". w2", ". w3", ". w4"]
    assert push(rows, Axis.COLUMN, 0, End.START) == grid_of(["b10 w1", ". w2", ". w3", "b1 w4"])


def test_block_entries_are_legal_actions_now() -> None:
    game = game_with([A.CAT, A.RAVEN, A.DEER, A.BAT], [A.OWL, A.MOTH, A.WOLF, A.SPIDER_4])
    # Round 1: white's owl at (0,0), black's cat at (0,-1): a column; round 2 makes row 0 four wide.
    for black, white, places in (
        (A.CAT, A.OWL, [Place(W, 0, 0), Place(B, 0, -1)]),
        (A.RAVEN, A.MOTH, [Place(W, 1, 0), Place(B, 2, 0)]),
    ):
        game = apply(apply(game, Choose(B, black)), Choose(W, white))
        for action in places:
            game = apply(game, action)
    game = apply(apply(game, Choose(B, A.DEER)), Choose(W, A.WOLF))
    # Row -1 holds only the cat at the left end of a grid three wide: entering from the left is legal.
    assert Enter(B, Axis.ROW, -1, End.START) in legal_actions(game)
    after = apply(game, Enter(B, Axis.ROW, -1, End.START))
    assert after.grid[(0, -1)] == Piece(B, A.DEER) and after.grid[(3, -1)] == Piece(B, A.CAT)


# ------------------------------------------------------------------ boundary cases


def test_an_entry_that_moves_no_card_is_an_entry() -> None:
    rows = ["b1 . .", ". b2 .", ". . b3"]
    pushed = deer_push(grid_of(rows), Axis.ROW, 1, End.START, DEER)
    assert pushed is not None
    result, moved = pushed
    assert moved == () and result == grid_of(["b1 . .", "b10 b2 .", ". . b3"])


def test_impossible_only_when_the_arrival_itself_breaks_the_group() -> None:
    diagonal = ["b1 . . .", ". b2 . .", ". . b3 .", ". . . b4"]
    assert push(diagonal, Axis.ROW, 3, End.START) is None  # the deer at (0,3) touches nothing
    assert push(diagonal, Axis.ROW, 3, End.FINISH) is not None  # it lands on b4's cell, b4 is pushed left


def test_a_full_line_or_a_full_direction_blocks_the_arrival() -> None:
    assert push(["b1 b2 b3 b4", ". w1 . ."], Axis.ROW, 0, End.START) is None
    assert push(["b1 b2 b3 b4"], Axis.ROW, 0, End.FINISH) is None
    assert push(["b1 . b2 b3", FRAME], Axis.ROW, 0, End.START) == grid_of(["b10 b1 b2 b3", FRAME])


def test_the_whole_grid_in_one_line_only_shifts() -> None:
    pushed = deer_push(grid_of(["b1 b2"]), Axis.ROW, 0, End.START, DEER)
    assert pushed == ({(-1, 0): DEER, **grid_of(["b1 b2"])}, ())
    pushed = deer_push(grid_of(["b1", "b2", "b3"]), Axis.COLUMN, 0, End.FINISH, DEER)
    assert pushed == ({(0, 3): DEER, **grid_of(["b1", "b2", "b3"])}, ())


def test_a_one_wide_grid_crossed_by_a_row() -> None:
    # A column of three; entering the middle row pushes its one card beside the deer.
    result = push(["b1", "b2", "b3"], Axis.ROW, 1, End.START)
    assert result == {(0, 0): Piece(B, A.RAVEN), (0, 1): DEER, (1, 1): Piece(B, A.BAT), (0, 2): Piece(B, A.MOTH)}


def test_an_empty_line_cannot_be_entered() -> None:
    assert push(["b1 b2"], Axis.ROW, 5, End.START) is None


# --------------------------------------------------------------- random grids


def random_grid(rng: random.Random, size: int) -> dict[Cell, Piece]:
    """A legal grid built card by card, as play builds it."""
    grid: dict[Cell, Piece] = {}
    animals = [a for a in A if a not in (A.SNAKE, A.DEER)]
    for count in range(size):
        cell = rng.choice(placement_cells(grid))
        grid[cell] = Piece(count % 2, rng.choice(animals))
    return grid


def arrival(grid: dict[Cell, Piece], axis: Axis, index: int, end: End) -> set[Cell] | None:
    """Where the cards stand just after the deer arrives (an independent reading of the ruling)."""
    along = 0 if axis is Axis.ROW else 1
    away = 1 if end is End.START else -1
    line = line_cells(grid, axis, index)
    if len(line) == len(grid):
        first = line[0] if away == 1 else line[-1]
        entrance = list(first)
        entrance[along] -= away
        return {*grid, (entrance[0], entrance[1])}
    edge = min(c[along] for c in grid) if away == 1 else max(c[along] for c in grid)
    cells = set(grid)
    spot = edge
    chain = []
    while True:
        cell = (spot, index) if along == 0 else (index, spot)
        if cell not in cells:
            break
        chain.append(cell)
        spot += away
    for cell in chain:
        cells.remove(cell)
    for cell in chain:
        moved = list(cell)
        moved[along] += away
        cells.add((moved[0], moved[1]))
    cells.add((edge, index) if along == 0 else (index, edge))
    return cells


def check_entry(grid: dict[Cell, Piece], axis: Axis, index: int, end: End) -> None:
    pushed = deer_push(grid, axis, index, end, DEER)
    arrived = arrival(grid, axis, index, end)
    assert arrived is not None
    assert (pushed is not None) == valid_layout(arrived), (grid, axis, index, end)
    if pushed is None:
        return
    result, moved = pushed
    assert connected(result) and fits(result) and len(result) == len(grid) + 1
    along = 0 if axis is Axis.ROW else 1
    away = 1 if end is End.START else -1
    line = line_cells(grid, axis, index)
    for cell, piece in grid.items():
        if cell not in line:
            assert result[cell] == piece  # other lines never move
    sources = dict(moved)
    for cell in line:
        target = sources.get(cell, cell)
        assert result[target] == grid[cell]
        assert target[1 - along] == cell[1 - along]  # no card leaves its line
        assert (target[along] - cell[along]) * away >= 0  # never toward the deer
    order = [sources.get(cell, cell)[along] for cell in line]
    assert order == sorted(order) and len(set(order)) == len(order)  # the order is kept
    deer_cells = [c for c, p in result.items() if p == DEER]
    assert len(deer_cells) == 1
    deer = deer_cells[0]
    if len(line) < len(grid):
        edge = min(c[along] for c in grid) if away == 1 else max(c[along] for c in grid)
        assert deer[along] == edge and deer[1 - along] == index  # the deer stays at the entrance
    else:
        assert moved == ()


@pytest.mark.parametrize("seed", range(60))
def test_every_entry_of_every_line_of_random_grids(seed: int) -> None:
    rng = random.Random(seed)
    grid = random_grid(rng, 1 + seed % 15)
    for axis, index in lines(grid):
        for end in End:
            check_entry(grid, axis, index, end)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 15))
def test_after_a_deer_the_grid_is_one_group_inside_4x4(seed: int, size: int) -> None:
    grid = random_grid(random.Random(seed), size)
    for axis, index in lines(grid):
        for end in End:
            check_entry(grid, axis, index, end)


# ------------------------------------------------------------------ messages


def test_a_tie_says_the_token_decided() -> None:
    game = game_with([A.CAT, A.RAVEN, A.BAT], [A.CAT, A.MOTH, A.OWL], token=1)
    game = apply(apply(game, Choose(B, A.CAT)), Choose(W, A.CAT))
    with pytest.raises(IllegalAction, match="token decided") as error:
        apply(game, Place(B, 0, 0))
    assert "higher number" not in str(error.value)


def test_a_deer_entry_no_longer_legal_is_named_when_replaying() -> None:
    game = game_with([A.CAT, A.DEER, A.BAT], [A.OWL, A.MOTH, A.RAVEN])
    actions = [Choose(B, A.CAT), Choose(W, A.OWL), Place(W, 0, 0), Place(B, 1, 0)]
    actions += [Choose(B, A.DEER), Choose(W, A.MOTH), Enter(B, Axis.ROW, 3, End.START)]
    with pytest.raises(ReplayError) as error:
        replay_game(game.players, game.setup, game.variant, actions)
    assert error.value.index == 6
    assert "Black's deer entering row 3 from the left (action 6) is not legal" in str(error.value)
    assert "older reading" in str(error.value)


def test_a_later_action_that_no_longer_fits_names_the_deer() -> None:
    game = game_with([A.CAT, A.DEER, A.BAT], [A.OWL, A.MOTH, A.RAVEN])
    actions = [Choose(B, A.CAT), Choose(W, A.OWL), Place(W, 0, 0), Place(B, 1, 0)]
    actions += [Choose(B, A.DEER), Choose(W, A.MOTH), Enter(B, Axis.ROW, 0, End.START), Place(W, 0, 0)]
    with pytest.raises(ReplayError) as error:
        replay_game(game.players, game.setup, game.variant, actions)
    assert error.value.index == 7
    assert "Black's deer entering row 0 from the left, action 6" in str(error.value)
