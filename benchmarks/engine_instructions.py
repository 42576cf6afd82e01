"""Engine cost in machine instructions: callgrind on the random self-play of `engine.py`.

Run: python benchmarks/engine_instructions.py [--games 30] [--players 2]

Games per second move with the load of a shared machine; instruction counts
do not, so they compare two versions of the engine to a fraction of a
percent. This runs `--games` seeded random games (`engine.random_game`, seeds
0, 1, ...) under `valgrind --tool=callgrind`, then the same start-up with no
game, and prints the difference per game. String hashes are fixed
(PYTHONHASHSEED=0): they change dict layouts, and with them the count by ~0.5%.
Needs valgrind; prints numbers, asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from callgrind import callgrind  # noqa: E402
from machine import machine_line  # noqa: E402


def play(games: int, players: int) -> None:
    from engine import random_game

    for seed in range(games):
        random_game(players, seed)


def instructions(games: int, players: int) -> int:
    """Instructions callgrind counts for the whole process playing `games` games."""
    count, _ = callgrind(__file__, "--play", str(games), "--players", str(players))
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--play", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play is not None:
        play(args.play, args.players)
        return
    print(machine_line())
    per_game = (instructions(args.games, args.players) - instructions(0, args.players)) / args.games
    print(f"random self-play, {args.players} players: {per_game:,.0f} instructions per game ({args.games} games)")


if __name__ == "__main__":
    main()
