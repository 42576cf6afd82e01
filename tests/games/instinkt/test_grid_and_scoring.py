"""Instinkt: placement, the deer's push, the raccoon's move, and every card's points."""

from __future__ import annotations

import random

from codex_tui.games.instinkt.rules import apply, legal_actions, new_game
from codex_tui.games.instinkt.rules.animals import Animal as A
from codex_tui.games.instinkt.rules.grid import connected, fits, placement_cells, raccoon_moves, refused_targets
from codex_tui.games.instinkt.rules.scoring import score_cards
from codex_tui.games.instinkt.rules.state import Piece

B, W = 0, 1


def grid_of(rows: list[str]) -> dict:
    """A grid from text: one row per line, cells split by spaces: '.' empty, 'b7' black owl, 'w10' white deer."""
    grid = {}
    for y, row in enumerate(rows):
        for x, token in enumerate(row.split()):
            if token != ".":
                owner = B if token[0] == "b" else W
                grid[(x, y)] = Piece(owner, A(int(token[1:])))
    return grid


def points(rows: list[str]) -> dict[tuple[int, int], int]:
    return {s.cell: s.points for s in score_cards(grid_of(rows))}


# ----------------------------------------------------------------- placement


def test_first_card_goes_anywhere_later_ones_touch_and_fit() -> None:
    assert placement_cells({}) == [(0, 0)]
    one = {(0, 0): Piece(B, A.CAT)}
    assert sorted(placement_cells(one)) == sorted((x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0))
    row_of_four = grid_of(["b1 b2 b3 b4"])
    cells = placement_cells(row_of_four)
    assert (4, 0) not in cells and (-1, 0) not in cells  # would be 5 wide
    assert (0, 1) in cells and (3, -1) in cells


def test_fits_and_connected() -> None:
    assert fits([(0, 0), (3, 3)]) and not fits([(0, 0), (4, 0)])
    assert connected([(0, 0), (1, 1), (2, 2)])
    assert not connected([(0, 0), (2, 0)])


# ------------------------------------------------------------------- raccoon


def test_raccoon_moves_only_its_owners_other_cards_and_keeps_the_group() -> None:
    grid = grid_of(["b11 b6 .", ". w1 ."])
    moves = raccoon_moves(grid, B, (0, 0))
    sources = {source for source, _ in moves}
    assert sources == {(1, 0)}  # not the raccoon, not the white raven
    for _, target in moves:
        rest = {c for c in grid if c != (1, 0)} | {target}
        assert connected(rest) and fits(rest) and target not in grid


# --------------------------------------------------------------------- cards


def test_raven_one_moth_then_both() -> None:
    assert points(["b1 w3"])[(0, 0)] == 1
    assert points(["b3 b1 w3"])[(1, 0)] == 3
    assert points(["b1 . w3"]).get((0, 0)) == 0


def test_bat_beside_its_own_raven_only_orthogonally() -> None:
    assert points(["b2 b1"])[(0, 0)] == 3
    assert points(["b2 w1"])[(0, 0)] == 0
    assert points(["b2 .", ". b1"])[(0, 0)] == 0


def test_moth_in_the_middle_more_when_alone_there() -> None:
    alone = ["w10 . . .", ". b3 . .", ". . w3 .", ". . . b10"]
    assert points(alone)[(1, 1)] == 2  # the white moth is in the middle too
    middle = ["w10 . . .", ". b3 . .", ". . . w3", ". . . b10"]
    assert points(middle)[(1, 1)] == 3 and points(middle)[(3, 2)] == 0
    edge = ["b3 . . .", ". . . .", ". . . .", ". . . w9"]
    assert points(edge)[(0, 0)] == 0


def test_spiders_in_corners() -> None:
    one = ["b4 . . .", ". . . .", ". . b5 .", ". . . w9"]
    assert points(one)[(0, 0)] == 2 and points(one)[(2, 2)] == 0
    both = ["b4 . . b5", ". . . .", ". . . .", ". . . w9"]
    assert points(both)[(0, 0)] == 3 and points(both)[(3, 0)] == 3


def test_cat_on_an_edge_but_not_a_corner() -> None:
    grid = [". b6 . .", ". . . .", ". . b6 .", "w6 . . w9"]
    scores = points(grid)
    assert scores[(1, 0)] == 3 and scores[(2, 2)] == 0 and scores[(0, 3)] == 0


def test_owl_counts_its_colour_in_row_and_column() -> None:
    grid = ["b1 b7 b2 w1", ". b3 . .", ". w5 . .", ". b4 . ."]
    assert points(grid)[(1, 0)] == 4  # b1, b2 in the row; b3, b4 in the column


def test_wolf_counts_opponents_around_it_with_diagonals() -> None:
    grid = ["w1 w2 b1", "w3 b8 .", ". . w4"]
    assert points(grid)[(1, 1)] == 4


