"""`codex-tui play [SAVE]`: start a new game, or resume SAVE (also what `codex-tui` alone does)."""

from __future__ import annotations

import argparse
from pathlib import Path

from codex_tui.core.contract import CliCommand


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", nargs="?", type=Path, help="a save file to resume")
    parser.add_argument("--saves-dir", type=Path, default=None, help="where games are saved (default: ./saves)")


def run(args: argparse.Namespace) -> int:
    from codex_tui.cli.start_app import run_app

    # `codex-tui` with no command comes here without the play options
    return run_app(save=getattr(args, "save", None), saves_dir=getattr(args, "saves_dir", None))


COMMAND = CliCommand("play", "start a new game, or resume SAVE", add_arguments, run)
