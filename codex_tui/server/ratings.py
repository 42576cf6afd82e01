"""Elo ratings from finished tables, a game of several players taken as its pairwise results.

Board Game Arena rates a game of n players as the n·(n−1)/2 duels inside it;
so does this. For players i and j, the result S_ij is 1 if i placed above j,
½ if they placed level, 0 if below; the expectation is
E_ij = 1 / (1 + 10^((R_j − R_i) / 400)). After the table,

    R_i' = R_i + K / (n − 1) · Σ_j (S_ij − E_ij)

so a 2-player game moves a rating by at most K, and a 4-player game by at most
K in all rather than three times K. A new player starts at START. Bot seats
play at their level's fixed rating (`GameModule.bot_rating`) and are never
updated: beating a bot moves the human only. Places come from the game: a
winner is above every seat that did not win (the game's own tie-break), shared
winners are level, and the others are ordered by their final points.
docs/ratings.md has the worked example the tests check.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from codex_tui.protocol.ratings import START_RATING

START = float(START_RATING)
"""The rating of a player's first rated table of a game: the `normal` bot's, by the calibration."""
K = 32.0
"""The most a 2-player table moves a rating (FIDE's figure for new players; BGA's K is higher early on)."""


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a finished rated table, as the rating sees it."""

    rating: float
    """The seat's rating before the table."""
    points: int
    """Its final points."""
    winner: bool
    fixed: bool
    """A bot: its rating is not changed."""


def place_key(seat: RatedSeat) -> tuple[bool, int]:
    """Higher is better: a winner first, then points."""
    return (seat.winner, seat.points)


def expected(rating: float, other: float) -> float:
    """The Elo expectation of a player rated `rating` against one rated `other`."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / 400.0))


def duel(seat: RatedSeat, other: RatedSeat) -> float:
    """1, ½ or 0: `seat` placed above, level with or below `other`."""
    mine, theirs = place_key(seat), place_key(other)
    if mine == theirs:
        return 0.5
    return 1.0 if mine > theirs else 0.0


def new_ratings(seats: Sequence[RatedSeat]) -> tuple[float, ...]:
    """Each seat's rating after the table (a fixed seat's unchanged)."""
    count = len(seats)
    if count < 2:
        return tuple(seat.rating for seat in seats)
    after = []
    for i, seat in enumerate(seats):
        if seat.fixed:
            after.append(seat.rating)
            continue
        gain = sum(duel(seat, other) - expected(seat.rating, other.rating) for j, other in enumerate(seats) if j != i)
        after.append(seat.rating + K / (count - 1) * gain)
    return tuple(after)
