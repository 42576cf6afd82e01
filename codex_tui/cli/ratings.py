"""`codex-tui ratings --data DIR [--game GAME]`: the server's leaderboards, for its host.

It reads the data folder's database (`codex_tui.server.store`) while the
server may run (WAL lets it); it never creates one: a folder without a
database has no ratings to show, and says so.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from codex_tui.core import registry
from codex_tui.core.command_line import fail
from codex_tui.core.contract import CliCommand, GameModule


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=None, metavar="DIR", help="the server's data folder")
    parser.add_argument(
        "--game", choices=[game.name for game in registry.games()], default=None, help="one game (default: every game)"
    )


def leaderboard_lines(module: GameModule, rows: list[tuple[str, float, int, int]]) -> list[str]:
    """One game's board: rank, name, rating, rated tables and wins; then the bot levels' fixed ratings."""
    lines = [f"{module.title}: {len(rows)} rated player{'s' if len(rows) != 1 else ''}"]
    width = max((len(name) for name, *_ in rows), default=0)
    for rank, (name, rating, tables, wins) in enumerate(rows, start=1):
        played = f"{tables} rated table{'s' if tables != 1 else ''}, {wins} won"
        lines.append(f"{rank:>4}. {name:<{width}}  {round(rating):>5}  ({played})")
    levels = ", ".join(f"{level} {module.bot_rating(level)}" for level in module.bot_levels())
    lines.append(f"      bots (fixed): {levels}")
    return lines


def run(args: argparse.Namespace) -> int:
    from codex_tui.server.serve import default_data_dir
    from codex_tui.server.store import Store
    from codex_tui.server.store_schema import DB_FILE, StoreError

    data = args.data or default_data_dir()
    if not (data / DB_FILE).is_file():
        return fail(f"{data}: no server database here ({DB_FILE}); give the folder `codex-tui serve --data` uses")
    try:
        store = Store(data)
    except (OSError, StoreError) as error:
        return fail(f"cannot read the ratings in {data}: {error}")
    try:
        games = [registry.game_named(args.game)] if args.game else list(registry.games())
        boards = [(module, store.leaderboard(module.name)) for module in games]
    except OSError as error:
        return fail(f"cannot read the ratings in {data}: {error}")
    finally:
        store.close()
    for number, (module, rows) in enumerate(boards):
        if number:
            print()
        print("\n".join(leaderboard_lines(module, [(r.name, r.rating, r.tables, r.wins) for r in rows])))
    return 0


COMMAND = CliCommand(
    "ratings",
    "print the server's leaderboard of each game (rating, rated tables, wins) and the bots' fixed ratings",
    add_arguments,
    run,
)
