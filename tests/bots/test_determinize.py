"""Sampled games look exactly like the view they came from, and hold every card once."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from codex_tui.bots import make_bot
from codex_tui.bots.determinize import read_knowledge, sample_game
from codex_tui.rules import CATALOG, Game, SeatView, apply, new_game, players_to_act, view


def _comparable(seat_view: SeatView) -> SeatView:
    """A sampled game has no history, so its log is left out; lazy move lists are spelled out."""
    return replace(seat_view, log=(), legal_actions=tuple(seat_view.legal_actions))


def _positions(players: int, seed: int, every: int = 6) -> list[Game]:
    game = new_game([f"P{i}" for i in range(players)], seed)
    bots = [make_bot("greedy", i) for i in range(players)]
    found = []
    step = 0
    while not game.is_over:
        if step % every == 0:
            found.append(game)
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
        step += 1
    return found


def _playable_cards(game: Game) -> list[int]:
    cards = [*game.resource_deck, *game.gold_deck, *(c for c in game.market if c is not None)]
    for seat in game.seats:
        cards += [*seat.hand, *(p.card for p in seat.area.cards.values() if p.card in CATALOG.playable)]
    return cards


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_sample_looks_like_the_view_to_its_seat(players: int, seed: int) -> None:
    for game in _positions(players, seed):
        for seat in range(players):
            seat_view = view(game, seat)
            sample = sample_game(seat_view, read_knowledge(seat_view), random.Random(seat))
            assert _comparable(view(sample, seat)) == _comparable(seat_view)
            cards = _playable_cards(sample)
            assert sorted(cards) == sorted(CATALOG.playable), "every resource and gold card exactly once"
            secrets = [s.secret for s in sample.seats if s.secret is not None]
            assert len(set(secrets)) == len(secrets)
            assert not set(secrets) & set(game.setup.common_objectives)


def test_cards_taken_from_the_market_are_known_to_be_in_that_hand() -> None:
    known = Counter[bool]()
    for game in _positions(3, 7, every=3):
        seat = 0
        knowledge = read_knowledge(view(game, seat))
        for other, slots in enumerate(knowledge.hands):
            for slot in slots:
                if other != seat and slot.card is not None:
                    known[slot.card in game.seats[other].hand] += 1
    assert known[True] > 10 and not known[False]


def test_samples_vary_with_the_generator_but_not_the_seat_own_cards() -> None:
    game = _positions(2, 5)[4]
    seat_view = view(game, game.current)
    knowledge = read_knowledge(seat_view)
    samples = [sample_game(seat_view, knowledge, random.Random(i)) for i in range(5)]
    assert len({s.resource_deck for s in samples}) > 1
    assert all(s.seats[game.current].hand == game.seats[game.current].hand for s in samples)
