"""A view survives the trip to another process unchanged."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.core.errors import RecordError as WireError
from codex_tui.games.codex.rules import CATALOG, SPECTATOR, Place, Side, view
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS
from codex_tui.games.codex.wire import decode_view, encode_view
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.wire import decode_view as decode_instinkt_view
from codex_tui.games.instinkt.wire import encode_view as encode_instinkt_view
from tests.backs import back_placed, backs_game, public_cards
from tests.helpers import play_random, started_game


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


def random_instinkt_game(seed: int, steps: int, draft: bool) -> instinkt.Game:
    game = instinkt.new_game(("ada", "bo"), seed, instinkt.Variant(draft=draft))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        actions = instinkt.legal_actions(game)
        game = instinkt.apply(game, actions[rng.randrange(len(actions))])
    return game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5000), st.integers(0, 90), st.booleans())
def test_instinkt_views_round_trip_through_msgpack(seed, steps, draft) -> None:
    game = random_instinkt_game(seed, steps, draft)
    for seat in (0, 1, instinkt.SPECTATOR):
        original = instinkt.view(game, seat)
        data = msgpack.unpackb(msgpack.packb(encode_instinkt_view(original), use_bin_type=True), raw=False)
        copy = decode_instinkt_view(data)
        assert dict(copy.grid) == dict(original.grid)
        assert list(copy.legal_actions) == list(original.legal_actions)
        assert replace(copy, grid={}, legal_actions=()) == replace(original, grid={}, legal_actions=())


def test_an_instinkt_view_carries_nothing_the_seat_may_not_know() -> None:
    """The other's unrevealed pick and hand are not in the data at all, in any field."""
    game = instinkt.new_game(("ada", "bo"), 31)  # ada holds the snake, deer and cat; bo none of them
    game = instinkt.apply(game, instinkt.Choose(0, instinkt.Animal.DEER))
    hidden = {"snake", "deer", "cat"}
    for seat in (1, instinkt.SPECTATOR):
        data = encode_instinkt_view(instinkt.view(game, seat))
        words = set(re.findall(r"[a-z_0-9]+", json.dumps(data)))
        assert not (hidden - {"snake"}) & words, seat  # 'snake' stands for any hidden pick in the log
        assert data["revealed"] == [None, None] and data["has_chosen"] == [True, False]
    assert "deer" in json.dumps(encode_instinkt_view(instinkt.view(game, 0)))


def test_malformed_instinkt_views_are_refused() -> None:
    good = encode_instinkt_view(instinkt.view(random_instinkt_game(3, 20, False), 0))
    for key, bad in (("grid", [[0, 0, 5, "owl"]]), ("hand", ["dragon"]), ("revealed", [None]), ("seat", 7)):
        with pytest.raises(WireError):
            decode_instinkt_view({**good, key: bad})


def test_a_card_placed_on_its_back_travels_only_as_its_back() -> None:
    """Another seat's back is its back id on the wire (area and log), and arrives as it left."""
    game = backs_game(3, 5, 90)
    for seat in (0, 1, 2, SPECTATOR):
        original = view(game, seat)
        data = msgpack.unpackb(msgpack.packb(encode_view(original), use_bin_type=True), raw=False)
        hidden = {card for other in range(3) if other != seat for card in back_placed(game, other)}
        hidden -= public_cards(game)
        assert hidden, "the game must hold such cards"
        numbers = {int(n) for n in re.findall(r"\d+", json.dumps(data))}
        assert not {n for n in hidden if n > 9} & numbers, seat  # small ids are also coordinates and counts
        for index, seat_data in enumerate(data["seats"]):
            for _, _, card, side in seat_data["area"]:
                if index != seat and side == "back" and card not in CATALOG.starters:
                    assert card in HIDDEN_CARDS
        for entry in data["log"]:
            action = entry["action"]
            if action["type"] == "place" and action["side"] == "back" and action["player"] != seat:
                assert action["card"] in HIDDEN_CARDS
        copy = decode_view(data)
        assert [s.area.cards for s in copy.seats] == [s.area.cards for s in original.seats]
        assert copy.log == original.log
        assert any(isinstance(e.action, Place) and e.action.side is Side.BACK for e in copy.log)
    with pytest.raises(WireError):  # a back id is only ever a back
        bad = encode_view(view(game, 0))
        bad["seats"][1]["area"][1][3] = "front"
        bad["seats"][1]["area"][1][2] = next(iter(HIDDEN_CARDS))
        decode_view(bad)
