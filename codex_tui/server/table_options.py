"""A table's own options beside its save: what the save format has no field for.

A table's save is an ordinary save file (`codex-tui play` opens it), so the
options a table's creator chose that are not part of the game (whether hints
are allowed, whether spectators may chat) live in a small JSON file next to
it, `<save>.table.json`. A restart reads it back with the save; a missing or
unreadable file means the defaults (hints off, spectators only read the
chat), which is also what a table saved before an option existed gets.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from codex_tui.server.identity import write_private

log = logging.getLogger(__name__)

OPTIONS_SUFFIX = ".table.json"
MAX_OPTIONS_BYTES = 4096


@dataclass(frozen=True)
class TableOptions:
    hints: bool = False
    """The players may ask for hints (`!`)."""
    spectator_chat: bool = False
    """Spectators may write in the table's chat (they always read it)."""


def options_path(save_path: Path) -> Path:
    return save_path.with_suffix(OPTIONS_SUFFIX)


def write_options(save_path: Path, options: TableOptions) -> None:
    """Write the options beside the save (atomically, fsynced, owner-only); the defaults need no file.
    OSError when it cannot be written: the table pauses rather than forget its creator's choice."""
    path = options_path(save_path)
    if options == TableOptions():
        path.unlink(missing_ok=True)
        return
    data = json.dumps({"hints": options.hints, "spectator_chat": options.spectator_chat})
    write_private(path, data.encode("utf-8"))


def read_options(save_path: Path) -> TableOptions:
    """The options saved beside `save_path`; the defaults when there are none or they cannot be read."""
    path = options_path(save_path)
    try:
        if path.stat().st_size > MAX_OPTIONS_BYTES:
            raise ValueError("too large")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return TableOptions()
    except (OSError, ValueError) as error:
        log.warning("table options %s ignored: %s", path, error)
        return TableOptions()
    if not isinstance(data, dict):
        return TableOptions()
    return TableOptions(hints=data.get("hints") is True, spectator_chat=data.get("spectator_chat") is True)


def remove_options(save_path: Path) -> None:
    """A finished table is never resumed: its options file goes."""
    options_path(save_path).unlink(missing_ok=True)
