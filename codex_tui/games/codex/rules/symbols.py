"""The vocabulary of the game: symbols on corners, card sides and kinds.

Symbols are small ints so that a play area's visible counts can live in a
plain tuple indexed by symbol, which is what the hot paths (legality, scoring,
bots) read most.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Symbol(IntEnum):
    """A resource (the four kingdoms) or an object that a corner or centre shows."""

    FUNGI = 0
    PLANT = 1
    ANIMAL = 2
    INSECT = 3
    QUILL = 4
    INKWELL = 5
    MANUSCRIPT = 6

    @property
    def letter(self) -> str:
        return SYMBOL_LETTERS[self]

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def is_kingdom(self) -> bool:
        return self <= Symbol.INSECT

    @classmethod
    def from_letter(cls, letter: str) -> Symbol:
        return _SYMBOL_BY_LETTER[letter]

    @classmethod
    def from_label(cls, label: str) -> Symbol:
        return cls[label.upper()]


SYMBOL_LETTERS = {
    Symbol.FUNGI: "F",
    Symbol.PLANT: "P",
    Symbol.ANIMAL: "A",
    Symbol.INSECT: "I",
    Symbol.QUILL: "Q",
    Symbol.INKWELL: "K",
    Symbol.MANUSCRIPT: "M",
}
_SYMBOL_BY_LETTER = {letter: symbol for symbol, letter in SYMBOL_LETTERS.items()}

KINGDOMS = (Symbol.FUNGI, Symbol.PLANT, Symbol.ANIMAL, Symbol.INSECT)
OBJECTS = (Symbol.QUILL, Symbol.INKWELL, Symbol.MANUSCRIPT)
SYMBOL_COUNT = len(Symbol)

# A corner is a Symbol value (0..6) or one of these two markers.
EMPTY = -1
"""A visible corner with no symbol: it can be covered, it counts for nothing."""
HIDDEN = -2
"""No corner at all: nothing may ever be placed over it."""

Corner = int
"""Symbol value, EMPTY or HIDDEN."""

# Corner order is clockwise from the top-left. The offset is where a card
# covering that corner lies, in the grid of record-format.md (y grows upward).
CORNER_NAMES = ("tl", "tr", "br", "bl")
CORNER_OFFSETS = ((-1, 1), (1, 1), (1, -1), (-1, -1))


class Side(StrEnum):
    """Which face of a card is up. Labels follow cards.json and the rulebook."""

    FRONT = "front"
    BACK = "back"


class CardKind(StrEnum):
    RESOURCE = "resource"
    GOLD = "gold"
    STARTER = "starter"
    OBJECTIVE = "objective"
