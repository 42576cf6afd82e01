"""`codex-tui check RECORD`: replay a JSON game record; print its result or its first illegal action.

The record's `format` field picks the game (`registry.game_for_record`). A
record of no known format is read as the default game's, whose importer says
what is wrong with it (as `check` did before there were several games).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from codex_tui.core import registry
from codex_tui.core.command_line import EXIT_ILLEGAL, EXIT_OK, fail
from codex_tui.core.contract import CliCommand
from codex_tui.core.errors import RecordError, ReplayError, SetupError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path)


def run(args: argparse.Namespace) -> int:
    path: Path = args.record
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return fail(f"{path}: cannot be read ({error})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return fail(f"{path}: is not JSON (line {error.lineno}, column {error.colno}: {error.msg})")
    game = registry.game_for_record(data) or registry.game_named(registry.unnamed_records_game())
    try:
        outcome = game.result_to_dict(game.import_record(data))
    except ReplayError as error:
        print(json.dumps({"valid": False, "action_index": error.index, "reason": str(error.error)}))
        return fail(f"{path}: action {error.index} is illegal: {error.error}", EXIT_ILLEGAL)
    except (RecordError, SetupError) as error:
        return fail(f"{path}: not a valid game record: {error}")
    print(json.dumps(outcome, indent=2))
    return EXIT_OK


COMMAND = CliCommand("check", "replay a game record; print its result or the first illegal action", add_arguments, run)
