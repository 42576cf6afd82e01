"""The games the conformance test runs over: every registered one, and tic-tac-toe.

`game` is parametrized by game name (the test ids), so a game added to the
registry is checked without touching the tests. Tic-tac-toe (a package in
these tests) is registered only while a test that asks for it runs.
"""

from __future__ import annotations

import pytest

from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from tests.core.tictactoe.module import TICTACTOE

GAME_NAMES = (*registry.names(), TICTACTOE.name)


@pytest.fixture(params=GAME_NAMES)
def game(request: pytest.FixtureRequest, tictactoe: GameModule) -> GameModule:
    """One game of the registry (with tic-tac-toe registered beside the real ones)."""
    return registry.game_named(request.param)
