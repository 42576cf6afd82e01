"""Every server test checks that it leaves no process behind (apps, bot workers, servers)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.server.harness import children_of
from tests.waiting import wait_until_blocking


@pytest.fixture(autouse=True)
def no_processes_left_behind() -> Iterator[None]:
    """Every app, bot worker and server a test starts is gone when it ends."""
    before = set(children_of(os.getpid()))
    yield
    wait_until_blocking(lambda: not set(children_of(os.getpid())) - before, timeout=5)
    left = set(children_of(os.getpid())) - before
    assert not left, f"processes left running: {sorted(left)}"
