"""The bot interface. The levels that build bots are listed in `roster.py`.

Bot modules import this one and nothing imports them back from here, so the
bots form no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from codex_tui.games.codex.rules import Action, SeatView


class Bot(Protocol):
    """Chooses an action from what its seat may see; nothing else is given to it."""

    name: str

    def choose(self, view: SeatView) -> Action: ...


BotFactory = Callable[[int], Bot]
"""Builds a bot from a seed (bots that use randomness are deterministic per seed)."""
