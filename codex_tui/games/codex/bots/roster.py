"""The bot levels, by name: the one list every menu, save and command reads.

`random` and `greedy` keep their own names (saves, the self-play command and
tests name them); easy, normal, hard and expert are the difficulty levels
menus offer. The order is the order menus list them in.
"""

from __future__ import annotations

from codex_tui.games.codex.bots.base import Bot, BotFactory
from codex_tui.games.codex.bots.greedy import GreedyBot
from codex_tui.games.codex.bots.levels import EasyBot, expert_bot, hard_bot, normal_bot
from codex_tui.games.codex.bots.random_bot import RandomBot

LEVELS: dict[str, tuple[BotFactory, str]] = {
    "greedy": (GreedyBot, "best points now, then objectives; no look-ahead"),
    "easy": (EasyBot, "random-ish: takes easy points half the time"),
    "normal": (normal_bot, "greedy: best points now, then objectives"),
    "hard": (hard_bot, "search: about 0.5 s per move"),
    "expert": (expert_bot, "search: about 2 s per move"),
    "random": (RandomBot, "uniform over the legal moves"),
}
"""Level name -> (factory, one-line description)."""


LEVEL_RATINGS: dict[str, int] = {
    "random": 186,
    "easy": 1036,
    "greedy": 1500,
    "normal": 1500,
    "hard": 2420,
    "expert": 2460,
}
"""The fixed rating each level plays at on a rated table (docs/ratings.md has the matches they come from):
`normal` is put at 1500, where a new player starts; `greedy` is the same bot; easy and random are below it
by their measured gaps, hard by its 199.5 / 200 against greedy, expert by its 111.5 / 200 against hard."""


def bot_levels() -> dict[str, str]:
    """Level name -> one-line description, in menu order."""
    return {level: description for level, (_, description) in LEVELS.items()}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of `level`, deterministic for `seed`; ValueError names the known levels."""
    try:
        factory, _ = LEVELS[level]
    except KeyError:
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown bot {level!r}; choose one of: {known}") from None
    return factory(seed)
