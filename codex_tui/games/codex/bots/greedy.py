"""The greedy bot: best immediate points, then objective progress; no look-ahead."""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.games.codex.bots.cardinfo import gold_readiness
from codex_tui.games.codex.rules import (
    CATALOG,
    Action,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    Place,
    PlayArea,
    SeatView,
    Side,
)
from codex_tui.games.codex.rules.cards import ObjectiveKind
from codex_tui.games.codex.rules.engine import placement_points, requirement_met
from codex_tui.games.codex.rules.objectives import objective_points


def own_objectives(view: SeatView) -> tuple[int, ...]:
    """The objectives that will score for this seat: the commons and its secret once kept."""
    mine = (view.secret,) if view.secret is not None else ()
    return view.common_objectives + mine


def _objective_total(area: PlayArea, objectives: Sequence[int]) -> int:
    return sum(objective_points(area, objective) for objective in objectives)


def placement_value(view: SeatView, action: Place) -> tuple[int, int, int, int]:
    """(points now, objective points gained, gold progress, visible symbols)."""
    area = view.seats[view.seat].area
    card = CATALOG.playable[action.card]
    placement = area.place(card.id, action.side, card.face(action.side), action.pos)
    after = placement.area
    points = placement_points(card, action.side, len(placement.covered), after.counts)
    objectives = own_objectives(view)
    gained = _objective_total(after, objectives) - _objective_total(area, objectives)
    rest = [c for c in view.hand if c != card.id]
    return (points, gained, gold_readiness(after.counts, rest), sum(after.counts))


def objective_fit(view: SeatView, objective_id: int) -> float:
    """A rough guess of how well an offered objective suits this seat's cards."""
    objective = CATALOG.objectives[objective_id]
    cards = [CATALOG.playable[c] for c in view.hand]
    if objective.objective_kind is ObjectiveKind.OBJECTS:
        wanted = {i for i, n in enumerate(objective.needs) if n}
        matches = sum(1 for c in cards for corner in c.front.corners if corner in wanted)
    else:
        kingdoms = (
            {cell.kingdom for cell in objective.cells}
            if objective.objective_kind is ObjectiveKind.PATTERN
            else {i for i, n in enumerate(objective.needs) if n}
        )
        matches = sum(1 for c in cards if c.kingdom in kingdoms)
    return objective.points + matches


def draw_value(view: SeatView, action: Draw) -> tuple[int, int]:
    area = view.seats[view.seat].area
    if action.source is DrawSource.MARKET and action.card is not None:
        card = CATALOG.playable[action.card]
        if card.is_gold:
            return (card.points + 2, 1) if requirement_met(card, area.counts) else (0, 0)
        return (card.points, 1)
    # A deck draw is a gamble worth a little less than a sure point.
    return (0, 2 if action.source is DrawSource.GOLD_DECK else 1)


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        actions = list(view.legal_actions)
        if not actions:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        starters = [a for a in actions if isinstance(a, ChooseStarter)]
        if starters:
            starter = CATALOG.starters[view.seats[view.seat].starter]
            return max(starters, key=lambda a: (sum(starter.face(a.side).gains), a.side is Side.FRONT))
        objectives = [a for a in actions if isinstance(a, ChooseObjective)]
        if objectives:
            return max(objectives, key=lambda a: (objective_fit(view, a.card), -a.card))
        first = actions[0]
        if isinstance(first, Place):
            return max((a for a in actions if isinstance(a, Place)), key=lambda a: placement_value(view, a))
        if isinstance(first, Draw):
            return max((a for a in actions if isinstance(a, Draw)), key=lambda a: draw_value(view, a))
        return first
