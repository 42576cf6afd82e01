"""The errors every game's rules raise, so the shell catches one class each.

A move the rules refuse, a log that no longer replays, a deal that cannot
start a game and a record that is not well formed are the same situations in
every game; the messages are the game's own.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid. `rule` names the rule; str() explains."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail


class ReplayError(ValueError):
    """An action in a log that the rules refuse; `index` is its place in the log."""

    def __init__(self, index: int, error: IllegalAction) -> None:
        super().__init__(f"action {index}: {error}")
        self.index = index
        self.error = error


class SetupError(ValueError):
    """A setup that cannot start a game (wrong cards, duplicates, bad seats)."""


class RecordError(ValueError):
    """A record, save body or wire message that is not well formed; the message says where and what."""
