"""The rules: two seats mark cells in turn; a full line wins (or, misère, loses).

The state is frozen and only ever replaced by `apply`; a game is its players,
variant, first seat (dealt from the seed) and its marks, so replaying the
marks rebuilds it. There is nothing hidden: every seat sees the whole board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from codex_tui.core.errors import IllegalAction, SetupError
from codex_tui.core.history import replay_actions
from codex_tui.core.rng import SplitMix64
from codex_tui.core.seats import SPECTATOR

MIN_SIZE = 3
MAX_SIZE = 4


@dataclass(frozen=True, slots=True)
class Variant:
    board_size: int = 3
    """Cells per side; a line is a whole row, column or diagonal."""
    misere: bool = False
    """Whoever completes a line loses."""


@dataclass(frozen=True, slots=True)
class Mark:
    player: int
    cell: int
    """row * board_size + column."""


@dataclass(frozen=True)
class Game:
    players: tuple[str, str]
    variant: Variant
    first: int
    """The seat that marks first (dealt from the seed)."""
    board: tuple[int | None, ...]
    """Per cell: the seat that marked it, or None."""
    actions: tuple[Mark, ...]
    seed: int | None = field(default=None, compare=False)

    @property
    def is_over(self) -> bool:
        return line_owner(self.board, self.variant.board_size) is not None or None not in self.board

    @property
    def current(self) -> int:
        return (self.first + len(self.actions)) % 2


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a seat sees: everything (the board is public), and its own legal marks."""

    seat: int
    players: tuple[str, str]
    variant: Variant
    first: int
    board: tuple[int | None, ...]
    actions: tuple[Mark, ...]
    legal_actions: tuple[Mark, ...]


@cache
def lines(size: int) -> tuple[tuple[int, ...], ...]:
    """Every row, column and both diagonals, as cell numbers."""
    rows = [tuple(row * size + col for col in range(size)) for row in range(size)]
    cols = [tuple(row * size + col for row in range(size)) for col in range(size)]
    diagonals = [tuple(i * size + i for i in range(size)), tuple(i * size + size - 1 - i for i in range(size))]
    return tuple(rows + cols + diagonals)


def line_owner(board: Sequence[int | None], size: int) -> int | None:
    """The seat with a full line, if any (the game stops at the first one)."""
    for line in lines(size):
        owner = board[line[0]]
        if owner is not None and all(board[cell] == owner for cell in line):
            return owner
    return None


def start(players: Sequence[str], first: int, variant: Variant, seed: int | None = None) -> Game:
    names = tuple(players)
    if len(names) != 2:
        raise SetupError(f"tic-tac-toe is for 2 players, not {len(names)}")
    if not MIN_SIZE <= variant.board_size <= MAX_SIZE:
        raise SetupError(f"the board is {MIN_SIZE} to {MAX_SIZE} cells a side, not {variant.board_size}")
    if first not in (0, 1):
        raise SetupError(f"first player {first!r} is not a seat")
    return Game((names[0], names[1]), variant, first, (None,) * variant.board_size**2, (), seed)


def new_game(players: Sequence[str], seed: int, variant: Variant) -> Game:
    return start(players, SplitMix64(seed).below(2), variant, seed)


def players_to_act(game: Game) -> tuple[int, ...]:
    return () if game.is_over else (game.current,)


def legal_actions_for(game: Game, seat: int) -> tuple[Mark, ...]:
    if game.is_over or seat != game.current:
        return ()
    return tuple(Mark(seat, cell) for cell, owner in enumerate(game.board) if owner is None)


def legal_actions(game: Game) -> tuple[Mark, ...]:
    return tuple(action for seat in players_to_act(game) for action in legal_actions_for(game, seat))


def apply(game: Game, action: Mark) -> Game:
    if game.is_over:
        raise IllegalAction("End of game", "the game is over")
    if action.player != game.current:
        raise IllegalAction("Turns", f"it is {game.players[game.current]}'s turn")
    if not 0 <= action.cell < len(game.board) or game.board[action.cell] is not None:
        raise IllegalAction("Marks", f"cell {action.cell} is not a free cell")
    board = game.board[: action.cell] + (action.player,) + game.board[action.cell + 1 :]
    return Game(game.players, game.variant, game.first, board, (*game.actions, action), game.seed)


def replay(players: Sequence[str], first: int, variant: Variant, actions: Sequence[Mark], seed: int | None) -> Game:
    return replay_actions(start(players, first, variant, seed), actions, apply)


def winners(game: Game) -> tuple[int, ...]:
    """The line's owner (its opponent in misère); both seats share a full board without a line."""
    owner = line_owner(game.board, game.variant.board_size)
    if owner is None:
        return (0, 1) if game.is_over else ()
    return (1 - owner,) if game.variant.misere else (owner,)


def view(game: Game, seat: int) -> SeatView:
    if seat != SPECTATOR and seat not in (0, 1):
        raise ValueError(f"there is no seat {seat}")
    legal = legal_actions_for(game, seat) if seat != SPECTATOR else ()
    return SeatView(seat, game.players, game.variant, game.first, game.board, game.actions, legal)
