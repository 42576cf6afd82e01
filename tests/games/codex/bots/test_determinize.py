"""Sampled games look exactly like the view they came from, and hold every card once."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.bots.determinize import read_knowledge, sample_game
from codex_tui.games.codex.bots.search import SearchBot, SearchConfig
from codex_tui.games.codex.rules import (
    CATALOG,
    Draw,
    DrawSource,
    Game,
    Place,
    SeatView,
    Side,
    apply,
    legal_actions,
    new_game,
    players_to_act,
    view,
)

TINY = SearchConfig(playouts=24, candidates=4)


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


def _back_placed(game: Game, seat: int) -> dict[tuple[int, int], int]:
    """The resource and gold cards `seat` placed on their back, by position."""
    area = game.seats[seat].area
    return {pos: p.card for pos, p in area.cards.items() if p.side is Side.BACK and p.card in CATALOG.playable}


def test_other_seats_backs_are_sampled_as_unseen_cards_of_their_kind_and_kingdom() -> None:
    game = next(g for g in reversed(_positions(3, 4)) if _back_placed(g, 1) and _back_placed(g, 2))
    seat_view = view(game, 0)
    knowledge = read_knowledge(seat_view)
    assert len(knowledge.board_backs[1]) == len(_back_placed(game, 1)) and knowledge.board_backs[0] == ()
    guesses: dict[tuple[int, int], set[int]] = {}
    for i in range(20):
        sample = sample_game(seat_view, knowledge, random.Random(i))
        for seat in (1, 2):
            for pos, real in _back_placed(game, seat).items():
                card = sample.seats[seat].area.cards[pos].card
                assert CATALOG.playable[card].kind == CATALOG.playable[real].kind
                assert CATALOG.playable[card].kingdom == CATALOG.playable[real].kingdom
                guesses.setdefault(pos, set()).add(card)
        assert sample.seats[0].area == game.seats[0].area, "the seat's own backs are known, kept as they are"
    assert any(len(cards) > 1 for cards in guesses.values()), "an unknown back is guessed, not fixed"


def _market_and_backs_positions(players: int, seed: int) -> list[Game]:
    """Every position of a game whose players take from the market and place on the back when they can."""
    rng = random.Random(seed)
    game = new_game([f"P{i}" for i in range(players)], seed)
    found = []
    while not game.is_over:
        found.append(game)
        moves = list(legal_actions(game))
        preferred = [
            m
            for m in moves
            if (isinstance(m, Place) and m.side is Side.BACK) or (isinstance(m, Draw) and m.source is DrawSource.MARKET)
        ]
        game = apply(game, rng.choice(preferred or moves))
    return found


def test_a_market_card_perhaps_placed_on_its_back_stays_with_its_taker() -> None:
    """Bo takes a plant gold from the market and later places a plant gold on its back: that
    card is now in Bo's hand or under that back, never in a deck or another hand."""
    found = 0
    for game in _market_and_backs_positions(2, 11)[::8] + _market_and_backs_positions(3, 12)[::8]:
        for seat in range(len(game.seats)):
            seat_view = view(game, seat)
            knowledge = read_knowledge(seat_view)
            for other, maybes in enumerate(knowledge.maybe_placed):
                for maybe in maybes:
                    found += 1
                    where = {card: pos for pos, card in _back_placed(game, other).items()}
                    assert maybe.card in game.seats[other].hand or where[maybe.card] in maybe.under
                    for i in range(2):
                        sample = sample_game(seat_view, knowledge, random.Random(i))
                        theirs = sample.seats[other]
                        under = {theirs.area.cards[pos].card for pos in maybe.under}
                        assert maybe.card in theirs.hand or maybe.card in under
    assert found >= 5, "the games must hold such cards for the test to mean anything"


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6)])
def test_samples_of_games_full_of_backs_look_like_the_view_and_hold_every_card_once(players: int, seed: int) -> None:
    for game in _market_and_backs_positions(players, seed)[::5]:
        for seat in range(players):
            seat_view = view(game, seat)
            sample = sample_game(seat_view, read_knowledge(seat_view), random.Random(seat))
            assert _comparable(view(sample, seat)) == _comparable(seat_view)
            assert sorted(_playable_cards(sample)) == sorted(CATALOG.playable)


def _swap_under_back(game: Game, seat: int) -> Game | None:
    """The game with one of `seat`'s backs swapped for a deck card of the same kind and kingdom
    (None if there is none): every other seat sees exactly the same."""
    for pos, card in _back_placed(game, seat).items():
        info = CATALOG.playable[card]
        gold = info.is_gold
        deck, drawn = (
            (game.setup.gold_deck, game.gold_drawn) if gold else (game.setup.resource_deck, game.resource_drawn)
        )
        for index in range(drawn + 1, len(deck)):  # not the top: its kingdom shows
            if CATALOG.playable[deck[index]].kingdom == info.kingdom:
                swapped = list(deck)
                swapped[index] = card
                setup = replace(game.setup, **{"gold_deck" if gold else "resource_deck": tuple(swapped)})
                placed = game.seats[seat].area.cards[pos]
                cards = {**game.seats[seat].area.cards, pos: replace(placed, card=deck[index])}
                area = replace(game.seats[seat].area, cards=cards)
                seats = list(game.seats)
                seats[seat] = replace(seats[seat], area=area)
                return replace(game, setup=setup, seats=tuple(seats))
    return None


def test_a_search_bot_plays_legally_and_blind_to_which_card_lies_under_a_back() -> None:
    tried = 0
    for game in _market_and_backs_positions(3, 14)[30::12]:
        if game.is_over:
            continue
        seat = players_to_act(game)[0]
        other = next((s for s in range(3) if s != seat and _swap_under_back(game, s)), None)
        if other is None:
            continue
        swapped = _swap_under_back(game, other)
        assert swapped is not None
        first, second = view(game, seat), view(swapped, seat)
        assert _comparable(first) == _comparable(second), "the two games must look the same to the seat"
        choice = SearchBot(7, TINY).choose(first)
        assert choice in first.legal_actions
        assert SearchBot(7, TINY).choose(second) == choice
        tried += 1
    assert tried >= 3
