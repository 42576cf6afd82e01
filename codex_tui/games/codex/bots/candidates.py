"""Which of a seat's legal moves are worth searching, and in which order.

A turn offers up to ~180 placements; a search budget of a few hundred
playouts cannot tell them all apart. A richer (slower) judgement than the
playout policy's ranks them once per decision: points now, objective points
gained, progress towards the golds still in hand, patterns set up, symbols
kept. Every (card, side) keeps its best spot so that no card is dropped by
the ranking alone, then the best of the rest fill the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from codex_tui.games.codex.bots.cardinfo import CARDS, gold_readiness
from codex_tui.games.codex.bots.greedy import own_objectives
from codex_tui.games.codex.bots.policy import pattern_gain, patterns_of, symbol_weights
from codex_tui.games.codex.rules import (
    CATALOG,
    Action,
    ChooseObjective,
    ChooseStarter,
    Draw,
    Place,
    PlayArea,
    SeatView,
    Side,
)
from codex_tui.games.codex.rules.engine import placement_points
from codex_tui.games.codex.rules.objectives import objective_points

Macro = tuple[Action, ...]
"""A candidate: the actions it applies in order (several only for set-up choices)."""


def placement_prior(view: SeatView, action: Place, before: float, readiness: int) -> float:
    """A heuristic value of one placement (higher is better)."""
    area = view.seats[view.seat].area
    card = CATALOG.playable[action.card]
    placement = area.place(card.id, action.side, card.face(action.side), action.pos)
    after = placement.area
    points = placement_points(card, action.side, len(placement.covered), after.counts)
    objectives = own_objectives(view)
    gained = sum(objective_points(after, o) for o in objectives) - before
    rest = [c for c in view.hand if c != card.id]
    progress = gold_readiness(after.counts, rest) - readiness
    patterns = patterns_of(objectives)
    setup = pattern_gain(area, action.pos, CARDS[card.id].kingdom, patterns) if patterns else 0.0
    weights = symbol_weights(rest, after.counts, objectives)
    symbols = sum(w * n for w, n in zip(weights, after.counts))
    return points + gained + 0.4 * progress + 0.3 * setup + 0.1 * symbols + 0.05 * len(after.open_spots)


def place_candidates(view: SeatView, moves: Sequence[Action], limit: int) -> list[Macro]:
    """The `limit` most promising placements (at least the best spot of each card side)."""
    area: PlayArea = view.seats[view.seat].area
    before = float(sum(objective_points(area, o) for o in own_objectives(view)))
    readiness = gold_readiness(area.counts, view.hand)
    scored = sorted(
        (
            (placement_prior(view, move, before, readiness), index, move)
            for index, move in enumerate(moves)
            if isinstance(move, Place)
        ),
        key=lambda item: (-item[0], item[1]),
    )
    chosen: list[tuple[float, int, Place]] = []
    seen_options: set[tuple[int, Side]] = set()
    for item in scored:
        move = item[2]
        if (move.card, move.side) not in seen_options:
            seen_options.add((move.card, move.side))
            chosen.append(item)
    taken = {item[1] for item in chosen}
    for item in scored:
        if len(chosen) >= max(limit, len(seen_options)):
            break
        if item[1] not in taken:
            chosen.append(item)
    chosen.sort(key=lambda item: (-item[0], item[1]))
    return [(move,) for _, _, move in chosen]


def setup_candidates(moves: Sequence[Action]) -> list[Macro]:
    """Every combination of the set-up choices still open (at most 2 x 2)."""
    starters: list[Action] = [m for m in moves if isinstance(m, ChooseStarter)]
    objectives: list[Action] = [m for m in moves if isinstance(m, ChooseObjective)]
    groups: list[list[Action]] = [g for g in (starters, objectives) if g]
    return [tuple(combo) for combo in product(*groups)]


def root_candidates(view: SeatView, limit: int) -> list[Macro]:
    """The moves the search compares, best guess first."""
    moves = view.legal_actions
    if not moves:
        return []
    first = moves[0]
    if isinstance(first, Place):
        return place_candidates(view, moves, limit)
    if isinstance(first, ChooseStarter | ChooseObjective):
        return setup_candidates(moves)
    if isinstance(first, Draw):
        return [(move,) for move in moves]
    return [(first,)]
