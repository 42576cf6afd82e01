"""Per-card facts flattened into plain tuples, indexed by card id.

The search reads these facts millions of times per game; going through the
catalogue's dataclasses, enums and properties each time was the single
largest cost of a playout, so they are precomputed once here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from codex_tui.games.codex.rules import CATALOG
from codex_tui.games.codex.rules.cards import ObjectiveKind, Scoring
from codex_tui.games.codex.rules.symbols import SYMBOL_COUNT

FLAT, CORNERS, OBJECT = 0, 1, 2
"""Gold scoring kinds as small ints (resources are FLAT with 0 or 1 point)."""

_SCORING = {Scoring.FLAT: FLAT, Scoring.CORNERS: CORNERS, Scoring.OBJECT: OBJECT}


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What a playout needs to know about one resource or gold card."""

    id: int
    gold: bool
    kingdom: int
    points: int
    scoring: int
    scoring_object: int
    """The object a per-object gold counts (-1 when it scores otherwise)."""
    requirement: tuple[tuple[int, int], ...]
    front_gains: tuple[int, ...]
    """Symbols the front shows when nothing covers it."""
    front_symbols: tuple[tuple[int, int], ...]
    """`front_gains` as (symbol, count) pairs without the zeros."""


def _info(card_id: int) -> CardInfo:
    card = CATALOG.playable[card_id]
    return CardInfo(
        id=card_id,
        gold=card.is_gold,
        kingdom=int(card.kingdom),
        points=card.points,
        scoring=_SCORING[card.scoring],
        scoring_object=-1 if card.scoring_object is None else int(card.scoring_object),
        requirement=tuple((int(s), n) for s, n in card.requirement),
        front_gains=card.front.gains,
        front_symbols=tuple((symbol, n) for symbol, n in enumerate(card.front.gains) if n),
    )


CARDS: dict[int, CardInfo] = {card_id: _info(card_id) for card_id in CATALOG.playable}
RESOURCE_CARDS: tuple[int, ...] = CATALOG.resource_ids
GOLD_CARDS: tuple[int, ...] = CATALOG.gold_ids
KINGDOM_OF: dict[int, int] = {card_id: info.kingdom for card_id, info in CARDS.items()}
"""Kingdom by card id; starters are absent (they never fill a pattern cell)."""


Cell = tuple[int, int, int]
"""(dx, dy, kingdom) of one card of a pattern."""


@dataclass(frozen=True, slots=True)
class PatternInfo:
    """A pattern objective as (dx, dy, kingdom) cells, for quick look-ups."""

    id: int
    points: int
    cells: tuple[Cell, ...]
    by_kingdom: dict[int, tuple[tuple[int, int, tuple[Cell, ...]], ...]]
    """For a card of kingdom k: each cell (dx, dy) it could fill, with the other cells of that occurrence."""


@dataclass(frozen=True, slots=True)
class SymbolObjectiveInfo:
    """A resources/objects objective as (symbol, need) pairs."""

    id: int
    points: int
    needs: tuple[tuple[int, int], ...]


ObjectiveInfo = PatternInfo | SymbolObjectiveInfo


def _objective_info(objective_id: int) -> ObjectiveInfo:
    objective = CATALOG.objectives[objective_id]
    if objective.objective_kind is ObjectiveKind.PATTERN:
        cells = tuple((cell.dx, cell.dy, int(cell.kingdom)) for cell in objective.cells)
        by_kingdom: dict[int, list[tuple[int, int, tuple[Cell, ...]]]] = {}
        for index, (dx, dy, kingdom) in enumerate(cells):
            others = cells[:index] + cells[index + 1 :]
            by_kingdom.setdefault(kingdom, []).append((dx, dy, others))
        frozen = {kingdom: tuple(entries) for kingdom, entries in by_kingdom.items()}
        return PatternInfo(objective_id, objective.points, cells, frozen)
    needs = tuple((symbol, need) for symbol, need in enumerate(objective.needs) if need)
    return SymbolObjectiveInfo(objective_id, objective.points, needs)


OBJECTIVES: dict[int, ObjectiveInfo] = {oid: _objective_info(oid) for oid in CATALOG.objectives}

ALL_OBJECTIVES: tuple[int, ...] = tuple(sorted(CATALOG.objectives))
SYMBOLS = SYMBOL_COUNT


def gold_readiness(counts: Sequence[int], hand: Sequence[int]) -> int:
    """Visible symbols that already count towards the golds in hand."""
    total = 0
    for card in hand:
        info = CARDS[card]
        if info.gold:
            total += sum(min(counts[symbol], need) for symbol, need in info.requirement)
    return total
