"""The hub's TABLE message as one type: what a seat (or a spectator) sees of a table that is dealt.

The hub builds a `TableState` for each seat and language and sends its
`to_wire` form; the app reads it back with `from_wire`, which checks every
field, so a renamed or mistyped field fails mypy on both sides, or one
decoding test, and not only a whole game played end to end. The wire form is
a msgpack map with `t: "table"` (docs/architecture.md lists its keys); keys
an older server does not send take the defaults below.

The game's own part, the seat's view, stays the game's: `view` is its
`encode_view` data, decoded by the game module the app finds by `game`.
Written by hand like `TableInfo`: msgspec would type and encode it too, 2-4
times faster, which at about 0.3 ms a message buys nothing a player sees;
docs/architecture.md ("Typed messages") gives the measure and why msgspec is
weighed again for the bot protocol, whose JSON Schemas it would write.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codex_tui.core.seats import SPECTATOR
from codex_tui.protocol.messages import LIVE, TABLE, TURNS, ProtocolError

CLOCK_OUT = "clock"
"""An absent seat whose clock ran out (`AbsentSeat.reason`)."""
AWAY = "away"
"""An absent seat whose player is gone (`AbsentSeat.reason`)."""


@dataclass(frozen=True)
class AbsentSeat:
    """An absent player's seat the other players may hand to a bot now."""

    seat: int
    name: str
    waited: int
    """Seconds the table has waited for them."""
    reason: str = AWAY
    """AWAY or CLOCK_OUT."""


@dataclass(frozen=True)
class SeatClock:
    """One human seat's clock as it stood when the state was sent."""

    seat: int
    left: int
    """Whole seconds left."""
    running: bool


@dataclass(frozen=True)
class TableState:
    """What one seat sees of a dealt table (a waiting one is a WAITING message with its `TableInfo`)."""

    table: int
    game: str
    """The registry name of the table's game."""
    seat: int
    """The receiver's seat; SPECTATOR for someone watching."""
    view: dict[str, Any]
    """The seat's view as the game's `encode_view` writes it."""
    tags: tuple[str, ...] = ()
    """Per seat, what the score track shows after the name (a bot's level, "away")."""
    waiting_for: str | None = None
    """Who the table waits for, in the receiver's language."""
    hints: bool = False
    pace: str = LIVE
    spectator_chat: bool = False
    rated: bool = False
    result: Any = None
    """The game's `result_to_wire` data once it is over; None before."""
    paused: str | None = None
    """The line over the game while the server cannot save the table."""
    time_out: str | None = None
    """The line over the game while the receiver's own clock has run out."""
    absent: tuple[AbsentSeat, ...] = ()
    """Absent seats the receiver may hand to a bot (never the receiver's own)."""
    levels: tuple[str, ...] = ()
    """The bot levels offered for them."""
    bot_played: tuple[tuple[int, int], ...] = ()
    """(seat, move number) of every move a bot played for an absent player."""
    clocks: tuple[SeatClock, ...] = ()
    """The human seats' clocks, at a table with a clock whose game is not over."""

    def to_wire(self) -> dict[str, Any]:
        message: dict[str, Any] = {
            "t": TABLE,
            "table": self.table,
            "game": self.game,
            "seat": self.seat,
            "view": self.view,
            "tags": list(self.tags),
            "waiting_for": self.waiting_for,
            "hints": self.hints,
            "pace": self.pace,
            "spectator_chat": self.spectator_chat,
            "rated": self.rated,
        }
        if self.result is not None:
            message["result"] = self.result
        if self.paused is not None:
            message["paused"] = self.paused
        if self.time_out is not None:
            message["time_out"] = self.time_out
        if self.absent:
            message["absent"] = [[a.seat, a.name, a.waited, a.reason] for a in self.absent]
            message["levels"] = list(self.levels)
        if self.bot_played:
            message["bot_played"] = [list(move) for move in self.bot_played]
        if self.clocks:
            message["clocks"] = [[c.seat, c.left, c.running] for c in self.clocks]
        return message

    @classmethod
    def from_wire(cls, data: Any) -> TableState:
        """A TABLE message from the hub; ProtocolError naming what is malformed."""
        try:
            view = data["view"]
            if not isinstance(view, dict):
                raise TypeError("the view is not a map")
            waiting_for = data.get("waiting_for")
            return cls(
                table=int(data["table"]),
                game=str(data["game"]),
                seat=int(data.get("seat", SPECTATOR)),
                view=view,
                tags=tuple(str(tag) for tag in data.get("tags", ())),
                waiting_for=str(waiting_for) if waiting_for else None,
                hints=data.get("hints", False) is True,
                pace=TURNS if data.get("pace") == TURNS else LIVE,
                spectator_chat=data.get("spectator_chat", False) is True,
                rated=data.get("rated", False) is True,
                result=data.get("result"),
                paused=_line(data.get("paused")),
                time_out=_line(data.get("time_out")),
                absent=tuple(_absent_seat(entry) for entry in data.get("absent", ())),
                levels=tuple(str(level) for level in data.get("levels", ())),
                bot_played=tuple((int(seat), int(number)) for seat, number in data.get("bot_played", ())),
                clocks=tuple(
                    SeatClock(int(s), int(left), bool(running)) for s, left, running in data.get("clocks", ())
                ),
            )
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"malformed table state: {error}") from None


def _line(value: object) -> str | None:
    """A line the server worded for the screen (cut to a length a screen can show)."""
    return str(value)[:300] if value else None


def _absent_seat(entry: Any) -> AbsentSeat:
    seat, name, waited, *rest = entry
    return AbsentSeat(int(seat), str(name), round(float(waited)), str(rest[0]) if rest else AWAY)
