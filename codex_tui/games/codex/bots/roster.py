"""The bot levels, by name: the one list every menu, save and command reads.

`random` and `greedy` keep their own names (saves, the self-play command and
tests name them); easy, normal, hard and expert are the difficulty levels,
and menus offer them and random, not greedy (`SAVES_ONLY`: it is normal). The
order is the order menus list them in.
"""

from __future__ import annotations

from codex_tui.games.codex.bots.base import Bot, BotFactory
from codex_tui.games.codex.bots.greedy import GreedyBot
from codex_tui.games.codex.bots.levels import EasyBot, expert_bot, hard_bot, normal_bot
from codex_tui.games.codex.bots.random_bot import RandomBot
from codex_tui.games.codex.text import N_

LEVELS: dict[str, tuple[BotFactory, str]] = {
    "greedy": (GreedyBot, N_("takes the most points now, then works towards objectives; looks no further")),
    "easy": (EasyBot, N_("takes easy points half the time and plays at random otherwise")),
    "normal": (normal_bot, N_("takes the most points each turn, then works towards its objectives; never plans ahead")),
    "hard": (hard_bot, N_("strong: tries each move by playing the game on in its head, about half a second a move")),
    "expert": (expert_bot, N_("the strongest: plays far more games on in its head than hard, about 2 seconds a move")),
    "random": (RandomBot, N_("any legal move, at random")),
}
"""Level name -> (factory, how it plays: a text id of Codex's catalog)."""


LEVEL_RATINGS: dict[str, int] = {
    "random": 186,
    "easy": 1036,
    "greedy": 1500,
    "normal": 1500,
    "hard": 2420,
    "expert": 2508,
}
"""The fixed rating each level plays at on a rated table (docs/ratings.md has the matches they come from):
`normal` is put at 1500, where a new player starts; `greedy` is the same bot; easy and random are below it
by their measured gaps, hard by its 199.5 / 200 against greedy, expert by its 187.5 / 300 against hard."""


SAVES_ONLY = frozenset({"greedy"})
"""Levels menus do not offer: `greedy` is `normal` under its old name (one name per level on screen)."""


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
