"""How well a playout policy's verdicts foretell games between searches, and weights that foretell better.

Run:
    python benchmarks/expert/policy_balance.py GAMES --playouts 32 --every 1 --compare fast balanced careful chase
    python benchmarks/expert/policy_balance.py GAMES --playouts 32 --every 1 --tune      # search from FAST
    python benchmarks/expert/policy_balance.py GAMES --playouts 32 --every 1 --tune --start balanced --step-scale 0.5
    python benchmarks/expert/policy_balance.py GAMES --playouts 32 --every 1 --compare balanced --horizon 16

GAMES is a file of `value_data.py`; `results/hard-selfplay-d2.jsonl` holds the
140 games `policy.BALANCED` (the expert's playouts) was tuned on, and
`results/hard-selfplay-d2-heldout.jsonl` 160 more it never saw (deals from
100140). On those, BALANCED still foretells better: 0.5533 against FAST's
0.5334 (4,420 positions, 32 playouts, corrected; on its own 140 games
0.6187 against 0.5957), so the tuning found the game, not its 140 deals.

The search picks the move whose playouts end best, so its moves are as good
as the playouts' verdicts are true of the game it really plays: a game
between searches, not between two playout policies. Here every position
where a seat has just finished its turn in `value_data.py`'s games (hard
against hard) is played out `--playouts` times from the true position, and
the policy's verdict (the mean lead it ends with) is set beside the lead the
seat really finished with. The figure is their correlation over all the
positions, corrected for the playouts' own noise (split-half reliability),
so that a quieter policy gains nothing by being quiet. Every policy plays
the same positions with the same seeds.

`--tune` moves one weight of the policy at a time (`STEPS` of
`policy_tuning.py`, and the noise, each times `--step-scale`) and keeps a move
that raises the figure, as `policy_tuning.py` does for duels; it starts from
FAST, or from `--start balanced` to go on from where the last tuning stopped.
A better figure is a reason to screen the policy in a search
(`expert_trials.py`), not a verdict on its own.

Tuning on from BALANCED over both files (300 games, 8,270 positions, `--start
balanced --step-scale 0.5 --rounds 2`) found little: 0.5945 against
BALANCED's 0.5880, from the market points' weight at 0.85 instead of 1.0; the
objective symbols' weight went up in the first round and back in the second,
so a step of 0.003 is within the figure's own noise. These weights are about
as good a judge as they can be: a better one has to read something the fast
policy does not, not weigh what it reads otherwise.

Nor do the worths the policy had fixed (a ready gold's bonus, the backs, a
blind resource draw, an unready market gold, and a multiplier of the symbol
weights at a seat's last placement, all `PlayoutPolicy` fields now). Tuned
from BALANCED on the 140 games (`--tune --start balanced --weights
gold_bonus gold_back resource_back resource_deck unready_gold
unready_gold_missing final_weights`) they reached 0.6260 against 0.6187
(`WORTHS`), but on the 160 held-out games `--compare balanced worths` gives
0.5519 against BALANCED's 0.5533: the gain was the 140 deals', not the game's.

Cutting playouts short does not pay either (`--horizon N`: stop after N
placements and count the score plus the objectives met so far). On the 140
games BALANCED's full playouts make 14.4 placements and foretell at 0.6187;
cut at 24 they make 13.8 and foretell at 0.6092, at 16 11.4 and 0.5926 (below
FAST's full 0.5957), at 10 8.2 and 0.5679. A fifth fewer placements costs
more judgement than the fifth more playouts it buys could give back.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from statistics import correlation

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: machine.py

from expert_trials import CHASE  # noqa: E402
from machine import machine_line  # noqa: E402
from policy_tuning import STEPS  # noqa: E402

from codex_tui.games.codex.bots.policy import BALANCED, CAREFUL, FAST, PlayoutPolicy, draw_choice, placement, step  # noqa: E402
from codex_tui.games.codex.bots.search import lead  # noqa: E402
from codex_tui.games.codex.bots.simulate import draw, end_turn, game_of, place, table_of  # noqa: E402
from codex_tui.games.codex.record import import_record  # noqa: E402
from codex_tui.games.codex.rules import Game, Phase, apply, result, undo  # noqa: E402

Position = tuple[Game, int, int]
"""A game, the seat that has just played, and the lead that seat finished the real game with."""

TUNED_STEPS = STEPS | {
    "noise": 0.2,
    "gold_bonus": 0.5,
    "gold_back": 0.5,
    "resource_back": 0.3,
    "resource_deck": 0.2,
    "unready_gold": 0.3,
    "unready_gold_missing": 0.2,
    "final_weights": 0.5,
}
"""What `--tune` moves, and how far at a time (the pattern share is left out: only the careful policy
reads it). A weight that starts at or above 0 stays there; the backs' worths are below 0."""

NO_HORIZON = 10_000
"""A horizon no game reaches: playouts end the game."""

WORTHS = replace(
    BALANCED, gold_bonus=1.5, gold_back=-0.5, resource_deck=0.15, unready_gold_missing=0.6, final_weights=0.5
)
"""BALANCED with the fixed worths tuned too (`--weights gold_bonus ... final_weights`): better on the
140 games it was tuned on, not on the 160 it never saw (the module's docstring)."""

