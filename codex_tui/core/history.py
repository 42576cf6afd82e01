"""Replay and undo over an action log, the same for every game.

A game is its start plus its actions, so rebuilding is applying them again;
the first action the rules refuse is reported with its place in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from codex_tui.core.errors import IllegalAction, ReplayError

State = TypeVar("State")
Action = TypeVar("Action")


def replay_actions(
    start: State,
    actions: Iterable[Action],
    apply: Callable[[State, Action], State],
    explain: Callable[[State, int, Action, IllegalAction], IllegalAction] | None = None,
) -> State:
    """`start` after `actions`; ReplayError names the first refused one.

    `explain` may give a refusal a better message (Instinkt names a ruling that
    changed under an old save); it receives the state before the action.
    """
    game = start
    for index, action in enumerate(actions):
        try:
            game = apply(game, action)
        except IllegalAction as error:
            raise ReplayError(index, explain(game, index, action, error) if explain else error) from error
    return game


def actions_kept(log_length: int, steps: int) -> int:
    """How many actions stay after undoing `steps` (never fewer than none)."""
    if steps < 0:
        raise ValueError("steps must not be negative")
    return max(0, log_length - steps)
