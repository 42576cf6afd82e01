"""`codex-tui review SAVE`: where a seat's moves lost points, judged by the search.

For each decision of the seat (an action with more than one legal choice),
the game's search compares the move played with its best move from the
seat's view at that moment (`core.review.review`). The table lists the
costliest decisions with the better move in words (`GameModule.move_text`);
`--json` prints every decision, one object a line, with both moves as
record-format actions. The same save, seat, level and seed always give the
same numbers, whatever `--jobs`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from codex_tui.app.opening import open_replayable
from codex_tui.cli.advising import first_human, unknown_level
from codex_tui.core import registry
from codex_tui.core.advice import ADVICE_SEED, REVIEW_LEVEL
from codex_tui.core.command_line import EXIT_OK, at_least, fail
from codex_tui.core.contract import CliCommand, GameModule
from codex_tui.core.review import DEFAULT_JOBS, LISTED, Decision, Progress, costliest, points_text, review, review_rows

COLUMNS: tuple[tuple[str, Literal["left", "right"]], ...] = (
    ("move", "right"),
    ("turn", "right"),
    ("played", "left"),
    ("better", "left"),
    ("points lost", "right"),
)
"""The table: the action's number in the record, the game's turn, both moves in words, the cost."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="a save, or a game record (JSON)")
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        help="the seat to review, 0 for the first player (default: the first human seat)",
    )
    parser.add_argument("--level", default=REVIEW_LEVEL, help=f"the search level that judges (default: {REVIEW_LEVEL})")
    parser.add_argument(
        "--jobs", type=at_least(1, "jobs"), default=DEFAULT_JOBS, help=f"worker processes (default: {DEFAULT_JOBS})"
    )
    parser.add_argument("--seed", type=int, default=ADVICE_SEED, help=f"the search's seed (default: {ADVICE_SEED})")
    parser.add_argument("--json", action="store_true", help="print every decision as one JSON object a line")
    parser.add_argument(
        "--top", type=at_least(1, "top"), default=LISTED, help=f"costly decisions to list (default: {LISTED})"
    )


def decision_json(module: GameModule, decision: Decision) -> dict[str, Any]:
    """One line of `--json`: the record index, both moves as record actions, both estimates."""
    played, best = decision.assessment.played, decision.assessment.best
    return {
        "index": decision.index,
        "seat": decision.seat,
        "played": module.action_to_dict(played.action),
        "best": module.action_to_dict(best.action),
        "played_margin": played.margin,
        "best_margin": best.margin,
        "cost": decision.cost,
        "playouts": played.playouts,
    }


@contextmanager
def progress_bar(description: str) -> Iterator[Progress]:
    """A bar on stderr (gone when done) fed by the review's (done, total) calls; none when stderr is no terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    console = Console(stderr=True)
    with Bar(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task(description, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def print_table(module: GameModule, game: Any, seat: int, decisions: list[Decision], args: argparse.Namespace) -> None:
    """The costliest decisions with the better move, then the totals."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console()
    if not console.is_terminal:
        console.width = 120  # piped or captured: do not wrap the rows at 80 columns
    name = game.players[seat]
    lost = sum(decision.cost for decision in decisions)
    as_good = sum(1 for decision in decisions if decision.cost == 0)
    shown = costliest(decisions, args.top)
    header = f"{name} (seat {seat}), judged by the {args.level} search, seed {args.seed}"
    if shown:
        header += f": the {len(shown)} costliest of {len(decisions)} decisions"
    console.print(header, highlight=False, markup=False)  # a player's name may hold [brackets]
    if shown:
        table = Table(show_edge=False)
        for column, justify in COLUMNS:
            table.add_column(column, justify=justify)
        for row in review_rows(module, game, shown):
            table.add_row(
                str(row.move),
                str(row.turn),
                Text(row.played),  # words, not markup
                Text(row.better),
                points_text(row.decision.cost),
            )
        console.print(table)
    console.print(
        f"{len(decisions)} decisions, {as_good} as good as the search's best; {lost:.1f} points lost in all",
        highlight=False,
        markup=False,
    )


def run(args: argparse.Namespace) -> int:
    """SaveError (a missing or broken file) goes up to `main`, which prints it."""
    opened = open_replayable(args.save)
    module, game = registry.game_of(opened.game), opened.game
    if (problem := unknown_level(module, args.level)) is not None:
        return fail(problem)
    seats = tuple(range(len(game.players)))
    seat = first_human(opened.kinds, seats) if args.seat is None else args.seat
    if seat not in seats:
        return fail(f"--seat must be 0-{len(seats) - 1} for this game (it has {len(seats)} players)")
    with progress_bar(f"Reviewing {game.players[seat]}'s decisions") as advance:
        try:
            decisions = review(module, game, seat, args.level, args.seed, args.jobs, advance)
        except ValueError as error:  # a level the game has but cannot search at
            return fail(f"cannot review at {args.level}: {error}")
    if args.json:
        for decision in decisions:
            print(json.dumps(decision_json(module, decision)))
    else:
        print_table(module, game, seat, decisions, args)
    return EXIT_OK


COMMAND = CliCommand(
    "review",
    "judge a seat's decisions in a save or record with the search; list the costliest",
    add_arguments,
    run,
    "For each decision of a seat (default: the first human seat), the search's estimate of the final score "
    "margin for the move played and for its best move, from that seat's view at the time. Prints the "
    "costliest decisions with the better move, or with --json every decision as one JSON object a line. "
    "Deterministic for a given file, seat, level and seed.",
)
