"""Moving a cursor between legal spots with arrow keys.

Spots lie on a diagonal lattice, so "right" cannot mean x+1. Instead an arrow
picks the nearest spot whose direction from the cursor is closest to the
arrow's, the way spatial navigation works on a TV remote.
"""

from __future__ import annotations

from collections.abc import Iterable

Pos = tuple[int, int]

DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


def step(cursor: Pos, direction: str, spots: Iterable[Pos]) -> Pos:
    """The spot an arrow press moves to (the cursor itself if none lies that way)."""
    dx, dy = DIRECTIONS[direction]
    best: tuple[float, Pos] | None = None
    for spot in spots:
        ox, oy = spot[0] - cursor[0], spot[1] - cursor[1]
        along = ox * dx + oy * dy
        if along <= 0:
            continue
        across = abs(ox * dy - oy * dx)
        cost = along + 2 * across
        if best is None or (cost, spot) < best:
            best = (cost, spot)
    return best[1] if best else cursor


def nearest(target: Pos, spots: Iterable[Pos]) -> Pos | None:
    """The spot closest to `target` (ties broken by position, for stable tests)."""
    ordered = sorted(spots, key=lambda s: (abs(s[0] - target[0]) + abs(s[1] - target[1]), s))
    return ordered[0] if ordered else None


def cycle(cursor: Pos, spots: Iterable[Pos], backwards: bool = False) -> Pos:
    """Next legal spot in reading order (top row first, left to right), wrapping."""
    ordered = sorted(spots, key=lambda s: (-s[1], s[0]))
    if not ordered:
        return cursor
    key = (-cursor[1], cursor[0])
    if backwards:
        earlier = [s for s in ordered if (-s[1], s[0]) < key]
        return earlier[-1] if earlier else ordered[-1]
    later = [s for s in ordered if (-s[1], s[0]) > key]
    return later[0] if later else ordered[0]
