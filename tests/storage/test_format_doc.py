"""docs/save-format.md stays true: its fields are the written fields, its code runs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import msgpack
import pytest

from codex_tui.games.codex.record import import_record
from codex_tui.storage.saves import SAVE_VERSION, SavedGame, encode_save, load_save, write_save
from tests.helpers import play_random, started_game

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "save-format.md").read_text()
FIXTURES = Path(__file__).parent / "fixtures"


def table_fields(heading: str) -> set[str]:
    """The backticked names in the first column of the table under `heading`'s header row."""
    section = DOC[DOC.index(f"| {heading} |") :]
    rows = section.split("\n\n", 1)[0].splitlines()[2:]
    return {re.match(r"\| `([a-z_0-9]+)`", row).group(1) for row in rows}  # type: ignore[union-attr]


def written(seats: int = 3) -> tuple[dict, dict]:
    game = play_random(started_game(seats, seed=2), seed=2, steps=40)
    envelope = msgpack.unpackb(encode_save(SavedGame(game, ("human",) * seats)), raw=False)
    return envelope, msgpack.unpackb(envelope["body"], raw=False)


def test_the_tables_list_exactly_the_fields_written() -> None:
    envelope, body = written()
    assert table_fields("envelope field") == set(envelope)
    assert table_fields("body field") == set(body)
    assert table_fields("setup field") == set(body["setup"])
    assert f"# Save file format, version {SAVE_VERSION}" in DOC
    assert f"| {SAVE_VERSION} |" in DOC  # the version history has a row for it


def test_every_action_type_is_documented() -> None:
    _, body = written()
    documented = set(re.findall(r'^\| `"([a-z]+)"` \|', DOC, re.MULTILINE))
    assert {action["type"] for action in body["actions"]} <= documented
    assert documented == {"starter", "objective", "place", "draw", "pass"}


@pytest.mark.parametrize("source", ["current", "v1-unfinished-Ada-vs-Bo.msgpack"])
def test_the_reading_example_runs_and_gives_a_record(tmp_path: Path, source: str, capsys) -> None:
    path = tmp_path / "game.msgpack"
    if source == "current":
        write_save(path, SavedGame(play_random(started_game(2, seed=8), seed=8), ("human", "bot:greedy")))
    else:
        shutil.copy(FIXTURES / source, path)
    blocks = re.findall(r"```python\n(.+?)```", DOC, re.DOTALL)
    assert len(blocks) == 2
    scope: dict = {"path": str(path)}
    for block in blocks:
        exec(block, scope)  # the documentation's own code, as a reader would run it
    saved = load_save(path)
    assert capsys.readouterr().out.startswith(saved.title)
    assert import_record(scope["record"]) == saved.game
