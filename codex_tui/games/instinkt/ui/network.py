"""An Instinkt table over the network: the end screen from a view, the replay without branching."""

from __future__ import annotations

from textual.binding import Binding

from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.rules.animals import ALL_ANIMALS
from codex_tui.games.instinkt.rules.state import Seat, Setup
from codex_tui.games.instinkt.text import N_
from codex_tui.games.instinkt.ui.end import InstinktEndScreen
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen

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


class NetworkInstinktEndScreen(InstinktEndScreen, inherit_bindings=False):
    """The Instinkt summary: back to the lobby (a new game starts there), or the review of your turns."""

    BINDINGS = [
        Binding("escape,q,enter", "end('quit')", N_("Back to the lobby")),
        Binding("r", "end('review')", N_("Review")),
    ]


class NetworkInstinktReplayScreen(InstinktReplayScreen):
    """A finished Instinkt table's replay, without "play from here"."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return False if action == "branch" else super().check_action(action, parameters)
