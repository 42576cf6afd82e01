"""A test that hangs fails, saying what it was waiting on, instead of holding the whole run.

Every wait in tests/ has a timeout (`tests/waiting.py`), but a test can still wait on
something that has none: an `await` on a future no one completes, a library's own
wait. One such hang held a full run at 99 % until it was killed; under CI it would
have held the run until CI cut it at 90 minutes, naming no test. Here each phase of a
test (set-up, call, tear-down) gets `HUNG_AFTER` seconds; past that the phase fails
with `TestHung`, whose message lists what every asyncio task and thread was doing.
"""

from __future__ import annotations

import asyncio
import io
import signal
import sys
import threading
import traceback
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from types import FrameType

import pytest

HUNG_AFTER = 600.0
"""Seconds one phase of a test may take: over ten times the longest test on a quiet 2-core machine
(a soak piece, 35 s), and four times that beside two CPU hogs. Only a test that hangs gets there."""
STACK_DEPTH = 15
"""Innermost frames shown of each thread (below them: pytest and pluggy)."""


class TestHung(Exception):
    """A phase of a test took `HUNG_AFTER` seconds; the message is where everything was waiting."""

    __test__ = False  # a name pytest would otherwise collect as a test class


def where_everything_waits(frame: FrameType | None) -> str:
    """The stacks of the running loop's tasks (where each `await` is) and of every thread."""
    text = io.StringIO()
    loop = asyncio._get_running_loop()
    for task in asyncio.all_tasks(loop) if loop is not None else ():
        text.write(f"task {task.get_name()}:\n")
        text.writelines(f"  {place}\n" for place in awaits(task.get_coro()))
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    for ident, stack in sys._current_frames().items():
        text.write(f"thread {names.get(ident, ident)}:\n")
        shown = frame if ident == threading.get_ident() else stack
        text.write("".join(traceback.format_stack(shown, limit=STACK_DEPTH)))
    return text.getvalue()


def awaits(coroutine: object) -> Iterator[str]:
    """Where a suspended coroutine waits, outermost first: each coroutine it awaits in turn (a task's
    own stack shows only the outermost)."""
    while coroutine is not None:
        frame = getattr(coroutine, "cr_frame", None) or getattr(coroutine, "gi_frame", None)
        if frame is not None:
            yield f"{frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}"
        coroutine = getattr(coroutine, "cr_await", None) or getattr(coroutine, "gi_yieldfrom", None)


@contextmanager
def fails_if_hung(seconds: float = HUNG_AFTER) -> Iterator[None]:
    """Raise `TestHung` in the main thread after `seconds` (SIGALRM: it also ends a wait inside the
    event loop's `select`). Elsewhere (another thread, no SIGALRM) it does nothing."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def hung(signum: int, frame: FrameType | None) -> None:
        raise TestHung(f"still running after {seconds:g} s; where everything waits:\n{where_everything_waits(frame)}")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    with fails_if_hung():
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    with fails_if_hung():
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    with fails_if_hung():
        return (yield)
