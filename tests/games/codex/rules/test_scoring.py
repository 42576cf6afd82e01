"""Points when placing each kind of card, and every kind of objective."""

from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.games.codex.rules import CATALOG, EndReason, Phase, Place, Side, apply, result
from codex_tui.games.codex.rules.engine import placement_points
from codex_tui.games.codex.rules.objectives import max_disjoint, objective_points, pattern_occurrences
from codex_tui.games.codex.rules.symbols import Symbol
from tests.helpers import area_of, started_game, with_seat

FUNGI = list(range(1, 11))
PLANT = list(range(11, 21))


def test_resource_front_scores_its_banner_and_back_scores_nothing() -> None:
    for card in CATALOG.playable.values():
        if card.kind.value == "resource":
            assert placement_points(card, Side.FRONT, covered=3, counts_after=[9] * 7) == card.points
            assert placement_points(card, Side.BACK, covered=3, counts_after=[9] * 7) == 0


def test_flat_gold_scores_its_banner() -> None:
    five = [c for c in CATALOG.playable.values() if c.is_gold and c.points == 5]
    assert len(five) == 4
    for card in five:
        assert placement_points(card, Side.FRONT, covered=2, counts_after=[0] * 7) == 5


def test_rulebook_example_gold_covering_two_corners_scores_four() -> None:
    gold = CATALOG.playable[44]  # 2 points per covered corner
    assert placement_points(gold, Side.FRONT, covered=2, counts_after=[0] * 7) == 4
    assert placement_points(gold, Side.FRONT, covered=1, counts_after=[0] * 7) == 2


def test_object_gold_counts_visible_objects_including_itself() -> None:
    # Gold 41: 1 point per quill; it shows a quill in its bottom-right corner.
    game = started_game(seed=5)
    area = area_of((1, Side.FRONT, (-1, -1)), (2, Side.FRONT, (-2, 0)), (5, Side.FRONT, (1, -1)), starter=83)
    assert area.counts[Symbol.QUILL] == 1 and area.counts[Symbol.FUNGI] >= 2 and area.counts[Symbol.ANIMAL] >= 1
    game = with_seat(game, game.current, hand=(3, 4, 41), area=area)
    after = apply(game, Place(game.current, 41, Side.FRONT, 1, 1))
    seat = after.seats[game.current]
    assert seat.area.counts[Symbol.QUILL] == 2
    assert seat.score == 2
    assert after.log[-1].points == 2


def test_corner_gold_through_the_engine_covering_two_corners() -> None:
    game = started_game(seed=5)
    area = area_of((1, Side.FRONT, (1, -1)), (2, Side.FRONT, (2, 0)), starter=83)
    game = with_seat(game, game.current, hand=(3, 4, 44), area=area)
    after = apply(game, Place(game.current, 44, Side.FRONT, 1, 1))
    entry = after.log[-1]
    assert (entry.points, sorted(entry.covered)) == (4, [(0, 0), (2, 0)])


# --------------------------------------------------------------- objectives


def test_resource_objective_counts_sets_of_three() -> None:
    area = area_of((1, Side.FRONT, (1, 1)), (2, Side.FRONT, (2, 2)), starter=83)  # fungi: 1+2+2 = 5
    assert area.counts[Symbol.FUNGI] == 5
    assert objective_points(area, 95) == 2  # one set of 3 fungi
    area = area_of((1, Side.FRONT, (1, 1)), (2, Side.FRONT, (2, 2)), (3, Side.BACK, (3, 1)), starter=83)
    assert area.counts[Symbol.FUNGI] == 6
    assert objective_points(area, 95) == 4


def test_object_objectives_count_pairs_and_full_sets() -> None:
    # Resource 5 shows a quill, 6 an inkwell, 7 a manuscript.
    one_each = area_of((5, Side.FRONT, (1, 1)), (6, Side.FRONT, (-1, -1)), (7, Side.FRONT, (1, -1)), starter=83)
    assert objective_points(one_each, 99) == 3
    assert objective_points(one_each, 102) == 0
    quills = area_of((5, Side.FRONT, (1, 1)), (15, Side.FRONT, (-1, -1)), starter=83)
    assert quills.counts[Symbol.QUILL] == 2
    assert objective_points(quills, 102) == 2
    assert objective_points(quills, 99) == 0


def diagonal(card_ids: list[int], start=(1, 1), step=(1, 1)) -> list[tuple[int, Side, tuple[int, int]]]:
    return [(c, Side.BACK, (start[0] + i * step[0], start[1] + i * step[1])) for i, c in enumerate(card_ids)]


