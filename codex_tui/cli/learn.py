"""`codex-tui learn [GAME]`: a guided first game, in the player's language."""

from __future__ import annotations

import argparse

from codex_tui.core import registry
from codex_tui.core.command_line import fail
from codex_tui.core.contract import CliCommand


def games_with_tutorials() -> dict[str, str]:
    """Each game with a tutorial, by its registry name and by the name's first word ("codex", "instinkt")."""
    found: dict[str, str] = {}
    for module in registry.games():
        if module.tutorial() is not None:
            found[module.name] = module.name
            found.setdefault(module.name.split("-")[0], module.name)
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    names = ", ".join(sorted(games_with_tutorials()))
    parser.add_argument("game", nargs="?", default=None, help=f"the game to learn ({names}; default: the first)")


def run(args: argparse.Namespace) -> int:
    from codex_tui.cli.start_app import run_app

    known = games_with_tutorials()
    if not known:
        return fail("no game has a tutorial")
    wanted = args.game if args.game is not None else next(iter(known.values()))
    game = known.get(wanted.lower())
    if game is None:
        return fail(f"no tutorial for {wanted!r}: choose one of {', '.join(sorted(known))}")
    return run_app(mode="learn", learn=game)


COMMAND = CliCommand("learn", "a guided first game of GAME, in the player's language", add_arguments, run)
