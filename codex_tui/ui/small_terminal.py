"""A terminal below 80x24 cuts some parts of a screen: the player is told so once, with the size to aim for.

Every screen is drawn to fit 80x24. Smaller, the board and the market are cut
(their chosen card is kept in view, and `?` lists every key), and nothing
said why: the notice says it once a run, and again only after the terminal
has been large enough and shrinks once more.
"""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.geometry import Size

from codex_tui.i18n.text import _

MIN_SIZE = Size(80, 24)
"""The least terminal every screen fits whole."""
SMALL_NOTICE_SECONDS = 10.0


class SmallTerminalNotice(App[None]):
    """An app that tells its player once when the terminal is smaller than `MIN_SIZE`."""

    small_told = False
    """The notice was given since the terminal was last large enough."""

    def on_resize(self, event: events.Resize) -> None:
        size = event.size
        small = size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
        if small and not self.small_told:
            self.notify(
                _(
                    "This terminal is {width}x{height}; every screen fits from {least}, so some parts are cut"
                    " here. Make the window larger if you can (? lists every key)."
                ).format(width=size.width, height=size.height, least=f"{MIN_SIZE.width}x{MIN_SIZE.height}"),
                severity="warning",
                timeout=SMALL_NOTICE_SECONDS,
            )
        self.small_told = small
