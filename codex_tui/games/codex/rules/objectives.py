"""Objective scoring: how many times each objective is met in a play area.

The rulebook says each card counts at most once per objective. For patterns we
count the *maximum* number of disjoint occurrences, not the first ones found:
two overlapping diagonals may hide a third that uses neither's shared card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from codex_tui.games.codex.rules.area import PlayArea, Pos
from codex_tui.games.codex.rules.cards import CATALOG, ObjectiveCard, ObjectiveKind
from codex_tui.games.codex.rules.hidden import KINGDOM_OF_PLACED


def pattern_occurrences(area: PlayArea, objective: ObjectiveCard) -> list[frozenset[Pos]]:
    """Every placement of the pattern in the area, as the set of positions it uses.

    The starter card has no kingdom and never matches a cell. A card known
    only by its back (another seat's, in a view) counts by its kingdom, as on
    the table.
    """
    first = objective.cells[0]
    occurrences = []
    for (x, y), placed in area.cards.items():
        if KINGDOM_OF_PLACED.get(placed.card) != first.kingdom:
            continue
        ox, oy = x - first.dx, y - first.dy
        cells = []
        for cell in objective.cells:
            pos = (ox + cell.dx, oy + cell.dy)
            other = area.cards.get(pos)
            if other is None or KINGDOM_OF_PLACED.get(other.card) != cell.kingdom:
                break
            cells.append(pos)
        else:
            occurrences.append(frozenset(cells))
    return occurrences


def max_disjoint(occurrences: Sequence[frozenset[Pos]]) -> int:
    """Largest number of occurrences that share no card (exact).

    Occurrences in one area are few (a kingdom has 20 cards), so an exact
    search with memoisation over the remaining candidates is cheap. Most
    areas hold no two overlapping occurrences at all (every playout's final
    count asks), and then the answer is plain.
    """
    count = len(occurrences)
    if count < 2 or len(frozenset().union(*occurrences)) == sum(map(len, occurrences)):
        return count
    items = tuple(sorted(occurrences, key=sorted))

    @cache
    def best(remaining: tuple[int, ...]) -> int:
        if not remaining:
            return 0
        head, rest = remaining[0], remaining[1:]
        if all(items[head].isdisjoint(items[i]) for i in rest):
            return 1 + best(rest)
        without = best(rest)
        if without >= len(rest):
            return without
        compatible = tuple(i for i in rest if items[head].isdisjoint(items[i]))
        return max(without, 1 + best(compatible))

    return best(tuple(range(len(items))))


def times_met(area: PlayArea, objective: ObjectiveCard) -> int:
    """How many times the objective's condition is met (sets or occurrences)."""
    if objective.objective_kind is ObjectiveKind.PATTERN:
        return max_disjoint(pattern_occurrences(area, objective))
    counts = area.counts
    return min(counts[symbol] // need for symbol, need in enumerate(objective.needs) if need)


def objective_points(area: PlayArea, objective_id: int) -> int:
    objective = CATALOG.objectives[objective_id]
    return objective.points * times_met(area, objective)
