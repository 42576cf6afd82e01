"""The end of a table on a player's screen: one flow, whoever sits at the table.

The final board stays in view under a game-over bar (the last moves, a bot's
too, are seen before anything covers them); enter opens the final scores; esc
there goes back to the board; `r` opens the replay with the review of this
seat's turns, and closing it comes back to the final scores; `u`, where the
table allows undo, returns to the game. Any other way out (`n`, `q`) is the
table's own: a local game starts another or quits, a network seat goes back
to the lobby.

The local app and the network client used to write this flow each, with their
own flags, and it drifted (one came back from the review to the scores, the
other to the bar; one table's summary left on esc). Each now says what its
table does (`TableEnd`) and `EndFlow` runs the screens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import App
from textual.screen import Screen

from codex_tui.ui.screens.game_over import GameOverBar


def nothing() -> None:
    """What a table without a coach does as each screen of its end opens (and one without undo on `u`)."""


def never() -> bool:
    """Whether a table without undo may take a move back."""
    return False


@dataclass(frozen=True)
class TableEnd:
    """What the end of one table does, as the seat's side of the table (local or remote) provides it."""

    over_text: Callable[[], Text]
    """The bar's words (who won, the last moves), written when drawn: a change of language rewords them."""
    final_scores: Callable[[], Screen[str]]
    """The summary screen (the game's `end_screen`, or `end_screen_from_view`)."""
    review: Callable[[Callable[[], None]], None]
    """Open the replay with the seat's review; call the argument once it is closed (or could not open)."""
    leave: Callable[[str], None]
    """Leave the table: 'new', 'quit' (the bar's and the summary's own keys)."""
    may_undo: Callable[[], bool] = never
    """Whether `u` may take the last move back (a local game against bots)."""
    undo: Callable[[], None] = nothing
    shown: Callable[[], None] = nothing
    """A screen of the end has opened (a tutorial's coach speaks over it)."""


class EndFlow:
    """The screens of one table's end, from its game-over bar until the player leaves or undoes.

    `open` is True from `show` until the player undoes or leaves: the app's loop
    must not stack another screen on the end meanwhile."""

    def __init__(self, app: App[Any], end: TableEnd) -> None:
        self.app = app
        self.end = end
        self.open = False

    def show(self) -> None:
        """The game-over bar over the final board."""
        self.open = True
        bar = GameOverBar(self.end.over_text, self.end.may_undo(), offer_review=True)
        self.app.push_screen(bar, self.chosen)
        self.app.call_after_refresh(self.end.shown)

    def close(self) -> None:
        """The player left the end another way (to play on from a moment of its replay): the
        app's loop goes on, and shows the end again if the game is still the one on show."""
        self.open = False

    def chosen(self, choice: str | None) -> None:
        """What the bar or the summary returned."""
        if choice == "summary":
            self.app.push_screen(self.end.final_scores(), self.chosen)
            self.app.call_after_refresh(self.end.shown)
        elif choice == "board":
            self.show()
        elif choice == "review":
            self.end.review(lambda: self.chosen("summary"))
        elif choice == "undo":
            self.open = False
            self.end.undo()
        else:
            self.open = False
            self.end.leave(choice or "quit")
