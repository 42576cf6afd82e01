"""What one Instinkt player may know: their own hand and pile size, never the other's cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from codex_tui.core.seats import SPECTATOR
from codex_tui.games.instinkt.rules.actions import Action, Choose, Keep
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.engine import legal_actions_for
from codex_tui.games.instinkt.rules.state import Game, Grid, LogEntry, Phase


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    players: tuple[str, str]
    phase: Phase
    round: int
    grid: Grid
    token: int
    order: tuple[int, ...]
    hand: tuple[Animal, ...]
    chosen: Animal | None
    """This seat's own pick this round."""
    revealed: tuple[Animal | None, Animal | None]
    """Cards on show this round, once both chose (None: not revealed, or placed)."""
    has_chosen: tuple[bool, bool]
    hand_sizes: tuple[int, int]
    pile_sizes: tuple[int, int]
    log: tuple[LogEntry, ...]
    legal_actions: Sequence[Action]


def _redact(entry: LogEntry, seat: int) -> LogEntry:
    action = entry.action
    hidden_choice = isinstance(action, Choose) and action.player != seat and entry.revealed is None
    if isinstance(action, Keep) and action.player != seat:
        entry = replace(entry, action=Keep(action.player, (Animal.SNAKE,) * 3))
    if hidden_choice:
        entry = replace(entry, action=Choose(action.player, Animal.SNAKE))
    if entry.drew is not None:
        drew = tuple(card if player == seat else None for player, card in enumerate(entry.drew))
        entry = replace(entry, drew=(drew[0], drew[1]))
    return entry


def view(game: Game, seat: int) -> SeatView:
    """A hidden choice shows in the log as the snake with no reveal: 'a card was chosen'."""
    mine = game.seats[seat] if seat != SPECTATOR else None
    both_chosen = all(s.chosen is not None for s in game.seats) or game.phase in (Phase.PLACE, Phase.MOVE)
    revealed = tuple(s.chosen if both_chosen else None for s in game.seats)
    return SeatView(
        seat=seat,
        players=game.players,
        phase=game.phase,
        round=game.round,
        grid=game.grid,
        token=game.token,
        order=game.order,
        hand=mine.hand if mine else (),
        chosen=mine.chosen if mine else None,
        revealed=(revealed[0], revealed[1]),
        has_chosen=(game.seats[0].chosen is not None, game.seats[1].chosen is not None),
        hand_sizes=(len(game.seats[0].hand), len(game.seats[1].hand)),
        pile_sizes=(len(game.seats[0].pile), len(game.seats[1].pile)),
        log=tuple(_redact(entry, seat) for entry in game.log),
        legal_actions=legal_actions_for(game, seat) if mine else (),
    )
