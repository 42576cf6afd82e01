"""The command line: selfplay, export and check, and their failures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from codex_tui.cli import main


@pytest.fixture
def one_save(tmp_path: Path, capsys) -> Path:
    assert main(["selfplay", "--players", "3", "--seed", "5", "--games", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "2 game(s), 3 x greedy" in out
    files = sorted(tmp_path.glob("*.msgpack"))
    assert len(files) == 2
    return files[0]


def test_export_then_check_round_trip(one_save: Path, tmp_path: Path, capsys) -> None:
    assert main(["export", str(one_save)]) == 0
    record = json.loads(capsys.readouterr().out)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["check", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == record["result"]


def test_check_reports_the_first_illegal_action(one_save: Path, tmp_path: Path, capsys) -> None:
    main(["export", str(one_save)])
    record = json.loads(capsys.readouterr().out)
    index = next(i for i, a in enumerate(record["actions"]) if a["type"] == "draw")
    record["actions"][index] = {
        "type": "draw",
        "player": record["actions"][index]["player"],
        "source": "market",
        "card": 999,
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["check", str(path)]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["action_index"] == index
    assert f"action {index} is illegal" in captured.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "/no/such/record.json"], "cannot be read"),
        (["export", "/no/such/save.msgpack"], "does not exist"),
    ],
)
def test_missing_files_fail_cleanly(args, message, capsys) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_garbage_files_fail_cleanly(tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk"
    junk.write_bytes(b"\x00\xff" * 50)
    assert main(["export", str(junk)]) == 2
    assert "not a codex-tui save" in capsys.readouterr().err
    junk.write_text("{not json")
    assert main(["check", str(junk)]) == 2
    assert "is not JSON" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["play"], ["saves"], []])
def test_the_app_refuses_to_start_without_a_terminal(args: list[str], tmp_path: Path) -> None:
    """Drawn into a pipe it would spin on the end of input; it says why it will not start instead."""
    folder = ["--saves-dir", str(tmp_path)] if args == ["play"] else ["--dir", str(tmp_path)] if args else []
    done = subprocess.run(
        [sys.executable, "-m", "codex_tui", *args, *folder],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "needs an interactive terminal" in done.stderr
    assert done.stdout == ""
