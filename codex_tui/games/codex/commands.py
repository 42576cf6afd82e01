"""Codex Naturalis's own `codex-tui` commands: whole games between its bots.

    codex-tui selfplay --players 3 --games 100 --bot greedy
    codex-tui tournament --bots hard,greedy --games 200

The CLI finds them through `GameModule.cli_commands`, so it names no game;
this module is imported only then (it writes saves and draws progress bars,
which the rules and bots never need).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from codex_tui.core.command_line import EXIT_OK, at_least
from codex_tui.core.contract import CliCommand
from codex_tui.games.codex.bots import bot_levels
from codex_tui.games.codex.bots.selfplay import selfplay_game
from codex_tui.games.codex.bots.tournament import (
    TOURNAMENT_DESCRIPTION,
    TOURNAMENT_HELP,
    add_tournament_arguments,
    players_argument,
    run_tournament,
)
from codex_tui.games.codex.rules import Variant, result
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE
from codex_tui.storage.saves import SavedGame, default_saves_dir, new_save_path, write_save


def add_selfplay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=players_argument, default=2)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (the next use seed+1, ...)")
    parser.add_argument("--bot", choices=list(bot_levels()), default="greedy", help="bot level for every seat")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--target-score", type=at_least(1, "the target score"), default=DEFAULT_TARGET_SCORE)
    parser.add_argument("--out", type=Path, default=None, help="folder for the saves (default: saves/selfplay)")


def run_selfplay(args: argparse.Namespace) -> int:
    """Play the games, save each one, print wins, average scores and how the games ended."""
    from rich.progress import Progress

    out: Path = args.out or default_saves_dir() / "selfplay"
    variant = Variant(target_score=args.target_score)
    levels = [args.bot] * args.players
    wins = [0.0] * args.players
    totals = [0] * args.players
    ends: dict[str, int] = {}
    started = time.perf_counter()
    with Progress(transient=True, disable=args.games < 20) as progress:
        task = progress.add_task("Playing", total=args.games)
        for index in range(args.games):
            seed = args.seed + index
            game = selfplay_game(levels, seed, variant)
            outcome = result(game)
            for seat in outcome.winners:
                wins[seat] += 1 / len(outcome.winners)
            for seat, total in enumerate(outcome.totals):
                totals[seat] += total
            key = outcome.end.value if outcome.end else "unfinished"
            ends[key] = ends.get(key, 0) + 1
            path = new_save_path(out, game.players)
            path = path.with_name(f"seed{seed}_{path.name}")
            write_save(path, SavedGame(game, tuple(f"bot:{level}" for level in levels)))
            progress.advance(task)
    elapsed = time.perf_counter() - started
    print(f"{args.games} game(s), {args.players} x {args.bot}, seeds {args.seed}-{args.seed + args.games - 1}")
    for seat in range(args.players):
        print(f"  seat {seat + 1}: {wins[seat]:.1f} wins, average score {totals[seat] / args.games:.1f}")
    print("  ended by: " + ", ".join(f"{name} {count}" for name, count in sorted(ends.items())))
    print(f"  saved in {out}/  ({args.games / elapsed:.1f} games/s with saving)")
    return EXIT_OK


COMMANDS = (
    CliCommand("selfplay", "let bots play whole games and save them", add_selfplay_arguments, run_selfplay),
    CliCommand("tournament", TOURNAMENT_HELP, add_tournament_arguments, run_tournament, TOURNAMENT_DESCRIPTION),
)
