"""The guard that fails a hung test (tests/hang_guard.py) fails it, and says where it waited."""

from __future__ import annotations

import asyncio

import pytest

from tests.hang_guard import TestHung, fails_if_hung

MOMENT = 0.2
"""Seconds the guard gives the waits below: they wait for ever, so any time ends them."""


async def reads_an_answer_that_never_comes() -> None:
    await asyncio.Event().wait()


async def asks_and_waits() -> None:
    await reads_an_answer_that_never_comes()


def test_a_wait_for_ever_in_an_event_loop_fails_naming_where_it_waits() -> None:
    with pytest.raises(TestHung) as raised, fails_if_hung(MOMENT):
        asyncio.run(asks_and_waits())
    assert "reads_an_answer_that_never_comes" in str(raised.value)  # the await inside the task's coroutine
    assert "still running after 0.2 s" in str(raised.value)


def test_a_test_that_ends_in_time_is_left_alone() -> None:
    with fails_if_hung(MOMENT):
        assert asyncio.run(asyncio.sleep(0, result=7)) == 7
    with fails_if_hung(MOMENT):
        pass
