"""The judge: its features read the position as documented, and the search listens to it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from codex_tui.games.codex.bots.cardinfo import CARDS, OBJECTIVES, PatternInfo, SymbolObjectiveInfo
from codex_tui.games.codex.bots.judge import FEATURES, Judge, _patterns_near, _symbol_progress, features
from codex_tui.games.codex.bots.search import SearchBot, SearchConfig
from codex_tui.games.codex.rules import CATALOG, Action, Place, Side, apply, players_to_act, view
from codex_tui.games.codex.rules.area import Placed, Pos
from tests.games.codex.bots.positions import greedy_midgame

TINY = SearchConfig(playouts=24, candidates=4)


def test_two_seats_see_the_same_differences_with_opposite_signs() -> None:
    game = greedy_midgame(seed=3, steps=20)
    mine, theirs = features(game, 0), features(game, 1)
    assert len(mine) == len(FEATURES)
    assert any(mine)
    assert mine == [-value for value in theirs]


def test_a_symbol_objective_counts_the_share_of_its_next_set_already_shown() -> None:
    target = next(o for o in OBJECTIVES.values() if isinstance(o, SymbolObjectiveInfo) and len(o.needs) == 1)
    ((symbol, need),) = target.needs
    counts = [0] * 7
    counts[symbol] = need + need - 1
    assert _symbol_progress(counts, target) == pytest.approx(target.points * (need - 1) / need)


def _card_of(kingdom: int) -> int:
    return next(card for card, info in CARDS.items() if info.kingdom == kingdom and not info.gold)


def _placed(cells: list[tuple[int, int, int]]) -> dict[Pos, Placed]:
    cards = {}
    for order, (x, y, kingdom) in enumerate(cells, start=1):
        card = _card_of(kingdom)
        cards[(x, y)] = Placed(card, Side.BACK, CATALOG.playable[card].back, order)
    return cards


def test_a_pattern_missing_one_card_counts_only_while_its_spot_is_free_and_empty() -> None:
    # A pattern of two kingdoms: a diagonal of one kingdom could be finished at either end.
    target = next(o for o in OBJECTIVES.values() if isinstance(o, PatternInfo) and len({c[2] for c in o.cells}) > 1)
    (x0, y0, k0), (x1, y1, k1), (x2, y2, k2) = target.cells
    two = _placed([(x0, y0, k0), (x1, y1, k1)])
    assert _patterns_near(two, frozenset(), target) == target.points
    assert _patterns_near(two, frozenset({(x2, y2)}), target) == 0
    wrong = next(k for k in range(4) if k != k2)
    assert _patterns_near(_placed([(x0, y0, k0), (x1, y1, k1), (x2, y2, wrong)]), frozenset(), target) == 0
    assert _patterns_near(_placed([(x0, y0, k0)]), frozenset(), target) == 0


def test_a_heavy_judge_of_the_score_turns_the_search_to_the_most_points_now() -> None:
    """Where the playouts choose a placement that scores less than another candidate, a judge
    that weighs only the score, and heavily, takes the one that scores most."""
    heavy = replace(TINY, judge=Judge(weights=(100.0,) + (0.0,) * (len(FEATURES) - 1)), judge_scale=1.0)
    for seed in range(30):
        game = greedy_midgame(seed=seed, steps=12)
        seat = players_to_act(game)[0]
        seat_view = view(game, seat)
        bot = SearchBot(1, TINY)
        chosen = bot.choose(seat_view)
        scores: dict[Action, int] = {
            m: apply(game, m).seats[seat].score for m in bot.stats.values if isinstance(m, Place)
        }
        if len(scores) > 1 and scores[chosen] < max(scores.values()):
            break
    else:
        pytest.fail("the seeded positions should hold one where the playouts forgo points")
    judged = SearchBot(1, heavy).choose(seat_view)
    assert scores[judged] == max(scores.values())
