"""What a host reads: a store that cannot start says why in words, with no traceback, and no host command
prints a library's warning."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from codex_tui.cli import ratings
from codex_tui.server import store as store_module
from codex_tui.server.store import Store
from codex_tui.server.store_schema import DB_FILE, StoreError

HOLD = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.read()
"""
"""A program that holds the database locked until its standard input closes."""


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder with a server database in it."""
    folder = tmp_path / "data"
    Store(folder).close()
    return folder


@pytest.fixture
def locked(data: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding `data`'s database locked."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(data / DB_FILE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    yield holder
    assert holder.stdin is not None
    holder.stdin.close()
    holder.wait()


def test_a_locked_database_is_refused_naming_who_holds_it(
    data: Path, locked: subprocess.Popen[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "OPEN_TIMEOUT", 0.2)
    with pytest.raises(StoreError) as refused:
        Store(data)
    words = str(refused.value)
    assert str(data / DB_FILE) in words and "is locked" in words
    assert f"pid {locked.pid} (" in words and "Stop that program" in words


def test_a_host_command_on_a_locked_database_says_so_without_a_traceback(
    data: Path, locked: subprocess.Popen[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(store_module, "OPEN_TIMEOUT", 0.2)
    parser = argparse.ArgumentParser()
    ratings.add_arguments(parser)
    assert ratings.run(parser.parse_args(["--data", str(data)])) == 2
    printed = capsys.readouterr()
    assert "is locked" in printed.err and "Traceback" not in printed.err + printed.out


def test_host_commands_print_no_library_warning(data: Path) -> None:
    """cryptography 51 warns that DSA is deprecated when asyncssh is imported: ten lines on every host command."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONWARNINGS"}
    for command in (["ratings", "--data", str(data)], ["invite", "ada", "--data", str(data)]):
        done = subprocess.run(
            [sys.executable, "-m", "codex_tui", *command], capture_output=True, text=True, env=env, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert "Warning" not in done.stderr and "warn" not in done.stderr.lower(), done.stderr
