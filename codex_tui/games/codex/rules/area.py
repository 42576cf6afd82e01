"""A player's play area: where cards lie, what they show, and where the next may go.

Everything here is derived incrementally when a card is placed, because the
bots and the UI ask for legal spots and visible symbols far more often than
cards are placed. A newly placed card is always on top of every card it
touches, so placing only ever covers corners of older cards.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from codex_tui.games.codex.rules.build import builder, shadow_class
from codex_tui.games.codex.rules.cards import Face
from codex_tui.games.codex.rules.symbols import CORNER_OFFSETS, HIDDEN, SYMBOL_COUNT, Side

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Placed:
    """A card on the table. `order` is 0 for the starter, then 1, 2, ..."""

    card: int
    side: Side
    face: Face
    order: int


@dataclass(frozen=True, slots=True)
class Placement:
    """What placing one card did: the new area and what the move covered."""

    area: PlayArea
    covered: tuple[Pos, ...]
    """Positions of the cards whose corner the new card covers."""


@dataclass(frozen=True, slots=True)
class PlayArea:
    cards: Mapping[Pos, Placed]
    """Every card by position (never mutated: placing builds a new mapping)."""
    counts: tuple[int, ...]
    """Visible symbols, indexed by Symbol."""
    open_spots: frozenset[Pos]
    """Empty positions where a card may legally be placed now."""
    blocked: frozenset[Pos]
    """Empty positions a hidden corner points at: closed for the rest of the game."""
    ordered: tuple[Pos, ...] | None = field(default=None, init=False, repr=False, compare=False)
    """`open_spots` sorted, kept up by `place` (None where an area was built otherwise).

    Every placement turn lists the open spots in this order, and sorting them
    anew each time was a tenth of a random game; `place` moves only the few
    spots that change."""

    @classmethod
    def empty(cls) -> PlayArea:
        return _build_area({}, (0,) * SYMBOL_COUNT, frozenset(), frozenset(), ())

    def spots_in_order(self) -> tuple[Pos, ...]:
        """The open spots, sorted: the order legal placements list them in."""
        ordered = self.ordered
        return tuple(sorted(self.open_spots)) if ordered is None else ordered

    def __len__(self) -> int:
        return len(self.cards)

    def place(self, card: int, side: Side, face: Face, pos: Pos) -> Placement:
        """Put a card at `pos` (assumed legal) and work out what changes."""
        area, covered = place_card(self, card, side, face, pos)
        return Placement(area, covered)

    def visible_corner(self, pos: Pos, corner: int) -> bool:
        """Whether corner `corner` of the card at `pos` is still showing.

        Two cards that touch share one corner area; the later one lies on top.
        """
        dx, dy = CORNER_OFFSETS[corner]
        neighbour = self.cards.get((pos[0] + dx, pos[1] + dy))
        return neighbour is None or neighbour.order < self.cards[pos].order

    def bounds(self) -> tuple[int, int, int, int]:
        """(min_x, min_y, max_x, max_y) over cards and open spots."""
        xs = [p[0] for p in self.cards] + [p[0] for p in self.open_spots]
        ys = [p[1] for p in self.cards] + [p[1] for p in self.open_spots]
        if not xs:
            return (0, 0, 0, 0)
        return (min(xs), min(ys), max(xs), max(ys))


_build_area = builder(PlayArea)
_PLACED_SHADOW: Any = shadow_class(Placed)
_AREA_SHADOW: Any = shadow_class(PlayArea)
_OFFSETS = tuple((index, dx, dy, (index + 2) % 4) for index, (dx, dy) in enumerate(CORNER_OFFSETS))
"""(corner, dx, dy, the neighbour's touching corner), worked out once."""

Around = tuple[tuple[Pos, int, int], ...]
NEIGHBOURS: dict[Pos, Around] = {}
"""Position -> its four (neighbour position, corner, the neighbour's touching corner).

Filled as positions are first used (a game reaches a few hundred at most, all
games together a few thousand): building the four neighbour tuples anew on
every placement cost more than the rest of the corner loop."""


def neighbours(pos: Pos) -> Around:
    """`NEIGHBOURS[pos]`, worked out and kept the first time (read the dict first where it counts)."""
    around = NEIGHBOURS.get(pos)
    if around is None:
        x, y = pos
        around = tuple(((x + dx, y + dy), index, opposite) for index, dx, dy, opposite in _OFFSETS)
        NEIGHBOURS[pos] = around
    return around


def place_card(area: PlayArea, card: int, side: Side, face: Face, pos: Pos) -> tuple[PlayArea, tuple[Pos, ...]]:
    """`PlayArea.place` without its result object: (new area, covered positions).

    The engine and the bots' playouts call this hundreds of thousands of
    times a second, so it touches only the four neighbours, copies the sets
    once and builds its values without their dataclass `__init__`. The open
    spots go through exactly the same set operations as they always have:
    their iteration order depends on that history, and the bots read it.
    Whole for the same reason (70 lines): each step written out here is a call saved per placement.
    """
    old_cards = area.cards
    # `dict.copy` costs a fifth of `dict(...)`, which goes through the type's call.
    cards = old_cards.copy() if type(old_cards) is dict else dict(old_cards)
    order_number = len(old_cards)
    # `_build_placed` written out (as `_build_area` below): a call is a fifth of the cost.
    placed = _PLACED_SHADOW()
    placed.card = card
    placed.side = side
    placed.face = face
    placed.order = order_number
    placed.__class__ = Placed
    cards[pos] = placed
    counts = list(area.counts)
    old_order = area.ordered
    order = None if old_order is None else list(old_order)
    open_spots = set(area.open_spots)
    if pos in open_spots:
        open_spots.discard(pos)
        if order is not None:
            # Found by bisection: `list.remove` compares tuple by tuple from the start.
            del order[bisect_left(order, pos)]
    blocked = area.blocked
    newly_blocked: list[Pos] | None = None
    covered: list[Pos] = []
    corners = face.corners
    around = NEIGHBOURS.get(pos)
    if around is None:
        around = neighbours(pos)
    for neighbour_pos, index, opposite in around:
        neighbour = old_cards.get(neighbour_pos)
        if neighbour is not None:
            covered.append(neighbour_pos)
            hidden_symbol = neighbour.face.corners[opposite]
            if hidden_symbol >= 0:
                counts[hidden_symbol] -= 1
        elif corners[index] == HIDDEN:
            if newly_blocked is None:
                newly_blocked = [neighbour_pos]
            else:
                newly_blocked.append(neighbour_pos)
            if neighbour_pos in open_spots:
                open_spots.discard(neighbour_pos)
                if order is not None:
                    del order[bisect_left(order, neighbour_pos)]
        elif neighbour_pos not in blocked and neighbour_pos not in open_spots:
            open_spots.add(neighbour_pos)
            if order is not None:
                insort(order, neighbour_pos)
    for symbol in face.shown:
        counts[symbol] += 1
    if newly_blocked:
        blocked = blocked.union(newly_blocked)
    ordered = tuple(sorted(open_spots)) if order is None else tuple(order)
    new_area = _AREA_SHADOW()
    new_area.cards = cards
    new_area.counts = tuple(counts)
    new_area.open_spots = frozenset(open_spots)
    new_area.blocked = blocked
    new_area.ordered = ordered
    new_area.__class__ = PlayArea
    return new_area, tuple(covered)
