"""One or two lines under the hand: the placement preview, or what to do now.

A plain widget rather than a Static: updating it must not re-lay out the
screen, because it changes on every arrow press. Only a change in the number
of lines (a long preview wrapped onto a second line) re-lays it out.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.visual import Visual
from textual.widget import Widget

from codex_tui.ui.line_breaks import break_lines
from codex_tui.ui.widgets.broken_text import breaking

SEPARATOR = " · "
MAX_LINES = 2


def fit(forms: Sequence[Sequence[str]], width: int) -> str:
    """The first wording that fits `width` on one line, else the last one wrapped.

    `forms` go from the longest wording to the shortest; each is a list of
    parts joined by ' · '. The shortest is wrapped at part boundaries onto at
    most two lines, so shortening never drops a part (the points, say): only
    the words around them get shorter. Widths are in terminal cells (a Chinese glyph is two).
    """
    for parts in forms:
        line = SEPARATOR.join(parts)
        if cell_len(line) <= width:
            return line
    lines: list[str] = []
    for part in forms[-1]:
        if lines and cell_len(lines[-1]) + len(SEPARATOR) + cell_len(part) <= width:
            lines[-1] += SEPARATOR + part
        elif len(lines) < MAX_LINES:
            lines.append(part)
        else:
            lines[-1] += SEPARATOR + part
    return "\n".join(lines)


class StatusLine(Widget):
    DEFAULT_CSS = "StatusLine { height: 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""

    def show(self, text: str) -> None:
        """Show `text`; a text with a line break takes two lines."""
        if text != self.text:
            lines = min(text.count("\n") + 1, MAX_LINES)
            if lines != min(self.text.count("\n") + 1, MAX_LINES):
                self.styles.height = lines
            self.text = text
            self.refresh()

    def render(self) -> Visual:
        return breaking(self, self.cut_to_fit(Text(self.text)))

    def cut_to_fit(self, text: Text) -> Text:
        """A wrapping line (Instinkt's two) with more words than its height holds ends its last
        line in "…": cut at a word with nothing to say so, a sentence could read as its opposite
        ("l’écart ne change" with its "pas" gone). A line that does not wrap ends in "…" by its style."""
        width, height = self.size.width, self.size.height
        if self.styles.text_wrap != "wrap" or width < 2 or height < 1:
            return text
        lines = break_lines(text, width)
        if len(lines) <= height:
            return text
        kept = lines[:height]
        last = kept[-1]
        last.truncate(width - 1)
        last.rstrip()
        last.append("…")
        return Text("\n").join(kept)
