"""Instinkt rounds: secret choices, snakes, who places first, the token, the end."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.games.instinkt.rules import (
    Animal,
    Choose,
    Enter,
    IllegalAction,
    Keep,
    Move,
    Phase,
    Place,
    Setup,
    Variant,
    apply,
    legal_actions,
    new_game,
    replay,
    result,
    start,
    view,
)
from codex_tui.games.instinkt.rules.engine import apply_legal
from codex_tui.games.instinkt.rules.grid import connected, fits
from codex_tui.games.instinkt.rules.state import Piece, Seat

A = Animal


def game_with(black: list[Animal], white: list[Animal], token: int = 0, draft: bool = False):
    """A game whose piles start with the given cards (the rest follow in number order)."""

    def pile(top: list[Animal]) -> tuple[Animal, ...]:
        return tuple(top) + tuple(a for a in Animal if a not in top)

    return start(("Black", "White"), Setup(piles=(pile(black), pile(white)), token=token), Variant(draft=draft))


def test_choices_are_secret_until_both_have_chosen() -> None:
    game = game_with([A.CAT, A.OWL, A.WOLF], [A.RAVEN, A.BAT, A.MOTH])
    game = apply(game, Choose(0, A.OWL))
    assert view(game, 1).revealed == (None, None) and view(game, 1).has_chosen == (True, False)
    assert all(getattr(e.action, "card", None) != A.OWL for e in view(game, 1).log)
    game = apply(game, Choose(1, A.BAT))
    assert view(game, 1).revealed == (A.OWL, A.BAT)
    assert game.phase is Phase.PLACE and game.order == (0, 1)  # 7 beats 2


def test_higher_number_places_first_then_both_draw() -> None:
    game = game_with([A.RAVEN, A.BAT, A.MOTH], [A.CAT, A.OWL, A.WOLF])
    game = apply(apply(game, Choose(0, A.RAVEN)), Choose(1, A.WOLF))
    assert game.order == (1, 0)
    with pytest.raises(IllegalAction, match="places first"):
        apply(game, Place(0, 0, 0))
    game = apply(game, Place(1, 0, 0))
    game = apply(game, Place(0, 1, 0))
    assert game.phase is Phase.CHOOSE and game.round == 2
    assert len(game.seats[0].hand) == 3 and len(game.seats[1].hand) == 3
    assert game.log[-1].drew == (game.setup.piles[0][3], game.setup.piles[1][3])


def test_equal_numbers_the_token_holder_places_first_and_the_token_passes() -> None:
    game = game_with([A.CAT, A.RAVEN, A.BAT], [A.CAT, A.MOTH, A.OWL], token=1)
    game = apply(apply(game, Choose(0, A.CAT)), Choose(1, A.CAT))
    assert game.order == (1, 0) and game.token == 0 and game.log[-1].token_passed


def test_a_snake_sends_both_cards_out_and_nobody_places() -> None:
    game = game_with([A.SNAKE, A.RAVEN, A.BAT], [A.WOLF, A.MOTH, A.OWL])
    game = apply(apply(game, Choose(1, A.WOLF)), Choose(0, A.SNAKE))
    assert game.phase is Phase.CHOOSE and not game.grid
    assert game.seats[0].played == (A.SNAKE,) and game.seats[1].played == (A.WOLF,)
    assert game.log[-1].snake and game.round == 2


def test_the_deer_must_push_when_it_can() -> None:
    game = game_with([A.CAT, A.DEER, A.BAT], [A.OWL, A.MOTH, A.RAVEN])
    game = apply(apply(game, Choose(0, A.CAT)), Choose(1, A.OWL))
    game = apply(apply(game, Place(1, 0, 0)), Place(0, 1, 0))
    game = apply(apply(game, Choose(0, A.DEER)), Choose(1, A.MOTH))
    moves = legal_actions(game)
    assert moves and all(isinstance(m, Enter) for m in moves)
    with pytest.raises(IllegalAction, match="Deer"):
        apply(game, Place(0, 0, 1))
    after = apply(game, moves[0])
    assert Piece(0, A.DEER) in after.grid.values()


def test_the_first_card_of_the_game_can_be_the_deer() -> None:
    game = game_with([A.DEER, A.BAT, A.CAT], [A.OWL, A.MOTH, A.RAVEN])
    game = apply(apply(game, Choose(0, A.DEER)), Choose(1, A.OWL))
    game = apply(game, Place(0, 0, 0))  # the deer placed first: no line to enter yet
    assert game.grid == {(0, 0): Piece(0, A.DEER)}
    assert all(isinstance(m, Place) for m in legal_actions(game))


def test_the_raccoon_moves_one_of_its_owners_other_cards() -> None:
    game = game_with([A.CAT, A.RACCOON, A.BAT], [A.OWL, A.MOTH, A.RAVEN])
    game = apply(apply(game, Choose(0, A.CAT)), Choose(1, A.OWL))
    game = apply(apply(game, Place(1, 0, 0)), Place(0, 1, 0))
    game = apply(apply(game, Choose(0, A.RACCOON)), Choose(1, A.MOTH))
    game = apply(game, Place(0, 2, 0))
    assert game.phase is Phase.MOVE and game.order[0] == 0
    moves = legal_actions(game)
    assert moves and all(isinstance(m, Move) and (m.from_x, m.from_y) == (1, 0) for m in moves)
    after = apply(game, moves[0])
    assert after.phase is Phase.PLACE and after.order == (1,)
    assert connected(after.grid) and fits(after.grid)


def test_the_draft_variant_keeps_three_of_five() -> None:
    game = new_game(("Black", "White"), 3, Variant(draft=True))
    assert game.phase is Phase.KEEP and len(game.seats[0].hand) == 5
    kept = game.seats[0].hand[:3]
    game = apply(game, Keep(0, kept))
    assert game.seats[0].hand == kept and game.seats[0].pile[-2:] == game.setup.piles[0][3:5]
    with pytest.raises(IllegalAction):
        apply(game, Keep(1, (A.SNAKE, A.SNAKE, A.SNAKE)))
    game = apply(game, Keep(1, game.seats[1].hand[2:]))
    assert game.phase is Phase.CHOOSE
    assert view(game, 0).log[-1].action == Keep(1, (A.SNAKE,) * 3)  # the other's kept cards stay hidden


def test_ties_more_scoring_cards_then_higher_hand_then_shared() -> None:
    game = game_with([A.CAT, A.RAVEN, A.BAT], [A.CAT, A.MOTH, A.OWL])
    base = replace(game, phase=Phase.OVER, grid={})
    richer = replace(base, seats=(replace(base.seats[0], hand=(A.RACCOON,)), replace(base.seats[1], hand=(A.RAVEN,))))
    outcome = result(richer)
    assert outcome.winners == (0,) and outcome.tie_break == "higher numbers in hand"
    even = replace(base, seats=(replace(base.seats[0], hand=(A.SNAKE,)), replace(base.seats[1], hand=())))
    assert result(even).winners == (0, 1) and result(even).tie_break == "shared victory"
    grid = {
        (0, 0): Piece(0, A.SPIDER_4),
        (3, 3): Piece(1, A.SPIDER_4),
        (1, 0): Piece(0, A.CAT),
        (2, 3): Piece(1, A.RAVEN),
    }
    cards = replace(base, grid=grid)
    outcome = result(cards)
    assert outcome.points == (5, 2) and outcome.winners == (0,) and outcome.tie_break is None


def random_game(seed: int, draft: bool = False):
    rng = random.Random(seed)
    game = new_game(("Black", "White"), seed, Variant(draft=draft))
    states = [game]
    while not game.is_over:
        moves = legal_actions(game)
        game = apply(game, moves[rng.randrange(len(moves))])
        states.append(game)
    return states


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_every_game_fills_the_4x4_grid_connected_and_never_loses_a_card(seed: int, draft: bool) -> None:
    states = random_game(seed, draft)
    for game in states:
        assert fits(game.grid) and connected(game.grid) and len(game.grid) <= 16
        for player, seat in enumerate(game.seats):
            cards = Counter(seat.hand) + Counter(seat.pile) + Counter(seat.played)
            if seat.chosen is not None:
                cards[seat.chosen] += 1
            assert cards == Counter(Animal), (player, cards)
        on_grid = Counter(game.grid.values())
        assert all(count == 1 for count in on_grid.values())
    final = states[-1]
    assert len(final.grid) == 16 and final.is_over
    xs = {x for x, _ in final.grid}
    ys = {y for _, y in final.grid}
    assert len(xs) == 4 and len(ys) == 4


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_replay_and_undo_rebuild_the_same_states(seed: int) -> None:
    states = random_game(seed)
    final = states[-1]
    cut = seed % len(final.log)
    assert replay(final.players, final.setup, final.variant, final.actions[:cut]) == states[cut]
    assert INSTINKT.undo(states[cut + 1]) == states[cut]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_a_view_never_shows_the_other_hand_or_pile(seed: int) -> None:
    for game in random_game(seed)[::5]:
        for seat in (0, 1):
            other = game.seats[1 - seat]
            v = view(game, seat)
            assert v.hand == game.seats[seat].hand
            for entry in v.log:
                if entry.drew is not None:
                    assert entry.drew[1 - seat] is None
            hidden_choice = game.phase is Phase.CHOOSE and other.chosen is not None
            if hidden_choice:
                assert v.revealed == (None, None)


def test_same_seed_same_deal() -> None:
    assert new_game(("a", "b"), 5).setup == new_game(("a", "b"), 5).setup
    assert new_game(("a", "b"), 5).setup != new_game(("a", "b"), 6).setup
    assert Seat  # the state's seat type is public for the app


def test_applying_a_listed_move_unchecked_gives_the_same_game() -> None:
    """`apply_legal` (the playouts' apply) skips only the check: the game it returns is `apply`'s."""
    for seed in range(20):
        rng = random.Random(seed)
        game = new_game(("A", "B"), seed)
        while not game.is_over:
            moves = legal_actions(game)
            move = moves[rng.randrange(len(moves))]
            checked = apply(game, move)
            assert apply_legal(game, move) == checked
            game = checked
