"""The ratings page on the wire: a game's leaderboard and one player's page, and the requests for them.

Up, `{t: ratings, game, name?}` asks for `game`'s page of `name` (yourself
when absent); down, `{t: ratings, page}` answers with a `PlayerPage`. Up,
`{t: replay_finished, id}` asks for the record of a finished table of the
server's history (`PastTable.id`); the answer is the usual `record` message.
A finished game holds no secret any more, so anyone may replay any of them,
as the lobby's finished rows already allow. Everything from the wire is
checked here (`ProtocolError`), like the rest of `messages`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codex_tui.protocol.messages import ProtocolError, game_named, valid_name

START_RATING = 1500
"""A player's rating before their first rated table of a game (`codex_tui.server.ratings`)."""
RATINGS = "ratings"
REPLAY_FINISHED = "replay_finished"
BOARD_ROWS = 20
"""Players a leaderboard sends (the best)."""
LAST_TABLES = 20
"""Finished tables a player's page lists (the newest)."""
MAX_RECORD_ID = 2**62


@dataclass(frozen=True)
class PastSeat:
    name: str
    kind: str
    """'human' or 'bot:<level>'."""
    points: int
    winner: bool


@dataclass(frozen=True)
class PastTable:
    """A finished table on a player's page."""

    id: int
    """Its row in the server's history (`replay_finished` asks for it)."""
    ended: str
    """When it ended: UTC, ISO 8601."""
    rated: bool
    seat: int
    """The player's seat at it."""
    seats: tuple[PastSeat, ...]
    rating_after: int | None
    """The player's rating after it (a rated table), else None."""
    rating_before: int | None = None
    """Their rating before it (a rated table), else None."""


@dataclass(frozen=True)
class BoardRow:
    name: str
    rating: int
    tables: int
    """Rated tables played."""
    wins: int


@dataclass(frozen=True)
class PlayerPage:
    """A player's page at one game, with the game's leaderboard."""

    game: str
    name: str
    rating: int | None
    """None before their first rated table of the game."""
    played: int
    """Finished tables of the game, rated or not."""
    won: int
    history: tuple[int, ...]
    """Their rating after each rated table, oldest first (the chart)."""
    tables: tuple[PastTable, ...]
    """The newest finished tables, newest first (at most LAST_TABLES)."""
    board: tuple[BoardRow, ...]
    """The game's best rated players, best first (at most BOARD_ROWS)."""

    def to_wire(self) -> dict[str, Any]:
        return {
            "t": RATINGS,
            "game": self.game,
            "name": self.name,
            "rating": self.rating,
            "played": self.played,
            "won": self.won,
            "history": list(self.history),
            "tables": [
                [
                    t.id,
                    t.ended,
                    t.rated,
                    t.seat,
                    [[s.name, s.kind, s.points, s.winner] for s in t.seats],
                    t.rating_after,
                    t.rating_before,
                ]
                for t in self.tables
            ],
            "board": [[row.name, row.rating, row.tables, row.wins] for row in self.board],
        }

    @classmethod
    def from_wire(cls, data: Any) -> PlayerPage:
        """A page from the hub; ProtocolError for a malformed one."""
        try:
            rating = data["rating"]
            return cls(
                game=game_named(data["game"]).name,
                name=str(data["name"]),
                rating=None if rating is None else int(rating),
                played=int(data["played"]),
                won=int(data["won"]),
                history=tuple(int(value) for value in data["history"]),
                tables=tuple(
                    PastTable(
                        int(table_id),
                        str(ended),
                        bool(rated),
                        int(seat),
                        tuple(PastSeat(str(n), str(k), int(p), bool(w)) for n, k, p, w in seats),
                        None if after is None else int(after),
                        None if before is None else int(before),
                    )
                    for table_id, ended, rated, seat, seats, after, before in data["tables"][:LAST_TABLES]
                ),
                board=tuple(BoardRow(str(n), int(r), int(t), int(w)) for n, r, t, w in data["board"][:BOARD_ROWS]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"malformed ratings page: {error}") from None


def ratings_request(game: str, name: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"t": RATINGS, "game": game}
    if name is not None:
        message["name"] = name
    return message


def parse_ratings_request(message: dict[str, Any]) -> tuple[str, str | None]:
    """(game, name or None for the asker's own page) of a RATINGS request."""
    game = game_named(message.get("game")).name
    name = message.get("name")
    if name is not None and not valid_name(name):
        raise ProtocolError("name must be a player name")
    return game, name


def parse_record_id(message: dict[str, Any]) -> int:
    """The history row a REPLAY_FINISHED request names."""
    value = message.get("id")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < MAX_RECORD_ID:
        raise ProtocolError("id must be a finished table's number")
    return value
