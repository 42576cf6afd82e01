"""A block of text a screen binds to one of its reactives (`data_bind`): it shows what that holds.

A screen fed from outside (the lobby, the waiting room, the review) keeps
what it shows in reactives, which may be set before its widgets exist or
after they are gone; a bound widget is given the value when it is mounted
and each time it changes while it exists, and is never asked to draw
otherwise.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from codex_tui.ui.widgets.broken_text import Prose


class ShownText(Prose):
    """Shows `text`; None hides the widget (it takes no room)."""

    text: reactive[str | Text | None] = reactive("", init=False)

    def watch_text(self, text: str | Text | None) -> None:
        self.display = text is not None
        if text is not None:
            self.update(text)
            # Textual 8 can keep the height measured for the text before, when the change comes
            # in the same refresh as the screen's first layout (the field help on a form's first
            # focus): measure again once that refresh is drawn.
            self.call_after_refresh(self.refresh, layout=True)
