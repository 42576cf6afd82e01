"""Save files: round trips, atomic writes, and clear errors for every bad file."""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codex_tui import storage
from codex_tui.core import registry
from codex_tui.storage import saves
from codex_tui.storage.saves import (
    SavedGame,
    SaveError,
    decode_save,
    encode_save,
    load_save,
    new_save_path,
    write_save,
)
from tests.helpers import play_random, started_game


def saved(seed: int = 1, steps: int | None = None, players: int = 2) -> SavedGame:
    game = play_random(started_game(players=players, seed=seed), seed=seed, steps=steps)
    return SavedGame(game, ("human",) + ("bot:greedy",) * (players - 1))


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 300))
def test_save_then_load_gives_an_equal_game(players, seed, steps) -> None:
    original = saved(seed, steps, players)
    loaded = decode_save(encode_save(original))
    assert loaded == original
    assert loaded.game.seed == original.game.seed


def test_write_and_load(tmp_path: Path) -> None:
    path = new_save_path(tmp_path, ("Ada", "Bo"))
    assert path.name.endswith("_Ada-vs-Bo.msgpack")
    write_save(path, saved())
    assert load_save(path) == saved()
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_new_names_never_clash(tmp_path: Path) -> None:
    first = new_save_path(tmp_path, ("A", "B"))
    first.write_bytes(b"")
    assert new_save_path(tmp_path, ("A", "B")) != first


