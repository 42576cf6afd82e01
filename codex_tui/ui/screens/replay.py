"""What every game's replay viewer shares: how it ends, its log panel, its summary box.

Each game's replay screen (in the game's `ui` package) steps through its own
states; they all return a `ReplayExit`, list the moves in a `ReplayLog` and
show the final scores in a `ReplaySummary`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget

from codex_tui.i18n.text import N_, _
from codex_tui.ui.line_breaks import break_lines
from codex_tui.ui.widgets.broken_text import Prose

CURRENT = Style(reverse=True, bold=True)
DIM = Style(color="#8a8a8a")


@dataclass(frozen=True)
class ReplayExit:
    """'close', or 'branch' with the state index to play on from."""

    action: str
    index: int = 0


class ReplayLog(Widget):
    """The whole log, the current action highlighted and kept in view.

    A line wider than the panel wraps under its own words (the numbers stay
    clear), and the window around the current action is chosen by lines, so
    the current action is never below the panel's edge.
    """

    DEFAULT_CSS = "ReplayLog { height: 1fr; }"
    INDENT = 4
    """Room for the action number ('  7 '), and where a wrapped line goes on."""

    def __init__(self, lines: list[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = lines
        self.current = -1

    def show(self, current: int, lines: list[str] | None = None) -> None:
        """Highlight action `current`; `lines` replaces the log's words when they depend on the moment."""
        self.current = current
        if lines is not None:
            self.lines = lines
        self.refresh()

    def block(self, index: int) -> list[str]:
        """One action's lines at the panel's width."""
        width = max(self.size.width, self.INDENT + 10)
        return [row.plain for row in break_lines(Text(f"{index + 1:>3} {self.lines[index]}"), width, self.INDENT)]

    def window(self, room: int) -> range:
        """The actions to show: the current one, a few after it, as many before as fit."""
        count = len(self.lines)
        if not count:
            return range(0)
        current = min(max(self.current, 0), count - 1)
        sizes: dict[int, int] = {}

        def size(index: int) -> int:
            if index not in sizes:
                sizes[index] = len(self.block(index))
            return sizes[index]

        used, first, last = size(current), current, current + 1
        while last < count and used + size(last) <= max(room // 3, size(current)):
            used, last = used + size(last), last + 1
        while first > 0 and used + size(first - 1) <= room:
            used, first = used + size(first - 1), first - 1
        while last < count and used + size(last) <= room:
            used, last = used + size(last), last + 1
        return range(first, last)

    def render(self) -> Text:
        text = Text(_("Log"), style=Style(bold=True))
        for index in self.window(max(self.size.height - 1, 1)):
            style = CURRENT if index == self.current else DIM
            for line in self.block(index):
                text.append("\n")
                text.append(line, style=style)
        return text


class ReplaySummary(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,e,q", "close", N_("Close"))]
    CSS_PATH = Path(__file__).with_name("replay.tcss")

    def __init__(self, renderables: list[object]) -> None:
        super().__init__()
        self.renderables = renderables

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box"):
            for renderable in self.renderables:
                yield Prose(renderable)  # type: ignore[arg-type]

    def action_close(self) -> None:
        self.dismiss(None)
