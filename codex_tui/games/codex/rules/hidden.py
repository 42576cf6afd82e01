"""Cards placed on their back, as everyone but their owner sees them.

At the table a card placed on its back shows only that back: its kind (a
resource or a gold card) and its kingdom, which together fix the whole face
(four empty corners, the kingdom in the middle). Which card it is stays the
owner's knowledge. A view therefore names such a card of another seat by a
*back id*: one id per (kind, kingdom), outside the catalog's ids, so that a
play area and a log keep plain int card ids and every kingdom or face lookup
still works, while the card's identity is simply not there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from codex_tui.games.codex.rules.cards import CATALOG, CardDataError, Face
from codex_tui.games.codex.rules.symbols import KINGDOMS, CardKind, Side, Symbol

BACK_ID_BASE = 200
"""Back ids are 200 + 10 * kind + kingdom: 200-203 resources, 210-213 golds (never a catalog id)."""
_KIND_OFFSET = {CardKind.RESOURCE: 0, CardKind.GOLD: 10}


@dataclass(frozen=True, slots=True)
class HiddenCard:
    """A resource or gold card of which only the back is known."""

    id: int
    kind: CardKind
    kingdom: Symbol
    back: Face

    def face(self, side: Side) -> Face:
        if side is not Side.BACK:
            raise ValueError(f"card {self.id} is known only by its back")
        return self.back

    @property
    def is_gold(self) -> bool:
        return self.kind is CardKind.GOLD


def back_id(kind: CardKind, kingdom: Symbol) -> int:
    """The id a view gives to a card of this kind and kingdom lying on its back."""
    return BACK_ID_BASE + _KIND_OFFSET[kind] + int(kingdom)


def _hidden_cards() -> dict[int, HiddenCard]:
    """One per (kind, kingdom), with the back face the catalog's cards of that pair share."""
    hidden: dict[int, HiddenCard] = {}
    for kind in (CardKind.RESOURCE, CardKind.GOLD):
        for kingdom in KINGDOMS:
            backs = {c.back for c in CATALOG.playable.values() if c.kind is kind and c.kingdom is kingdom}
            if len(backs) != 1:
                raise CardDataError(f"{kind.value} cards of {kingdom.label} do not share one back")
            card_id = back_id(kind, kingdom)
            hidden[card_id] = HiddenCard(card_id, kind, kingdom, backs.pop())
    return hidden


HIDDEN_CARDS: Mapping[int, HiddenCard] = _hidden_cards()


BACK_ID_OF: Mapping[int, int] = {i: back_id(card.kind, card.kingdom) for i, card in CATALOG.playable.items()}
"""The back id of each resource and gold card (views look it up for every card on its back)."""


KINGDOM_OF_PLACED: Mapping[int, Symbol] = {
    **{card_id: card.kingdom for card_id, card in CATALOG.playable.items()},
    **{card_id: card.kingdom for card_id, card in HIDDEN_CARDS.items()},
}
"""The kingdom of a card in a play area, whether it is known or only its back (starters have none)."""
