"""The clocks of a table as the player app shows them: beside each name, the time left, ticking for the seat
to act. The hub sends each seat's seconds as its message leaves (`clocks`); the app counts down from when it
arrived, so a second here is a second there without either clock being sent again every second."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from codex_tui.protocol.table_state import SeatClock

CLOCK_TICK = 1.0
"""Seconds between two redraws of the clocks."""


def clock_text(seconds: float) -> str:
    """'9:41', '0:07'; '0:00' once out."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True)
class ClockReading:
    seats: dict[int, tuple[float, bool]] = field(default_factory=dict)
    """Seat -> (seconds left when it arrived, running)."""
    arrived: float = 0.0
    """When it arrived (the app's monotonic clock)."""

    @classmethod
    def of(cls, clocks: Sequence[SeatClock], now: float) -> ClockReading:
        """The table state's `clocks` (none: no clock is shown), arrived at `now`."""
        return cls({clock.seat: (float(clock.left), clock.running) for clock in clocks}, now)

    def left(self, seat: int, now: float) -> float | None:
        if seat not in self.seats:
            return None
        left, running = self.seats[seat]
        return left - (now - self.arrived) if running else left

    def tags(self, tags: Sequence[str], now: float) -> tuple[str, ...]:
        """The score track's word per seat, with the time left where it would say nothing (a player at
        the table); a bot's level and 'away' stay as they are."""
        shown = []
        for seat, tag in enumerate(tags):
            left = self.left(seat, now)
            shown.append(clock_text(left) if left is not None and not tag else tag)
        return tuple(shown)
