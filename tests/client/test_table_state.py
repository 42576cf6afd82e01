"""The TABLE message as one type: what the hub writes is what the app reads, field for field."""

from __future__ import annotations

import msgpack
import pytest

from codex_tui.protocol.messages import TABLE, TURNS, ProtocolError
from codex_tui.protocol.table_state import CLOCK_OUT, AbsentSeat, SeatClock, TableState

FULL = TableState(
    table=7,
    game="codex-naturalis",
    seat=1,
    view={"anything": "the game's own"},
    tags=("", "easy"),
    waiting_for="ada",
    hints=True,
    pace=TURNS,
    spectator_chat=True,
    rated=True,
    result={"winners": [0]},
    paused="Paused",
    time_out="Out",
    absent=(AbsentSeat(0, "ada", 93, CLOCK_OUT),),
    levels=("easy", "hard"),
    bot_played=((0, 12), (0, 14)),
    clocks=(SeatClock(0, 0, False), SeatClock(1, 281, True)),
)


def test_every_field_survives_the_wire() -> None:
    packed = msgpack.packb(FULL.to_wire(), use_bin_type=True)
    data = msgpack.unpackb(packed, raw=False)
    assert data["t"] == TABLE
    assert TableState.from_wire(data) == FULL


def test_a_state_from_an_older_server_takes_the_defaults() -> None:
    plain = TableState.from_wire({"t": TABLE, "table": 3, "game": "instinkt", "view": {}})
    assert plain == TableState(table=3, game="instinkt", seat=-1, view={})
    assert TableState.from_wire(plain.to_wire()) == plain


@pytest.mark.parametrize(
    "change",
    [
        {"table": "seven"},
        {"view": [1, 2]},
        {"absent": [[0]]},
        {"clocks": [[0, "a lot", True]]},
        {"bot_played": [[0]]},
    ],
)
def test_a_malformed_state_is_refused_by_name(change: dict[str, object]) -> None:
    data = {**FULL.to_wire(), **change}
    with pytest.raises(ProtocolError, match="malformed table state"):
        TableState.from_wire(data)
