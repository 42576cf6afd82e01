"""The games this codex-tui plays, found through their entry points: the registry names no game.

Each game's package declares itself in `pyproject.toml`, in the entry-point group
`codex_tui.games` (`codex-naturalis = "codex_tui.games.codex.module:CODEX"`), and the
registry reads that group with `importlib.metadata` the first time it is asked, as
pytest and Datasette find their plugins. Adding a game is its package plus one line
there. The app's new-game form, the saves, `check`, the server's tables and the lobby
look games up here, by name (a save's or a message's `game` field) or by state.
Tests may `register` a game of their own (and `unregister` it after).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint, entry_points

from codex_tui.core.contract import GameModule

ENTRY_POINT_GROUP = "codex_tui.games"

_GAMES: dict[str, GameModule] = {}
_found = False


class UnknownGame(KeyError):
    """A game name this codex-tui does not know; str() lists the ones it does."""

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"{self.name!r} is not a game this codex-tui knows ({', '.join(names())})"


class BadGameEntry(RuntimeError):
    """An entry point of the `codex_tui.games` group that does not give a game: which one, and why."""


def _load(entry: EntryPoint) -> GameModule:
    try:
        game = entry.load()
    except Exception as error:  # an installed plugin's import failing: say which one
        raise BadGameEntry(f"the game entry point {entry.name} = {entry.value} cannot be loaded: {error}") from error
    if not isinstance(game, GameModule):
        raise BadGameEntry(f"the game entry point {entry.name} = {entry.value} is a {type(game).__name__}, not a game")
    if game.name != entry.name:
        raise BadGameEntry(f"the game entry point {entry.name} = {entry.value} gives the game {game.name!r}")
    return game


def _games() -> dict[str, GameModule]:
    """The registered games, reading the entry points on first use (in their names' order)."""
    global _found
    if not _found:
        found = {entry.name: entry for entry in entry_points(group=ENTRY_POINT_GROUP)}
        for name in sorted(found):
            _GAMES.setdefault(name, _load(found[name]))
        _found = True
    return _GAMES


def games() -> tuple[GameModule, ...]:
    """Every registered game, in the order the new-game form lists them."""
    return tuple(_games().values())


def names() -> tuple[str, ...]:
    return tuple(_games())


def game_named(name: object) -> GameModule:
    """The game called `name`; UnknownGame (a KeyError) if there is none."""
    registered = _games()
    if isinstance(name, str) and name in registered:
        return registered[name]
    raise UnknownGame(name)


def unnamed_records_game() -> str:
    """The name of the game a save body, create request or table info without a `game` field
    belongs to: the one game that `owns_unnamed_records`. UnknownGame if none is registered."""
    for game in _games().values():
        if game.owns_unnamed_records:
            return game.name
    raise UnknownGame(None)


def first_game() -> str:
    """The game a new-game form starts on: the first listed."""
    return games()[0].name


def game_of(state: object) -> GameModule:
    """The game `state` belongs to; UnknownGame if no registered game owns it."""
    for game in _games().values():
        if game.owns(state):
            return game
    raise UnknownGame(type(state).__name__)


def game_for_record(data: object) -> GameModule | None:
    """The game whose record format `data` declares, or None."""
    record_format = data.get("format") if isinstance(data, dict) else None
    return next((game for game in _games().values() if game.record_format == record_format), None)


def register(game: GameModule) -> None:
    """Add a game (a test's own); ValueError if its name is taken."""
    registered = _games()
    if game.name in registered:
        raise ValueError(f"a game called {game.name!r} is already registered")
    registered[game.name] = game


def unregister(name: str) -> None:
    _games().pop(name, None)


@contextmanager
def registered(game: GameModule) -> Iterator[GameModule]:
    """`game` registered for the duration of a `with` block."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)
