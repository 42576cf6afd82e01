"""Seat-balanced matches between a game's bot levels, and the fixed ratings they imply.

For each pair of neighbouring levels (weakest first, as given), every deal is
played twice with the seats swapped, so neither level gains from sitting first.
A win counts 1, a shared win ½. The win share p of the stronger level gives the
Elo difference 400·log10(p / (1 − p)), with p taken as (points + ½) / (games + 1)
so that a clean sweep gives a finite gap, printed with the same formula applied
to the ends of the share's 95% Wilson interval (±inf at 0% and 100%); chaining the differences from the
anchor level gives each level's rating. Each game's `LEVEL_RATINGS` (which
`GameModule.bot_rating` reads) holds the ratings a server gives bot seats,
derived from this script's output; docs/ratings.md has the figures.

    python3 benchmarks/level_ratings.py --game codex-naturalis --levels random,easy,normal,hard --deals 100
    python3 benchmarks/level_ratings.py --game instinkt --levels easy,normal,hard,expert --deals 100

Moves depend only on the deal and the seed, so a run gives the same figures every time.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import machine_line  # noqa: E402

from codex_tui.core import registry  # noqa: E402
from codex_tui.server.botpool import move_seed  # noqa: E402

Z95 = 1.959964


def play_deal(job: tuple[str, tuple[str, str], int]) -> tuple[float, float, int, float, float]:
    """One deal with `levels` in that seat order: the points of seat 0's level and of seat 1's,
    the moves made, and the CPU seconds each seat's bot spent choosing."""
    game_name, levels, deal = job
    module = registry.game_named(game_name)
    game = module.new_game(("A", "B"), deal, module.default_variant())
    moves = 0
    thinking = [0.0, 0.0]
    while not game.is_over:
        seat = module.players_to_act(game)[0]
        started = time.process_time()
        bot = module.make_bot(levels[seat], move_seed(game.seed, seat, len(game.actions)))
        action = bot(module.view(game, seat))
        thinking[seat] += time.process_time() - started
        game = module.apply(game, action)
        moves += 1
    winners = module.winners(game)
    points = [1.0 / len(winners) if seat in winners else 0.0 for seat in (0, 1)]
    return points[0], points[1], moves, thinking[0], thinking[1]


def wilson(points: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share."""
    p = points / games
    centre = (p + Z95**2 / (2 * games)) / (1 + Z95**2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / (1 + Z95**2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_gap(share: float) -> float:
    """The rating difference at which the Elo expectation equals `share` (±inf at 0 and 1)."""
    if share <= 0.0:
        return -math.inf
    if share >= 1.0:
        return math.inf
    return 400.0 * math.log10(share / (1.0 - share))


def match(pool: multiprocessing.pool.Pool, game: str, weak: str, strong: str, deals: int, first: int) -> float:
    """Play the match and print its line; returns the Elo gap of `strong` over `weak`."""
    jobs = [(game, (strong, weak), first + d) for d in range(deals)]
    jobs += [(game, (weak, strong), first + d) for d in range(deals)]
    wall = time.perf_counter()
    results = pool.map(play_deal, jobs)
    seconds = time.perf_counter() - wall
    strong_points = sum(r[0] for r in results[:deals]) + sum(r[1] for r in results[deals:])
    games = 2 * deals
    low, high = wilson(strong_points, games)
    gap = elo_gap((strong_points + 0.5) / (games + 1))
    moves = sum(r[2] for r in results)
    strong_cpu = sum(r[3] for r in results[:deals]) + sum(r[4] for r in results[deals:])
    weak_cpu = sum(r[4] for r in results[:deals]) + sum(r[3] for r in results[deals:])
    print(
        f"{strong} vs {weak}: {strong_points:g} / {games} ({100 * strong_points / games:.1f}%, "
        f"95% CI {100 * low:.1f}-{100 * high:.1f}%); Elo gap {gap:+.0f} "
        f"(interval {elo_gap(low):+.0f} to {elo_gap(high):+.0f}); {moves} moves in {seconds:.0f} s; "
        f"CPU per move {strong} {2 * strong_cpu / moves:.3f} s, {weak} {2 * weak_cpu / moves:.3f} s"
    )
    return gap


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="codex-naturalis")
    parser.add_argument("--levels", required=True, help="comma-separated, weakest first")
    parser.add_argument("--deals", type=int, default=100, help="deals per pair; each is played twice (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    parser.add_argument("--anchor", default="", help="the level rated --anchor-rating (default: the first)")
    parser.add_argument("--anchor-rating", type=float, default=1000.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    levels = args.levels.split(",")
    print(machine_line())
    print(f"{args.game}: {args.deals} deals per pair, each played from both seats; seeds from {args.seed}")
    gaps = []
    with multiprocessing.Pool(args.jobs) as pool:
        for weak, strong in zip(levels, levels[1:]):
            gaps.append(match(pool, args.game, weak, strong, args.deals, args.seed))
    ratings = [0.0]
    for gap in gaps:
        ratings.append(ratings[-1] + gap)
    anchor = levels.index(args.anchor) if args.anchor else 0
    shift = args.anchor_rating - ratings[anchor]
    print("ratings: " + ", ".join(f"{level} {rating + shift:.0f}" for level, rating in zip(levels, ratings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
