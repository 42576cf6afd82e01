"""The command-line options of `join`, the app of one player at a local server.

Kept free of Textual so that building the `codex-tui` parser (which every command does) stays fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path

JOIN_HELP = "join the games of a local codex-tui server (for OpenSSH ForceCommand)"


def add_join_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hub", type=Path, default=None, help="the server's hub socket (default: $CODEX_TUI_HUB)")
    parser.add_argument("--name", default=None, help="player name (default: your login name)")
