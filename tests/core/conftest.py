"""The games the conformance test runs over: every registered one.

`game` is parametrized by game name (the test ids), so a game added to the
registry is checked without touching the tests.
"""

from __future__ import annotations

import pytest

from codex_tui.core import registry
from codex_tui.core.contract import GameModule

GAME_NAMES = registry.names()


@pytest.fixture(params=GAME_NAMES)
def game(request: pytest.FixtureRequest) -> GameModule:
    """One registered game."""
    return registry.game_named(request.param)
