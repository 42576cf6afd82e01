"""The rules, bots and storage never import a UI library (checked in a fresh interpreter)."""

from __future__ import annotations

import subprocess
import sys

import pytest

UI_MODULES = ("textual", "rich")


@pytest.mark.parametrize(
    "package",
    [
        "codex_tui.games.codex.rules",
        "codex_tui.games.codex.bots",
        "codex_tui.storage.saves",
        "codex_tui.games.codex.bots.selfplay",
    ],
)
def test_core_packages_do_not_import_ui(package: str) -> None:
    code = (
        f"import sys, {package}, codex_tui.games.codex.bots.greedy, codex_tui.games.codex.bots.random_bot\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {UI_MODULES!r})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
