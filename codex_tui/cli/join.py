"""`codex-tui join`: the app of one player at a local server (OpenSSH's ForceCommand runs it)."""

from __future__ import annotations

import argparse

from codex_tui.client.join_options import JOIN_HELP, add_join_arguments
from codex_tui.core.contract import CliCommand


def run(args: argparse.Namespace) -> int:
    from codex_tui.client.app import run_join

    return run_join(args)


COMMAND = CliCommand("join", JOIN_HELP, add_join_arguments, run)
