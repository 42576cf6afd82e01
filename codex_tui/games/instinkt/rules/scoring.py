"""End-of-game scoring, card by card, and the winner with both tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass

from codex_tui.games.instinkt.rules.animals import GRID_SIZE, Animal
from codex_tui.games.instinkt.rules.grid import NEIGHBOURS, ORTHOGONAL, around, normalised
from codex_tui.games.instinkt.rules.state import Cell, Game, Grid, Piece

LAST = GRID_SIZE - 1
MIDDLE = {(1, 1), (1, 2), (2, 1), (2, 2)}
CORNERS = {(0, 0), (0, LAST), (LAST, 0), (LAST, LAST)}


def _on_edge(cell: Cell) -> bool:
    x, y = cell
    return x in (0, LAST) or y in (0, LAST)


@dataclass(frozen=True, slots=True)
class CardScore:
    cell: Cell
    """In the final grid, (0, 0) top-left."""
    owner: int
    animal: Animal
    points: int
    why: str


def _base_points(grid: Grid, cell: Cell, piece: Piece) -> tuple[int, str]:
    """Points of every card but the wolpertinger, which copies these."""
    animal, owner = piece.animal, piece.owner
    if animal is Animal.RAVEN:
        moths = sum(1 for other in around(cell) if other in grid and grid[other].animal is Animal.MOTH)
        if moths >= 2:
            return 3, "next to both moths"
        return (1, "next to a moth") if moths else (0, "no moth next to it")
    if animal is Animal.BAT:
        for other in around(cell, ORTHOGONAL):
            if other in grid and grid[other] == Piece(owner, Animal.RAVEN):
                return 3, "beside its raven"
        return 0, "not beside its raven"
    if animal is Animal.MOTH:
        if cell not in MIDDLE:
            return 0, "not in the middle"
        other_moth_in_middle = any(c in MIDDLE for c, p in grid.items() if p.animal is Animal.MOTH and p.owner != owner)
        return (2, "in the middle, like the other moth") if other_moth_in_middle else (3, "alone in the middle")
    if animal.is_spider:
        if cell not in CORNERS:
            return 0, "not in a corner"
        spiders = [c for c, p in grid.items() if p.owner == owner and p.animal.is_spider]
        both = len(spiders) == 2 and all(c in CORNERS for c in spiders)
        return (3, "both spiders in corners") if both else (2, "in a corner")
    if animal is Animal.CAT:
        return (3, "on an edge") if _on_edge(cell) and cell not in CORNERS else (0, "not on an edge's middle")
    if animal is Animal.OWL:
        count = sum(
            1
            for other, p in grid.items()
            if p.owner == owner and other != cell and (other[0] == cell[0] or other[1] == cell[1])
        )
        return count, f"{count} of its colour in its row and column"
    if animal is Animal.WOLF:
        count = sum(1 for other in around(cell, NEIGHBOURS) if other in grid and grid[other].owner != owner)
        return count, f"{count} opponent card{'s' if count != 1 else ''} around it"
    return 0, "scores nothing"


def score_cards(game_or_grid: Game | Grid) -> list[CardScore]:
    """Every card's points, in reading order (left to right, top to bottom)."""
    grid = normalised(game_or_grid.grid if isinstance(game_or_grid, Game) else game_or_grid)
    scores: dict[Cell, CardScore] = {}
    for cell, piece in grid.items():
        if piece.animal is not Animal.WOLPERTINGER:
            points, why = _base_points(grid, cell, piece)
            scores[cell] = CardScore(cell, piece.owner, piece.animal, points, why)
    for cell, piece in grid.items():
        if piece.animal is Animal.WOLPERTINGER:
            copies = [
                scores[other]
                for other in around(cell, ORTHOGONAL)
                if other in scores and scores[other].owner == piece.owner
            ]
            best = max(copies, key=lambda s: s.points, default=None)
            if best is None:
                why = "none of its own cards beside it (diagonals do not count)"
                scores[cell] = CardScore(cell, piece.owner, piece.animal, 0, why)
            elif best.points == 0:
                labels = sorted({s.animal.label for s in copies})
                verb = "scores" if len(labels) == 1 else "score"
                why = f"copies 0: its {' and '.join(labels)} beside it {verb} 0"
                scores[cell] = CardScore(cell, piece.owner, piece.animal, 0, why)
            else:
                why = f"copies its {best.animal.label}"
                scores[cell] = CardScore(cell, piece.owner, piece.animal, best.points, why)
    return [scores[cell] for cell in sorted(scores, key=lambda c: (c[1], c[0]))]


def scores_by_cell(grid: Grid) -> dict[Cell, CardScore]:
    """Every card's score keyed by its own cell on `grid` (a `CardScore.cell` is the final square's, from (0, 0))."""
    if not grid:
        return {}
    left, top = min(x for x, _ in grid), min(y for _, y in grid)
    return {(s.cell[0] + left, s.cell[1] + top): s for s in score_cards(grid)}


@dataclass(frozen=True, slots=True)
class Result:
    finished: bool
    points: tuple[int, int]
    scoring_cards: tuple[int, int]
    """How many cards scored at least one point."""
    hand_sums: tuple[int, int]
    """Numbers left in hand (snake counts 0)."""
    winners: tuple[int, ...]
    tie_break: str | None


def result(game: Game) -> Result:
    cards = score_cards(game)
    points = tuple(sum(s.points for s in cards if s.owner == p) for p in (0, 1))
    scoring = tuple(sum(1 for s in cards if s.owner == p and s.points > 0) for p in (0, 1))
    hands = tuple(sum(card.number for card in seat.hand) for seat in game.seats)
    winners: tuple[int, ...] = ()
    tie_break = None
    if game.is_over:
        for key, label in ((points, None), (scoring, "more scoring cards"), (hands, "higher numbers in hand")):
            if key[0] != key[1]:
                winners = (0,) if key[0] > key[1] else (1,)
                tie_break = label
                break
        else:
            winners, tie_break = (0, 1), "shared victory"
    return Result(
        game.is_over, (points[0], points[1]), (scoring[0], scoring[1]), (hands[0], hands[1]), winners, tie_break
    )
