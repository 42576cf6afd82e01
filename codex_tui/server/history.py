"""The server's history read back for players: a player's page at a game, a finished table's record.

The rows are the store's (`finished_tables`, `finished_seats`, `ratings`); the
saves are the ones `TableRoom` filed in `tables/finished/`. The path read from
the database is the server's own, never a client's: a request names a row by
its number, and a path that would leave the data folder is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_tui.core import registry
from codex_tui.protocol.messages import RECORD
from codex_tui.protocol.ratings import BOARD_ROWS, LAST_TABLES, BoardRow, PastSeat, PastTable, PlayerPage
from codex_tui.server.store import Store
from codex_tui.storage.saves import SavedGame, SaveError, load_save


class NotInHistory(Exception):
    """A finished table that cannot be replayed: no such row, or its save is gone or unreadable."""


def player_page(store: Store, name: str, game: str) -> PlayerPage:
    """`name`'s page at `game`: rating, tables played and won, the rating chart, the newest tables, the board."""
    mine = store.player_tables(name, game)
    history = tuple(round(t.rating_after) for t in reversed(mine) if t.rating_after is not None)
    won = sum(1 for t in mine if t.seats[t.seat].winner)
    board = store.leaderboard(game)[:BOARD_ROWS]
    return PlayerPage(
        game=game,
        name=next((t.seats[t.seat].name for t in mine), name),
        rating=history[-1] if history else None,
        played=len(mine),
        won=won,
        history=history,
        tables=tuple(
            PastTable(
                t.id,
                t.ended,
                t.rated,
                t.seat,
                tuple(PastSeat(s.name, s.kind, s.points, s.winner) for s in t.seats),
                None if t.rating_after is None else round(t.rating_after),
                None if t.rating_before is None else round(t.rating_before),
            )
            for t in mine[:LAST_TABLES]
        ),
        board=tuple(BoardRow(row.name, round(row.rating), row.tables, row.wins) for row in board),
    )


def finished_record(store: Store, data: Path, table_id: int) -> dict[str, Any]:
    """The RECORD message of the finished table `table_id` of the history; NotInHistory if it cannot be."""
    path_text = store.finished_path(table_id)
    if path_text is None:
        raise NotInHistory(f"no finished table {table_id}")
    saved = filed_save(data, path_text, f"finished table {table_id}")
    module = registry.game_of(saved.game)
    record = module.export_record(saved.game)
    return {"t": RECORD, "game": module.name, "title": saved.title, "record": record}


def filed_save(data: Path, path_text: str, what: str) -> SavedGame:
    """The save a history row says is at `path_text` (relative to the data folder `data`); NotInHistory,
    naming `what`, if it would leave the data folder, is gone or cannot be read."""
    path = (data / path_text).resolve()
    if not path.is_relative_to(data.resolve()):
        raise NotInHistory(f"{what}: its save is outside the data folder")
    try:
        return load_save(path)
    except SaveError as error:
        raise NotInHistory(f"{what}: {error}") from None
