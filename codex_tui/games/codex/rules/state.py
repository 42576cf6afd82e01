"""The state of a game: immutable values from the deal to the last turn.

A `Game` is built by `new_game` (or from a record's setup) and only ever
replaced by `apply`. Its `log` holds every action with what it caused, so the
game is, at any moment, its setup plus that log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from codex_tui.games.codex.rules.actions import Action
from codex_tui.games.codex.rules.area import PlayArea, Pos
from codex_tui.games.codex.rules.symbols import Side

DEFAULT_TARGET_SCORE = 20
MAX_TARGET_SCORE = 200
"""The highest target a new game or table accepts: far beyond any real game (the decks run
out near 30 points); it keeps typos out."""
MIN_PLAYERS = 2
MAX_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Variant:
    """Rule options fixed when the game is created and stored with it."""

    target_score: int = DEFAULT_TARGET_SCORE


@dataclass(frozen=True, slots=True)
class SeatSetup:
    starter: int
    hand: tuple[int, ...]
    objective_choices: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Setup:
    """The table right after dealing: enough, with the actions, to replay a game."""

    resource_deck: tuple[int, ...]
    """Top card first."""
    gold_deck: tuple[int, ...]
    market_resource: tuple[int, int]
    market_gold: tuple[int, int]
    common_objectives: tuple[int, int]
    first_player: int
    seats: tuple[SeatSetup, ...]


class Phase(StrEnum):
    SETUP = "setup"
    """Players choose their starter side and secret objective, in any order."""
    PLACE = "place"
    DRAW = "draw"
    OVER = "over"


class EndReason(StrEnum):
    SCORE = "score"
    DECKS = "decks"


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's private and public state."""

    starter: int
    starter_side: Side | None
    objective_choices: tuple[int, int]
    secret: int | None
    hand: tuple[int, ...]
    area: PlayArea
    score: int
    """Points scored by placing cards (the score track)."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """An action and what it caused. Deck draws name the card: views hide it."""

    action: Action
    points: int = 0
    covered: tuple[Pos, ...] = ()
    drawn: int | None = None
    refill: int | None = None
    """The card turned face up to fill the emptied market slot."""
    end: EndReason | None = None
    """Set on the action that triggered the end of the game."""


_OVER = Phase.OVER
"""Bound once: a look-up through the enum class costs more than the rest of `is_over`."""

MARKET_SLOTS = 4
"""Slots 0-1 are the resource row, 2-3 the gold row (by where they refill from)."""


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    variant: Variant
    setup: Setup
    seats: tuple[Seat, ...]
    market: tuple[int | None, ...]
    resource_drawn: int
    """How many cards have left the top of the resource deck."""
    gold_drawn: int
    phase: Phase
    current: int
    """The seat to play (during set-up: the first player, for display only)."""
    end: EndReason | None
    turns_left: int | None
    """Once the end is triggered: turns still to be played after the current one."""
    log: tuple[LogEntry, ...]
    seed: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        """Keep the fields in a dict of its own ("combined"), not the class's shared-key one.

        `__init__` leaves a game's fields in CPython's shared-key ("split") layout,
        and every later game copies its predecessor's dict (`evolve`, `apply`), layout
        included; CPython 3.11 caches attribute look-ups only on combined dicts, so
        every field read of every game descended from one made by `__init__` took
        the slow path: 7% of a random game's instructions.
        """
        object.__setattr__(self, "__dict__", dict(self.__dict__))

    def evolve(self, **changes: Any) -> Game:
        """A copy with some fields changed.

        `dataclasses.replace` re-runs `__init__` and was a third of a random
        game's run time; the fields are already valid, so copy them directly.
        """
        fields = self.__dict__.copy()
        fields.update(changes)
        return game_with_fields(fields)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(entry.action for entry in self.log)

    @property
    def resource_deck(self) -> tuple[int, ...]:
        return self.setup.resource_deck[self.resource_drawn :]

    @property
    def gold_deck(self) -> tuple[int, ...]:
        return self.setup.gold_deck[self.gold_drawn :]

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def is_last_turn(self) -> bool:
        """The current player will not play again: they place but do not draw."""
        return self.turns_left is not None and self.turns_left < len(self.players)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(seat.score for seat in self.seats)


_new_object = object.__new__
_set_attribute = object.__setattr__


def game_with_fields(fields: dict[str, Any]) -> Game:
    """The `Game` whose fields are `fields`: a copy of another game's `__dict__`, changed.

    `apply` builds each next game this way, storing the changed fields into
    the copied dict itself: `evolve`'s keyword arguments and their merge were
    half the cost of the copy.
    """
    game: Game = _new_object(Game)
    _set_attribute(game, "__dict__", fields)
    return game
