"""Damaged saves, thousands of them: each load gives a valid game or a SaveError.

"Valid" means the loaded game is exactly what replaying its own actions
gives and it saves and loads again unchanged; a SaveError must name the file,
the problem and what to do. Any other exception fails the test.

The outer checksum stops most damage early, so some tests damage the body and
fix the checksum, to reach the migration and field checks behind it.
"""

from __future__ import annotations

import contextlib
import re
import zlib
from datetime import date
from pathlib import Path
from typing import Any

import msgpack
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from codex_tui.games.codex.rules import replay
from codex_tui.storage.catalog import BrokenSave, SaveSummary, scan_saves
from codex_tui.storage.saves import SavedGame, SaveError, decode_save, encode_save
from tests.helpers import play_random, started_game

FIXTURES = Path(__file__).parent / "fixtures"
NAME = "fuzzed.msgpack"

V2_RUNNING = encode_save(SavedGame(play_random(started_game(3, seed=11), seed=11, steps=70), ("human",) * 3))
V2_FINISHED = encode_save(
    SavedGame(play_random(started_game(2, seed=4), seed=4), ("human", "bot:random"), titled_on=date(2026, 12, 7))
)
V1_RUNNING = (FIXTURES / "v1-unfinished-Ada-vs-Bo.msgpack").read_bytes()
BASES = {"v2-running": V2_RUNNING, "v2-finished": V2_FINISHED, "v1-running": V1_RUNNING}

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def load_or_clear_error(blob: bytes) -> SavedGame | None:
    """The fuzzing oracle: None for a clean SaveError, else the checked game."""
    try:
        loaded = decode_save(blob, NAME)
    except SaveError as error:
        assert NAME in str(error)
        assert error.problem and error.advice, str(error)
        note("refused: " + re.sub(r"-?[0-9]+", "N", error.problem.split(":")[0])[:60])
        return None
    game = loaded.game
    assert replay(game.players, game.setup, game.variant, game.actions, game.seed) == game
    assert decode_save(encode_save(loaded)) == loaded
    assert len(loaded.kinds) == len(game.players) and loaded.title
    note("loaded")
    return loaded


def note(outcome: str) -> None:
    """Count outcomes for --hypothesis-show-statistics (outside hypothesis: nothing)."""
    with contextlib.suppress(InvalidArgument):
        event(outcome)


def envelope_of(blob: bytes) -> dict[str, Any]:
    return msgpack.unpackb(blob, raw=False)


def with_body(blob: bytes, body: bytes) -> bytes:
    """`blob` with another body and a checksum that matches it."""
    envelope = envelope_of(blob)
    envelope["body"] = body
    envelope["crc32"] = zlib.crc32(body)
    return msgpack.packb(envelope, use_bin_type=True)


def test_the_bases_load() -> None:
    for blob in BASES.values():
        assert load_or_clear_error(blob) is not None


def test_every_truncation_is_refused() -> None:
    """All ~9,000 prefixes of the three bases, not a sample."""
    for blob in BASES.values():
        for length in range(len(blob)):
            assert load_or_clear_error(blob[:length]) is None


@settings(FUZZ, max_examples=1500)
@given(base=st.sampled_from(sorted(BASES)), data=st.data())
def test_bit_flips(base: str, data: st.DataObject) -> None:
    blob = bytearray(BASES[base])
    for _ in range(data.draw(st.integers(1, 4), label="flips")):
        position = data.draw(st.integers(0, len(blob) - 1), label="position")
        blob[position] ^= 1 << data.draw(st.integers(0, 7), label="bit")
    load_or_clear_error(bytes(blob))


@settings(FUZZ, max_examples=1000)
@given(st.binary(max_size=4096))
def test_random_bytes(blob: bytes) -> None:
    assert load_or_clear_error(blob) is None


