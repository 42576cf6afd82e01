"""An Instinkt table seen through one seat's views: the turn notice, and a game to draw its final scores from."""

from __future__ import annotations

from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.rules.animals import ALL_ANIMALS
from codex_tui.games.instinkt.rules.state import Seat, Setup
from codex_tui.games.instinkt.text import N_

TURN_WORDS = {
    instinkt.Phase.KEEP: N_("keep 3 of your 5 cards"),
    instinkt.Phase.CHOOSE: N_("choose your card in secret"),
    instinkt.Phase.PLACE: N_("place your card"),
    instinkt.Phase.MOVE: N_("move one of your cards (raccoon)"),
}
"""The notice when an Instinkt seat has something to do (translated where shown: `turn_words`)."""


def shown_game(view: instinkt.SeatView) -> instinkt.Game:
    """A game for the end screen, built from the seat's view alone.

    `InstinktEndScreen` draws a game's names and grid (and scores the grid);
    the app never holds the real game, and this one holds nothing the view
    did not: no hands, no piles, a placeholder deal."""
    nothing = Seat(hand=(), pile=(), chosen=None, played=())
    return instinkt.Game(
        players=view.players,
        variant=instinkt.Variant(),
        setup=Setup(piles=(ALL_ANIMALS, ALL_ANIMALS), token=view.token),
        seats=(nothing, nothing),
        grid=view.grid,
        token=view.token,
        phase=view.phase,
        order=view.order,
        round=view.round,
        log=view.log,
    )
