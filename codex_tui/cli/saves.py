"""`codex-tui saves`: the saves browser (resume, replay, rename, delete)."""

from __future__ import annotations

import argparse
from pathlib import Path

from codex_tui.core.contract import CliCommand


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dir", type=Path, default=None, help="the saves folder (default: ./saves)")


def run(args: argparse.Namespace) -> int:
    from codex_tui.cli.start_app import run_app

    return run_app(saves_dir=args.dir, mode="saves")


COMMAND = CliCommand("saves", "browse saved games: resume, replay, rename, delete", add_arguments, run)
