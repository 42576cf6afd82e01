"""A small seeded generator that gives the same shuffle on every Python version, and the one
way a bot's seed is derived.

`random.Random` is stable in practice but not promised across versions; a
saved seed must deal the same game in ten years, so we own the algorithm
(SplitMix64, a public-domain 64-bit mixer) and the Fisher-Yates shuffle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_SPAN = 1 << 64
_MASK = _SPAN - 1


def move_seed(game_seed: int | None, seat: int, move: int) -> int:
    """The seed of the bot that plays `seat`'s move number `move` (the actions played before it).

    A bot is built afresh for each move from this seed, at a local table and a
    server's alike: the same position always gets the same move, so a game
    resumed from its save (or after a restart) plays on as it would have
    uninterrupted, which a bot kept for the whole game, its generator moved on
    by every move before, could not promise."""
    return (((game_seed or 0) * 7919 + seat) * 1_000_003 + move) % 2**62


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates with `below` and `next_u64` written out (the same draws).

        Every new game shuffles its four decks; the three calls per swap were
        most of dealing it.
        """
        result = list(items)
        state = self.state
        for i in range(len(result) - 1, 0, -1):
            bound = i + 1
            limit = _SPAN - _SPAN % bound
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % bound
            result[i], result[j] = result[j], result[i]
        self.state = state
        return result