POLICIES = {"fast": FAST, "balanced": BALANCED, "careful": CAREFUL, "chase": CHASE, "worths": WORTHS}
"""The policies `--compare` can name and `--tune` can start from."""


def positions_of(path: Path, every: int) -> list[Position]:
    """Every `every`-th position after a seat's turn, from every game of the file."""
    found: list[Position] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        final = import_record(json.loads(line))
        totals = result(final).totals
        game = undo(final, len(final.actions))
        turn = 0
        for action in final.actions:
            game = apply(game, action)
            if game.phase is Phase.PLACE and not game.is_over:
                turn += 1
                if turn % every == 0:
                    seat = (game.current - 1) % len(game.seats)
                    found.append((game, seat, lead(totals, seat)))
    return found


def cut_playout(game: Game, rng: random.Random, policy: PlayoutPolicy, horizon: int) -> tuple[Game, int]:
    """A playout that stops after `horizon` placements (passes count), and how many it made: its
    lead is then the score plus the objectives met so far, the cheapest value a cut could end on."""
    while game.phase is Phase.SETUP:
        game = step(game, rng, policy)
    table = table_of(game)
    placements = 0
    while table.phase is not Phase.OVER:
        if table.phase is Phase.DRAW:
            draw(table, *draw_choice(table, rng, policy))
            continue
        if placements == horizon:
            break
        placements += 1
        chosen = placement(table, rng, policy)
        if chosen is None:
            end_turn(table)
        else:
            place(table, *chosen)
    return game_of(table), placements


def verdicts(task: tuple[PlayoutPolicy, list[Position], int, int, int]) -> tuple[list[tuple[float, float]], int]:
    """The mean lead of the even and of the odd playouts from each position, and the placements
    the playouts made."""
    policy, positions, playouts, first, horizon = task
    out = []
    made = 0
    for offset, (game, seat, _) in enumerate(positions):
        rng = random.Random((first + offset) * 7_919)
        leads = []
        for _ in range(playouts):
            final, placements = cut_playout(game, rng, policy, horizon)
            made += placements
            leads.append(lead(result(final).totals, seat))
        out.append((sum(leads[0::2]) / len(leads[0::2]), sum(leads[1::2]) / len(leads[1::2])))
    return out, made


def figure(
    policy: PlayoutPolicy,
    positions: list[Position],
    playouts: int,
    pool: ProcessPoolExecutor,
    jobs: int,
    horizon: int = NO_HORIZON,
) -> tuple[float, float, float]:
    """(correlation of the verdict with the real lead, the same corrected for the playouts' noise,
    placements a playout)."""
    size = math.ceil(len(positions) / jobs)
    tasks = [(policy, positions[i : i + size], playouts, i, horizon) for i in range(0, len(positions), size)]
    chunks = list(pool.map(verdicts, tasks))
    halves = [pair for chunk, _ in chunks for pair in chunk]
    real = [float(p[2]) for p in positions]
    means = [(a + b) / 2 for a, b in halves]
    observed = correlation(means, real)
    split = correlation([a for a, _ in halves], [b for _, b in halves])
    reliability = 2 * split / (1 + split)
    return observed, observed / math.sqrt(reliability), sum(made for _, made in chunks) / len(positions) / playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", type=Path, help="a value_data.py file")
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--every", type=int, default=2, help="take every n-th position of a game")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compare", nargs="+", choices=sorted(POLICIES), default=[], help="the policies to measure")
    parser.add_argument("--tune", action="store_true")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--start", choices=sorted(POLICIES), default="fast", help="the policy --tune starts from")
    parser.add_argument("--step-scale", type=float, default=1.0, help="multiply every --tune step by this")
    parser.add_argument(
        "--horizon", type=int, default=NO_HORIZON, help="with --compare: cut every playout after this many placements"
    )
    parser.add_argument("--weights", nargs="+", choices=sorted(TUNED_STEPS), help="move only these (default: all)")
    args = parser.parse_args()
    print(machine_line())
    positions = positions_of(args.games, args.every)
    print(f"{len(positions)} positions, {args.playouts} playouts each", flush=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.compare:
            observed, corrected, made = figure(POLICIES[name], positions, args.playouts, pool, args.jobs, args.horizon)
            line = f"{name:8s} r {observed:.4f}, corrected for noise {corrected:.4f}; {made:.1f} placements a playout"
            print(line, flush=True)
        if args.tune:
            best = POLICIES[args.start]
            _, best_figure, _ = figure(best, positions, args.playouts, pool, args.jobs)
            print(f"start: {best_figure:.4f}", flush=True)
            for _ in range(args.rounds):
                for name in args.weights or TUNED_STEPS:
                    for sign in (1, -1):
                        start = getattr(best, name)
                        value = start + sign * TUNED_STEPS[name] * args.step_scale
                        if start >= 0:
                            value = max(0.0, value)
                        trial = replace(best, **{name: value})
                        _, trial_figure, _ = figure(trial, positions, args.playouts, pool, args.jobs)
                        kept = trial_figure > best_figure
                        print(f"  {name} {value:.3f}: {trial_figure:.4f}{'  kept' if kept else ''}", flush=True)
                        if kept:
                            best, best_figure = trial, trial_figure
                            break
            print(f"tuned: {best}")


if __name__ == "__main__":
    main()
