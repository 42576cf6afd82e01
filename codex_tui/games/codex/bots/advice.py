"""How much a move is worth: the search's estimate behind reviews.

A review asks, for one decision, what the move played was worth beside the
best one. The search bot cannot answer that: sequential halving stops
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


def assess(view: SeatView, played: Action, config: SearchConfig, seed: int) -> Assessment:
    """`played` beside the best compared move, each the mean final margin of the same playouts.

    The level's playout budget is spread evenly over the moves; the random
    generator is seeded from `seed` and the view alone, so the result is the
    same for every game that looks like `view` to its seat, in every process. Ties go to the
    move played (it cost nothing), then to the bot's preferred order.
    """
    view = canonical(view)
    moves = compared_moves(view, played, config.candidates)
    knowledge = read_knowledge(view)
    weights = secret_weights(view, knowledge, config.secret_inference)
    rng = random.Random(decision_seed(seed, view))
    samples = max(1, playout_budget(config, len(view.seats)) // len(moves))
    totals = [0] * len(moves)
    for _ in range(samples):
        sample = sample_game(view, knowledge, rng, weights)
        playout_seed = rng.getrandbits(64)
        for index, move in enumerate(moves):
            final = playout(apply(sample, move), random.Random(playout_seed), config.policy)
            totals[index] += lead(result(final).totals, view.seat)
    estimates = [Estimate(move, total / samples, samples) for move, total in zip(moves, totals, strict=True)]
    best = min(range(len(moves)), key=lambda i: (-estimates[i].margin, moves[i] != played, i))
    return Assessment(played=estimates[moves.index(played)], best=estimates[best])
