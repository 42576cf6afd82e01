"""One line under the hand: the placement preview, or what to do now.

A plain widget rather than a Static: updating it must not re-lay out the
screen, because it changes on every arrow press.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class StatusLine(Widget):
    DEFAULT_CSS = "StatusLine { height: 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""

    def show(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> Text:
        return Text(self.text)
