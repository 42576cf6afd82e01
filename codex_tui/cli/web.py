"""`codex-tui web`: host games that players join in a browser (the door is in `codex_tui.server.web`)."""

from __future__ import annotations

import argparse

from codex_tui.core.contract import CliCommand
from codex_tui.server.web_options import WEB_HELP, add_web_arguments


def run(args: argparse.Namespace) -> int:
    from codex_tui.server.serve import run_web

    return run_web(args)


COMMAND = CliCommand("web", WEB_HELP, add_web_arguments, run)
