"""Search cost in machine instructions: callgrind on hard and expert decisions.

Run: python benchmarks/bots_instructions.py [--level expert] [--players 2] [--decisions 4]

Playouts per second move with the load of a shared machine; instruction
counts do not. This runs the first `--decisions` seeded positions of
`benchmarks/bots.py` through the level's search bot under
`valgrind --tool=callgrind`, then the same start-up (positions included)
with no search, and prints the difference per playout. String hashes are
fixed (PYTHONHASHSEED=0), as in `engine_instructions.py`. Needs valgrind;
prints numbers, asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from callgrind import callgrind  # noqa: E402
from machine import machine_line  # noqa: E402


def play(level: str, players: int, decisions: int) -> None:
    """Search `decisions` positions; print the playouts they took (0 decisions: start-up only)."""
    from bots import positions

    from codex_tui.games.codex.bots.levels import EXPERT, HARD
    from codex_tui.games.codex.bots.search import SearchBot

    config = {"hard": HARD, "expert": EXPERT}[level]
    found = positions(players, 1)[:decisions]
    playouts = 0
    for index, (_, seat_view) in enumerate(found):
        bot = SearchBot(index, config)
        bot.choose(seat_view)
        playouts += bot.stats.playouts
    print(f"playouts {playouts}")


def instructions(level: str, players: int, decisions: int) -> tuple[int, int]:
    """(instructions, playouts) callgrind counts for the whole process."""
    count, output = callgrind(__file__, "--play", str(decisions), "--level", level, "--players", str(players))
    playouts = re.search(r"playouts (\d+)", output)
    if playouts is None:
        raise SystemExit(f"no playout count in the script's output:\n{output}")
    return count, int(playouts.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="expert", choices=("hard", "expert"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=4)
    parser.add_argument("--play", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play is not None:
        play(args.level, args.players, args.play)
        return
    print(machine_line())
    total, playouts = instructions(args.level, args.players, args.decisions)
    start, _ = instructions(args.level, args.players, 0)
    print(
        f"{args.level}, {args.players} players, {args.decisions} decisions, {playouts} playouts: "
        f"{(total - start) / playouts:,.0f} instructions per playout"
    )


if __name__ == "__main__":
    main()
