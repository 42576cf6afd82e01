"""A judge of positions fitted to how games between searches end, to correct what playouts say.

The search values a move by playing the game out with the fast policy for
every seat, so it learns what the move is worth between two fast policies.
Searches play better than that policy, and not evenly better: they finish
objectives the policy leaves half done, hold golds until they pay, and so on.
The judge reads a few features of the position after a move (each the seat's
figure minus the mean of the other seats') and weighs them by how they went
with the final lead in games the search played against itself
(`benchmarks/value_data.py` plays them, `benchmarks/value_fit.py` fits the
weights). The search adds the judged lead, at a small weight, to the
playouts' mean when it ranks its candidates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from codex_tui.games.codex.bots.cardinfo import CARDS, OBJECTIVES, PatternInfo, SymbolObjectiveInfo
from codex_tui.games.codex.bots.policy import gold_points, requirement_met
from codex_tui.games.codex.rules import Game
from codex_tui.games.codex.rules.area import Placed, Pos
from codex_tui.games.codex.rules.hidden import KINGDOM_OF_PLACED
from codex_tui.games.codex.rules.objectives import objective_points

FEATURES = (
    "score",
    "objectives",
    "secret",
    "gold_ready",
    "gold_waiting",
    "resource_points",
    "spots",
    "symbol_sets",
    "patterns_near",
)
"""What `seat_features` returns, in order."""

GOLD_COVER_GUESS = 2
"""Corners a corner gold in hand is assumed to cover when it is played."""


@dataclass(frozen=True, slots=True)
class Judge:
    """Weights of the feature differences (`FEATURES`), in points of the playouts' lead."""

    weights: tuple[float, ...]


def _symbol_progress(counts: Sequence[int], target: SymbolObjectiveInfo) -> float:
    """Points of the next set of a symbol objective, times how much of that set is already shown."""
    sets = min(counts[symbol] // need for symbol, need in target.needs)
    share = min((counts[symbol] - sets * need) / need for symbol, need in target.needs)
    return target.points * share


def _patterns_near(cards: Mapping[Pos, Placed], blocked: AbstractSet[Pos], target: PatternInfo) -> float:
    """Points of the pattern's occurrences that lack one card whose spot is still free."""
    origins: set[tuple[int, int]] = set()
    for (x, y), placed in cards.items():
        kingdom = KINGDOM_OF_PLACED.get(placed.card)
        for dx, dy, cell_kingdom in target.cells:
            if cell_kingdom == kingdom:
                origins.add((x - dx, y - dy))
    near = 0
    for ox, oy in origins:
        filled = 0
        hole = False
        for dx, dy, cell_kingdom in target.cells:
            pos = (ox + dx, oy + dy)
            there = cards.get(pos)
            if there is None:
                hole = pos not in blocked
            elif KINGDOM_OF_PLACED.get(there.card) == cell_kingdom:
                filled += 1
        if hole and filled == len(target.cells) - 1:
            near += 1
    return float(target.points * near)


def seat_features(game: Game, seat: int) -> list[float]:
    """The seat's figures, in the order of `FEATURES`."""
    common = game.setup.common_objectives
    state = game.seats[seat]
    area = state.area
    counts = area.counts
    objectives = [*common] if state.secret is None else [state.secret, *common]
    secret = objective_points(area, state.secret) if state.secret is not None else 0
    met = sum(objective_points(area, o) for o in objectives)
    ready = 0.0
    waiting = 0
    resource_points = 0
    for card in state.hand:
        info = CARDS[card]
        if not info.gold:
            resource_points += info.points
        elif requirement_met(info, counts):
            ready += gold_points(info, counts, GOLD_COVER_GUESS)
        else:
            waiting += 1
    sets = 0.0
    near = 0.0
    for objective in objectives:
        target = OBJECTIVES[objective]
        if isinstance(target, SymbolObjectiveInfo):
            sets += _symbol_progress(counts, target)
        else:
            near += _patterns_near(area.cards, area.blocked, target)
    return [
        float(state.score),
        float(met),
        float(secret),
        ready,
        float(waiting),
        float(resource_points),
        float(len(area.open_spots)),
        sets,
        near,
    ]


def features(game: Game, seat: int) -> list[float]:
    """The seat's figures minus the other seats' mean (weighing them by the game's progress as
    well explained no more of the final leads: `value_fit.py`)."""
    own = seat_features(game, seat)
    others = [seat_features(game, other) for other in range(len(game.seats)) if other != seat]
    share = 1.0 / len(others)
    return [mine - share * sum(theirs[i] for theirs in others) for i, mine in enumerate(own)]


def judged_lead(game: Game, seat: int, judge: Judge) -> float:
    """The judge's correction, in points of final lead, for the seat in this position."""
    return sum(weight * value for weight, value in zip(judge.weights, features(game, seat)))
