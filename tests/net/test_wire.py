"""A view survives the trip to another process unchanged."""

from __future__ import annotations

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.net.wire import decode_view, encode_view
from codex_tui.rules import SPECTATOR, view

from ..helpers import play_random, started_game


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 4), st.integers(0, 5000), st.integers(0, 200))
def test_views_round_trip_through_msgpack(players, seed, steps) -> None:
    game = play_random(started_game(players=players, seed=seed), seed=seed, steps=steps)
    for seat in [*range(players), SPECTATOR]:
        original = view(game, seat)
        data = msgpack.unpackb(msgpack.packb(encode_view(original), use_bin_type=True), raw=False)
        copy = decode_view(data)
        assert list(copy.legal_actions) == list(original.legal_actions)
        for mine, theirs in zip(copy.seats, original.seats):
            assert mine.area.cards.keys() == theirs.area.cards.keys()
            assert (mine.area.counts, mine.area.open_spots, mine.area.blocked) == (
                theirs.area.counts,
                theirs.area.open_spots,
                theirs.area.blocked,
            )
        assert copy.log == original.log
        assert copy.hand == original.hand and copy.secret == original.secret
        assert copy.market == original.market and copy.turns_left == original.turns_left