def test_diagonal_needs_the_right_direction_and_kingdom() -> None:
    rising = area_of(*diagonal(FUNGI[:3]))
    assert objective_points(rising, 87) == 2
    falling = area_of(*diagonal(FUNGI[:3], start=(1, 5), step=(1, -1)))
    assert objective_points(falling, 87) == 0
    mixed = area_of(*diagonal([FUNGI[0], PLANT[0], FUNGI[1]]))
    assert objective_points(mixed, 87) == 0
    plants_falling = area_of(*diagonal(PLANT[:3], start=(1, 5), step=(1, -1)))
    assert objective_points(plants_falling, 88) == 2


def test_each_card_counts_once_per_objective() -> None:
    # 5 fungi in a row hold 3 overlapping diagonals but only one without sharing.
    assert objective_points(area_of(*diagonal(FUNGI[:5])), 87) == 2
    assert objective_points(area_of(*diagonal(FUNGI[:6])), 87) == 4


def l_shape(anchor: tuple[int, int], fungi: tuple[int, int], plant: int) -> list[tuple[int, Side, tuple[int, int]]]:
    """Objective 91: fungi at (0,1) and (0,3), plant at (1,0), from `anchor`."""
    ax, ay = anchor
    return [
        (fungi[0], Side.BACK, (ax, ay + 1)),
        (fungi[1], Side.BACK, (ax, ay + 3)),
        (plant, Side.BACK, (ax + 1, ay)),
    ]


def test_rulebook_example_pattern_found_twice_scores_six() -> None:
    area = area_of(*l_shape((1, 0), (1, 2), 11), *l_shape((-3, 0), (3, 4), 12))
    assert len(pattern_occurrences(area, CATALOG.objectives[91])) == 2
    assert objective_points(area, 91) == 6


def test_patterns_count_the_maximum_not_the_first_found() -> None:
    # A fungi column of 4 with plants beside the 1st, 2nd and 3rd: the middle
    # occurrence overlaps both others; taking it first would give 1, not 2.
    cells = [(f, Side.BACK, (1, 1 + 2 * i)) for i, f in enumerate(range(1, 5))]
    cells += [(p, Side.BACK, (2, 2 * i)) for i, p in enumerate(range(11, 14))]
    area = area_of(*cells)
    occurrences = pattern_occurrences(area, CATALOG.objectives[91])
    assert len(occurrences) == 3
    assert objective_points(area, 91) == 6


def test_the_starter_never_matches_a_pattern_cell() -> None:
    area = area_of(*diagonal(FUNGI[:2]))  # starter + two fungi on a rising diagonal
    assert objective_points(area, 87) == 0


def brute_force(occurrences: list[frozenset]) -> int:
    for size in range(len(occurrences), 0, -1):
        for combo in itertools.combinations(occurrences, size):
            if sum(len(c) for c in combo) == len(frozenset().union(*combo)):
                return size
    return 0


@settings(max_examples=300, deadline=None)
@given(st.lists(st.frozensets(st.integers(0, 12), min_size=1, max_size=3), max_size=9))
def test_max_disjoint_is_exact(occurrences: list[frozenset]) -> None:
    positions = [frozenset((x, 0) for x in occ) for occ in occurrences]
    assert max_disjoint(positions) == brute_force(positions)


# --------------------------------------------------------------- results


def finished(game, scores, areas):
    """The game marked over, with chosen placement scores and play areas."""
    for player, (score, area) in enumerate(zip(scores, areas)):
        game = with_seat(game, player, score=score, area=area, secret=102)  # 102: quill pairs, none here
    return replace(game, phase=Phase.OVER, end=EndReason.SCORE)


def test_highest_total_wins() -> None:
    outcome = result(finished(started_game(), [21, 18], [area_of(), area_of()]))
    assert outcome.winners == (0,)
    assert outcome.tie_break is None


def test_tie_goes_to_most_objective_points_then_is_shared() -> None:
    base = started_game(seed=2)
    base = replace(base, setup=replace(base.setup, common_objectives=(95, 96)))
    rich = area_of(*diagonal(FUNGI[:6]))  # 7 fungi visible: 2 sets of 95 = 4 points
    poor = area_of()
    outcome = result(finished(base, [24, 20], [poor, rich]))
    assert outcome.objective_points == ((0, 0, 0), (4, 0, 0))
    assert outcome.totals == (24, 24)
    assert outcome.winners == (1,) and outcome.tie_break == "most objective points"
    shared = result(finished(base, [20, 20], [poor, poor]))
    assert shared.winners == (0, 1) and shared.tie_break == "shared victory"


def test_unfinished_game_has_no_winner_but_current_objective_points() -> None:
    outcome = result(started_game())
    assert not outcome.finished and outcome.winners == () and outcome.end is None
