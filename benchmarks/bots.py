"""Bot numbers: playouts per second of the search and its time per decision.

Run:
    python benchmarks/bots.py [--levels hard,expert]   # playouts/s and time per decision of the search
    python benchmarks/bots.py --profile                # the same under cProfile: where the time goes

Win rates come from `codex-tui tournament --bots hard,greedy --games 200 --players 2 --jobs 2`.

Prints numbers; asserts nothing (tests never time anything). Positions are
taken from seeded greedy games, so every run searches the same decisions.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machine import machine_line  # noqa: E402

from codex_tui.games.codex.bots import make_bot  # noqa: E402
from codex_tui.games.codex.bots.levels import EXPERT, HARD  # noqa: E402
from codex_tui.games.codex.bots.policy import PlayoutPolicy, playout  # noqa: E402
from codex_tui.games.codex.bots.search import SearchBot, SearchConfig  # noqa: E402
from codex_tui.games.codex.rules import Phase, SeatView, apply, new_game, players_to_act, view  # noqa: E402


def positions(players: int, games: int, every: int = 5) -> list[tuple[str, SeatView]]:
    """(stage, view) pairs from greedy games: every `every`-th decision of the seat to move."""
    found: list[tuple[str, SeatView]] = []
    for seed in range(games):
        game = new_game([f"P{i}" for i in range(players)], 9000 + seed)
        bots = [make_bot("greedy", seed * 10 + i) for i in range(players)]
        decisions: list[SeatView] = []
        while not game.is_over:
            seat = players_to_act(game)[0]
            seat_view = view(game, seat)
            decisions.append(seat_view)
            game = apply(game, bots[seat].choose(seat_view))
        for index in range(2, len(decisions), every):
            seat_view = decisions[index]
            if len(seat_view.legal_actions) < 2 or seat_view.phase is Phase.SETUP:
                continue
            third = 3 * index // len(decisions)
            found.append((("early", "middle", "late")[third], seat_view))
    return found


def search_speed(config: SearchConfig, players: int, games: int) -> None:
    """Search decisions from real positions: playouts per second and time per decision by stage.

    CPU time is printed next to wall time because the benchmark machine may
    be shared; CPU time is what the budget calibration uses.
    """
    bot = SearchBot(1, config)
    by_stage: dict[str, list[float]] = {}
    playouts = 0
    wall = cpu = 0.0
    for stage, seat_view in positions(players, games):
        started, started_cpu = time.perf_counter(), time.process_time()
        bot.choose(seat_view)
        wall += time.perf_counter() - started
        elapsed = time.process_time() - started_cpu
        cpu += elapsed
        playouts += bot.stats.playouts
        by_stage.setdefault(stage, []).append(elapsed)
    decisions = sum(len(times) for times in by_stage.values())
    order = {"early": 0, "middle": 1, "late": 2}
    stages = ", ".join(
        f"{stage} {1000 * sum(t) / len(t):.0f} ms" for stage, t in sorted(by_stage.items(), key=lambda i: order[i[0]])
    )
    print(
        f"  {players} players, {config.playouts} playouts/decision: {playouts / cpu:6.0f} playouts/s, "
        f"{1000 * cpu / decisions:5.0f} ms CPU ({1000 * wall / decisions:.0f} ms wall) per decision"
    )
    print(f"    {decisions} decisions, CPU ms by stage: {stages}")


def raw_playouts(players: int, count: int, policy: PlayoutPolicy, label: str) -> None:
    """Whole games of the playout policy alone, from the deal (per CPU second)."""
    started = time.process_time()
    for seed in range(count):
        playout(new_game([f"P{i}" for i in range(players)], seed), random.Random(seed), policy)
    rate = count / (time.process_time() - started)
    print(f"  {label} policy playouts from the deal, {players} players: {rate:6.0f} games/s CPU")


def speed(games: int, levels: list[str]) -> None:
    print(machine_line())
    print(f"Python {sys.version.split()[0]}, one core")
    configs = {"hard": HARD, "expert": EXPERT}
    for name, config in configs.items():
        for players in (2, 4):
            raw_playouts(players, 200, config.policy, f"{name}'s")
    for name in levels:
        print(f"{name}:")
        for players in (2, 4):
            search_speed(configs[name], players, games)


def profile(games: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    search_speed(HARD, 2, games)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None, help="seeded greedy games the positions come from")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--levels", default="hard", help="search levels to time: hard, expert or hard,expert")
    args = parser.parse_args()
    if args.profile:
        profile(args.games or 2)
    else:
        speed(args.games or 2, [level.strip() for level in args.levels.split(",")])


if __name__ == "__main__":
    main()
