"""Every server test checks that it leaves no process behind (apps, bot workers, servers)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from tests.server.harness import children_of


@pytest.fixture(autouse=True)
def no_processes_left_behind() -> Iterator[None]:
    """Every app, bot worker and server a test starts is gone when it ends."""
    before = set(children_of(os.getpid()))
    yield
    deadline = time.monotonic() + 5
    while (left := set(children_of(os.getpid())) - before) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left, f"processes left running: {sorted(left)}"
