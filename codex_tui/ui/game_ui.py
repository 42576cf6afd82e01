"""What the shell needs from a game's screens: the one object each game's `ui` package gives.

`GameModule.ui()` returns it (imported only then, so the rules never load
Textual). The local app (`app/app.py`) and the network app (`client/app.py`) drive
every game through these methods alone: they never name a game, compare a
game's name or check a state's type. States, views, actions and results stay
the game's own values; the shell passes them from the `GameModule` to here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from rich.text import Text
from textual.screen import Screen

from codex_tui.core.contract import GameModule
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.screens.modals import Help, HelpScreen
from codex_tui.ui.screens.replay import ReplayExit


@runtime_checkable
class GameUI(Protocol):
    """A game's screens and the few judgements about its views that only the game can make."""

    @property
    def help_text(self) -> Help:
        """Every key of every screen a player of this game meets, and what its marks mean."""
        ...

    # ------------------------------------------------------------ playing

    def play_screen(self) -> PlayScreen:
        """A fresh screen to play on; the app feeds it views with `update_game`."""
        ...

    def setup_screen(self, view: Any, sent: Sequence[Any] = ()) -> Screen[list[Any]] | None:
        """The set-up modal for `view`'s seat, or None when it owes no set-up choice.

        It returns the actions chosen (or None if dismissed without). `sent`
        are set-up actions already sent to a server that the view may not
        show yet. Games without a separate set-up step always give None.
        """
        ...

    def game_over_text(self, game: Any, perspective: int) -> Text:
        """The game-over bar: who won and the last moves `perspective` has not made, spoken to
        `perspective` ("You win")."""
        ...

    def end_screen(self, game: Any, reader: int | None, *, offer_undo: bool, to_board: bool) -> Screen[str]:
        """The final scores of a finished game; returns 'new', 'undo', 'board', 'review' or 'quit'.
        Its words speak to the seat `reader` ("You win"; None: to nobody in particular).

        'review' (key `r`) asks the app for the replay with the review of the
        perspective seat's turns open on it (`replay_screen(..., review_seat=...)`)."""
        ...

    def replay_screen(
        self, game: Any, title: str, reader: int | None, review_seat: int | None = None, may_branch: bool = True
    ) -> Screen[ReplayExit]:
        """The replay of `game`, with "play from here" (a `ReplayExit` 'branch') while `may_branch`
        (not at a network table: its player keeps no local games), speaking to the seat `reader`
        ("Next: you place a card"), whichever seat's eyes it shows.

        `r` on it opens the review (`codex_tui.ui.screens.review.ReviewScreen`) of a
        seat's turns; choosing a turn there shows that position with the move played
        and the better move on the board. With `review_seat`, the review of that
        seat opens at once."""
        ...

    # ------------------------------------------------- a seat's view alone

    def turn_words(self, view: Any) -> str | None:
        """What "Your turn: ..." says for `view`, or None when no notice is given for this step."""
        ...

    def result_winners(self, result: Any) -> tuple[int, ...]:
        """The winning seats of a result from `GameModule.result_from_wire`."""
        ...

    def end_screen_from_view(self, view: Any, result: Any) -> Screen[str]:
        """The same final scores as `end_screen`, from what a seat saw (its last view and the wire's
        result) where the game itself is not at hand (a network table); without undo, esc back to the board."""
        ...


def screens_of(game: GameModule) -> GameUI:
    """`game.ui()`, as the protocol above: the core declares it as a bare object, since it knows no screen."""
    screens = game.ui()
    if not isinstance(screens, GameUI):
        raise TypeError(f"{game.name}'s ui() gave {type(screens).__name__}, which is not a GameUI")
    return screens


def help_screen(game: GameModule) -> HelpScreen:
    """`?` for `game`: its help, each text drawn from the game's own words first (its rows are mostly
    its own; without its domain a French or Chinese player would read them in English)."""
    domains = () if game.text_domain is None else (game.text_domain,)
    return HelpScreen(screens_of(game).help_text, domains)
