"""A save's title as one tidy line, and a new game's own title: made as a game starts, and made again
in the reader's language each time it is listed (`SavedGame.shown_title`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from codex_tui.core.contract import GameModule
from codex_tui.i18n.words import new_game_title

MAX_TITLE_CHARS = 100
"""Longer titles are cut: the browser has one table row for them."""


def default_title(players: Sequence[str]) -> str:
    """The title a game gets until it is renamed: "Ada vs Bo"."""
    return clean_title(" vs ".join(players))


def clean_title(text: str) -> str:
    """`text` as one tidy line: control characters become spaces, runs of
    spaces one (no-break spaces stay), no spaces at the ends, at most MAX_TITLE_CHARS characters.

    Applied on write *and* on read, so a hand-edited or migrated title (player
    names may hold anything) can never break a table row or refuse to load.
    """
    return tidy_text(text, MAX_TITLE_CHARS)


NO_BREAK_SPACES = "\u00a0\u202f"
"""Spaces a tidy line keeps as they are: French sets one before : ; ! ? and inside « » ("7 déc. 2026 : Vous
contre Robot 1"), and a plain one there would let a line break before the colon."""
OTHER_SPACES = re.compile(f"[^\\S{NO_BREAK_SPACES}]+")
"""A run of any other space (a tab, a line break, an ideographic space): one plain space."""


def tidy_text(text: str, limit: int) -> str:
    """`text` made safe for one line of a table or message (see `clean_title`)."""
    printable = "".join(char if char.isprintable() or char in NO_BREAK_SPACES else " " for char in text)
    ends = " " + NO_BREAK_SPACES
    return OTHER_SPACES.sub(" ", printable).strip(ends)[:limit].rstrip(ends)


def day_title(module: GameModule, players: Sequence[str], day: date) -> str:
    """A new game's own title in the reader's language ("Codex Naturalis, 7 Dec 2026: You vs Bot 1"):
    made as the game starts, and again each time it is listed (`SavedGame.shown_title`)."""
    return clean_title(new_game_title(module.translate(module.title), players, day))
