"""Hints and reviews: what a strong player would do, and what a move cost.

Both come from a game's search bot and read one seat's view only, so a hint
never uses a card the seat cannot see, and a review of a finished game judges
each decision by what the player knew at that moment. Every game implements
`GameModule.assess` and `GameModule.hint_reason`; the shell asks for hints
with `GameModule.hint` and reviews whole games with `codex_tui.core.review`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

HINT_LEVEL = "hard"
"""The bot level a hint asks (the issue's "what a strong player would do")."""
SLOW_HINT_LEVEL = "expert"
"""The level a hint asks at a table where a move may take its time (a turn-based one): stronger than
hard, about four times as long to answer, which a player waiting on a real-time table would feel."""
REVIEW_LEVEL = "expert"
"""The level `codex-tui review` searches at unless told otherwise."""
APP_REVIEW_LEVEL = "hard"
"""The level the app's review screen searches at: a quarter of expert's time (a Codex game's review
at expert takes about two minutes of CPU, more than the minute a player should wait on 2 cores)."""
ADVICE_SEED = 0
"""The search seed of hints and reviews unless told otherwise (so both are deterministic)."""


@dataclass(frozen=True)
class Estimate:
    """The search's estimate for one move of a seat."""

    action: Any
    """The move: the game's own action (the first one, when a game searches a few together)."""
    margin: float
    """Expected final points of the seat minus the best other seat's, if this move is played."""
    playouts: int
    """How many sampled games to the end the estimate averages."""


@dataclass(frozen=True)
class Assessment:
    """A decision judged from the seat's view: the move played beside the search's best."""

    played: Estimate
    best: Estimate
    """The move with the highest expected margin (it may be the move played)."""

    @property
    def cost(self) -> float:
        """Expected points the move played gave away (0 when it was the best)."""
        return max(0.0, self.best.margin - self.played.margin)


@dataclass(frozen=True)
class Hint:
    """A suggested move and a one-line reason in words."""

    action: Any
    reason: str
