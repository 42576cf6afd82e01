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

from dataclasses import dataclass, field

from codex_tui.server.live_rows import KeptAbsence

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
    since: dict[int, int] = field(default_factory=dict)
    """Seat -> the actions played when its stand-in took it."""
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

    def bot_moved(self, seat: int, number: int) -> None:
        """A bot played action `number` (1-based) for absent `seat` (its player may be back by now: the
        move is the bot's all the same, but no longer the stand-in's to tell them of)."""
        self.bot_played.append((seat, number))
        if seat in self.stand_ins:
            self.stand_in_moves.setdefault(seat, []).append(number)

    def kept(self) -> KeptAbsence:
        """What the store keeps (`live_rows`): the stand-ins and from which move on, the waits chosen, the
        moves bots played."""
        return KeptAbsence(dict(self.stand_ins), dict(self.since), dict(self.waited_at), tuple(self.bot_played))

    @classmethod
    def from_kept(cls, kept: KeptAbsence) -> Absence:
        """Back from `kept` (when each player left is not kept: a restart counts from the start)."""
        moves = {
            seat: [n for s, n in kept.bot_moves if s == seat and n > kept.since.get(seat, 0)] for seat in kept.stand_ins
        }
        return cls(
            waited_at=dict(kept.waited_at),
            stand_ins=dict(kept.stand_ins),
            since=dict(kept.since),
            stand_in_moves=moves,
            bot_played=list(kept.bot_moves),
        )
