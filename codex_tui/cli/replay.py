"""`codex-tui replay FILE`: step through a save or a game record (JSON)."""

from __future__ import annotations

import argparse
from pathlib import Path

from codex_tui.core.contract import CliCommand


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path)
    parser.add_argument("--saves-dir", type=Path, default=None, help="where a game played on from the replay is saved")


def run(args: argparse.Namespace) -> int:
    from codex_tui.cli.start_app import run_app

    return run_app(save=args.file, saves_dir=args.saves_dir, mode="replay")


COMMAND = CliCommand("replay", "replay a save or a game record (JSON), step by step", add_arguments, run)
