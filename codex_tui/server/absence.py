"""A player who is gone: when the others are offered a bot for their seat, and what it played for them.

A human seat is *absent* when it is that seat's move, nobody is connected to
it, and it has waited longer than the table's limit: AWAY_LIVE at a real-time
table, AWAY_TURNS at a turn-based one (players there come and go). The wait
counts from the latest of: the move began, the player left, the server
started, someone chose to wait. The other players are then offered a choice
(the hub's `absent` field; the app shows it): wait longer, or let a bot of a
level they choose play that seat until its player comes back. Coming back
takes the seat back at once, and the table is told how many moves the bot
made, and which.

Times are wall-clock seconds (`time.time`, injected for tests): the limits are
minutes and days, kept across restarts, and shown to players.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from codex_tui.server.store import Store

AWAY_LIVE = 120.0
"""Seconds a real-time table waits for an absent player's move before the others are offered a bot."""
AWAY_TURNS = 86400.0
"""Seconds a turn-based table waits (one day) before the others are offered a bot."""


@dataclass
class Absence:
    """A table's record of absent seats: when each left, the waits chosen, the bots standing in."""

    left_at: dict[int, float] = field(default_factory=dict)
    """Seat -> when its player left (or the server started without them)."""
    waited_at: dict[int, float] = field(default_factory=dict)
    """Seat -> when another player chose to wait for them (the offer comes back one limit later)."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """Seat -> the bot level playing it while its player is away."""
    stand_in_moves: dict[int, list[int]] = field(default_factory=dict)
    """Seat -> the action numbers (1-based) the stand-in bot played, since it took the seat."""
    bot_played: list[tuple[int, int]] = field(default_factory=list)
    """(seat, action number) of every move a bot played for an absent player, all game: the game's log
    marks them."""

    def offered(
        self, to_act: tuple[int, ...], humans: list[int], online: set[int], turn_since: float, now: float, limit: float
    ) -> tuple[int, ...]:
        """The seats the others may hand to a bot now."""
        seats = []
        for seat in to_act:
            if seat not in humans or seat in online or seat in self.stand_ins:
                continue
            since = max(turn_since, self.left_at.get(seat, 0.0), self.waited_at.get(seat, 0.0))
            if now - since > limit:
                seats.append(seat)
        return tuple(seats)

    def to_data(self) -> dict[str, object]:
        """What the store keeps (JSON): the stand-ins, their moves, the waits chosen."""
        return {
            "stand_ins": {str(seat): level for seat, level in self.stand_ins.items()},
            "moves": {str(seat): moves for seat, moves in self.stand_in_moves.items()},
            "waited": {str(seat): at for seat, at in self.waited_at.items()},
            "played": [list(move) for move in self.bot_played],
        }

    @classmethod
    def from_data(cls, data: object) -> Absence:
        """Back from `to_data` (an unreadable value gives no stand-in: the seat waits for its player)."""
        absence = cls()
        if not isinstance(data, dict):
            return absence
        try:
            absence.stand_ins = {int(seat): str(level) for seat, level in dict(data.get("stand_ins", {})).items()}
            absence.stand_in_moves = {
                int(seat): [int(n) for n in moves] for seat, moves in dict(data.get("moves", {})).items()
            }
            absence.waited_at = {int(seat): float(at) for seat, at in dict(data.get("waited", {})).items()}
            absence.bot_played = [(int(seat), int(number)) for seat, number in data.get("played", [])]
        except (TypeError, ValueError):
            return cls()
        return absence


def read_absence(store: Store, save_path: Path) -> Absence:
    """The absent seats kept for the table saved at `save_path` (none when nothing is kept)."""
    kept = store.absence(save_path.name)
    try:
        return Absence.from_data(json.loads(kept) if kept else {})
    except ValueError:
        return Absence()


def write_absence(store: Store, save_path: Path, absence: Absence) -> None:
    """Keep the absent seats beside the table's save (StoreFailed, an OSError, when they cannot be)."""
    store.set_absence(save_path.name, json.dumps(absence.to_data(), sort_keys=True))
