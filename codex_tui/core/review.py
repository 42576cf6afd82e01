"""A seat's decisions in a finished (or unfinished) game, each judged by the search.

The walk rebuilds the game from its first action and, before each action
the reviewed seat took with a real choice (more than one legal action), asks
the game for an `Assessment` from that seat's view at that moment. The same
seed is used for every decision, so a review is deterministic for a given
game, seat, level and seed, and each entry equals a direct
`GameModule.assess` from that position.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from codex_tui.core.advice import ADVICE_SEED, Assessment
from codex_tui.core.contract import GameModule
from codex_tui.core.registry import game_named
from codex_tui.i18n.numbers import decimal

Progress = Callable[[int, int], None]
"""Called with (decisions done, decisions in all) as a review runs."""
DEFAULT_JOBS = min(2, os.cpu_count() or 1)
"""Worker processes a review uses by default (the app's and `codex-tui review`'s): two halve
its time on a machine with two cores or more."""
LISTED = 10
"""The costliest turns a review lists (the review screen's rows, `codex-tui review --top`)."""


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat."""

    index: int
    """The action's index in the game's actions (and in its record's action list)."""
    seat: int
    assessment: Assessment

    @property
    def cost(self) -> float:
        return self.assessment.cost


@dataclass(frozen=True)
class DecisionPoint:
    """Where a decision was taken: its index, the seat's view then, the action played."""

    index: int
    view: Any
    played: Any


def decision_points(module: GameModule, game: Any, seat: int) -> Iterator[DecisionPoint]:
    """Every action of `seat` in `game` that was a choice, with the seat's view before it."""
    state = module.rebuild(game, ())
    for index, action in enumerate(game.actions):
        if action.player == seat and len(module.legal_actions_for(state, seat)) > 1:
            yield DecisionPoint(index, module.view(state, seat), action)
        state = module.apply(state, action)


def _assess(job: tuple[str, Any, Any, str, int]) -> Assessment:
    """One decision in a worker process (the game is looked up by name there)."""
    name, view, played, level, seed = job
    return game_named(name).assess(view, played, level, seed)


def review(
    module: GameModule,
    game: Any,
    seat: int,
    level: str,
    seed: int = ADVICE_SEED,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[Decision]:
    """Every decision of `seat`, in game order, judged at `level`.

    `jobs` > 1 spreads the decisions over that many worker processes (started
    fresh, so they hold only registered games); the result is the same.
    An exception from `progress` stops the review at once (worker processes
    are ended).
    """
    points = list(decision_points(module, game, seat))
    total = len(points)
    if progress is not None:
        progress(0, total)
    assessments: list[Assessment] = []
    if jobs <= 1 or total <= 1:
        for point in points:
            assessments.append(module.assess(point.view, point.played, level, seed))
            if progress is not None:
                progress(len(assessments), total)
    else:
        work = [(module.name, point.view, point.played, level, seed) for point in points]
        context = multiprocessing.get_context("spawn")
        # Leaving a multiprocessing pool's block terminates its workers, so a review
        # stopped by `progress` (the app's screen was left) ends at once.
        with context.Pool(jobs) as pool:
            for assessment in pool.imap(_assess, work):
                assessments.append(assessment)
                if progress is not None:
                    progress(len(assessments), total)
    return [Decision(point.index, seat, a) for point, a in zip(points, assessments, strict=True)]


def costliest(decisions: list[Decision], count: int = LISTED) -> list[Decision]:
    """The decisions that gave away the most points, costliest first (ties: earliest first)."""
    lost = [d for d in decisions if d.cost > 0]
    return sorted(lost, key=lambda d: (-d.cost, d.index))[:count]


def points_text(cost: float) -> str:
    """Points to one decimal; a loss too small to show as 0.1 still reads as more than none ("<0.1")."""
    return "<" + decimal(0.1) if 0 < cost < 0.05 else decimal(cost)


@dataclass(frozen=True)
class ReviewRow:
    """One listed turn in words (the review screen's and `codex-tui review`'s table)."""

    decision: Decision
    move: int
    """The action's number as the replay log and the record count it (index + 1)."""
    turn: int
    """The game's own turn count then (`GameSummary.turn`)."""
    played: str
    better: str


def review_rows(module: GameModule, game: Any, decisions: Sequence[Decision]) -> list[ReviewRow]:
    """The words for `decisions`, in their order: each move described from its seat's view
    before it was played (one walk through the game)."""
    wanted = {decision.index for decision in decisions}
    before: dict[int, Any] = {}
    state = module.rebuild(game, ())
    for index, action in enumerate(game.actions):
        if index in wanted:
            before[index] = state
        state = module.apply(state, action)
    rows = []
    for decision in decisions:
        then = before[decision.index]
        view = module.view(then, decision.seat)
        assessment = decision.assessment
        rows.append(
            ReviewRow(
                decision,
                decision.index + 1,
                module.game_summary(then).turn,
                module.move_text(view, assessment.played.action),
                module.move_text(view, assessment.best.action),
            )
        )
    return rows


def decision_turns(module: GameModule, game: Any, decisions: Sequence[Decision]) -> dict[int, int]:
    """The game's own turn (`GameSummary.turn`) before each decision, by action index (one walk)."""
    wanted = {decision.index for decision in decisions}
    turns: dict[int, int] = {}
    state = module.rebuild(game, ())
    for index, action in enumerate(game.actions):
        if index in wanted:
            turns[index] = module.game_summary(state).turn
        state = module.apply(state, action)
    return turns
