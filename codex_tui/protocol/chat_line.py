"""One chat line and what it may hold: the part of table chat the protocol carries.

Apart from `codex_tui.server.chat` (the hub's rules and stores) so that the
protocol, which every net module imports, imports nothing of theirs.

`clean_text` removes what could act on a terminal instead of being read:
control characters (C0, C1, DEL), whole escape sequences, and the bidi
controls that reorder what follows (a line that reads backwards). Ordinary
Unicode, CJK and emoji included, stays. Every line is cleaned by the hub when
said, and again when read from the wire or a file.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

MAX_LENGTH = 200
"""Characters in one chat line, after cleaning; a longer line is refused, not cut."""
KEEP_LINES = 200
"""Lines a table keeps (its chat file, and an app, hold no more)."""
MAX_NAME = 32
"""No player name is longer (the protocol's are 16 characters; room for other front doors')."""

ESCAPE_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"  # CSI: ESC [ parameters, intermediates, a final byte
    r"|\x1b[\]PX^_].*?(?:\x07|\x1b\\|\x9c|$)"  # OSC, DCS, SOS, PM, APC: up to their terminator
    r"|\x1b[ -/]*[0-~]?"  # any other escape: ESC, intermediates, one final byte
    r"|[\x90\x98\x9d\x9e\x9f].*?(?:\x07|\x1b\\|\x9c|$)"  # the C1 forms of DCS, SOS, OSC, PM, APC
    r"|\x9b[0-?]*[ -/]*[@-~]?",  # the C1 form of CSI
    re.DOTALL,
)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks, embeddings, overrides and isolates: they change the order of what follows them."""
SPACES = frozenset("\t\n\r\v\f\u2028\u2029\x85")
"""Line and tab breaks become a space: a chat line is one line."""


def clean_text(text: str) -> str:
    """`text` with escape sequences, control characters and bidi controls removed, breaks made spaces,
    and the ends stripped: what is left is only to be read."""
    text = ESCAPE_SEQUENCE.sub("", text)
    kept = []
    for char in text:
        if char in SPACES:
            kept.append(" ")
        elif char in BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs"):
            continue
        else:
            kept.append(char)
    return "".join(kept).strip()


@dataclass(frozen=True)
class ChatLine:
    """One line said at a table."""

    name: str
    """Who said it."""
    time: str
    """When, on the server's clock (UTC HH:MM)."""
    text: str
    """What, cleaned (`clean_text`)."""
    at: int = 0
    """Moves played at the table when it was said: the log panel shows it after those."""

    def to_wire(self) -> list[Any]:
        return [self.name, self.time, self.text, self.at]

    @classmethod
    def from_wire(cls, data: Any) -> ChatLine:
        """A line from the hub or a chat file; ValueError when it is not one. Its text is
        cleaned again: a line from a file or an older server acts on no terminal either."""
        if not isinstance(data, (list, tuple)) or len(data) < 3:
            raise ValueError("a chat line is [name, time, text, at]")
        name, when, text = (str(part) for part in data[:3])
        at = data[3] if len(data) > 3 else 0
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            raise ValueError("a chat line's move count is a whole number")
        return cls(clean_text(name)[:MAX_NAME], clean_text(when)[:5], clean_text(text)[:MAX_LENGTH], at)
