"""The `codex-tui` command. With no arguments it opens the game.

One module per command, each with a `COMMAND` (`core.contract.CliCommand`);
a game's own commands (Codex's `tournament` and `selfplay`) come from the
registry, so this package names no game. `common` has the exit codes and
argument types.

Every failure a user can cause (a missing or broken file, a bad option) ends
with one clear line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from codex_tui import __version__
from codex_tui.cli import (
    check,
    doctor,
    export,
    hint,
    invite,
    join,
    learn,
    play,
    ratings,
    replay,
    review,
    saves,
    serve,
    web,
)
from codex_tui.cli.language import add_language_option, start_language
from codex_tui.core import registry
from codex_tui.core.command_line import EXIT_INTERRUPTED, fail
from codex_tui.core.contract import CliCommand
from codex_tui.storage.saves import SaveError

OWN_FIRST = (play, learn, export, check, saves, replay, hint, review)
OWN_LAST = (serve, web, invite, ratings, join, doctor)
"""The built-in commands around the games' own, in `--help` order."""


def commands() -> tuple[CliCommand, ...]:
    """Every command: the built-in ones and each registered game's; ValueError if two share a name."""
    games = tuple(command for game in registry.games() for command in game.cli_commands())
    every = (*(m.COMMAND for m in OWN_FIRST), *games, *(m.COMMAND for m in OWN_LAST))
    names = [command.name for command in every]
    taken = sorted({name for name in names if names.count(name) > 1})
    if taken:
        raise ValueError(f"two commands are called {', '.join(taken)}")
    return every


def build_parser() -> argparse.ArgumentParser:
    titles = " and ".join(game.title for game in registry.games())
    parser = argparse.ArgumentParser(
        prog="codex-tui",
        description=f"{titles} in the terminal. With no command: start or resume a game.",
    )
    parser.add_argument("--version", action="version", version=f"codex-tui {__version__}")
    add_language_option(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in commands():
        sub = subparsers.add_parser(command.name, help=command.help, description=command.description or None)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        for problem in start_language(args.lang):
            print(f"codex-tui: {problem}", file=sys.stderr)
        run = getattr(args, "run", play.run)  # no command: play
        code: int = run(args)
        return code
    except SaveError as error:
        return fail(str(error))
    except KeyboardInterrupt:
        return fail("interrupted", EXIT_INTERRUPTED)