def test_a_failed_write_keeps_the_old_save(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "game.msgpack"
    write_save(path, saved(seed=1))
    good = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", broken_replace)
    with pytest.raises(SaveError, match="could not be written"):
        write_save(path, saved(seed=2))
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.msgpack"]


def test_a_save_that_cannot_be_read_back_is_never_written(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "game.msgpack"
    write_save(path, saved(seed=1))
    good = path.read_bytes()
    monkeypatch.setattr(saves, "encode_save", lambda s: b"garbage")
    with pytest.raises(SaveError):
        write_save(path, saved(seed=2))
    assert path.read_bytes() == good


def envelope(body: dict | bytes, **header) -> bytes:
    body_bytes = body if isinstance(body, bytes) else msgpack.packb(body, use_bin_type=True)
    import zlib

    fields = {
        "format": "codex-tui-save",
        "version": saves.SAVE_VERSION,
        "created_with": "0.1.0",
        "crc32": zlib.crc32(body_bytes),
        "body": body_bytes,
    }
    fields.update(header)
    return msgpack.packb(fields, use_bin_type=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "is empty"),
        (b"PK\x03\x04 a zip file", "not a codex-tui save"),
        (msgpack.packb({"format": "other-game"}), "not a codex-tui save"),
        (envelope({}, version=99, created_with="9.0"), "upgrade codex-tui"),
        (envelope({}, crc32=1), "checksum does not match"),
        (envelope({"players": "x"}), "broken game"),
    ],
)
def test_bad_files_get_a_clear_error(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "bad.msgpack"
    path.write_bytes(data)
    with pytest.raises(SaveError, match=message) as error:
        load_save(path)
    assert str(path) in str(error.value)


def test_an_illegal_action_in_a_save_names_its_index(tmp_path: Path) -> None:
    original = saved(seed=3)
    body = msgpack.unpackb(msgpack.unpackb(encode_save(original))["body"])
    places = [i for i, a in enumerate(body["actions"]) if a["type"] == "place"]
    body["actions"][places[2]]["card"] = 999
    path = tmp_path / "cheat.msgpack"
    path.write_bytes(envelope(body))
    with pytest.raises(SaveError, match=f"illegal action at index {places[2]}") as error:
        load_save(path)
    assert "damaged" not in str(error.value)  # its checksum holds: a ruling changed, not the file
    assert "rules-notes" in error.value.advice


def test_missing_and_folder_paths(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        load_save(tmp_path / "nope.msgpack")
    with pytest.raises(SaveError, match="is a folder"):
        load_save(tmp_path)


GOOD = encode_save(saved(seed=5, steps=60))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_files_load_whole_or_fail_cleanly(data) -> None:
    kind = data.draw(st.sampled_from(["truncate", "flip", "random"]))
    if kind == "truncate":
        blob = GOOD[: data.draw(st.integers(0, len(GOOD) - 1))]
    elif kind == "flip":
        position = data.draw(st.integers(0, len(GOOD) - 1))
        bit = data.draw(st.integers(0, 7))
        blob = GOOD[:position] + bytes([GOOD[position] ^ (1 << bit)]) + GOOD[position + 1 :]
    else:
        blob = data.draw(st.binary(max_size=512))
    try:
        loaded = decode_save(blob)
    except SaveError:
        return
    assert loaded.game == decode_save(GOOD).game or kind != "truncate"


def test_saves_dir_follows_the_environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CODEX_TUI_SAVES", str(tmp_path))
    assert saves.default_saves_dir() == tmp_path
    monkeypatch.delenv("CODEX_TUI_SAVES")
    assert saves.default_saves_dir() == Path("saves")
    assert os.sep not in new_save_path(Path("."), ("a/b", "..")).name


def test_threads_saving_the_same_game_never_share_a_temp_file(tmp_path: Path) -> None:
    """The app saves from worker threads; each write must stage its own file."""
    path = tmp_path / "game.msgpack"
    versions = [saved(seed=1, steps=steps) for steps in (30, 31, 32, 33)]
    start = threading.Barrier(len(versions))
    failures: list[BaseException] = []

    def keep_saving(version: SavedGame) -> None:
        start.wait()
        try:
            for _ in range(15):
                write_save(path, version)
        except BaseException as error:  # reported below, in the test's thread
            failures.append(error)

    threads = [threading.Thread(target=keep_saving, args=(version,)) for version in versions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert load_save(path) in versions
    assert [p.name for p in tmp_path.iterdir()] == ["game.msgpack"]


@pytest.mark.parametrize("module", sorted(info.name for info in pkgutil.iter_modules(storage.__path__)))
def test_storage_never_imports_a_ui_library(module: str) -> None:
    code = (
        f"import sys, codex_tui.storage.{module}\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_an_updated_save_keeps_its_title_and_gets_a_new_time(tmp_path: Path) -> None:
    path = tmp_path / "game.msgpack"
    write_save(path, SavedGame(saved(seed=4, steps=20).game, ("human", "bot:greedy"), title="Rematch"))
    loaded = load_save(path)
    later = play_random(loaded.game, seed=9, steps=3)
    write_save(path, loaded.updated(later))
    again = load_save(path)
    assert again.title == "Rematch" and again.kinds == loaded.kinds and again.game == later
    assert again.created_with == saves.__version__
    assert loaded.updated(later).saved_at == ""  # stamped when written


@pytest.mark.parametrize("name", registry.names())
def test_the_body_keeps_the_field_order_of_format_3(name: str) -> None:
    """Every game's body has the fields, in the order, format 3 has always written (so the bytes stay)."""
    module = registry.game_named(name)
    state = module.new_game([f"P{i}" for i in range(module.min_players)], 5, module.default_variant())
    for _ in range(6):
        state = module.apply(state, module.legal_actions(state)[0])
    envelope = msgpack.unpackb(encode_save(SavedGame(state, ("human",) * module.min_players)), raw=False)
    body = msgpack.unpackb(envelope["body"], raw=False)
    assert list(body) == ["game", "title", "players", "variant", "seed", "setup", "actions"]
    assert body["game"] == name and body["variant"] == module.variant_to_dict(state.variant)
    assert (
        len(body["actions"]) == 6
        and decode_save(encode_save(SavedGame(state, ("human",) * module.min_players))).game == state
    )


@pytest.mark.parametrize("name", registry.names())
def test_a_body_with_more_seats_than_its_game_takes_is_refused(name: str) -> None:
    module = registry.game_named(name)
    seats = ("human",) * module.min_players
    state = module.new_game([f"P{i}" for i in range(module.min_players)], 5, module.default_variant())
    envelope = msgpack.unpackb(encode_save(SavedGame(state, seats)), raw=False)
    body = msgpack.unpackb(envelope["body"], raw=False)
    body["players"] += [{"name": f"X{i}", "kind": "human"} for i in range(module.max_players + 1 - module.min_players)]
    envelope["body"] = msgpack.packb(body, use_bin_type=True)
    envelope["crc32"] = zlib.crc32(envelope["body"])
    with pytest.raises(SaveError, match="has a broken game: players: expected a list of 2"):
        decode_save(msgpack.packb(envelope, use_bin_type=True))
