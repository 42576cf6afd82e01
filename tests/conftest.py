"""Every test starts in English with no remembered settings, whatever the machine's locale.

The locale becomes C.UTF-8 (English, and still UTF-8 for the terminals and
programs a test starts) rather than unset."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import hypothesis  # noqa: F401  (loaded before the tests: see the comment below)
import pytest

from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.i18n import DEFAULT, set_language
from codex_tui.i18n.choice import LANGUAGE_VARIABLE, LOCALE_VARIABLES
from tests.core.tictactoe.module import TICTACTOE

pytest_plugins = ("tests.server.fixtures", "tests.hang_guard")
"""The servers, terminals and browsers of tests/server, tests/web and tests/client, defined once; and a
test that hangs failing, with where it waits, instead of holding the run."""


SLOW = {
    "server": "a server, SSH sessions and bots for each test",
    "web": "a browser for each player",
    "client": "the player app against a server",
    "app/test_snapshots.py": "every screen in every language at two sizes",
    "app/test_random_keys.py": "thousands of random keys on every screen",
    "app/test_tutorial_walk.py": "both tutorials walked to the end in every language",
    "app/test_play.py": "whole games through the app, interrupted and resumed",
    "storage/test_kill.py": "hundreds of kill -9 of a writing process",
    "storage/test_fuzz.py": "thousands of damaged saves",
    "test_selfplay.py": "whole games of every kind through the rules core",
    "test_cli_advice.py": "reviews of whole games, in worker processes too",
    "core/test_conformance.py": "every bot level of every game from wire views",
    "core/test_advice_conformance.py": "hints and reviews searched for every game",
    "games/codex/bots/test_search.py": "search bots' matches",
    "games/instinkt/test_bots.py": "search bots' matches",
    "games/codex/ui/test_codex_hints.py": "hints searched through the app",
    "i18n/test_pseudo_screens.py": "every screen drawn in the pseudo-language",
    "core/test_screen_privacy.py": "twin games drawn side by side, turn after turn",
    "app/test_random_keys_regressions.py": "apps in real terminals, and keys in bursts",
}
"""Test folders and files of the slow tier, and why: `pytest -m "not slow"` (the inner loop) leaves them out;
the README's test command, and CI, run everything."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of the `SLOW` places slow."""
    root = Path(__file__).parent
    for item in items:
        place = item.path.relative_to(root).as_posix()
        if any(place == slow or place.startswith(slow + "/") for slow in SLOW):
            item.add_marker(pytest.mark.slow)


GC_THRESHOLDS = (20_000, 20, 10)
"""Allocations between two young collections, and young (then middle) collections between two older
ones: a test worker builds and drops a Textual app per test, hundreds of thousands of short-lived
objects, and with Python's defaults (700, 10, 10) it spent a fifth of a snapshot test's CPU in the
collector. The oldest generation is still collected every few tests, so that the garbage of one test
(a task left pending, a session not closed) is not found, and logged, tests later."""


# Hypothesis's pytest plugin imports the library in its end-of-run summary, in every worker process
# that has not loaded it yet. After the last test, under load, that took over 5 s: past that, xdist's
# gateway interrupts the worker with SIGINT, and the KeyboardInterrupt, landing in a garbage collector
# callback, was printed as a PytestUnraisableExceptionWarning. Imported here, it is already loaded.


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the tests are imported: what is loaded now (Textual, the games, the tests) lives until the
    worker ends, so it is frozen out of every later collection, and collections come less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


@pytest.fixture(autouse=True)
def english_and_no_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.delenv(LANGUAGE_VARIABLE, raising=False)
    for name in LOCALE_VARIABLES:
        monkeypatch.setenv(name, "C.UTF-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    set_language(DEFAULT)
    yield
    set_language(DEFAULT)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    """An empty saves folder for the app under test."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def tictactoe() -> Iterator[GameModule]:
    """Tic-tac-toe (a third game, defined only in the tests), in the registry for this test only."""
    with registry.registered(TICTACTOE) as game:
        yield game
