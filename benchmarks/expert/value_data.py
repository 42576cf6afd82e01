"""Games of search-strength play, kept whole, to check the playouts' verdicts against their outcomes.

Run:
    python benchmarks/expert/value_data.py --games 400 --divide 2 --jobs 2 --out value-games.jsonl

The playouts of the search play the fast policy for everyone, so what they say a
position is worth is what it is worth between two fast policies. The outcomes of
games the search itself played (hard against hard, here with its budget divided
by `--divide` to get more games an hour) say what it is worth between players of
search strength: `policy_balance.py` sets the two side by side (and bc5ad47
fitted a judge of positions to them). This plays those games and writes
each one as a line of `--out`: the game record of `record-format.md` (setup,
every action, result), from which every position can be rebuilt by replaying.
Run again with the same file and it plays only the deals not yet in it.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: machine.py

from machine import machine_line  # noqa: E402

from codex_tui.games.codex.bots.levels import HARD  # noqa: E402
from codex_tui.games.codex.bots.match import bot_seed  # noqa: E402
from codex_tui.games.codex.bots.search import SearchBot  # noqa: E402
from codex_tui.games.codex.record import export_record  # noqa: E402
from codex_tui.games.codex.rules import Variant, apply, new_game, players_to_act, view  # noqa: E402
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE  # noqa: E402


def play_deal(deal: int, players: int, divisor: int) -> dict[str, Any]:
    """One game of hard (budget / divisor) in every seat on deal `deal`, as a record dict."""
    config = replace(HARD, playouts=max(1, HARD.playouts // divisor))
    bots = [SearchBot(bot_seed(deal, seat), config, name="hard") for seat in range(players)]
    game = new_game([f"hard {seat + 1}" for seat in range(players)], deal, Variant(DEFAULT_TARGET_SCORE))
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return {"deal": deal, "divide": divisor} | export_record(game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100_000, help="the first deal (far from the matches' deals)")
    parser.add_argument("--divide", type=int, default=2, help="divide hard's playout budget by this")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("value-games.jsonl"))
    args = parser.parse_args()
    print(machine_line())
    done: set[int] = set()
    if args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            try:
                done.add(json.loads(line)["deal"])
            except (json.JSONDecodeError, KeyError):
                continue
    todo = [deal for deal in range(args.seed, args.seed + args.games) if deal not in done]
    print(f"{len(done)} games in {args.out}, {len(todo)} to play", flush=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, args.out.open("a", encoding="utf-8") as out:
        pending: set[Future[dict[str, Any]]] = {
            pool.submit(play_deal, deal, args.players, args.divide) for deal in todo
        }
        finished_count = 0
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                out.write(json.dumps(future.result()) + "\n")
                out.flush()
                finished_count += 1
            print(f"[{time.perf_counter() - started:6.0f} s] {finished_count} of {len(todo)} played", flush=True)


if __name__ == "__main__":
    main()
