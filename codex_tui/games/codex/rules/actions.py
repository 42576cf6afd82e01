"""The moves of the game. A game is its setup plus a sequence of these.

They mirror the actions of the game record (record-format.md) one to one, so
that a record, a save and the engine all speak the same language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from codex_tui.games.codex.rules.symbols import Side


class DrawSource(StrEnum):
    MARKET = "market"
    RESOURCE_DECK = "resource_deck"
    GOLD_DECK = "gold_deck"


@dataclass(frozen=True, slots=True)
class ChooseStarter:
    """Set-up: the side the player's starter card is played on."""

    player: int
    side: Side


@dataclass(frozen=True, slots=True)
class ChooseObjective:
    """Set-up: the secret objective kept out of the two offered."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Place:
    player: int
    card: int
    side: Side
    x: int
    y: int

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Draw:
    """Take a face-up card (`card` names it) or the top of a deck (`card` is None)."""

    player: int
    source: DrawSource
    card: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Only when the player has no legal placement at all."""

    player: int


Action = ChooseStarter | ChooseObjective | Place | Draw | Pass
