"""The end-of-game count: objective points, totals and the winners."""

from __future__ import annotations

from dataclasses import dataclass

from codex_tui.games.codex.rules.objectives import objective_points
from codex_tui.games.codex.rules.state import EndReason, Game, Seat


@dataclass(frozen=True, slots=True)
class Result:
    """What the record's `result` holds. For a game still going, `objective_points`
    are what the objectives would score now and `winners` is empty."""

    finished: bool
    end: EndReason | None
    placement_points: tuple[int, ...]
    objective_points: tuple[tuple[int, int, int], ...]
    """Per seat: (first common, second common, secret)."""
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: str | None
    """None when one total was highest; else how the tie was settled."""


def seat_objective_points(game: Game, seat: Seat) -> tuple[int, int, int]:
    first, second = game.setup.common_objectives
    secret = 0 if seat.secret is None else objective_points(seat.area, seat.secret)
    return (objective_points(seat.area, first), objective_points(seat.area, second), secret)


def result(game: Game) -> Result:
    placement = tuple(seat.score for seat in game.seats)
    objectives = tuple(seat_objective_points(game, seat) for seat in game.seats)
    totals = tuple(p + sum(o) for p, o in zip(placement, objectives))
    winners: tuple[int, ...] = ()
    tie_break = None
    if game.is_over:
        best = max(totals)
        leaders = [i for i, total in enumerate(totals) if total == best]
        if len(leaders) == 1:
            winners = tuple(leaders)
        else:
            best_objectives = max(sum(objectives[i]) for i in leaders)
            winners = tuple(i for i in leaders if sum(objectives[i]) == best_objectives)
            tie_break = "most objective points" if len(winners) == 1 else "shared victory"
    return Result(
        finished=game.is_over,
        end=game.end if game.is_over else None,
        placement_points=placement,
        objective_points=objectives,
        totals=totals,
        winners=winners,
        tie_break=tie_break,
    )
