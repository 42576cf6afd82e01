"""Table chat on the server: what a line may hold, how often one may be said, where it is kept.

The hub speaks to the apps; this module holds the rules it applies to a chat
line before anyone sees it, so they are the same for every front door (an SSH
terminal or a browser runs the same player app):

- `clean_text` removes what could act on a terminal instead of being read:
  control characters (C0, C1, DEL), whole escape sequences, and the bidi
  controls that reorder what follows (a line that reads backwards). Ordinary
  Unicode, CJK and emoji included, stays.
- `RateLimit`: a few lines per player per window; the next one is refused with
  the time to wait (a flood is told, not cut silently).
- `ChatLog`: a table's last lines, kept beside its save (`<save>.chat.json`,
  never in the save or the game record) so a restart keeps them.
- `MuteBook`: whom each player mutes, remembered per name in the data folder.

Names are compared by `name_key` (case-insensitive), so muting `Bo` mutes `bo`.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import time
import unicodedata
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

MAX_LENGTH = 200
"""Characters in one chat line, after cleaning; a longer line is refused, not cut."""
RATE_COUNT = 5
RATE_WINDOW = 10.0
"""RATE_COUNT lines per RATE_WINDOW seconds per player."""
KEEP_LINES = 200
"""Lines a table keeps (and its chat file holds)."""
CHAT_SUFFIX = ".chat.json"
MAX_CHAT_BYTES = 512 * 1024
"""A chat file larger than this is not a table's (200 lines of 200 characters are far less)."""
MUTES_FILE = "mutes.json"
MAX_MUTED = 100
"""Names one player may mute (the file stays small)."""
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


def name_key(name: str) -> str:
    """How player names are compared here (case-insensitively; one rule with `codex_tui.net.names` once it lands)."""
    return name.casefold()


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


def write_private(path: Path, data: bytes) -> None:
    """Write a file only its owner can read, atomically (a temp file, then a rename).

    Here, not `identity.write_private`: the protocol imports this module, and identity the protocol."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def clock(now: float | None = None) -> str:
    """The server's time of day (UTC), as a chat line shows it: HH:MM."""
    moment = datetime.fromtimestamp(time.time() if now is None else now, UTC)
    return moment.strftime("%H:%M")


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
    """A table's last lines; with a save path, kept in `<save>.chat.json` beside it."""

    def __init__(self, lines: Iterable[ChatLine] = ()) -> None:
        self.lines: deque[ChatLine] = deque(lines, maxlen=KEEP_LINES)

    def add(self, line: ChatLine, save_path: Path | None) -> None:
        self.lines.append(line)
        if save_path is not None:
            self.write(save_path)

    def recent(self, count: int = KEEP_LINES) -> list[ChatLine]:
        return list(self.lines)[-count:] if count > 0 else []

    def write(self, save_path: Path) -> None:
        """Write the lines beside the save, atomically; a failure is logged (the chat goes on in memory)."""
        if not self.lines:
            return
        data = json.dumps({"chat": [line.to_wire() for line in self.lines]}, ensure_ascii=False)
        try:
            write_private(chat_path(save_path), data.encode("utf-8"))
        except OSError as error:
            log.warning("could not keep the chat of %s: %s", save_path, error)

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


def chat_path(save_path: Path) -> Path:
    return save_path.with_suffix(CHAT_SUFFIX)


def remove_chat(save_path: Path) -> None:
    """A table filed away (finished) or removed takes its chat file with it."""
    chat_path(save_path).unlink(missing_ok=True)


def _plausible_name(name: object) -> bool:
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME and clean_text(name) == name


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
                name_key(muter): [name for name in names if _plausible_name(name)][:MAX_MUTED]
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
