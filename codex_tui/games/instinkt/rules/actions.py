"""The moves of Instinkt. A game is its setup plus a sequence of these."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from codex_tui.games.instinkt.rules.animals import Animal


@dataclass(frozen=True, slots=True)
class Keep:
    """Variant set-up: keep these 3 of the 5 drawn; the other 2 go under the pile."""

    player: int
    cards: tuple[Animal, Animal, Animal]


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick this round's card in secret."""

    player: int
    card: Animal


@dataclass(frozen=True, slots=True)
class Place:
    """Put this round's revealed card on an empty cell."""

    player: int
    x: int
    y: int


class Axis(StrEnum):
    ROW = "row"
    COLUMN = "column"


class End(StrEnum):
    START = "start"
    """The left end of a row, the top of a column."""
    FINISH = "end"
    """The right end of a row, the bottom of a column."""


@dataclass(frozen=True, slots=True)
class Enter:
    """The deer slides in at one end of a line and pushes its cards away."""

    player: int
    axis: Axis
    index: int
    """The row's y, or the column's x."""
    end: End


@dataclass(frozen=True, slots=True)
class Move:
    """After the raccoon: move one of your other cards to another empty cell."""

    player: int
    from_x: int
    from_y: int
    to_x: int
    to_y: int


Action = Keep | Choose | Place | Enter | Move