@settings(FUZZ, max_examples=500)
@given(base=st.sampled_from(sorted(BASES)), cut=st.integers(0, 10_000), tail=st.binary(min_size=1, max_size=64))
def test_cut_and_garbage_appended(base: str, cut: int, tail: bytes) -> None:
    blob = BASES[base]
    load_or_clear_error(blob[: cut % len(blob)] + tail)
    load_or_clear_error(blob + tail)


@settings(FUZZ, max_examples=1000)
@given(base=st.sampled_from(sorted(BASES)), data=st.data())
def test_damaged_bodies_behind_a_good_checksum(base: str, data: st.DataObject) -> None:
    body = bytearray(envelope_of(BASES[base])["body"])
    kind = data.draw(st.sampled_from(["flip", "truncate", "splice"]), label="kind")
    if kind == "flip":
        for _ in range(data.draw(st.integers(1, 3))):
            body[data.draw(st.integers(0, len(body) - 1))] ^= 1 << data.draw(st.integers(0, 7))
    elif kind == "truncate":
        del body[data.draw(st.integers(0, len(body) - 1)) :]
    else:
        start = data.draw(st.integers(0, len(body)))
        body[start : start + data.draw(st.integers(0, 8))] = data.draw(st.binary(max_size=16))
    load_or_clear_error(with_body(BASES[base], bytes(body)))


msgpack_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
    | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def paths_in(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths_in(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths_in(item, path + (index,))
    return found


BODY_PATHS = {name: paths_in(msgpack.unpackb(envelope_of(blob)["body"], raw=False)) for name, blob in BASES.items()}


@settings(FUZZ, max_examples=800)
@given(base=st.sampled_from(sorted(BASES)), data=st.data(), value=msgpack_values)
def test_any_field_replaced_by_any_value(base: str, data: st.DataObject, value: Any) -> None:
    """Every field of the body, at any depth, swapped for a random msgpack value (or removed)."""
    body = msgpack.unpackb(envelope_of(BASES[base])["body"], raw=False)
    path = data.draw(st.sampled_from(BODY_PATHS[base]), label="path")
    remove = data.draw(st.booleans(), label="remove")
    if not path:
        body = value
    else:
        holder = body
        for step in path[:-1]:
            holder = holder[step]
        if remove:
            del holder[path[-1]]
        else:
            holder[path[-1]] = value
    load_or_clear_error(with_body(BASES[base], msgpack.packb(body, use_bin_type=True)))


@settings(FUZZ, max_examples=300)
@given(
    version=st.sampled_from([1, 2, 3]) | st.integers(-(2**63), 2**64 - 1) | msgpack_values,
    created_with=msgpack_values,
    saved_at=msgpack_values,
    drop=st.sets(st.sampled_from(["format", "version", "created_with", "saved_at", "crc32", "body"])),
)
def test_any_header(version: Any, created_with: Any, saved_at: Any, drop: set[str]) -> None:
    envelope = envelope_of(V2_RUNNING)
    envelope.update(version=version, created_with=created_with, saved_at=saved_at)
    for key in drop:
        envelope.pop(key)
    loaded = load_or_clear_error(msgpack.packb(envelope, use_bin_type=True))
    if loaded is not None:
        assert isinstance(loaded.saved_at, str) and isinstance(loaded.created_with, str)


def test_a_folder_of_damaged_files_scans_without_a_crash(tmp_path: Path) -> None:
    blobs = [V2_RUNNING[: len(V2_RUNNING) * i // 40] for i in range(40)]
    for i in range(60):
        flipped = bytearray(V1_RUNNING)
        flipped[(i * 7919) % len(flipped)] ^= 1 << (i % 8)
        blobs.append(bytes(flipped))
    for index, blob in enumerate(blobs):
        (tmp_path / f"{index:03d}.msgpack").write_bytes(blob)
    entries = scan_saves(tmp_path)
    assert len(entries) == len(blobs)
    for entry in entries:
        assert isinstance(entry, SaveSummary | BrokenSave)
        if isinstance(entry, BrokenSave):
            assert str(entry.path) in entry.reason and entry.advice
