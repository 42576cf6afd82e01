"""Table chat on the server: what a line may hold, how often one may be said, where it is kept.

The hub speaks to the apps; this module holds the rules it applies to a chat
line before anyone sees it, so they are the same for every front door (an SSH
terminal or a browser runs the same player app):

- `clean_text` (in `chat_line`, with the line itself, which the protocol
  carries) removes what could act on a terminal instead of being read.
- `RateLimit`: a few lines per player per window; the next one is refused with
  the time to wait (a flood is told, not cut silently).
- `ChatLog`: a table's last lines, kept beside its save (`<save>.chat.json`,
  never in the save or the game record) so a restart keeps them; the table
  writes the file before anyone reads a new line.
- `MuteBook`: whom each player mutes, remembered per name in the data folder.

Names are compared by `name_key` (case-insensitive), so muting `Bo` mutes `bo`.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections import deque
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from codex_tui.protocol.chat_line import KEEP_LINES, ChatLine
from codex_tui.protocol.messages import valid_name
from codex_tui.protocol.names import name_key
from codex_tui.server.identity import write_private

log = logging.getLogger(__name__)

RATE_COUNT = 5
RATE_WINDOW = 10.0
"""RATE_COUNT lines per RATE_WINDOW seconds per player."""
CHAT_SUFFIX = ".chat.json"
MAX_CHAT_BYTES = 512 * 1024
"""A chat file larger than this is not a table's (200 lines of 200 characters are far less)."""
MUTES_FILE = "mutes.json"
MAX_MUTED = 100
"""Names one player may mute (the file stays small)."""


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
    """A table's last lines, kept in `<save>.chat.json` beside its save once it has one.

    Writing the file is the caller's (`TableRoom`, in a thread, off the event loop, before the new line
    is added here): this holds the lines, `write_chat` writes a list of them."""

    def __init__(self, lines: Iterable[ChatLine] = ()) -> None:
        self.lines: deque[ChatLine] = deque(lines, maxlen=KEEP_LINES)

    def add(self, line: ChatLine) -> None:
        self.lines.append(line)

    def recent(self, count: int = KEEP_LINES) -> list[ChatLine]:
        return list(self.lines)[-count:] if count > 0 else []

    @classmethod
    def read(cls, save_path: Path) -> ChatLog:
        """The lines kept beside `save_path`; none when there is no file or it cannot be read."""
        path = chat_path(save_path)
        try:
            if path.stat().st_size > MAX_CHAT_BYTES:
                raise ValueError("too large")
            data = json.loads(path.read_text(encoding="utf-8"))
            lines = [ChatLine.from_wire(entry) for entry in data["chat"]]
        except FileNotFoundError:
            return cls()
        except (OSError, ValueError, TypeError, KeyError) as error:
            log.warning("table chat %s ignored: %s", path, error)
            return cls()
        return cls(lines)


def write_chat(save_path: Path, lines: list[ChatLine]) -> None:
    """Write `lines` beside the save, atomically, readable by the server's user only. OSError when it
    cannot be written: the table refuses the line instead of showing one it could lose."""
    if not lines:
        return
    data = json.dumps({"chat": [line.to_wire() for line in lines]}, ensure_ascii=False)
    write_private(chat_path(save_path), data.encode("utf-8"))


def chat_path(save_path: Path) -> Path:
    return save_path.with_suffix(CHAT_SUFFIX)


def remove_chat(save_path: Path) -> None:
    """A table filed away (finished) or removed takes its chat file with it."""
    chat_path(save_path).unlink(missing_ok=True)


class MuteBook:
    """Player name -> the names whose chat they do not want to read, kept in the data folder.

    The hub asks it before sending a line: a muted player's lines never reach the
    muter (nor does the muted player learn of it). An unreadable file is logged
    and forgotten, as `LanguageBook` does."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / MUTES_FILE
        self._muted = self._load()

    def _load(self) -> dict[str, list[str]]:
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
            players = data["players"]
            return {
                name_key(muter): [name for name in names if valid_name(name)][:MAX_MUTED]
                for muter, names in players.items()
                if isinstance(muter, str) and isinstance(names, list)
            }
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
            log.warning("%s: cannot read whom players mute (%s); nobody is muted", self.path, error)
            return {}

    def muted(self, muter: str) -> list[str]:
        """The names `muter` mutes, as they wrote them."""
        return list(self._muted.get(name_key(muter), []))

    def muted_keys(self, muter: str) -> frozenset[str]:
        """The `name_key`s of the names `muter` mutes."""
        return frozenset(name_key(name) for name in self._muted.get(name_key(muter), []))

    def mutes(self, muter: str, sender: str) -> bool:
        return name_key(sender) in self.muted_keys(muter)

    def mute(self, muter: str, name: str) -> bool:
        """Mute `name` for `muter`; False when the list is full (a name already muted is no change)."""
        names = self._muted.setdefault(name_key(muter), [])
        if any(name_key(old) == name_key(name) for old in names):
            return True
        if len(names) >= MAX_MUTED:
            return False
        names.append(name)
        self._write()
        return True

    def unmute(self, muter: str, name: str) -> bool:
        """Unmute `name` for `muter`; False when they were not muted."""
        names = self._muted.get(name_key(muter), [])
        kept = [old for old in names if name_key(old) != name_key(name)]
        if len(kept) == len(names):
            return False
        self._muted[name_key(muter)] = kept
        self._write()
        return True

    def _write(self) -> None:
        data = {"players": {muter: names for muter, names in sorted(self._muted.items()) if names}}
        try:
            write_private(self.path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError as error:
            log.warning("%s: cannot remember whom players mute (%s)", self.path, error)
