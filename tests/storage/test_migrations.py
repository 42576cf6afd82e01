"""Old saves load (migrated), newer ones are refused, and each step is pinned.

The v1 fixtures were written by the version-1 encoder (commit 8aac824) before
version 2 existed; their .expected.json holds what that code loaded from
them. They are never regenerated: they are what users' old files look like.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import msgpack
import pytest

from codex_tui.games.codex.record import export_record
from codex_tui.storage import migrations
from codex_tui.storage.saves import SAVE_VERSION, SavedGame, SaveError, decode_save, load_save, write_save

FIXTURES = Path(__file__).parent / "fixtures"
V1_FILES = sorted(FIXTURES.glob("v1-*.msgpack"))


def outer(path: Path) -> dict:
    return msgpack.unpackb(path.read_bytes(), raw=False)


def test_the_fixtures_really_are_version_1() -> None:
    assert len(V1_FILES) == 2
    for path in V1_FILES:
        envelope = outer(path)
        assert envelope["version"] == 1
        assert "title" not in msgpack.unpackb(envelope["body"], raw=False)


@pytest.mark.parametrize("path", V1_FILES, ids=lambda p: p.stem)
def test_a_version_1_save_loads_as_the_same_game_with_a_title(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    saved = load_save(path)
    assert export_record(saved.game) == expected["record"]
    assert list(saved.kinds) == expected["kinds"]
    assert saved.saved_at == expected["saved_at"]
    assert saved.created_with == expected["created_with"]
    assert saved.format_version == 1
    assert saved.title == " vs ".join(expected["record"]["players"])


@pytest.mark.parametrize("path", V1_FILES, ids=lambda p: p.stem)
def test_saving_a_migrated_game_writes_the_current_format(path: Path, tmp_path: Path) -> None:
    saved = load_save(path)
    copy = tmp_path / path.name
    write_save(copy, saved)
    envelope = outer(copy)
    assert envelope["version"] == SAVE_VERSION == 3
    assert msgpack.unpackb(envelope["body"], raw=False)["title"] == saved.title
    again = load_save(copy)
    assert again == saved and again.format_version == SAVE_VERSION


def rewrap(path: Path, version: int, created_with: str = "9.9.9", **body_changes: object) -> bytes:
    envelope = outer(path)
    body = msgpack.unpackb(envelope["body"], raw=False)
    body.update(body_changes)
    envelope["body"] = msgpack.packb(body, use_bin_type=True)
    envelope["crc32"] = zlib.crc32(envelope["body"])
    envelope["version"] = version
    envelope["created_with"] = created_with
    return msgpack.packb(envelope, use_bin_type=True)


@pytest.mark.parametrize("version", [4, 5, 1000])
def test_a_save_from_a_newer_version_is_refused_clearly(tmp_path: Path, version: int) -> None:
    path = tmp_path / "future.msgpack"
    path.write_bytes(rewrap(V1_FILES[0], version, title="From the future", extra={"new": True}))
    with pytest.raises(SaveError) as error:
        load_save(path)
    message = str(error.value)
    assert str(path) in message
    assert f"save format {version}" in message
    assert "codex-tui 9.9.9" in message
    assert "reads save formats 1 to 3" in message
    assert error.value.advice == "upgrade codex-tui to open it"


def test_a_newer_save_is_refused_even_if_its_body_is_unreadable(tmp_path: Path) -> None:
    envelope = {"format": "codex-tui-save", "version": 4, "body": b"\xc1 new encoding", "crc32": 0}
    with pytest.raises(SaveError, match="upgrade codex-tui"):
        decode_save(msgpack.packb(envelope, use_bin_type=True), tmp_path / "x.msgpack")


@pytest.mark.parametrize("version", [0, -1])
def test_versions_that_never_existed_are_damage(version: int) -> None:
    with pytest.raises(SaveError, match=f"unknown save format version {version}"):
        decode_save(rewrap(V1_FILES[0], version))


def test_a_version_2_file_keeps_its_title() -> None:
    saved = decode_save(rewrap(V1_FILES[0], 2, title="Tuesday rematch"))
    assert saved.title == "Tuesday rematch" and saved.format_version == 2


def test_a_version_2_file_without_a_title_is_broken() -> None:
    envelope = outer(V1_FILES[0])
    envelope["version"] = 2
    with pytest.raises(SaveError, match="title: expected text"):
        decode_save(msgpack.packb(envelope, use_bin_type=True))


def test_a_stray_title_in_a_version_1_body_means_nothing() -> None:
    saved = decode_save(rewrap(V1_FILES[1], 1, title="ignored"))
    assert saved.title == "Ada vs Bo"


# ------------------------------------------------------------- the steps


def test_v1_to_v2_adds_the_default_title_and_nothing_else() -> None:
    body = {"players": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "bot:greedy"}], "seed": 3}
    upgraded = migrations.v1_to_v2(body)
    assert upgraded == {**body, "title": "Ada vs Bo"}
    assert "title" not in body  # the input is not modified


@pytest.mark.parametrize("players", [None, "Ada", [None, {"name": 3}], [{"name": "Ada"}, "Bo"]])
def test_v1_to_v2_never_fails_on_broken_players(players: object) -> None:
    assert isinstance(migrations.v1_to_v2({"players": players})["title"], str)


def test_every_version_has_one_step_to_the_latest() -> None:
    assert sorted(migrations.STEPS) == list(range(migrations.FIRST_VERSION, migrations.LATEST_VERSION))
    assert migrations.LATEST_VERSION == SAVE_VERSION


def test_migrate_refuses_what_it_cannot_upgrade() -> None:
    with pytest.raises(migrations.MigrationError, match="not a map"):
        migrations.migrate(["not", "a", "body"], 1)
    with pytest.raises(ValueError, match="no migration from version 4"):
        migrations.migrate({}, 4)
    assert migrations.migrate({"title": "x"}, SAVE_VERSION) == {"title": "x"}


def test_the_default_title_is_set_on_new_saves_too() -> None:
    saved = load_save(V1_FILES[1])
    assert SavedGame(saved.game, saved.kinds).title == "Ada vs Bo"
    assert SavedGame(saved.game, saved.kinds, title="  Sunday\n\tgame  ").title == "Sunday game"


# -------------------------------------------------------- format 2 to 3

V2_FILE = FIXTURES / "v2-renamed-Ada-vs-Bo.msgpack"


def test_a_version_2_save_loads_as_codex_naturalis_with_its_title() -> None:
    expected = json.loads(V2_FILE.with_suffix(".expected.json").read_text())
    assert outer(V2_FILE)["version"] == 2
    saved = load_save(V2_FILE)
    assert export_record(saved.game) == expected["record"]
    assert saved.title == expected["title"] == "Renamed v2 game"
    assert list(saved.kinds) == expected["kinds"] and saved.format_version == 2


def test_v2_to_v3_names_the_game_and_nothing_else() -> None:
    body = {"title": "x", "players": []}
    assert migrations.v2_to_v3(body) == {**body, "game": "codex-naturalis"}
    assert "game" not in body


def test_an_unknown_game_is_refused_clearly(tmp_path: Path) -> None:
    data = rewrap(V2_FILE, 3, game="chess")
    with pytest.raises(SaveError, match="'chess' is not a game this codex-tui knows"):
        decode_save(data, tmp_path / "chess.msgpack")
