"""What every command shares: exit codes, the one-line failure, argument types.

A leaf module (standard library only), so a game's own commands
(`GameModule.cli_commands`) can use it without an import cycle.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

EXIT_OK = 0
EXIT_ILLEGAL = 1
"""`check`: the record holds an illegal action."""
EXIT_USAGE = 2
"""A bad option or a missing or broken file (argparse uses 2 as well)."""
EXIT_INTERRUPTED = 130
"""Ctrl+C, as a shell reports a SIGINT."""


def fail(message: str, code: int = EXIT_USAGE) -> int:
    """Print one line on stderr, never a traceback; returns `code` for the caller to exit with."""
    print(f"codex-tui: {message}", file=sys.stderr)
    return code


def whole_number_in(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` ("players must be 2-4")."""

    def check(value: str) -> int:
        number = int(value)
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low}-{high}")
        return number

    check.__name__ = "whole number"  # argparse: "invalid whole number value: 'x'"
    return check


def at_least(low: int, what: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number of at least `low` ("the target score must be at least 1")."""

    def check(value: str) -> int:
        number = int(value)
        if number < low:
            raise argparse.ArgumentTypeError(f"{what} must be at least {low}".strip())
        return number

    check.__name__ = "whole number"
    return check
