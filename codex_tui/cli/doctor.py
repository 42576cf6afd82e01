"""`codex-tui doctor`: check an OpenSSH-mode server setup, as serve's user."""

from __future__ import annotations

import argparse

from codex_tui.core.contract import CliCommand
from codex_tui.server.options import DOCTOR_HELP, add_doctor_arguments


def run(args: argparse.Namespace) -> int:
    from codex_tui.server.doctor import run_doctor

    return run_doctor(args)


COMMAND = CliCommand("doctor", DOCTOR_HELP, add_doctor_arguments, run)
