"""The playout policy's weights, tuned by duels of the policy against itself.

Run:
    python benchmarks/expert/policy_tuning.py --check              # TUNED against CAREFUL and FAST on fresh deals
    python benchmarks/expert/policy_tuning.py --tune --games 8000  # the coordinate search that found TUNED

A playout policy plays a whole 2-player Codex game in a fraction of a millisecond,
so thousands of seat-balanced games (every deal played from both seats, the
same random generator for both line-ups of a deal) measure one setting of its
weights in seconds. `--tune` starts from CAREFUL and moves one weight at a time
by its step, in both directions, keeping a move when the average margin over
CAREFUL grows by more than `--keep`; it sweeps the weights until a sweep keeps
nothing. `TUNED` is where the first run (8,000 games a duel, deals from
1,000,000) stood when it was stopped in its second sweep, its moves by then
worth under 0.1 point a game. That run also tried the policy's constants that
were not fields then (a playable gold's bonus, the backs' values, the pattern
share, now the field `pattern_share` but not in `STEPS`, the corner guess, the
resource deck's and an unready gold's values for draws, a resource's own points
when placing) and moved none of them.

A better player is not always a better playout policy for a search (less noise
made a better player and a worse search), so the policy's worth is settled by
`expert_trials.py`, not here.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: machine.py

from machine import machine_line  # noqa: E402

from codex_tui.games.codex.bots.policy import CAREFUL, FAST, PlayoutPolicy, seat_playout  # noqa: E402
from codex_tui.games.codex.rules import new_game, result  # noqa: E402

TUNED = PlayoutPolicy(
    careful=True,
    symbol_base=0.0,
    objective_symbol=0.75,
    gold_need=0.5,
    market_points=0.4,
    market_symbols=1.6,
    market_gold=0.0,
    gold_deck_holding=1.1,
    gold_deck_without=0.8,
)
"""CAREFUL with the weights the tuning found: it draws golds blind even with one in hand, picks
market resources by their symbols more than their points, and values the symbols its objectives
and golds ask for more. On fresh deals (from 5,000,000) it beat CAREFUL 64.8% (margin +2.1
points, 16,000 games) and FAST 73.0% (+3.5, 8,000 games). As the expert's playouts it did not
help: `expert_trials.py`'s candidate `tuned` won 18 of 40 against hard. No level uses it."""

STEPS: dict[str, float] = {
    "symbol_base": 0.05,
    "objective_symbol": 0.15,
    "gold_need": 0.15,
    "market_points": 0.3,
    "market_symbols": 0.3,
    "market_gold": 0.5,
    "gold_deck_holding": 0.2,
    "gold_deck_without": 0.3,
}
"""How far `--tune` moves each weight at a time."""


def duel_chunk(task: tuple[PlayoutPolicy, PlayoutPolicy, int, int, int]) -> tuple[float, int]:
    """Wins and summed margin of `first` over `second` in games `start`..`start + count - 1`."""
    first, second, start, count, seed = task
    wins, margin = 0.0, 0
    for index in range(start, start + count):
        deal, seat = seed + index // 2, index % 2
        line_up = (first, second) if seat == 0 else (second, first)
        final = seat_playout(new_game(("A", "B"), deal), random.Random(deal * 7919 + seat), line_up)
        outcome = result(final)
        if seat in outcome.winners:
            wins += 1 / len(outcome.winners)
        margin += outcome.totals[seat] - outcome.totals[1 - seat]
    return wins, margin


def duel(
    pool: ProcessPoolExecutor, first: PlayoutPolicy, second: PlayoutPolicy, games: int, seed: int
) -> tuple[float, float]:
    """`first`'s win share and average margin over `second`, seat-balanced, in `games` games."""
    chunks = 8
    size = games // chunks
    tasks = [(first, second, chunk * size, size, seed) for chunk in range(chunks)]
    totals = list(pool.map(duel_chunk, tasks))
    played = size * chunks
    return sum(w for w, _ in totals) / played, sum(m for _, m in totals) / played


def changed(policy: PlayoutPolicy) -> str:
    """The fields where `policy` differs from CAREFUL."""
    return ", ".join(
        f"{f.name}={getattr(policy, f.name)}"
        for f in fields(policy)
        if f.compare and getattr(policy, f.name) != getattr(CAREFUL, f.name)
    )


def tune(pool: ProcessPoolExecutor, games: int, seed: int, keep: float) -> PlayoutPolicy:
    """Coordinate search from CAREFUL (see the module's docstring)."""
    best = CAREFUL
    _, best_margin = duel(pool, best, CAREFUL, games, seed)
    moved = True
    while moved:
        moved = False
        for name, size in STEPS.items():
            for direction in (size, -size):
                trial = replace(best, **{name: round(getattr(best, name) + direction, 4)})
                win, margin = duel(pool, trial, CAREFUL, games, seed)
                print(f"  {name}={getattr(trial, name)}: win {win:.4f}, margin {margin:+.3f}", flush=True)
                if margin <= best_margin + keep:
                    continue
                while margin > best_margin + keep:
                    best, best_margin, moved = trial, margin, True
                    trial = replace(best, **{name: round(getattr(best, name) + direction, 4)})
                    win, margin = duel(pool, trial, CAREFUL, games, seed)
                    print(f"  {name}={getattr(trial, name)}: win {win:.4f}, margin {margin:+.3f}", flush=True)
                break
            print(f"now: {changed(best)} (margin {best_margin:+.3f})", flush=True)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tune", action="store_true", help="run the coordinate search from CAREFUL")
    parser.add_argument("--check", action="store_true", help="duel TUNED against CAREFUL and FAST")
    parser.add_argument("--games", type=int, default=16000, help="games per duel (even: every deal from both seats)")
    parser.add_argument("--seed", type=int, default=5_000_000, help="first deal (tuning used 1,000,000)")
    parser.add_argument("--keep", type=float, default=0.06, help="margin gain a move must bring to be kept")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(machine_line())
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        if args.tune:
            found = tune(pool, args.games, args.seed, args.keep)
            print(f"found: {changed(found)}")
        if args.check or not args.tune:
            for label, other in (("CAREFUL", CAREFUL), ("FAST", FAST)):
                win, margin = duel(pool, TUNED, other, args.games, args.seed)
                print(f"TUNED against {label}: {args.games} games from deal {args.seed}: ", end="")
                print(f"win {100 * win:.1f}%, margin {margin:+.2f}")


if __name__ == "__main__":
    main()
