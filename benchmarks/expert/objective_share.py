"""Where a player's points come from: the board, the common objectives, the secret one.

Run:
    python benchmarks/expert/objective_share.py                      # the playout policies' own games
    python benchmarks/expert/objective_share.py --hard 10 --divide 4  # and hard against itself

A search judges a move by the games its playout policy plays on from it; a
move that builds towards an objective looks only as good as the policy is at
finishing objectives. This prints, per player, the board points, the common
and secret objectives' points and the cards placed, in the policies' 2-player
games from the deal and (with `--hard N`) in N games of hard against itself,
its budget divided by `--divide` to keep the run short.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: machine.py

from machine import machine_line  # noqa: E402
from policy_tuning import TUNED  # noqa: E402

from codex_tui.games.codex.bots.levels import HARD  # noqa: E402
from codex_tui.games.codex.bots.policy import CAREFUL, FAST, playout  # noqa: E402
from codex_tui.games.codex.bots.search import SearchBot  # noqa: E402
from codex_tui.games.codex.bots.selfplay import play_out  # noqa: E402
from codex_tui.games.codex.rules import Game, new_game  # noqa: E402
from codex_tui.games.codex.rules.objectives import objective_points  # noqa: E402

Split = tuple[int, int, int, int]
"""One player's board points, common objectives' points, secret objective's points, cards placed."""


def splits(final: Game) -> list[Split]:
    rows = []
    for seat in final.seats:
        common = sum(objective_points(seat.area, objective) for objective in final.setup.common_objectives)
        secret = objective_points(seat.area, seat.secret) if seat.secret is not None else 0
        rows.append((seat.score, common, secret, len(seat.area.cards) - 1))
    return rows


def hard_game(deal: int, divisor: int) -> list[Split]:
    config = replace(HARD, playouts=max(1, HARD.playouts // divisor))
    bots = [SearchBot(deal * 2 + seat, config) for seat in (0, 1)]
    return splits(play_out(new_game(("A", "B"), deal), bots))


def line(label: str, rows: list[Split]) -> str:
    board, common, secret, cards = (statistics.mean(row[k] for row in rows) for k in range(4))
    return (
        f"{label:<22} board {board:5.2f}  objectives {common + secret:4.2f} "
        f"(common {common:4.2f}, secret {secret:4.2f})  cards {cards:5.2f}  ({len(rows)} players)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="policy games per policy")
    parser.add_argument("--seed", type=int, default=200_000, help="first deal of the policies' games")
    parser.add_argument("--hard", type=int, default=0, help="games of hard against itself (0: none)")
    parser.add_argument("--hard-seed", type=int, default=3000, help="first deal of hard's games")
    parser.add_argument("--divide", type=int, default=4, help="divide hard's playout budget by this")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(machine_line())
    for label, policy in (("FAST", FAST), ("CAREFUL", CAREFUL), ("TUNED", TUNED)):
        rows = [
            row
            for index in range(args.games)
            for row in splits(playout(new_game(("A", "B"), args.seed + index), random.Random(index), policy))
        ]
        print(line(f"{label} policy", rows), flush=True)
    if args.hard:
        deals = range(args.hard_seed, args.hard_seed + args.hard)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            games = list(pool.map(hard_game, deals, [args.divide] * args.hard))
        print(line(f"hard / {args.divide} (search)", [row for game in games for row in game]))


if __name__ == "__main__":
    main()
