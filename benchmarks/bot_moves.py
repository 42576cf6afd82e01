"""Fingerprint of the hard and expert bots' choices: a speed-up must not change a move.

Run: python benchmarks/bot_moves.py [--games 1] [--playouts 300]

`seeded_moves.py` covers the cheap levels and a small search bot; this one
plays the real HARD and EXPERT bots (their configs and playout policies) on
the seeded positions of `benchmarks/bots.py`, 2 and 4 players, and also plays
`--playouts` whole FAST and CAREFUL playouts from seeded deals, fingerprinting
every final game (scores, hands, areas in order, open spots in iteration
order). Run it on two versions of the code and compare the digests; prints
every chosen move with `--verbose`. Asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bots import positions  # noqa: E402

from codex_tui.games.codex.bots.levels import EXPERT, HARD  # noqa: E402
from codex_tui.games.codex.bots.policy import CAREFUL, FAST, playout  # noqa: E402
from codex_tui.games.codex.bots.search import SearchBot  # noqa: E402
from codex_tui.games.codex.rules import Game, new_game  # noqa: E402


def fingerprint(game: Game) -> str:
    """Everything a playout changes, in the containers' iteration order."""
    parts = [repr((game.market, game.resource_drawn, game.gold_drawn, game.current, game.end, game.turns_left))]
    for seat in game.seats:
        area = seat.area
        parts.append(repr((seat.score, seat.hand, list(area.cards.items()), area.counts, list(area.open_spots))))
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1, help="seeded greedy games the positions come from")
    parser.add_argument("--playouts", type=int, default=300, help="whole playouts per policy and table size")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    digest = hashlib.sha256()
    for label, policy in (("fast", FAST), ("careful", CAREFUL)):
        for players in (2, 3, 4):
            for seed in range(args.playouts):
                final = playout(new_game([f"P{i}" for i in range(players)], seed), random.Random(seed), policy)
                digest.update(fingerprint(final).encode())
        print(f"{label} playouts: {digest.hexdigest()[:16]}", flush=True)
    for name, config in (("hard", HARD), ("expert", EXPERT)):
        for players in (2, 4):
            for index, (_, seat_view) in enumerate(positions(players, args.games)):
                bot = SearchBot(index, config, name=name)
                chosen = bot.choose(seat_view)
                values = sorted(bot.stats.values.items(), key=repr)
                line = f"{name} {players}p #{index}: {chosen!r} {values!r}"
                digest.update(line.encode())
                if args.verbose:
                    print(line, flush=True)
        print(f"{name} moves: {digest.hexdigest()[:16]}", flush=True)
    print(f"digest {digest.hexdigest()}")


if __name__ == "__main__":
    main()
