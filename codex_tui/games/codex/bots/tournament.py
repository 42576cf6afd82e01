"""`codex-tui tournament`: bots play seat-balanced matches; win rates with 95% intervals.

    codex-tui tournament --bots hard,greedy --games 200 --players 2 --jobs 2

The matches themselves live in `bots/match.py` (no UI); this module adds the
command line, the worker processes and the progress bar.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from functools import partial

from codex_tui.core.command_line import EXIT_OK, EXIT_USAGE, at_least, whole_number_in
from codex_tui.games.codex.bots import bot_levels
from codex_tui.games.codex.bots.match import GameOutcome, lineup, play_match_game, schedule, summarize, summarize_levels
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE, MAX_PLAYERS, MIN_PLAYERS

TOURNAMENT_HELP = "bots play seat-balanced matches; prints win rates with 95%% confidence intervals"
TOURNAMENT_DESCRIPTION = (
    "Bots play seat-balanced matches: every deal is played once per seat rotation. "
    "Prints win rates with 95% Wilson confidence intervals, average scores and time per move."
)
_positive = at_least(1)
players_argument = whole_number_in(MIN_PLAYERS, MAX_PLAYERS, "players")
"""argparse type of a --players option: a table size Codex Naturalis allows."""


def _bot_list(value: str) -> list[str]:
    levels = [name.strip() for name in value.split(",") if name.strip()]
    known = bot_levels()
    unknown = [name for name in levels if name not in known]
    if unknown or not levels:
        named = ", ".join(unknown) or "(none)"
        raise argparse.ArgumentTypeError(f"unknown bot {named}; choose from: {', '.join(known)}")
    return levels


def add_tournament_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `codex-tui tournament`."""
    parser.add_argument(
        "--bots",
        type=_bot_list,
        default=["hard", "greedy"],
        help="comma-separated bot levels, one per seat; the last fills any seats left (default: hard,greedy)",
    )
    parser.add_argument("--games", type=_positive, default=200, help="games to play (default: 200)")
    parser.add_argument("--players", type=players_argument, default=2, help="players per game (default: 2)")
    parser.add_argument("--jobs", type=_positive, default=1, help="worker processes (default: 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    parser.add_argument("--target-score", type=_positive, default=DEFAULT_TARGET_SCORE)


def _play_all(entries: Sequence[str], games: int, players: int, seed: int, jobs: int, target: int) -> list[GameOutcome]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    specs = schedule(games, players, seed)
    play = partial(play_match_game, entries=tuple(entries), target_score=target)
    outcomes: list[GameOutcome] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("Playing", total=games)
        if jobs == 1:
            for spec in specs:
                outcomes.append(play(spec))
                progress.advance(task)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures: list[Future[GameOutcome]] = [pool.submit(play, spec) for spec in specs]
                try:
                    for future in as_completed(futures):
                        outcomes.append(future.result())
                        progress.advance(task)
                except BaseException:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise
    return sorted(outcomes, key=lambda outcome: outcome.index)


def _duration(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{1000 * seconds:.1f} ms"


def run_tournament(args: argparse.Namespace) -> int:
    """Play the match the arguments describe and print its table. Returns the exit code."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console.width = 120  # piped to a file or a test: do not wrap the table at 80 columns
    try:
        entries = lineup(args.bots, args.players)
    except ValueError as error:
        Console(stderr=True).print(f"codex-tui: {error}", style="red", highlight=False)
        return EXIT_USAGE
    started = time.perf_counter()
    outcomes = _play_all(entries, args.games, args.players, args.seed, args.jobs, args.target_score)
    elapsed = time.perf_counter() - started
    deals = (args.games + args.players - 1) // args.players
    console.print(
        f"{args.games} games, {args.players} players, seats rotated on each deal "
        f"(deal seeds {args.seed}-{args.seed + deals - 1}), target {args.target_score}, "
        f"{elapsed:.0f} s with {args.jobs} job(s)",
        highlight=False,
    )
    if args.games % args.players:
        console.print(f"note: {args.games} is not a multiple of {args.players}; seats are not quite balanced")
    table = Table(show_edge=False)
    for name, justify in (
        ("bot", "left"),
        ("wins", "right"),
        ("win rate", "right"),
        ("95% CI", "right"),
        ("avg score", "right"),
        ("time/move", "right"),
        ("cpu/move", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for stats in summarize(entries, outcomes) + summarize_levels(entries, outcomes):
        low, high = stats.interval()
        table.add_row(
            stats.label,
            f"{stats.wins:g}",
            f"{100 * stats.win_rate:.1f}%",
            f"{100 * low:.1f}-{100 * high:.1f}%",
            f"{stats.average_score:.1f}",
            _duration(stats.seconds_per_move),
            _duration(stats.cpu_per_move),
        )
    console.print(table)
    shared = sum(1 for outcome in outcomes if sum(1 for w in outcome.wins if w) > 1)
    if shared:
        console.print(f"{shared} shared victories (each winner counts 1/k of a win)", highlight=False)
    return EXIT_OK
