"""The saves folder as the browser sees it: every file listed, nothing crashes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codex_tui.games.codex.bots.selfplay import selfplay_game
from codex_tui.games.codex.rules import Variant
from codex_tui.storage import saves
from codex_tui.storage.catalog import (
    BrokenSave,
    SaveSummary,
    delete_save,
    read_entry,
    rename_save,
    scan_saves,
)
from codex_tui.storage.saves import SavedGame, SaveError, encode_save, load_save, temp_path, write_save
from codex_tui.storage.titles import MAX_TITLE_CHARS
from tests.helpers import play_random, started_game

FIXTURES = Path(__file__).parent / "fixtures"


def unfinished(seed: int = 1) -> SavedGame:
    game = play_random(started_game(players=2, seed=seed), seed=seed, steps=21)
    return SavedGame(game, ("human", "bot:greedy"), saved_at="2026-02-01T09:00:00+00:00")


def finished() -> SavedGame:
    game = selfplay_game(["greedy", "greedy", "random"], 4, Variant(25))
    return SavedGame(game, ("bot:greedy", "bot:greedy", "bot:random"), title="Bot night")


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A saves folder with one file of every kind the browser must cope with."""
    write_save(tmp_path / "a-unfinished.msgpack", unfinished())
    write_save(tmp_path / "b-finished.msgpack", finished())
    shutil.copy(FIXTURES / "v1-unfinished-Ada-vs-Bo.msgpack", tmp_path / "c-old-format.msgpack")
    damaged = bytearray(encode_save(unfinished(2)))
    damaged[-40] ^= 0x10
    (tmp_path / "d-damaged.msgpack").write_bytes(bytes(damaged))
    (tmp_path / "e-cut-short.msgpack").write_bytes(encode_save(unfinished(3))[:300])
    (tmp_path / "f-empty.msgpack").write_bytes(b"")
    (tmp_path / "g-notes.txt").write_text("my notes about the games\n")  # never a save: not listed
    (tmp_path / "h-picture.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))  # nor this
    (tmp_path / "README.md").write_text("# saves\n")  # as shipped in the repository's saves/
    write_save(tmp_path / "k-renamed.bak", unfinished(4))  # a save under another name: listed
    (tmp_path / "l-damaged.bak").write_bytes(encode_save(unfinished(5))[:200])  # a cut save: listed as broken
    (tmp_path / "i-folder.msgpack").mkdir()
    (tmp_path / "selfplay").mkdir()  # an ordinary sub-folder: not a file, not listed
    (tmp_path / "j-dangling.msgpack").symlink_to(tmp_path / "nowhere")
    # what write_save leaves when killed mid-write: never listed
    (tmp_path / f".a-unfinished.msgpack.{dead_pid()}.tmp").write_bytes(b"half a sa")
    (tmp_path / f".b-finished.msgpack.{os.getpid()}.tmp").write_bytes(b"")
    return tmp_path


def by_name(entries: list) -> dict[str, SaveSummary | BrokenSave]:
    return {entry.path.name: entry for entry in entries}


def test_every_save_file_is_listed_as_a_save_or_with_its_reason(folder: Path) -> None:
    entries = by_name(scan_saves(folder))
    assert sorted(entries) == [
        "a-unfinished.msgpack",
        "b-finished.msgpack",
        "c-old-format.msgpack",
        "d-damaged.msgpack",
        "e-cut-short.msgpack",
        "f-empty.msgpack",
        "i-folder.msgpack",
        "j-dangling.msgpack",
        "k-renamed.bak",
        "l-damaged.bak",
    ]
    good = {name for name, entry in entries.items() if isinstance(entry, SaveSummary)}
    assert good == {"a-unfinished.msgpack", "b-finished.msgpack", "c-old-format.msgpack", "k-renamed.bak"}
    reasons = {
        "d-damaged.msgpack": "checksum does not match",
        "e-cut-short.msgpack": "cut short",
        "f-empty.msgpack": "is empty",
        "l-damaged.bak": "cut short",
        "i-folder.msgpack": "is a folder",
        "j-dangling.msgpack": "does not exist",
    }
    for name, words in reasons.items():
        entry = entries[name]
        assert isinstance(entry, BrokenSave), name
        assert words in entry.reason and str(folder / name) in entry.reason
        assert entry.problem and entry.advice


def test_scanning_changes_nothing(folder: Path) -> None:
    before = sorted((p.name, p.lstat().st_mtime_ns) for p in folder.iterdir())
    scan_saves(folder)
    assert sorted((p.name, p.lstat().st_mtime_ns) for p in folder.iterdir()) == before


def test_a_missing_or_unlistable_folder_is_just_empty(tmp_path: Path) -> None:
    assert scan_saves(tmp_path / "nope") == []
    (tmp_path / "file").write_text("x")
    assert scan_saves(tmp_path / "file") == []


def test_summaries_hold_what_the_table_shows(folder: Path) -> None:
    entries = by_name(scan_saves(folder))
    running = entries["a-unfinished.msgpack"]
    assert isinstance(running, SaveSummary)
    game = unfinished().game
    assert running.title == "P0 vs P1"
    assert running.players == ("P0", "P1") and running.kinds == ("human", "bot:greedy")
    assert running.scores == game.scores and running.totals is None
    assert not running.finished and running.resumable and running.end is None and running.winners == ()
    assert running.actions == len(game.log) == 25
    assert running.turn == 11  # 4 set-up actions, then place+draw x 10, then turn 11's placement
    assert running.saved_at == "2026-02-01T09:00:00+00:00"
    assert running.variant_text == "Codex to 20" and running.format_version == 3
    assert running.file.size == (folder / "a-unfinished.msgpack").stat().st_size

    done = entries["b-finished.msgpack"]
    assert isinstance(done, SaveSummary)
    game = finished().game
    assert done.title == "Bot night" and done.finished and not done.resumable
    assert done.end in ("score", "decks") and done.variant_text == "Codex to 25"
    assert done.totals is not None and len(done.winners) >= 1
    assert max(done.totals) == done.totals[done.winners[0]]
    assert done.winner_names == tuple(game.players[i] for i in done.winners)

    old = entries["c-old-format.msgpack"]
    assert isinstance(old, SaveSummary) and old.format_version == 1 and old.title == "Ada vs Bo"


def test_a_fifo_named_like_a_save_does_not_hang_the_scan(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(tmp_path / "pipe.msgpack")
    (entry,) = scan_saves(tmp_path)
    assert isinstance(entry, BrokenSave) and "not a regular file" in entry.reason


def test_an_unreadable_file_is_listed_with_the_reason(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "locked.msgpack"
    write_save(path, unfinished())
    if os.geteuid() == 0:  # root reads anything: make the file system refuse instead
        real_open = saves.os.open

        def refusing_open(target, flags, *args):
            if Path(target) == path:
                raise PermissionError(13, "Permission denied")
            return real_open(target, flags, *args)

        monkeypatch.setattr(saves.os, "open", refusing_open)
    else:
        path.chmod(0)
    (entry,) = scan_saves(tmp_path)
    assert isinstance(entry, BrokenSave)
    assert "cannot be opened (Permission denied)" in entry.reason and "permissions" in entry.advice


def test_an_unexpected_error_is_still_just_a_broken_entry(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "x.msgpack"
    write_save(path, unfinished())

    def broken_load(target):
        raise RuntimeError("a bug in the loader")

    monkeypatch.setattr("codex_tui.storage.catalog.load_save", broken_load)
    entry = read_entry(path)
    assert isinstance(entry, BrokenSave) and "a bug in the loader" in entry.reason


# ------------------------------------------------------------------ rename


def test_rename_changes_only_the_title(folder: Path) -> None:
    path = folder / "a-unfinished.msgpack"
    before = load_save(path)
    renamed = rename_save(path, "  The\tlong game ")
    assert renamed.title == "The long game"
    after = load_save(path)
    assert after == renamed
    assert after.game == before.game and after.kinds == before.kinds
    assert after.saved_at == before.saved_at  # the browser's date column does not move
    assert by_name(scan_saves(folder))["a-unfinished.msgpack"].title == "The long game"


def test_renaming_to_blank_restores_the_player_names(folder: Path) -> None:
    path = folder / "b-finished.msgpack"
    assert rename_save(path, "   ").title == " vs ".join(finished().game.players)


def test_renaming_an_old_save_upgrades_it(folder: Path) -> None:
    path = folder / "c-old-format.msgpack"
    assert rename_save(path, "Ada's first game").format_version == saves.SAVE_VERSION
    assert load_save(path).title == "Ada's first game"


def test_long_titles_are_cut(folder: Path) -> None:
    path = folder / "a-unfinished.msgpack"
    assert len(rename_save(path, "x" * 500).title) == MAX_TITLE_CHARS


def test_a_broken_save_cannot_be_renamed_and_stays_as_it_was(folder: Path) -> None:
    path = folder / "d-damaged.msgpack"
    before = path.read_bytes()
    with pytest.raises(SaveError, match="checksum"):
        rename_save(path, "fixed?")
    assert path.read_bytes() == before
    with pytest.raises(SaveError, match="a title is text"):
        rename_save(folder / "a-unfinished.msgpack", 42)  # type: ignore[arg-type]


# ------------------------------------------------------------------ delete


def test_delete_a_save_and_its_leftovers(folder: Path) -> None:
    delete_save(folder / "a-unfinished.msgpack")
    names = {p.name for p in folder.iterdir()}
    assert "a-unfinished.msgpack" not in names
    assert not any(name.startswith(".a-unfinished") for name in names)  # the dead writer's temp file went
    assert f".b-finished.msgpack.{os.getpid()}.tmp" in names  # a live writer's stays
    assert "a-unfinished.msgpack" not in by_name(scan_saves(folder))


@pytest.mark.parametrize("name", ["d-damaged.msgpack", "f-empty.msgpack", "l-damaged.bak", "j-dangling.msgpack"])
def test_broken_and_foreign_files_can_be_deleted(folder: Path, name: str) -> None:
    delete_save(folder / name)
    assert name not in {p.name for p in folder.iterdir()}


def test_delete_refuses_folders_and_missing_files(folder: Path) -> None:
    with pytest.raises(SaveError, match="is a folder"):
        delete_save(folder / "i-folder.msgpack")
    assert (folder / "i-folder.msgpack").is_dir()
    with pytest.raises(SaveError, match="does not exist"):
        delete_save(folder / "gone.msgpack")


# ------------------------------------------------------------ temp files


def test_writing_a_save_clears_its_own_dead_temp_files_only(tmp_path: Path) -> None:
    path = tmp_path / "game.msgpack"
    dead = temp_path(path, dead_pid())
    alive = temp_path(path, os.getppid())
    other = temp_path(tmp_path / "other.msgpack", dead_pid())
    for leftover in (dead, alive, other):
        leftover.write_bytes(b"partial")
    write_save(path, unfinished())
    assert not dead.exists()
    assert alive.exists() and other.exists()
    assert saves.remove_stale_temp_files(tmp_path) == 1 and not other.exists()
    assert [entry.path.name for entry in scan_saves(tmp_path)] == ["game.msgpack"]
