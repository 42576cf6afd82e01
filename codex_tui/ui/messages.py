"""Messages the screens send up to the app, which owns the game session."""

from __future__ import annotations

from textual.message import Message

from codex_tui.core.contract import GameAction


class ActionChosen(Message):
    """A human chose this action (of the game on show); the app applies it through the session."""

    def __init__(self, action: GameAction) -> None:
        super().__init__()
        self.action = action


class UndoRequested(Message):
    pass


class RedoRequested(Message):
    pass


class GameInView(Message):
    """The game screen is on top again (help, the palette or the saves browser closed).

    The app holds back privacy screens, set-up and the end while something
    the player opened covers the game, and goes on when this arrives."""


class HintShown(Message):
    """A hint was shown to `seat` (the local app notes it in the game log and the save)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
