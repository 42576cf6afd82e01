"""The `codex-tui` command. With no arguments it opens the game.

Every failure a user can cause (a missing or broken file, a bad option) ends
with one clear line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from codex_tui import __version__
from codex_tui.core import registry
from codex_tui.games.codex.record import RecordError, import_record, result_to_dict
from codex_tui.games.codex.rules import CardDataError, ReplayError, SetupError, Variant, result
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE, MAX_PLAYERS, MIN_PLAYERS
from codex_tui.games.instinkt import record as instinkt_record
from codex_tui.games.instinkt.rules import ReplayError as InstinktReplayError
from codex_tui.games.instinkt.rules.setup import SetupError as InstinktSetupError
from codex_tui.storage.saves import SavedGame, SaveError, default_saves_dir, load_save, new_save_path, write_save

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_USAGE = 2


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    print(f"codex-tui: {message}", file=sys.stderr)
    return code


def players_argument(value: str) -> int:
    """argparse type of a --players option: a table size the game allows."""
    count = int(value)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}")
    return count


def _target(value: str) -> int:
    target = int(value)
    if target < 1:
        raise argparse.ArgumentTypeError("the target score must be at least 1")
    return target


def build_parser() -> argparse.ArgumentParser:
    from codex_tui.games.codex.bots import bot_levels

    levels = list(bot_levels())
    parser = argparse.ArgumentParser(
        prog="codex-tui",
        description="Codex Naturalis in the terminal. With no command: start or resume a game.",
    )
    parser.add_argument("--version", action="version", version=f"codex-tui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start a new game, or resume SAVE")
    play.add_argument("save", nargs="?", type=Path, help="a save file to resume")
    play.add_argument("--saves-dir", type=Path, default=None, help="where games are saved (default: ./saves)")

    selfplay = commands.add_parser("selfplay", help="let bots play whole games and save them")
    selfplay.add_argument("--players", type=players_argument, default=2)
    selfplay.add_argument("--seed", type=int, default=1, help="seed of the first game (the next use seed+1, ...)")
    selfplay.add_argument("--bot", choices=levels, default="greedy", help="bot level for every seat")
    selfplay.add_argument("--games", type=int, default=1)
    selfplay.add_argument("--target-score", type=_target, default=DEFAULT_TARGET_SCORE)
    selfplay.add_argument("--out", type=Path, default=None, help="folder for the saves (default: saves/selfplay)")

    export = commands.add_parser("export", help="print the game record JSON of a save")
    export.add_argument("save", type=Path)

    check = commands.add_parser("check", help="replay a game record; print its result or the first illegal action")
    check.add_argument("record", type=Path)

    saves = commands.add_parser("saves", help="browse saved games: resume, replay, rename, delete")
    saves.add_argument("--dir", type=Path, default=None, help="the saves folder (default: ./saves)")

    replay = commands.add_parser("replay", help="replay a save or a game record (JSON), step by step")
    replay.add_argument("file", type=Path)
    replay.add_argument("--saves-dir", type=Path, default=None, help="where a game played on from the replay is saved")

    from codex_tui.games.codex.bots.tournament import add_tournament_parser
    from codex_tui.net.options import (
        DOCTOR_HELP,
        JOIN_HELP,
        SERVE_HELP,
        add_doctor_arguments,
        add_join_arguments,
        add_serve_arguments,
    )

    add_tournament_parser(commands)

    add_serve_arguments(commands.add_parser("serve", help=SERVE_HELP))
    add_join_arguments(commands.add_parser("join", help=JOIN_HELP))
    add_doctor_arguments(commands.add_parser("doctor", help=DOCTOR_HELP))
    return parser


def cmd_selfplay(args: argparse.Namespace) -> int:
    from rich.progress import Progress

    from codex_tui.games.codex.bots.selfplay import selfplay_game

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


def cmd_export(args: argparse.Namespace) -> int:
    saved = load_save(args.save)
    print(json.dumps(registry.game_of(saved.game).export_record(saved.game), indent=2))
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    path: Path = args.record
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return _fail(f"{path}: cannot be read ({error})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _fail(f"{path}: is not JSON (line {error.lineno}, column {error.colno}: {error.msg})")
    instinkt = isinstance(data, dict) and data.get("format") == instinkt_record.RECORD_FORMAT
    try:
        if instinkt:
            outcome = instinkt_record.result_to_dict(instinkt_record.import_record(data))
        else:
            outcome = result_to_dict(import_record(data))
    except (ReplayError, InstinktReplayError) as error:
        print(json.dumps({"valid": False, "action_index": error.index, "reason": str(error.error)}))
        return _fail(f"{path}: action {error.index} is illegal: {error.error}", EXIT_ILLEGAL)
    except (RecordError, SetupError, InstinktSetupError) as error:
        return _fail(f"{path}: not a valid game record: {error}")
    print(json.dumps(outcome, indent=2))
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from codex_tui.app.main import run_app

    return run_app(save=getattr(args, "save", None), saves_dir=getattr(args, "saves_dir", None))


def cmd_saves(args: argparse.Namespace) -> int:
    from codex_tui.app.main import run_app

    return run_app(saves_dir=args.dir, mode="saves")


def cmd_replay(args: argparse.Namespace) -> int:
    from codex_tui.app.main import run_app

    return run_app(save=args.file, saves_dir=args.saves_dir, mode="replay")


def cmd_tournament(args: argparse.Namespace) -> int:
    from codex_tui.games.codex.bots.tournament import run_tournament

    return run_tournament(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from codex_tui.net.serve import run_serve

    return run_serve(args)


def cmd_join(args: argparse.Namespace) -> int:
    from codex_tui.app.remote import run_join

    return run_join(args)


def cmd_doctor(args: argparse.Namespace) -> int:
    from codex_tui.net.doctor import run_doctor

    return run_doctor(args)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        command = args.command or "play"
        handlers = {
            "play": cmd_play,
            "selfplay": cmd_selfplay,
            "export": cmd_export,
            "check": cmd_check,
            "saves": cmd_saves,
            "replay": cmd_replay,
            "serve": cmd_serve,
            "join": cmd_join,
            "doctor": cmd_doctor,
            "tournament": cmd_tournament,
        }
        return handlers[command](args)
    except CardDataError as error:
        return _fail(f"the card file is broken: {error}")
    except SaveError as error:
        return _fail(str(error))
    except KeyboardInterrupt:
        return _fail("interrupted", 130)


if __name__ == "__main__":
    sys.exit(main())
