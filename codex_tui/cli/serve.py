"""`codex-tui serve`: host games that players join with ssh (the server itself is in `codex_tui.server`)."""

from __future__ import annotations

import argparse

from codex_tui.core.contract import CliCommand
from codex_tui.server.options import SERVE_HELP
from codex_tui.server.web_options import add_serve_and_web_arguments


def run(args: argparse.Namespace) -> int:
    from codex_tui.server.serve import run_serve

    return run_serve(args)


COMMAND = CliCommand("serve", SERVE_HELP, add_serve_and_web_arguments, run)
