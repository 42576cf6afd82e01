"""How a test waits: on the state it checks, never on a fixed time. The one place in tests/ with a time in it.

A test that sleeps a fixed time and then reads the screen passes on a quiet
machine and fails beside a CPU hog (the key bar not yet placed, a view not yet
handed to the screen, a bot's first move not yet made). So every wait here
looks at the state again and again until it holds, with one generous timeout
(`WAIT`) that only ends a test that has already failed. `tests/test_waits.py`
fails on any `sleep(...)` or `pause(...)` with a constant elsewhere in tests/.

The times below are not waits for anything:
- `POLL`: how often a state is looked at again;
- `KEY_GAP`: the gap between two keys typed into a real terminal or page, as a
  person types them (a burst of keys is a different test: the random-keys ones);
- `measure_for`: a measurement over a window (the CPU an idle process uses),
  where the window's length is the thing measured;
- `at_a_random_moment`: fault injection (a kill -9 at a random moment), where
  the moment is what is tested.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

WAIT = 20.0
"""Seconds before a wait gives up: only a test that has already failed gets there (a loaded 2-core
machine is slow, so it is generous)."""
POLL = 0.05
"""Seconds between two looks at a state."""
KEY_GAP = 0.05
"""Seconds between two keys typed into a terminal or a page."""


async def poll() -> None:
    """One interval between two looks at a state (inside a loop that looks each time)."""
    await asyncio.sleep(POLL)


def poll_blocking() -> None:
    """`poll` for code that runs outside an event loop (a thread, a fixture's teardown)."""
    time.sleep(POLL)


async def key_gap() -> None:
    """The gap after a key typed into a terminal or a page."""
    await asyncio.sleep(KEY_GAP)


async def wait_until(test: Callable[[], bool], timeout: float = WAIT, what: str = "the server") -> None:
    """Until `test()` holds; AssertionError naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await poll()


async def wait_until_async(test: Callable[[], Awaitable[bool]], timeout: float = WAIT, what: str = "") -> None:
    """`wait_until` for a test that must itself be awaited (a page read through a browser)."""
    deadline = time.monotonic() + timeout
    while not await test():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await poll()


def wait_until_blocking(test: Callable[[], bool], timeout: float = WAIT, what: str = "") -> bool:
    """`wait_until` outside an event loop; returns whether `test()` held before the timeout (the caller
    asserts, with what it has to show)."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            return False
        poll_blocking()
    return True


async def until_shown(pilot: Any, test: Callable[[], bool], timeout: float = WAIT, what: str = "") -> None:
    """`wait_until` for a Textual app under a `Pilot`: between two looks the app gets the time to draw
    (the screen's timers run), as a pause does."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(POLL)


async def measure_for(seconds: float) -> None:
    """A measurement window of `seconds` (not a wait for a state: the window is what is measured)."""
    await asyncio.sleep(seconds)


def at_a_random_moment(rng: random.Random, most: float) -> None:
    """Return after a random time up to `most` seconds (fault injection: the moment is what is tested)."""
    time.sleep(rng.uniform(0, most))
