"""Every test starts in English with no remembered settings, whatever the machine's locale.

The locale becomes C.UTF-8 (English, and still UTF-8 for the terminals and
programs a test starts) rather than unset."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.i18n import DEFAULT, set_language
from codex_tui.i18n.choice import LANGUAGE_VARIABLE, LOCALE_VARIABLES
from tests.core.tictactoe.module import TICTACTOE

pytest_plugins = ("tests.server.fixtures",)
"""The servers, terminals and browsers of tests/server, tests/web and tests/client, defined once."""


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
