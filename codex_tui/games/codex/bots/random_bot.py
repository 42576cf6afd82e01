"""The random bot: uniform over the legal actions of its seat."""

from __future__ import annotations

import random

from codex_tui.games.codex.rules import Action, SeatView


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        return actions[self.rng.randrange(len(actions))]
