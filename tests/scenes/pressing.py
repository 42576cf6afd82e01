"""Playing a tutorial's marked move with the keyboard, as a learner who follows the screen does."""

from __future__ import annotations

import time
from typing import Any

from textual.screen import Screen

from codex_tui.app.app import CodexApp
from codex_tui.core.tutorial import moves_made
from codex_tui.ui.widgets.coach_panel import CoachPanel
from tests.scenes import WAIT

RETRY = 2.0
"""Seconds before enter is pressed again on a move not yet played (the next choice of one screen)."""


async def play_the_marked_move(pilot: Any, app: CodexApp, learner: int, move: int) -> None:
    """Enter until the learner's move `move` is played: a screen may take two (Codex's set-up: the
    starter's side, then the objective). A press that comes too soon is refused and changes nothing."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        await pilot.press("enter")
        pressed = time.monotonic()
        while time.monotonic() - pressed < RETRY:
            session = app.session
            if session is not None and (session.game.is_over or moves_made(session.game, learner) > move):
                return
            await pilot.pause()
    raise AssertionError(f"never: the learner's move {move} played")


def coach_words(screen: Screen[Any]) -> str | None:
    """The coach panel's words on `screen`, its spaces folded as a wrap leaves them; None: no panel."""
    panels = screen.query(CoachPanel)
    return " ".join(str(panels.first().render()).split()) if panels else None
