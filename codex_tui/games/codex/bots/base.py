"""The bot interface and the registry of bot levels."""

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

_REGISTRY: dict[str, tuple[BotFactory, str]] = {}


def register_bot(level: str, factory: BotFactory, description: str) -> None:
    _REGISTRY[level] = (factory, description)


def bot_levels() -> dict[str, str]:
    """Level name -> one-line description, in registration order."""
    _load_builtin_bots()
    return {level: description for level, (_, description) in _REGISTRY.items()}


def make_bot(level: str, seed: int = 0) -> Bot:
    _load_builtin_bots()
    try:
        factory, _ = _REGISTRY[level]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise ValueError(f"unknown bot {level!r}; choose one of: {known}") from None
    return factory(seed)


def _load_builtin_bots() -> None:
    # Imported here, not at module top, so that bot modules can import base.
    from codex_tui.games.codex.bots import greedy, levels, random_bot  # noqa: F401
