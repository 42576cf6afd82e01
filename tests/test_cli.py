"""The command line: selfplay, export and check, and their failures."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from codex_tui.cli import main
from codex_tui.core import registry
from codex_tui.core.contract import CliCommand
from codex_tui.games.codex.module import CodexNaturalis


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


class _WithCommands(CodexNaturalis):
    """A registered game that brings its own commands (the rules are Codex's; only the name differs)."""

    name = "test-game-with-commands"
    record_format = "test-game-record"

    def __init__(self, command: str) -> None:
        self.command = command

    def cli_commands(self) -> tuple[CliCommand, ...]:
        def add_arguments(parser: argparse.ArgumentParser) -> None:
            parser.add_argument("--times", type=int, default=1)

        def run(args: argparse.Namespace) -> int:
            print("hello " * args.times)
            return 7

        return (CliCommand(self.command, "say hello", add_arguments, run),)


def test_a_game_s_own_command_comes_from_the_registry(capsys) -> None:
    with registry.registered(_WithCommands("hello")):
        assert main(["hello", "--times", "2"]) == 7
        assert capsys.readouterr().out.strip() == "hello hello"
    with pytest.raises(SystemExit):  # gone with its game: argparse refuses it
        main(["hello"])
    assert "invalid choice: 'hello'" in capsys.readouterr().err


def test_two_commands_of_one_name_are_refused() -> None:
    with (
        registry.registered(_WithCommands("export")),
        pytest.raises(ValueError, match="two commands are called export"),
    ):
        main(["check", "x.json"])


def test_a_record_of_no_known_format_is_read_as_the_default_game_s(tmp_path: Path, capsys) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "chess-pgn"}))
    assert main(["check", str(path)]) == 2
    assert "not a valid game record: format: this is not a codex-naturalis-record" in capsys.readouterr().err


def test_learn_names_the_games_it_knows_when_asked_for_another(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "chess"]) != 0
    err = capsys.readouterr().err
    assert "no tutorial for 'chess'" in err and "codex" in err and "instinkt" in err
