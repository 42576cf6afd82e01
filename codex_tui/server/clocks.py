"""A real-time table's clock: a bank of minutes per player and an increment, ticking only for the seats to act.

A seat's clock runs while it is that seat's move (several run at once when
several seats choose at once, as Instinkt's secret picks), and each move adds
the increment to the bank of the seat that made it. A seat whose time is out
is offered to the other players like an absent one (`TableRoom.check_absences`):
they may let a bot play it, or wait. Bots' seats have no clock.

Time is the room's monotonic clock (`TableRoom.mono`: tests give their own);
the banks are kept in the store with every move, in its transaction, so a restart resumes each
clock where it stood (the time the server was down is nobody's).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from codex_tui.server.live_rows import KeptClock


@dataclass
class Clock:
    minutes: int
    increment: int
    banks: list[float]
    """Seconds left per seat, as of `mark`."""
    running: tuple[int, ...] = ()
    """The seats whose clock runs now."""
    mark: float = 0.0
    """When the banks were last brought up to date (monotonic seconds)."""

    @classmethod
    def new(cls, minutes: int, increment: int, seats: int, running: Iterable[int], now: float) -> Clock:
        return cls(minutes, increment, [minutes * 60.0] * seats, tuple(running), now)

    def settle(self, now: float) -> None:
        """Take the time since `mark` off every running seat's bank."""
        for seat in self.running:
            self.banks[seat] -= now - self.mark
        self.mark = now

    def moved(self, seat: int, now: float, running: Iterable[int]) -> None:
        """`seat` made a move at `now`; `running` are the seats to act after it."""
        self.settle(now)
        self.banks[seat] += self.increment
        self.running = tuple(running)

    def restart(self, now: float, running: Iterable[int]) -> None:
        """Start counting from `now` (a restart: the time the server was down is not counted)."""
        self.mark = now
        self.running = tuple(running)

    def left(self, seat: int, now: float) -> float:
        """Seconds `seat` has left at `now`."""
        return self.banks[seat] - (now - self.mark if seat in self.running else 0.0)

    def out(self, now: float) -> tuple[int, ...]:
        """The running seats whose time is out."""
        return tuple(seat for seat in self.running if self.left(seat, now) <= 0)

    def kept(self) -> KeptClock:
        """What the store keeps (`live_rows`): the banks as of `mark`."""
        return KeptClock(self.minutes, self.increment, tuple(self.banks))

    @classmethod
    def from_kept(cls, kept: KeptClock, now: float) -> Clock:
        """Back from `kept`, counting from `now` (nothing runs until `restart`)."""
        return cls(kept.minutes, kept.increment, list(kept.banks), (), now)
