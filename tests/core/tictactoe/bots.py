"""Two bots that see only a seat's view: random, and greedy (win, else block, else the centre)."""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.core.tictactoe.rules import Mark, SeatView, line_owner

LEVELS = ("random", "greedy")


def _completes(view: SeatView, seat: int, cell: int) -> bool:
    board = view.board[:cell] + (seat,) + view.board[cell + 1 :]
    return line_owner(board, view.variant.board_size) == seat


def greedy_choice(view: SeatView, rng: random.Random) -> Mark:
    """Complete a line (in misère: never, if avoidable), else stop the other's, else take the centre."""
    moves = list(view.legal_actions)
    if not moves:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    me, other = view.seat, 1 - view.seat
    if view.variant.misere:
        safe = [move for move in moves if not _completes(view, me, move.cell)]
        return rng.choice(safe or moves)
    for seat in (me, other):
        for move in moves:
            if _completes(view, seat, move.cell):
                return move
    size = view.variant.board_size
    centre = (size // 2) * size + size // 2
    at_centre = [move for move in moves if move.cell == centre]
    return at_centre[0] if at_centre else rng.choice(moves)


def make_bot(level: str, seed: int) -> Callable[[SeatView], Mark]:
    rng = random.Random(seed)
    if level == "random":
        return lambda view: rng.choice(list(view.legal_actions))
    if level == "greedy":
        return lambda view: greedy_choice(view, rng)
    raise ValueError(f"unknown tic-tac-toe bot {level!r}; choose one of: {', '.join(LEVELS)}")
