"""Fingerprint of Instinkt's bots and engine: a speed-up must not change a legal list or a move.

Run: python benchmarks/instinkt_bot_moves.py [--games 4] [--random-games 300]

Plays `--random-games` seeded random games and digests every legal list and
grid on the way (the engine), then `--games` seeded games of each search level
against `normal`, digesting every move chosen (the bots), and prints each
digest with the CPU seconds it took. Run it on two versions of the code and
compare the digests; the times say what the change bought. Asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from machine import machine_line  # noqa: E402

from codex_tui.games.instinkt.bots import make_instinkt_bot  # noqa: E402
from codex_tui.games.instinkt.rules import apply, legal_actions, new_game, players_to_act, view  # noqa: E402


def engine_digest(games: int) -> str:
    """Every legal list and grid of seeded random games."""
    digest = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game(("A", "B"), seed)
        while not game.is_over:
            moves = legal_actions(game)
            digest.update(repr(moves).encode())
            digest.update(repr(sorted(game.grid.items())).encode())
            game = apply(game, moves[rng.randrange(len(moves))])
    return digest.hexdigest()[:16]


def moves_digest(level: str, games: int) -> tuple[str, int]:
    """Every move `level` and `normal` choose in seeded games, `level` sitting first in even ones."""
    digest = hashlib.sha256()
    moves = 0
    for seed in range(games):
        levels = (level, "normal") if seed % 2 == 0 else ("normal", level)
        bots = [make_instinkt_bot(levels[0], seed), make_instinkt_bot(levels[1], seed + 7)]
        game = new_game(("A", "B"), seed)
        while not game.is_over:
            seat = players_to_act(game)[0]
            action = bots[seat](view(game, seat))
            digest.update(repr(action).encode())
            game = apply(game, action)
            moves += 1
    return digest.hexdigest()[:16], moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per search level (default 4)")
    parser.add_argument("--random-games", type=int, default=300, help="random games for the engine (default 300)")
    args = parser.parse_args()
    print(machine_line())
    started = time.process_time()
    print(f"engine: {engine_digest(args.random_games)} ({time.process_time() - started:.1f} s CPU)", flush=True)
    for level in ("hard", "expert"):
        started = time.process_time()
        digest, moves = moves_digest(level, args.games)
        print(f"{level} vs normal: {digest} ({moves} moves, {time.process_time() - started:.1f} s CPU)", flush=True)


if __name__ == "__main__":
    main()
