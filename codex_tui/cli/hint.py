"""`codex-tui hint SAVE`: what the search would play now, as a record-format action.

Prints one JSON action (the game's record format, `GameModule.action_to_dict`)
on stdout, so a script can feed it back into a record, and the reason in
words on stderr. The hint is the seat's own: it is computed from that seat's
view, never from the cards it cannot see.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from codex_tui.app.opening import open_replayable
from codex_tui.cli.advising import first_human, unknown_level
from codex_tui.core import registry
from codex_tui.core.advice import HINT_LEVEL
from codex_tui.core.command_line import EXIT_OK, fail
from codex_tui.core.contract import CliCommand

EXIT_NOTHING_TO_DO = 1
"""The game is over, or the seat asked about has nothing to do now."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="a save, or a game record (JSON)")
    parser.add_argument("--level", default=HINT_LEVEL, help=f"the bot level to ask (default: {HINT_LEVEL})")
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        help="the seat to advise when several act at once, as in set-up (default: the first human one to act)",
    )


def run(args: argparse.Namespace) -> int:
    """SaveError (a missing or broken file) goes up to `main`, which prints it."""
    opened = open_replayable(args.save)
    module = registry.game_of(opened.game)
    if (problem := unknown_level(module, args.level)) is not None:
        return fail(problem)
    to_act = module.players_to_act(opened.game)
    if not to_act:
        status = module.status(opened.game)
        return fail(f"{args.save}: the game is over ({status}); there is no move to hint", EXIT_NOTHING_TO_DO)
    seat = first_human(opened.kinds, to_act) if args.seat is None else args.seat
    if seat not in to_act:
        acting = ", ".join(str(s) for s in to_act)
        return fail(f"seat {seat} has nothing to do now (seats to act: {acting})", EXIT_NOTHING_TO_DO)
    hint = module.hint(module.view(opened.game, seat), args.level)
    print(json.dumps(module.action_to_dict(hint.action)))
    print(f"{opened.game.players[seat]}: {hint.reason}", file=sys.stderr)
    return EXIT_OK


COMMAND = CliCommand(
    "hint",
    "print the move the search suggests for the seat to act (a record-format JSON action)",
    add_arguments,
    run,
    "Print the move the search bot suggests for the seat to act, from that seat's own view, as one "
    "record-format JSON action on stdout (its reason goes to stderr). Exit 1 if the game is over.",
)
