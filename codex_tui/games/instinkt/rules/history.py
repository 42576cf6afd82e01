"""The grid after every log entry, rebuilt from public actions, and what each action did to the scores.

A seat's view holds only the current grid and the (redacted) log; the log
still shows every reveal and every placement, push and move, so the grids
of the past, and hence the score effect of each action, can be rebuilt
from it. The UI uses this to say why a score changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from codex_tui.games.instinkt.rules.actions import Axis, End, Enter, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.grid import deer_push
from codex_tui.games.instinkt.rules.scoring import score_cards
from codex_tui.games.instinkt.rules.state import Grid, LogEntry, Piece


def grids_after(log: Sequence[LogEntry]) -> list[Grid]:
    """grids_after(log)[i] is the grid once log[i] was played (the grid before log[0] is empty)."""
    grid: dict[tuple[int, int], Piece] = {}
    revealed: tuple[Animal, Animal] | None = None
    result: list[Grid] = []
    for entry in log:
        action = entry.action
        if entry.revealed is not None:
            revealed = entry.revealed
        if isinstance(action, Place) and revealed is not None:
            grid = {**grid, (action.x, action.y): Piece(action.player, revealed[action.player])}
        elif isinstance(action, Enter):
            deer = Piece(action.player, Animal.DEER)
            pushed = deer_push(grid, Axis(action.axis), action.index, End(action.end), deer)
            if pushed is not None:
                grid = pushed[0]
        elif isinstance(action, Move):
            grid = dict(grid)
            grid[(action.to_x, action.to_y)] = grid.pop((action.from_x, action.from_y))
        result.append(grid)
    return result


@dataclass(frozen=True, slots=True)
class CardChange:
    """One card whose points an action changed."""

    owner: int
    animal: Animal
    before: int
    after: int
    why: str
    """Why it scores what it scores now."""

    @property
    def delta(self) -> int:
        return self.after - self.before


def card_points(grid: Grid) -> dict[Piece, tuple[int, str]]:
    """Each card's points and reason, by card (each player owns each animal once)."""
    return {Piece(s.owner, s.animal): (s.points, s.why) for s in score_cards(grid)}


def score_changes(before: Grid, after: Grid) -> list[CardChange]:
    """The cards whose points differ between two grids, in reading order of `after`."""
    old, new = card_points(before), card_points(after)
    changes = []
    for piece, (points, why) in new.items():
        previous = old.get(piece, (0, ""))[0]
        if points != previous:
            changes.append(CardChange(piece.owner, piece.animal, previous, points, why))
    for piece, (points, _) in old.items():
        if piece not in new and points:
            changes.append(CardChange(piece.owner, piece.animal, points, 0, "left the grid"))
    return changes


def totals(grid: Grid) -> tuple[int, int]:
    """Each player's points if the game ended with this grid."""
    points = [0, 0]
    for score in score_cards(grid):
        points[score.owner] += score.points
    return (points[0], points[1])


def round_totals(log: Sequence[LogEntry]) -> list[tuple[int, int]]:
    """Each player's points once each round ended (the entry that ended it holds the draw): the score race."""
    return [totals(grid) for entry, grid in zip(log, grids_after(log), strict=True) if entry.drew is not None]
