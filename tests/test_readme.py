"""README starts with the two commands, and CI runs exactly its test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_starts_with_play_and_test_commands() -> None:
    commands = readme_commands()
    assert len(commands) >= 2
    play, test = commands[:2]
    assert "pip install" in play and "codex_tui" in play
    assert "pip install" in test and "pytest" in test
    text = (ROOT / "README.md").read_text()
    assert text.index(play) < text.index("## ")


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci/run").read_text().splitlines()
    assert readme_commands()[1] in ci
