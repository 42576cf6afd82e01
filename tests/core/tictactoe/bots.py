"""Two bots that see only a seat's view: random, and greedy (win, else block, else the centre)."""

from __future__ import annotations

import random
from collections.abc import Callable

from codex_tui.core.advice import Assessment, Estimate
from tests.core.tictactoe.rules import Game, Mark, SeatView, apply, legal_actions, line_owner, replay, winners

LEVELS = ("random", "greedy")
RATINGS = {"random": 1100, "greedy": 1500}
"""Rated tables give bot seats these (made up for the test game: it has no calibration)."""
DESCRIPTIONS = {"random": "any empty square", "greedy": "wins at once when it can, else blocks"}
"""How each level plays (the form's help line says it)."""
ALIASES = {"hard": "greedy", "expert": "greedy"}
"""Hints and reviews ask every game for "hard" and "expert": greedy is this game's best."""


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
    level = ALIASES.get(level, level)
    if level == "random":
        return lambda view: rng.choice(list(view.legal_actions))
    if level == "greedy":
        return lambda view: greedy_choice(view, rng)
    raise ValueError(f"unknown tic-tac-toe bot {level!r}; choose one of: {', '.join(LEVELS)}")


PLAYOUTS = 40
"""Random games per move in an assessment: enough to tell a won line from a lost one."""


def margin(game: Game, seat: int) -> float:
    """1 for a win, -1 for a loss, 0 for a shared game (this game has no points)."""
    won = winners(game)
    return 0.0 if len(won) != 1 else 1.0 if won == (seat,) else -1.0


def assess(view: SeatView, played: Mark, seed: int) -> Assessment:
    """Flat Monte Carlo: every legal mark, the same random playouts after each."""
    start_game = replay(view.players, view.first, view.variant, view.actions, None)
    estimates: list[Estimate] = []
    for move in view.legal_actions:
        rng = random.Random(seed)
        total = 0.0
        for _ in range(PLAYOUTS):
            game = apply(start_game, move)
            while not game.is_over:
                game = apply(game, rng.choice(legal_actions(game)))
            total += margin(game, view.seat)
        estimates.append(Estimate(move, total / PLAYOUTS, PLAYOUTS))
    best = max(estimates, key=lambda e: e.margin)
    (mine,) = [e for e in estimates if e.action == played]
    return Assessment(mine, best)
