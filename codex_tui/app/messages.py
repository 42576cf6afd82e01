"""Messages the screens send up to the app, which owns the game session."""

from __future__ import annotations

from textual.message import Message

from codex_tui.games.codex.rules import Action as CodexAction
from codex_tui.games.instinkt.rules import Action as InstinktAction

Action = CodexAction | InstinktAction


class ActionChosen(Message):
    """A human chose this action; the app applies it through the session."""

    def __init__(self, action: Action) -> None:
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
