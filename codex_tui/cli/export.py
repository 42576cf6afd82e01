"""`codex-tui export SAVE`: print the JSON game record of a save, in its game's record format."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from codex_tui.core import registry
from codex_tui.core.command_line import EXIT_OK
from codex_tui.core.contract import CliCommand
from codex_tui.storage.saves import load_save


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path)


def run(args: argparse.Namespace) -> int:
    """SaveError (a missing or broken save) goes up to `main`, which prints it."""
    saved = load_save(args.save)
    print(json.dumps(registry.game_of(saved.game).export_record(saved.game), indent=2))
    return EXIT_OK


COMMAND = CliCommand("export", "print the game record JSON of a save", add_arguments, run)
