"""What a placement would do, worked out before the player confirms it.

The app shows this beside the cursor and the bots rank moves with it; both
must agree with `apply`, so both call this one function, which uses the same
area update and scoring as the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from codex_tui.games.codex.rules.area import PlayArea, Pos
from codex_tui.games.codex.rules.cards import CATALOG
from codex_tui.games.codex.rules.engine import placement_points, requirement_met
from codex_tui.games.codex.rules.objectives import objective_points
from codex_tui.games.codex.rules.symbols import SYMBOL_COUNT, Side


@dataclass(frozen=True, slots=True)
class PlacementPreview:
    card: int
    side: Side
    pos: Pos
    legal: bool
    """False when the spot is closed or a gold front's requirement is not met."""
    points: int
    covered: tuple[Pos, ...]
    """Positions of the cards whose corner would be covered."""
    lost: tuple[int, ...]
    """Visible symbols the covered corners take away, indexed by Symbol."""
    gained: tuple[int, ...]
    """Symbols the new card shows, indexed by Symbol."""
    counts_after: tuple[int, ...]
    objective_points: tuple[tuple[int, int], ...]
    """Per objective asked about: (points now, points after this placement)."""


def preview_placement(
    area: PlayArea, card_id: int, side: Side, pos: Pos, objectives: Sequence[int] = ()
) -> PlacementPreview:
    card = CATALOG.playable[card_id]
    legal = pos in area.open_spots and (side is Side.BACK or requirement_met(card, area.counts))
    if pos in area.cards:
        zero = (0,) * SYMBOL_COUNT
        return PlacementPreview(card_id, side, pos, False, 0, (), zero, zero, area.counts, ())
    placement = area.place(card_id, side, card.face(side), pos)
    after = placement.area
    gained = card.face(side).gains
    lost = tuple(before + gain - now for before, gain, now in zip(area.counts, gained, after.counts))
    points = placement_points(card, side, len(placement.covered), after.counts)
    scored = tuple((objective_points(area, o), objective_points(after, o)) for o in objectives)
    return PlacementPreview(card_id, side, pos, legal, points, placement.covered, lost, gained, after.counts, scored)
