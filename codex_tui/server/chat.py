"""Table chat on the server: what a line may hold, how often one may be said, where it is kept.

The hub speaks to the apps; this module holds the rules it applies to a chat
line before anyone sees it, so they are the same for every front door (an SSH
terminal or a browser runs the same player app):

- `clean_text` (in `chat_line`, with the line itself, which the protocol
  carries) removes what could act on a terminal instead of being read.
- `RateLimit`: a few lines per player per window; the next one is refused with
  the time to wait (a flood is told, not cut silently).
- `ChatLog`: a table's last lines, kept in the server's database by its save's
  file name (`store.Store`, table `chat_lines`; never in the save or the game
  record) so a restart keeps them; the table writes them before anyone reads
  a new line.
- `MuteBook`: whom each player mutes, remembered per name in the database.

Names are compared by `name_key` (case-insensitive), so muting `Bo` mutes `bo`.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from codex_tui.protocol.chat_line import KEEP_LINES, ChatLine
from codex_tui.protocol.names import name_key
from codex_tui.server.live_rows import TableWrite
from codex_tui.server.store import Store

RATE_COUNT = 5
RATE_WINDOW = 10.0
"""RATE_COUNT lines per RATE_WINDOW seconds per player."""
MAX_MUTED = 100
"""Names one player may mute."""


def clock(now: float | None = None) -> str:
    """The server's time of day (UTC), as a chat line shows it: HH:MM."""
    moment = datetime.fromtimestamp(time.time() if now is None else now, UTC)
    return moment.strftime("%H:%M")


class RateLimit:
    """At most `count` lines per `window` seconds per player name."""

    def __init__(self, count: int = RATE_COUNT, window: float = RATE_WINDOW) -> None:
        self.count = count
        self.window = window
        self._said: dict[str, deque[float]] = {}

    def wait(self, name: str, now: float | None = None) -> int:
        """Seconds `name` must wait before the next line (0: it may be said now, and is counted)."""
        now = time.monotonic() if now is None else now
        said = self._said.setdefault(name_key(name), deque())
        while said and said[0] <= now - self.window:
            said.popleft()
        if len(said) >= self.count:
            return max(1, math.ceil(said[0] + self.window - now))
        said.append(now)
        return 0


class ChatLog:
    """A table's last lines, kept in the store by its save's file name once it has a save.

    Writing them is the caller's (`TableRoom`, in a thread, off the event loop, before the new line
    is added here): this holds the lines, `write_chat` writes a list of them."""

    def __init__(self, lines: Iterable[ChatLine] = ()) -> None:
        self.lines: deque[ChatLine] = deque(lines, maxlen=KEEP_LINES)

    def add(self, line: ChatLine) -> None:
        self.lines.append(line)

    def recent(self, count: int = KEEP_LINES) -> list[ChatLine]:
        return list(self.lines)[-count:] if count > 0 else []

    @classmethod
    def read(cls, store: Store, save_path: Path) -> ChatLog:
        """The lines kept for the table saved at `save_path` (none yet: an empty log)."""
        return cls(store.chat(save_path.name))


def write_chat(store: Store, save_path: Path, lines: list[ChatLine]) -> None:
    """Keep `lines` as the chat of the table saved at `save_path`, in one transaction. StoreFailed (an
    OSError) when it cannot be written: the table refuses the line instead of showing one it could lose."""
    if not lines:
        return
    store.commit_table(TableWrite(save_path.name, chat=tuple(lines)))


class MuteBook:
    """Player name -> the names whose chat they do not want to read, kept in the store.

    The hub asks it before sending a line: a muted player's lines never reach the
    muter (nor does the muted player learn of it). A change that cannot be written
    is not made: StoreFailed (an OSError), and the hub tells the player so."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def muted(self, muter: str) -> list[str]:
        """The names `muter` mutes, as they wrote them."""
        return self.store.muted(muter)

    def muted_keys(self, muter: str) -> frozenset[str]:
        """The `name_key`s of the names `muter` mutes."""
        return frozenset(name_key(name) for name in self.store.muted(muter))

    def mutes(self, muter: str, sender: str) -> bool:
        return name_key(sender) in self.muted_keys(muter)

    def mute(self, muter: str, name: str) -> bool:
        """Mute `name` for `muter`; False when the list is full (a name already muted is no change)."""
        return self.store.mute(muter, name, MAX_MUTED)

    def unmute(self, muter: str, name: str) -> bool:
        """Unmute `name` for `muter`; False when they were not muted."""
        return self.store.unmute(muter, name)
