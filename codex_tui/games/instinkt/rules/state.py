"""Instinkt state: immutable values from the deal to the last round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from codex_tui.games.instinkt.rules.actions import Action
from codex_tui.games.instinkt.rules.animals import Animal

Cell = tuple[int, int]
"""(x, y): x grows to the right, y grows downward, as rows are read."""


@dataclass(frozen=True, slots=True)
class Piece:
    owner: int
    animal: Animal


Grid = Mapping[Cell, Piece]
"""Never mutated: every change builds a new mapping."""


@dataclass(frozen=True, slots=True)
class Variant:
    draft: bool = False
    """Draw 5 and keep 3 (the other 2 go under the pile) instead of drawing 3."""


@dataclass(frozen=True, slots=True)
class Setup:
    piles: tuple[tuple[Animal, ...], tuple[Animal, ...]]
    """Each player's shuffled pile, top card first, before anyone draws."""
    token: int
    """Who holds the tie-break token first."""


class Phase(StrEnum):
    KEEP = "keep"
    """Variant set-up: each player keeps 3 of 5."""
    CHOOSE = "choose"
    PLACE = "place"
    MOVE = "move"
    """The raccoon's owner moves one of their other cards."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Seat:
    hand: tuple[Animal, ...]
    pile: tuple[Animal, ...]
    """Top card first."""
    chosen: Animal | None
    """This round's card, hidden until both have chosen, then revealed until placed."""
    played: tuple[Animal, ...]
    """Cards that left the hand: placed, or removed by a snake round."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    action: Action
    revealed: tuple[Animal, Animal] | None = None
    """Set on the choice that completed a round's reveal: (black's, white's)."""
    snake: bool = False
    """The reveal held a snake: both cards left the game."""
    moved: tuple[tuple[Cell, Cell], ...] = ()
    """Cards a deer pushed (from, to), in push order."""
    token_passed: bool = False
    drew: tuple[Animal | None, Animal | None] | None = None
    """Set on the action that ended a round: what each player drew (hidden from the other)."""


@dataclass(frozen=True)
class Game:
    players: tuple[str, str]
    variant: Variant
    setup: Setup
    seats: tuple[Seat, Seat]
    grid: Grid
    token: int
    phase: Phase
    order: tuple[int, ...]
    """Who still places this round, first one first."""
    round: int
    log: tuple[LogEntry, ...]
    seed: int | None = field(default=None, compare=False)

    def evolve(self, **changes: Any) -> Game:
        """A copy with some fields changed (the fields are already valid)."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(entry.action for entry in self.log)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def current(self) -> int | None:
        """Who places or moves now (None while choosing or before the game)."""
        return self.order[0] if self.order and self.phase in (Phase.PLACE, Phase.MOVE) else None
