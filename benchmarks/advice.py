"""Advice numbers: how long a hint takes, and how long a review of a whole game takes.

Run:
    python benchmarks/advice.py                  # hints and reviews of every game
    python benchmarks/advice.py --only hints     # or --only reviews
    python benchmarks/advice.py --positions 10   # fewer hint positions per game

Hints: `GameModule.hint` (what the `!` key and `codex-tui hint` ask) from
positions of seeded games between weak bots, p50/p95 per game and level.
Reviews: `core.review.review` (what `codex-tui review` and the review screen
run) of one seat of a whole seeded 2-player game, per level and --jobs:
the time per decision and for the game. Wall time is what a player waits;
CPU time (this process and its workers) is printed beside it because the
machine may be shared. Prints numbers; asserts nothing (tests never time).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import machine_line  # noqa: E402

from codex_tui.core import registry  # noqa: E402
from codex_tui.core.contract import GameModule  # noqa: E402
from codex_tui.core.review import review  # noqa: E402


@dataclass(frozen=True)
class Plan:
    """What is timed for one game."""

    game: str
    players_bot: str
    """The quick bot that plays the seeded games the positions come from."""
    hint_levels: tuple[str, ...]
    review_levels: tuple[str, ...]


PLANS = (
    Plan("codex-naturalis", "greedy", ("hard", "expert"), ("hard", "expert")),
    Plan("instinkt", "easy", ("hard", "expert"), ("hard", "expert")),
)
"""Both games have a hard and an expert search (hints ask hard, or expert at a turn-based table)."""
T = TypeVar("T")
JOBS = (1, 2)
SEED = 7100


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def seeded_game(module: GameModule, bot: str, seed: int) -> tuple[Any, list[Any]]:
    """A whole 2-player game between two `bot`s, and the views of every decision in it (more than one choice)."""
    game = module.new_game(("P1", "P2"), seed, module.default_variant())
    bots = [module.make_bot(bot, seed * 10 + seat) for seat in range(2)]
    decisions: list[Any] = []
    while not game.is_over:
        seat = module.players_to_act(game)[0]
        view = module.view(game, seat)
        if len(module.legal_actions_for(game, seat)) > 1:
            decisions.append(view)
        game = module.apply(game, bots[seat](view))
    return game, decisions


def positions(module: GameModule, bot: str, count: int) -> list[Any]:
    """`count` decision views spread evenly over seeded games (as many games as it takes, at least 2)."""
    views: list[Any] = []
    seed = SEED
    while len(views) < 2 * count or seed < SEED + 2:
        views.extend(seeded_game(module, bot, seed)[1])
        seed += 1
    step = len(views) / count
    return [views[int(i * step)] for i in range(count)]


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (a review's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(call: Callable[[], T]) -> tuple[T, float, float]:
    """What one call returns, and its (wall seconds, CPU seconds)."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = call()
    return result, time.perf_counter() - wall, cpu_seconds() - cpu


def spread(label: str, seconds: list[float]) -> str:
    return f"{label} p50 {percentile(seconds, 0.5) * 1000:6.0f} ms p95 {percentile(seconds, 0.95) * 1000:6.0f} ms"


def hints(plan: Plan, module: GameModule, count: int) -> None:
    views = positions(module, plan.players_bot, count)
    for level in plan.hint_levels:
        walls: list[float] = []
        cpus: list[float] = []
        for view in views:
            _, wall, cpu = timed(partial(module.hint, view, level))
            walls.append(wall)
            cpus.append(cpu)
        print(f"  hint {level:<6} {len(views)} positions: {spread('wall', walls)} | {spread('CPU', cpus)}")


def reviews(plan: Plan, module: GameModule, jobs: tuple[int, ...]) -> None:
    game, _ = seeded_game(module, plan.players_bot, SEED)
    for level in plan.review_levels:
        for count in jobs:
            decisions, wall, cpu = timed(partial(review, module, game, 0, level, jobs=count))
            each = max(1, len(decisions))
            print(
                f"  review {level:<6} --jobs {count}: P1 (seat 0), {len(game.actions)}-action game,"
                f" {len(decisions)} decisions: {wall:6.1f} s wall ({wall / each * 1000:5.0f} ms a decision),"
                f" {cpu:6.1f} s CPU ({cpu / each * 1000:5.0f} ms a decision)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=20, help="hint positions per game (default: 20)")
    parser.add_argument("--only", choices=("hints", "reviews"), default=None)
    parser.add_argument("--games", default=",".join(plan.game for plan in PLANS), help="games to time, by name")
    parser.add_argument("--jobs", default=",".join(map(str, JOBS)), help="review worker counts (default: 1,2)")
    args = parser.parse_args()
    print(machine_line())
    wanted = args.games.split(",")
    jobs = tuple(int(count) for count in args.jobs.split(","))
    for plan in PLANS:
        if plan.game not in wanted:
            continue
        module = registry.game_named(plan.game)
        print(f"{module.title} (positions from {plan.players_bot} bots' games, seeds from {SEED}):")
        if args.only != "reviews":
            hints(plan, module, args.positions)
        if args.only != "hints":
            reviews(plan, module, jobs)
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