def test_wolpertinger_copies_its_best_orthogonal_neighbour() -> None:
    grid = ["w1 w2 b1 .", "w3 b8 b9 b6", ". . . .", ". . . w9"]
    scores = points(grid)
    assert scores[(1, 1)] == 3  # wolf: w1, w2, w3 around it
    assert scores[(3, 1)] == 3  # cat on the right edge
    assert scores[(2, 1)] == 3  # copies the wolf or the cat
    alone = ["b9 w8"]
    assert points(alone)[(0, 0)] == 0


def test_deer_and_raccoon_score_nothing() -> None:
    assert points(["b10 b11"]) == {(0, 0): 0, (1, 0): 0}


def test_a_wolpertinger_beside_cards_that_score_0_says_it_copied_0() -> None:
    why = {s.cell: s.why for s in score_cards(grid_of(["b9 b6 .", ". . w1", ". . .", ". . ."]))}
    # The cat is on the top edge's middle: it scores, and the wolpertinger copies it.
    assert why[(0, 0)] == "copies its cat"
    zero = {s.cell: (s.points, s.why) for s in score_cards(grid_of(["b9 b1 .", ". . w2"]))}
    assert zero[(0, 0)] == (0, "copies 0: its raven beside it scores 0")
    alone = {s.cell: s.why for s in score_cards(grid_of(["b9 w1"]))}
    assert alone[(0, 0)] == "none of its own cards beside it (diagonals do not count)"


def _grids_from_random_games(games: int) -> list[dict[tuple[int, int], Piece]]:
    """Every grid reached in seeded random games: the layouts a search's playouts meet."""
    grids = []
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game(("A", "B"), seed)
        while not game.is_over:
            grids.append(dict(game.grid))
            moves = legal_actions(game)
            game = apply(game, moves[rng.randrange(len(moves))])
    return grids


def test_placements_and_raccoon_moves_are_those_the_layout_rule_allows() -> None:
    """The fast paths (a bounding box, the rest's group checked once) give what the rule says:
    every empty cell, or every card moved to one, that leaves one group in a 4x4 square."""
    for grid in _grids_from_random_games(40):
        if not grid:
            continue
        near = {(x + dx, y + dy) for x, y in grid for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - grid.keys()
        assert placement_cells(grid) == sorted(c for c in near if fits([*grid, c]) and connected([*grid, c]))
        for owner in (0, 1):
            raccoons = [cell for cell, piece in grid.items() if piece.owner == owner and piece.animal is A.RACCOON]
            for raccoon in raccoons:
                expected = []
                for cell, piece in sorted(grid.items()):
                    if piece.owner != owner or cell == raccoon:
                        continue
                    rest = [other for other in grid if other != cell]
                    spots = {(x + dx, y + dy) for x, y in rest for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
                    for target in sorted(spots - grid.keys()):
                        if fits([*rest, target]) and connected([*rest, target]):
                            expected.append((cell, target))
                assert raccoon_moves(grid, owner, raccoon) == expected


def test_the_cells_refused_to_the_raccoon_s_card_are_every_free_cell_beside_the_others_not_offered() -> None:
    """Seeded random layouts: for each card the raccoon could move, the cells beside the other cards are the
    ones offered plus the ones refused, each refused for the reason the rules give and never both."""
    rng = random.Random(7)
    checked = 0
    for _layout in range(150):
        grid: dict = {}
        for _card in range(rng.randint(3, 14)):
            cell = rng.choice(placement_cells(grid))
            grid[cell] = Piece(rng.choice((B, W)), rng.choice(list(A)))
        raccoon = rng.choice(list(grid))
        owner = grid[raccoon].owner
        offered: dict = {}
        for source, target in raccoon_moves(grid, owner, raccoon):
            offered.setdefault(source, set()).add(target)
        for source in (cell for cell, piece in grid.items() if piece.owner == owner and cell != raccoon):
            rest = [cell for cell in grid if cell != source]
            too_wide, apart = refused_targets(grid, source)
            beside = {(x + dx, y + dy) for x, y in rest for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - grid.keys()
            assert set(too_wide) | set(apart) | offered.get(source, set()) == beside
            assert not set(too_wide) & set(apart) and not (set(too_wide) | set(apart)) & offered.get(source, set())
            assert all(not fits([*rest, cell]) for cell in too_wide)
            assert all(fits([*rest, cell]) and not connected([*rest, cell]) for cell in apart)
            checked += bool(too_wide) + bool(apart)
    assert checked > 20, "layouts with refused cells of both kinds were met"


def test_a_card_moved_from_the_middle_of_a_row_may_only_go_where_it_joins_both_ends() -> None:
    grid = grid_of(["b7 b4 b8"])
    too_wide, apart = refused_targets(grid, (1, 0))
    assert too_wide == [] and (-1, 0) in apart and (3, 0) in apart and (1, 1) not in apart
