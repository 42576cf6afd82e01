"""What a screen drawn in the pseudo-language gives away (see `codex_tui.i18n.pseudo`).

Translated text has no plain ASCII letters and comes wrapped in « »; so any
word of plain ASCII letters is text that bypassed the catalogs (unless it is
data: a player's name, a file name, a key name Textual draws), and a « whose »
is not on screen is text some layout cut (too narrow, or too few rows).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from textual.app import App
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Footer

from codex_tui.i18n import LANGUAGES
from codex_tui.i18n.pseudo import CLOSE, OPEN, PAD

KEY_NAMES = frozenset(
    {"esc", "enter", "tab", "space", "shift", "ctrl", "up", "down", "left", "right", "home", "end", "pgup", "pgdn"}
    | {"del", "delete", "backspace", "insert", "ins"}
)
"""Key names Textual's footer draws itself (the descriptions beside them are ours, translated)."""
LANGUAGE_NAMES = frozenset(LANGUAGES.values())
"""Each language is offered in its own words ("Français"), in every language."""
WORD = re.compile(r"[^\W\d_]+")
"""A run of letters of any script: "Français" is one word (data), "áƀç" is pseudo-text, "Draw" is English."""


def english(word: str) -> bool:
    """Two plain ASCII letters or more: text the pseudo-language did not go through."""
    return sum(char.isascii() for char in word) >= 2


def screen_lines(app: App[Any]) -> list[str]:
    """The screen as the terminal would show it, one string per row (a wide glyph once)."""
    update = app.screen._compositor.render_full_update()
    return ["".join(strip.text for strip in row) for row in update.strips]


def dialog_lines(app: App[Any]) -> list[str]:
    """The rows of the dialog on top, cropped to it (a modal screen's own widgets but its key
    bar, which spans the width and drops the keys that do not fit): the screen
    behind a dialog is hidden on purpose, so only the dialog's texts must be whole. The whole
    screen when no dialog is open."""
    screen = app.screen
    boxes = [child.region for child in screen.children if not isinstance(child, Footer)]
    if not isinstance(screen, ModalScreen) or not boxes:
        return screen_lines(app)
    region = Region.from_union(boxes)
    update = screen._compositor.render_full_update()
    rows = update.strips[region.y : region.bottom]
    return [Strip.join(list(row)).crop(region.x, region.right).text for row in rows]


def bypassed(lines: Iterable[str], data_words: Iterable[str] = ()) -> list[str]:
    """Each row's plain English words that are neither data nor key names: '3: Draw a card'."""
    allowed = KEY_NAMES | LANGUAGE_NAMES | set(data_words)
    found = []
    for number, line in enumerate(lines):
        words = [
            word for word in WORD.findall(line) if english(word) and word not in allowed and word.lower() not in allowed
        ]
        if words:
            found.append(f"{number}: {' '.join(words)}  | {line.strip()}")
    return found


def without_ellipsis_cuts(lines: Iterable[str]) -> list[str]:
    """The rows less the texts cut on purpose where the cut shows: a table cell or a one-line
    choice that gives way on a narrow screen ends in '…', and so does a two-line status line
    (`cut_to_fit`). That '…' closes every text still open on its row and on the row above;
    a message's own '…' ("Searching…") is followed by its padding or its », never by the
    cell's edge."""
    rows: list[list[str]] = []
    carried: list[tuple[int, int]] = []
    """(row, position) of the texts still open at the end of the row above."""
    for line in lines:
        kept: list[str] = []
        open_at: list[tuple[int, int]] = list(carried)
        row = len(rows)
        rows.append(kept)
        for index, char in enumerate(line):
            if char == OPEN:
                open_at.append((row, len(kept)))
            elif char == CLOSE and open_at:
                open_at.pop()
            elif char == "…" and line[index + 1 : index + 2] not in (PAD, CLOSE):
                for at_row, position in open_at:
                    rows[at_row][position] = ""
                open_at.clear()
            kept.append(char)
        carried = [(at_row, position) for at_row, position in open_at if at_row == row]
    return ["".join(kept) for kept in rows]


def cut(lines: Iterable[str]) -> list[str]:
    """The rows where a text opened (« ) is not closed (») on screen, read row by row:
    empty when every text drawn is whole (a text may wrap onto later rows) or cut
    where an ellipsis says so (see `without_ellipsis_cuts`)."""
    rows = without_ellipsis_cuts(lines)
    opened = sum(line.count(OPEN) for line in rows)
    closed = sum(line.count(CLOSE) for line in rows)
    if opened == closed:
        return []
    return [f"{number}: {line.rstrip()}" for number, line in enumerate(rows) if line.count(OPEN) != line.count(CLOSE)]
