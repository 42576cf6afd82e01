"""The hub's TABLE message written by hand against the same message as a msgspec Struct.

Run: python benchmarks/typed_messages.py [--repeats N]   (needs `pip install msgspec`;
the project itself does not depend on it)
Prints numbers; asserts nothing (tests never time anything).

Issue 57 asks whether a typed message layer (msgspec: Structs that encode to
msgpack and JSON and emit JSON Schema) is worth more than the codecs we write
by hand (`protocol/table_state.py`). Measured here on one real message, a
4-player Codex table in mid-game as seat 0 receives it: bytes, encode and
decode time (hand: `to_wire` + msgpack, `msgpack` + `from_wire`), what a
malformed field's error says, and the JSON Schema msgspec gives. The game's
view stays a plain map in both: it is each game's own `encode_view` data.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import machine_line  # noqa: E402

from codex_tui.core import registry  # noqa: E402
from codex_tui.protocol.messages import ProtocolError  # noqa: E402
from codex_tui.protocol.table_state import AbsentSeat, SeatClock, TableState  # noqa: E402
from tests.storage.long_games import random_game  # noqa: E402

try:
    import msgspec
except ImportError:
    sys.exit("benchmarks/typed_messages.py compares with msgspec: pip install msgspec")


class AbsentSeatStruct(msgspec.Struct, array_like=True, frozen=True):
    seat: int
    name: str
    waited: int
    reason: str = "away"


class SeatClockStruct(msgspec.Struct, array_like=True, frozen=True):
    seat: int
    left: int
    running: bool


class TableStateStruct(msgspec.Struct, frozen=True, tag="table", tag_field="t", omit_defaults=True):
    """`TableState` as msgspec would declare it: the same fields, the same wire keys."""

    table: int
    game: str
    seat: int
    view: dict[str, Any]
    tags: tuple[str, ...] = ()
    waiting_for: str | None = None
    hints: bool = False
    pace: str = "live"
    spectator_chat: bool = False
    rated: bool = False
    result: Any = None
    paused: str | None = None
    time_out: str | None = None
    absent: tuple[AbsentSeatStruct, ...] = ()
    levels: tuple[str, ...] = ()
    bot_played: tuple[tuple[int, int], ...] = ()
    clocks: tuple[SeatClockStruct, ...] = ()


def sample_state() -> TableState:
    """Seat 0's TABLE message of a 4-player Codex game at its middle, with a clock and an absent seat."""
    module = registry.game_named("codex-naturalis")
    whole = random_game(4, 7)
    middle = module.rebuild(whole, list(whole.actions[: len(whole.actions) // 2]))
    return TableState(
        table=12,
        game=module.name,
        seat=0,
        view=module.encode_view(module.view(middle, 0)),
        tags=("", "hard", "", "away"),
        waiting_for="Bo",
        hints=True,
        absent=(AbsentSeat(3, "Cy", 95),),
        levels=("easy", "normal", "hard"),
        bot_played=((3, 40), (3, 44)),
        clocks=tuple(SeatClock(seat, 240 - seat, seat == 1) for seat in range(3)),
    )


def as_struct(state: TableState) -> TableStateStruct:
    return TableStateStruct(
        table=state.table,
        game=state.game,
        seat=state.seat,
        view=state.view,
        tags=state.tags,
        waiting_for=state.waiting_for,
        hints=state.hints,
        absent=tuple(AbsentSeatStruct(a.seat, a.name, a.waited, a.reason) for a in state.absent),
        levels=state.levels,
        bot_played=state.bot_played,
        clocks=tuple(SeatClockStruct(c.seat, c.left, c.running) for c in state.clocks),
    )


def microseconds(call: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median and 95th percentile of one call, in µs."""
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1e6)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=2000)
    repeats = parser.parse_args().repeats
    print(machine_line())
    state = sample_state()
    struct = as_struct(state)
    hand_bytes = msgpack.packb(state.to_wire())
    typed_bytes = msgspec.msgpack.encode(struct)
    decoder = msgspec.msgpack.Decoder(TableStateStruct)
    assert TableState.from_wire(msgpack.unpackb(typed_bytes)) == state, "the two write the same message"
    rows = [
        ("hand: to_wire + msgpack", len(hand_bytes), lambda: msgpack.packb(state.to_wire())),
        ("msgspec: encode", len(typed_bytes), lambda: msgspec.msgpack.encode(struct)),
        ("hand: msgpack + from_wire", len(hand_bytes), lambda: TableState.from_wire(msgpack.unpackb(hand_bytes))),
        ("msgspec: decode (typed)", len(typed_bytes), lambda: decoder.decode(typed_bytes)),
    ]
    print(f"one TABLE message, 4-player Codex at move {len(state.view.get('log', ())) or '?'}, {repeats} runs each")
    print(f"{'':28} {'bytes':>6} {'median µs':>10} {'p95 µs':>8}")
    for name, size, call in rows:
        median, p95 = microseconds(call, repeats)
        print(f"{name:28} {size:>6} {median:>10.1f} {p95:>8.1f}")
    broken = dict(state.to_wire(), table="twelve")
    try:
        TableState.from_wire(broken)
    except ProtocolError as error:
        print(f"hand, a malformed field:    {error}")
    try:
        decoder.decode(msgpack.packb(broken))
    except msgspec.ValidationError as error:
        print(f"msgspec, a malformed field: {error}")
    schema = msgspec.json.schema(TableStateStruct)
    print(
        f"msgspec's JSON Schema of the message: {len(msgspec.json.encode(schema))} bytes, "
        f"{len(schema['$defs'])} definitions; the view inside stays 'object' (each game's own data)"
    )


if __name__ == "__main__":
    main()
