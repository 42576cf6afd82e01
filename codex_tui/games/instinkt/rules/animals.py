"""The twelve animals each player owns, with their numbers."""

from __future__ import annotations

from enum import IntEnum


class Animal(IntEnum):
    """Value = the card's number; the snake has no number (X) and is 12 here only as an id."""

    RAVEN = 1
    BAT = 2
    MOTH = 3
    SPIDER_4 = 4
    SPIDER_5 = 5
    CAT = 6
    OWL = 7
    WOLF = 8
    WOLPERTINGER = 9
    DEER = 10
    RACCOON = 11
    SNAKE = 12

    @property
    def number(self) -> int:
        """The printed number: what decides who places first and the hand tie-break (snake: 0)."""
        return 0 if self is Animal.SNAKE else int(self)

    @property
    def label(self) -> str:
        return LABELS[self]

    @property
    def mark(self) -> str:
        """'1'..'11', or 'X' for the snake: what the card shows in a corner."""
        return "X" if self is Animal.SNAKE else str(int(self))

    @property
    def is_spider(self) -> bool:
        return self in (Animal.SPIDER_4, Animal.SPIDER_5)


LABELS = {
    Animal.RAVEN: "raven",
    Animal.BAT: "bat",
    Animal.MOTH: "moth",
    Animal.SPIDER_4: "spider",
    Animal.SPIDER_5: "spider",
    Animal.CAT: "cat",
    Animal.OWL: "owl",
    Animal.WOLF: "wolf",
    Animal.WOLPERTINGER: "wolpertinger",
    Animal.DEER: "deer",
    Animal.RACCOON: "raccoon",
    Animal.SNAKE: "snake",
}

ALL_ANIMALS = tuple(Animal)
COLOURS = ("black", "white")
GRID_SIZE = 4
