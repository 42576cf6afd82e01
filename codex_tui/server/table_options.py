"""A table's own options beside its save: what the save format has no field for.

A table's save is an ordinary save file (`codex-tui play` opens it), so the
options a table's creator chose that are not part of the game (whether hints
are allowed, whether spectators may chat, whether it is rated, its pace) are kept in the server's database
(`store.Store`, table `table_options`, by the save's file name). A restart
reads them back with the save; no row means the defaults (hints off,
spectators only read the chat), which is also what a table saved before an
option existed gets (an unrated table).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codex_tui.protocol.messages import LIVE
from codex_tui.server.live_rows import TableWrite
from codex_tui.server.store import Store
from codex_tui.server.store_rows import KeptOptions


@dataclass(frozen=True)
class TableOptions:
    hints: bool = False
    """The players may ask for hints (`!`)."""
    spectator_chat: bool = False
    """Spectators may write in the table's chat (they always read it)."""
    rated: bool = False
    """Its result moves its players' ratings (never with hints: `protocol.messages.parse_create`)."""
    pace: str = LIVE
    """LIVE, or TURNS: turn-based."""
    move_limit: int | None = None
    """Seconds an absent player's move waits before the others are offered a bot; None: the pace's own."""
    number: int | None = None
    """The table's number in the lobby, kept for its whole life (None: kept before numbers were)."""


def kept_options(options: TableOptions) -> KeptOptions | None:
    """The options as the store keeps them (None: the defaults, which need no row)."""
    if options == TableOptions():
        return None
    return (options.hints, options.spectator_chat, options.rated, options.pace, options.move_limit, options.number)


def write_options(store: Store, save_path: Path, options: TableOptions) -> None:
    """Keep the options of the table saved at `save_path`. StoreFailed (an OSError) when they cannot be
    written: the table pauses rather than forget its creator's choice."""
    store.commit_table(TableWrite(save_path.name, options=kept_options(options), with_options=True))


def read_options(store: Store, save_path: Path) -> TableOptions:
    """The options kept for the table saved at `save_path`; the defaults when there are none."""
    kept = store.table_options(save_path.name)
    return TableOptions() if kept is None else TableOptions(*kept)
