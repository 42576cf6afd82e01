"""The hints shown in a game live in its save as an optional `hints` key; saves without it still load."""

from __future__ import annotations

import zlib
from pathlib import Path

import msgpack
import pytest

from codex_tui.games.instinkt import rules as instinkt
from codex_tui.storage.catalog import rename_save
from codex_tui.storage.saves import HINTS_KEY, SavedGame, SaveError, decode_save, encode_save, load_save, write_save
from tests.helpers import play_random, started_game

FIXTURES = Path(__file__).parent / "fixtures"
HINTS = ((4, 0), (9, 1), (9, 0))


def body_of(data: bytes) -> dict:
    return msgpack.unpackb(msgpack.unpackb(data, raw=False)["body"], raw=False)


def with_body(data: bytes, **changes: object) -> bytes:
    envelope = msgpack.unpackb(data, raw=False)
    body = msgpack.unpackb(envelope["body"], raw=False)
    body.update(changes)
    envelope["body"] = msgpack.packb(body, use_bin_type=True)
    envelope["crc32"] = zlib.crc32(envelope["body"])
    return msgpack.packb(envelope, use_bin_type=True)


@pytest.fixture
def codex_game() -> object:
    return play_random(started_game(2, seed=5), seed=5, steps=30)


def test_hints_round_trip_in_both_games(tmp_path: Path, codex_game: object) -> None:
    games = {"codex": codex_game, "instinkt": instinkt.new_game(("Ada", "Bo"), 3)}
    for name, game in games.items():
        path = tmp_path / f"{name}.msgpack"
        write_save(path, SavedGame(game, ("human", "bot:greedy"), hints=HINTS))  # type: ignore[arg-type]
        assert body_of(path.read_bytes())[HINTS_KEY] == [[4, 0], [9, 1], [9, 0]]
        loaded = load_save(path)
        assert loaded.hints == HINTS and loaded.game == game
        assert loaded.updated(loaded.game).hints == HINTS, "an autosave of a resumed game keeps them"
        assert rename_save(path, "renamed").hints == HINTS


def test_no_hints_writes_no_key(codex_game: object) -> None:
    data = encode_save(SavedGame(codex_game, ("human", "human")))  # type: ignore[arg-type]
    assert HINTS_KEY not in body_of(data), "a save without hints is as before hints existed"
    assert decode_save(data).hints == ()


@pytest.mark.parametrize("fixture", sorted(path.name for path in FIXTURES.glob("*.msgpack")))
def test_older_saves_load_without_hints(fixture: str) -> None:
    assert load_save(FIXTURES / fixture).hints == ()


@pytest.mark.parametrize(
    ("hints", "problem"),
    [
        ("often", "hints: expected a list"),
        ([[3]], r"hints\[0\]: expected \[actions, seat\]"),
        ([[3, True]], r"hints\[0\]\[1\]: expected a whole number"),
        ([[-1, 0]], r"hints\[0\]: expected a count of actions and a seat from 0 to 1"),
        ([[2, 0], [3, 2]], r"hints\[1\]: expected a count of actions and a seat from 0 to 1"),
    ],
)
def test_broken_hints_are_refused_clearly(codex_game: object, hints: object, problem: str) -> None:
    data = with_body(encode_save(SavedGame(codex_game, ("human", "human"))), hints=hints)  # type: ignore[arg-type]
    with pytest.raises(SaveError, match=problem):
        decode_save(data)
