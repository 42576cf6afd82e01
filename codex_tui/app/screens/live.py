"""Screens the app feeds from outside, drawn only while their widgets exist.

A screen's own keys and timers reach it through its message queue, which
Textual runs only between compose and removal. Other updates do not wait:
a bot's move, an undo, a resume or a server message calls the screen
directly, and may arrive before the screen is composed (just pushed) or
after it was popped (a bot finished thinking after the player left the
game); and a resize queued before the pop is still delivered while the
children are being removed. Such screens keep what they show in attributes
and draw it through methods marked `@drawing`: those run only while the
widgets exist, and mounting draws whatever state arrived before.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

from textual.screen import Screen

from codex_tui.app.messages import GameInView

ResultType = TypeVar("ResultType")
P = ParamSpec("P")
S = TypeVar("S", bound="LiveScreen[Any]")


class LiveScreen(Screen[ResultType]):
    """A screen that shows state kept in attributes; `render_all` draws all of it."""

    _composed = False
    """Set once mounted: the widgets from `compose` exist from then on."""

    @property
    def drawable(self) -> bool:
        """The widgets exist: mounted, and not being removed.

        Textual marks a screen as pruning when it is popped and as closing
        when its message loop is asked to end, before any child goes; events
        already queued (a resize) still arrive after that, and so do calls
        from the app. Textual's own `display` reads the same two flags."""
        return self._composed and self.is_running and not (self._pruning or self._closing)

    def on_mount(self) -> None:
        self._composed = True
        self.render_all()

    def render_all(self) -> None:
        """Draw the kept state into the widgets (subclasses; called only while drawable)."""


class PlayScreen(LiveScreen[None]):
    """The screen a game is played on (any game): tells the app when it is on top again.

    The app (local or network) drives it with `update_game` alone.
    """

    def update_game(
        self, view: Any, tags: Sequence[str], can_undo: bool, can_redo: bool, waiting_for: str | None = None
    ) -> None:
        """Show a new state: `view` is the perspective seat's view, `tags` a word per seat (a bot's level),
        `waiting_for` whom the game waits for when that is not the viewer. Each game's screen draws it."""
        raise NotImplementedError

    def on_screen_resume(self) -> None:
        self.post_message(GameInView())


def drawing(method: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """Mark a method that draws into the widgets: it does nothing unless the screen is drawable."""

    @functools.wraps(method)
    def guarded(self: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if self.drawable:
            method(self, *args, **kwargs)

    return guarded
