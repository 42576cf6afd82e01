"""Attempts per key within a sliding window, counted from the moment they start.

A limit that is consulted before a slow step (a scrypt hash) and counted only
after it does not hold under concurrency: 200 guesses sent at once all pass
the check before the first one is counted. Here an attempt takes its slot when
it begins, in the same step as the check (`AttemptLimiter.begin`), and then
either stays counted for the rest of the window (`Attempt.count`: a wrong
passphrase, a name claimed) or gives its slot back (`Attempt.drop`: a right
passphrase, a claim that did not happen). So at most `limit` attempts are ever
under way or counted per key and window, however many arrive at once.

Both doors use it from the event loop and from worker threads (the SSH door
binds names on the loop, the browser door claims them in a thread), hence
the lock.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_KEYS = 10_000
"""Keys kept before those with nothing left in the window are swept out."""


@dataclass
class Attempt:
    """One attempt under way: it holds a slot in each of its keys until counted or dropped."""

    limiter: AttemptLimiter
    keys: tuple[str, ...]
    done: bool = field(default=False, init=False)

    def count(self) -> None:
        """The attempt counts against its keys for the rest of the window (a failure, a claim)."""
        self.limiter._finish(self, counted=True)

    def drop(self) -> None:
        """The attempt gives its slots back (a success that costs nothing, or nothing done)."""
        self.limiter._finish(self, counted=False)


class AttemptLimiter:
    """Counted attempts and attempts under way, per key, within a sliding window of `window` seconds
    (on `clock`: `time.monotonic`, or a test's)."""

    def __init__(self, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = float(window)
        self.clock = clock
        self._counted: dict[str, deque[float]] = {}
        self._under_way: dict[str, int] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._counted.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._counted[key]
        return times

    def load(self, key: str) -> int:
        """Attempts counted in the window or under way for `key`."""
        with self._lock:
            return len(self._recent(key, self.clock())) + self._under_way.get(key, 0)

    def begin(self, *limits: tuple[str, int]) -> Attempt | float:
        """Start an attempt under each `(key, limit)`: an `Attempt` holding a slot in every key,
        or, if any key is full, the seconds until it may have room (nothing is taken then).

        A key full only of attempts under way answers with the whole window: how long those
        take is not known, and the answer only says when to try again."""
        now = self.clock()
        with self._lock:
            if len(self._counted) > MAX_KEYS:
                self._forget_old(now)
            waits = []
            for key, limit in limits:
                times = self._recent(key, now)
                over = len(times) + self._under_way.get(key, 0) - limit + 1
                if over > 0:  # room once `over` counted attempts have left the window
                    first_out = times[over - 1] + self.window - now if over <= len(times) else self.window
                    waits.append(max(first_out, 0.001))
            if waits:
                return max(waits)
            keys = tuple(key for key, _ in limits)
            for key in keys:
                self._under_way[key] = self._under_way.get(key, 0) + 1
            return Attempt(self, keys)

    def _forget_old(self, now: float) -> None:
        """Drop the keys whose attempts have all left the window (many addresses tried once each)."""
        for key in list(self._counted):
            self._recent(key, now)

    def _finish(self, attempt: Attempt, counted: bool) -> None:
        now = self.clock()
        with self._lock:
            if attempt.done:
                return
            attempt.done = True
            for key in attempt.keys:
                left = self._under_way[key] - 1
                if left:
                    self._under_way[key] = left
                else:
                    del self._under_way[key]
                if counted:
                    self._recent(key, now)
                    self._counted.setdefault(key, deque()).append(now)
