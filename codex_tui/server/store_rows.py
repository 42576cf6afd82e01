"""The rows the server's store reads and writes, as the rest of the server handles them.

Plain frozen records (`store.py` turns them into SQL and back), so that the
room, the hub and the books can name them without the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum

from codex_tui.storage.saves import HUMAN

KeptOptions = tuple[bool, bool, bool, str, int | None, int | None]
"""A table's options as the store keeps them: hints, spectator_chat, rated, pace, move_limit, number."""


def optional_int(value: object) -> int | None:
    """A nullable INTEGER column's value."""
    return None if value is None else int(value)  # type: ignore[call-overload]


class Claim(Enum):
    """The outcome of claiming a name for a key."""

    CLAIMED = "claimed"
    ALREADY = "already"
    """The key owned exactly this name before."""
    TAKEN = "taken"
    """The name or a look-alike has another owner (a key, or a passphrase without a key)."""
    TOO_MANY = "too many"
    """The key owns as many names as it may."""


@dataclass(frozen=True)
class NameRow:
    """One owned name: its spelling, its SSH key (if any) and its passphrase hash (if any)."""

    name: str
    key: str | None
    fingerprint: str
    key_since: str
    salt: bytes | None
    digest: bytes | None
    passphrase_since: str


@dataclass(frozen=True)
class FinishedSeat:
    """One seat of a table that ended, as its record keeps it."""

    name: str
    kind: str
    """'human' or 'bot:<level>'."""
    points: int
    winner: bool
    bot_rating: float | None = None
    """A bot seat's fixed rating (its level's)."""

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True)
class FinishedTable:
    """A table that ended, for `Store.finish_table`."""

    save: str
    """Its save's file name (one record per save)."""
    path: str
    """Where its save is filed, relative to the data folder (`tables/finished/…`)."""
    game: str
    variant: str
    """The game's variant as JSON (`variant_to_dict`)."""
    rated: bool
    ended: str
    """When it ended (UTC, ISO 8601)."""
    seats: tuple[FinishedSeat, ...]
    number: int | None = None
    """Its number in the lobby while it was played (it keeps it there once finished)."""


@dataclass(frozen=True)
class WaitingTable:
    """A table that waits for players, as the store keeps it so that a restart brings it back."""

    key: str
    game: str
    variant: str
    """The game's variant as JSON (`variant_to_dict`)."""
    names: tuple[str | None, ...]
    """Per seat: who sits there, None for an open seat."""
    kinds: tuple[str, ...]
    seed: int | None
    hints: bool
    spectator_chat: bool
    rated: bool
    save: str | None = None
    """The save's file name once its game is dealt: a row whose save exists is a game that started."""
    pace: str = "live"
    move_limit: int | None = None
    clock: tuple[int, ...] | None = None
    """(minutes, increment) of its clock, if any."""
    number: int | None = None
    """Its number in the lobby (None: kept before numbers were)."""


@dataclass(frozen=True)
class LeaderRow:
    name: str
    rating: float
    tables: int
    """Rated tables played."""
    wins: int
    """Rated tables won (a shared win counts)."""


@dataclass(frozen=True)
class PlayedTable:
    """One finished table as a player's page lists it."""

    id: int
    path: str
    ended: str
    rated: bool
    seat: int
    """The player's seat."""
    seats: tuple[FinishedSeat, ...]
    rating_after: float | None
    rating_before: float | None = None


def now_text() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()
