"""kill -9 a process in the middle of autosaving, again and again: no save is lost.

A writer process (kill_writer.py, forked) rewrites three saves in turn, each one
action longer than before, printing each write once it has finished. The
test kills it with SIGKILL at a random moment, then checks every save left
behind: it loads, and it holds the last game the writer reported or the one
after it (the write in flight), never anything else; the folder lists only
readable saves, temp files left by the kill are not listed, and a later
writer removes them. Then a new writer resumes from the saves, and so on.
"""

from __future__ import annotations

import os
import random
import signal
from dataclasses import dataclass
from pathlib import Path

import pytest

from codex_tui.storage.catalog import SaveSummary, scan_saves
from codex_tui.storage.saves import is_temp_file, load_save, remove_stale_temp_files, temp_file_owner
from tests.storage.kill_writer import KINDS, next_count, save_path, start_writer, states
from tests.waiting import at_a_random_moment

FILES = 3

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


@dataclass
class KillStats:
    kills: int = 0
    saves_checked: int = 0
    writes_reported: int = 0
    kills_mid_write: int = 0
    """Kills that left a temp file: the writer died between creating it and renaming it."""
    most_temp_files: int = 0


def kill_and_check(tmp_path: Path, kills: int, seed: int) -> KillStats:
    folder = tmp_path / "saves"
    folder.mkdir()
    histories = [states(seed + index) for index in range(FILES)]
    known = [0] * FILES  # actions in each save as last verified (0: no file yet)
    rng = random.Random(seed)
    stats = KillStats()
    for _ in range(kills):
        writer = start_writer(folder, histories)
        if rng.random() < 0.1:
            at_a_random_moment(rng, 0.01)  # sometimes while it resumes from the saves
            output = ""
        else:
            output = writer.reports.readline()  # it is writing: pick a moment in its loop
            assert output, "the writer died on its own (its traceback is in the captured stderr)"
            at_a_random_moment(rng, 0.01)
        os.kill(writer.pid, signal.SIGKILL)
        _, status = os.waitpid(writer.pid, 0)
        output += writer.reports.read()
        writer.reports.close()
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, "the writer died on its own"
        stats.kills += 1

        reported = list(known)
        for line in output.splitlines():
            index, count = map(int, line.split())
            reported[index] = count
            stats.writes_reported += 1
        temps = [path for path in folder.iterdir() if is_temp_file(path)]
        owners = {temp_file_owner(path) for path in temps}
        stats.kills_mid_write += any(owner is not None and owner[1] == writer.pid for owner in owners)
        stats.most_temp_files = max(stats.most_temp_files, len(temps))

        for index in range(FILES):
            path = save_path(folder, index)
            longest = len(histories[index]) - 1
            allowed = {reported[index], next_count(reported[index], longest)}
            if not path.exists():
                assert reported[index] == 0, f"{path.name} was lost"
                continue
            saved = load_save(path)
            count = len(saved.game.log)
            assert count in allowed, f"{path.name} holds {count} actions; expected one of {sorted(allowed)}"
            assert saved.game == histories[index][count] and saved.kinds == KINDS
            known[index] = count
            stats.saves_checked += 1

        entries = scan_saves(folder)
        assert all(isinstance(entry, SaveSummary) for entry in entries), entries
        assert [entry.path.name for entry in entries] == [
            save_path(folder, i).name for i in range(FILES) if save_path(folder, i).exists()
        ]
    remove_stale_temp_files(folder)
    left = sorted(path.name for path in folder.iterdir())
    assert left == [save_path(folder, i).name for i in range(FILES) if known[i]], "only the saves remain"
    print(
        f"\n{stats.kills} kills, {stats.saves_checked} saves checked, {stats.writes_reported} writes reported, "
        f"{stats.kills_mid_write} kills left a temp file, at most {stats.most_temp_files} temp files at once"
    )
    return stats


def test_kill_minus_9_never_loses_a_save(tmp_path: Path) -> None:
    stats = kill_and_check(tmp_path, kills=25, seed=1)
    assert stats.saves_checked >= 25


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4, 5])
def test_kill_minus_9_hundreds_of_times(tmp_path: Path, seed: int) -> None:
    """400 kills in all, in four runs of their own (the test workers share them)."""
    stats = kill_and_check(tmp_path, kills=100, seed=seed)
    assert stats.saves_checked >= 100 * (FILES - 1)
