"""A line over a game that cannot be saved just now, until it can.

The server's paused table and a local game whose autosave failed both show
it: it stays on screen while the trouble lasts (a notice would fade while it
still matters) and goes when the save is written again. Docked at the top,
it takes a line (more when the text wraps) from the game below instead of
covering any of it.
"""

from __future__ import annotations

from codex_tui.ui.widgets.broken_text import Prose


class AlertLine(Prose):
    DEFAULT_CSS = """
    AlertLine {
        dock: top;
        width: 100%;
        height: auto;
        padding: 0 1;
        background: $error-muted;
        color: $text;
        text-style: bold;
    }
    """
