"""The games this codex-tui plays: the only module outside `codex_tui/games/` that names one.

The app's new-game form, the saves, `check`, the server's tables and the
lobby all look games up here, by name (a save's or a message's `game` field)
or by state. Adding a game is adding its package and one line below.
Tests may `register` a game of their own (and `unregister` it after).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from codex_tui.core.contract import GameModule
from codex_tui.games.codex.module import CODEX
from codex_tui.games.instinkt.module import INSTINKT

_GAMES: dict[str, GameModule] = {game.name: game for game in (CODEX, INSTINKT)}

DEFAULT_GAME = CODEX.name
"""The game of a save body, create request or table info without a `game` field
(all of them were Codex Naturalis before a second game existed)."""


class UnknownGame(KeyError):
    """A game name this codex-tui does not know; str() lists the ones it does."""

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"{self.name!r} is not a game this codex-tui knows ({', '.join(_GAMES)})"


def games() -> tuple[GameModule, ...]:
    """Every registered game, in the order the new-game form lists them."""
    return tuple(_GAMES.values())


def names() -> tuple[str, ...]:
    return tuple(_GAMES)


def game_named(name: object) -> GameModule:
    """The game called `name`; UnknownGame (a KeyError) if there is none."""
    if isinstance(name, str) and name in _GAMES:
        return _GAMES[name]
    raise UnknownGame(name)


def game_of(state: object) -> GameModule:
    """The game `state` belongs to; UnknownGame if no registered game owns it."""
    for game in _GAMES.values():
        if game.owns(state):
            return game
    raise UnknownGame(type(state).__name__)


def game_for_record(data: object) -> GameModule | None:
    """The game whose record format `data` declares, or None."""
    record_format = data.get("format") if isinstance(data, dict) else None
    return next((game for game in _GAMES.values() if game.record_format == record_format), None)


def register(game: GameModule) -> None:
    """Add a game (a test's own); ValueError if its name is taken."""
    if game.name in _GAMES:
        raise ValueError(f"a game called {game.name!r} is already registered")
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


@contextmanager
def registered(game: GameModule) -> Iterator[GameModule]:
    """`game` registered for the duration of a `with` block."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)
