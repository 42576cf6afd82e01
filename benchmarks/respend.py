"""Does more thinking make a search bot stronger? A level with N times its playouts against itself.

Run:
    python benchmarks/respend.py [--level hard] [--scale 2] [--games 200] [--jobs 2]

The engine and the playouts got about twice as fast, so a level could spend
the time it used to take on twice the playouts. This plays that bot
("hard x2") against today's level ("hard"), seat-balanced on the same deals
as `codex-tui tournament` (same schedule, same bot seeds), and prints the
win rates with 95% Wilson intervals and the CPU per move. If the interval of
the bigger budget does not lie above 50%, re-spending the time does not make
the level stronger, and the faster level keeps the shorter time per move.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machine import machine_line  # noqa: E402
from match_lines import entry_line  # noqa: E402

from codex_tui.games.codex.bots import Bot, make_bot  # noqa: E402
from codex_tui.games.codex.bots.levels import EXPERT, HARD  # noqa: E402
from codex_tui.games.codex.bots.match import play_match_game, schedule, summarize  # noqa: E402
from codex_tui.games.codex.bots.search import SearchBot  # noqa: E402
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE  # noqa: E402

CONFIGS = {"hard": HARD, "expert": EXPERT}


def make_scaled(entry: str, seed: int, level: str, scale: int) -> Bot:
    """The level itself for its own name; for "LEVEL xN", the level with N times the playouts."""
    if entry == level:
        return make_bot(level, seed)
    config = CONFIGS[level]
    return SearchBot(seed, replace(config, playouts=config.playouts * scale), name=entry)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", choices=sorted(CONFIGS), default="hard")
    parser.add_argument("--scale", type=int, default=2, help="playouts of the challenger, in multiples of the level's")
    parser.add_argument("--games", type=int, default=200, help="games (even: every deal from both seats)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    args = parser.parse_args()
    print(machine_line())
    entries = (f"{args.level} x{args.scale}", args.level)
    play = partial(
        play_match_game,
        entries=entries,
        target_score=DEFAULT_TARGET_SCORE,
        make=partial(make_scaled, level=args.level, scale=args.scale),
    )
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(play, schedule(args.games, len(entries), args.seed)))
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games, 2 players, seats rotated on each deal (deal seeds from {args.seed}), "
        f"{elapsed:.0f} s with {args.jobs} job(s)"
    )
    for stats in summarize(entries, outcomes):
        print(entry_line(stats))


if __name__ == "__main__":
    main()
