"""How much a move is worth: the search's estimate behind reviews.

A review asks, for one decision, what the move played was worth beside the
best one (`assess`, two passes: pick the best, then measure it again on fresh
samples beside the move played). The search bot cannot answer that: sequential halving stops
playing a candidate as soon as it looks worse, so the move played (often
one of those) gets few playouts, and the bot's values mix a win share with
the margin. Here every compared move gets the same number of playouts, on
the same sampled games with the same playout seeds (common random numbers,
so a move is judged better only for being better), and the value is the
final margin itself: the seat's total minus the best other seat's.

The moves compared are the ones the bot itself would search (its heuristic
short list, `root_candidates`) plus the move played. A set-up choice is
compared with the other options of the same choice (the other starter side,
the other objective), not with the seat's other set-up choice.
"""

from __future__ import annotations

import random
from dataclasses import replace

from codex_tui.core.advice import Assessment, Estimate
from codex_tui.games.codex.bots.candidates import root_candidates
from codex_tui.games.codex.bots.determinize import read_knowledge, sample_game
from codex_tui.games.codex.bots.levels import EXPERT, HARD
from codex_tui.games.codex.bots.policy import playout
from codex_tui.games.codex.bots.search import SearchConfig, decision_seed, lead, playout_budget, secret_weights
from codex_tui.games.codex.rules import Action, ChooseObjective, ChooseStarter, SeatView, apply, result

ADVICE_CONFIGS: dict[str, SearchConfig] = {"hard": HARD, "expert": EXPERT}
"""The levels that can judge a move: the search levels, with their own budgets and playout policies."""


def advice_config(level: str) -> SearchConfig:
    """The search settings of `level`; ValueError names the levels that search."""
    try:
        return ADVICE_CONFIGS[level]
    except KeyError:
        known = ", ".join(ADVICE_CONFIGS)
        raise ValueError(f"level {level!r} does not search; advice comes from: {known}") from None


def compared_moves(view: SeatView, played: Action, limit: int) -> list[Action]:
    """The moves an assessment compares: the bot's short list (at most `limit` placements) and `played`."""
    if played not in view.legal_actions:
        raise ValueError(f"{played} is not a legal action of seat {view.seat} now")
    moves: list[Action]
    if isinstance(played, ChooseStarter | ChooseObjective):
        moves = [move for move in view.legal_actions if type(move) is type(played)]
    else:
        moves = [macro[0] for macro in root_candidates(view, limit)]
    if played not in moves:
        moves.append(played)
    return moves


def canonical(view: SeatView) -> SeatView:
    """The view with each play area's open spots in one fixed set order.

    The playouts pick spots by position in `tuple(area.open_spots)`, and a
    frozenset's order depends on how it was built: the same view sent to a
    worker process (pickled) or over the wire comes back with the same spots
    in another order, so it would be judged on other playouts. Rebuilding the
    sets from sorted spots makes the judgement a function of the view's
    content alone (a review with `jobs` > 1 equals one with a single job).
    """
    seats = tuple(
        replace(seat, area=replace(seat.area, open_spots=frozenset(sorted(seat.area.open_spots))))
        for seat in view.seats
    )
    return replace(view, seats=seats)


VERIFY_SHARE = 2
"""Playouts of the second pass, per move, as a multiple of the first pass's."""


def mean_margins(
    view: SeatView, moves: list[Action], config: SearchConfig, rng: random.Random, samples: int
) -> list[float]:
    """Each move's mean final margin over the same `samples` sampled games and playout seeds."""
    knowledge = read_knowledge(view)
    weights = secret_weights(view, knowledge, config.secret_inference)
    totals = [0] * len(moves)
    for _ in range(samples):
        sample = sample_game(view, knowledge, rng, weights)
        playout_seed = rng.getrandbits(64)
        for index, move in enumerate(moves):
            final = playout(apply(sample, move), random.Random(playout_seed), config.policy)
            totals[index] += lead(result(final).totals, view.seat)
    return [total / samples for total in totals]


def assess(view: SeatView, played: Action, config: SearchConfig, seed: int) -> Assessment:
    """`played` beside the best compared move, each the mean final margin of the same playouts.

    Two passes. The first spreads the level's playout budget evenly over the
    moves and picks the best (ties go to the move played, then to the bot's
    preferred order). Its margins are biased: the best of ten noisy means is
    higher than the move is worth (the winner's curse), so a good move played
    would look like points lost. The second pass plays the move played and
    the first pass's best again on fresh samples, `VERIFY_SHARE` times as
    many, and reports those margins; when the move played does as well
    there, it was the best. The random generator is seeded from `seed` and
    the view alone, so the result is the same for every game that looks like
    `view` to its seat, in every process.
    """
    view = canonical(view)
    moves = compared_moves(view, played, config.candidates)
    rng = random.Random(decision_seed(seed, view))
    samples = max(1, playout_budget(config, len(view.seats)) // len(moves))
    first = mean_margins(view, moves, config, rng, samples)
    best = min(range(len(moves)), key=lambda i: (-first[i], moves[i] != played, i))
    if moves[best] == played:
        mine = Estimate(played, first[best], samples)
        return Assessment(played=mine, best=mine)
    again = samples * VERIFY_SHARE
    played_margin, best_margin = mean_margins(view, [played, moves[best]], config, rng, again)
    mine = Estimate(played, played_margin, again)
    if best_margin <= played_margin:
        return Assessment(played=mine, best=mine)
    return Assessment(played=mine, best=Estimate(moves[best], best_margin, again))
