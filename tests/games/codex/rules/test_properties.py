"""Properties that must hold in every game, checked over many generated games."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.games.codex.module import CODEX
from codex_tui.games.codex.rules import (
    CATALOG,
    Game,
    Place,
    apply,
    legal_actions,
    new_game,
    replay,
)

games = st.builds(
    lambda players, seed: (players, seed),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=2**32),
)


def random_game(players: int, seed: int, steps: int | None = None) -> list[Game]:
    """Every state of one random game (or its first `steps` actions)."""
    rng = random.Random(seed)
    game = new_game([f"P{i}" for i in range(players)], seed)
    states = [game]
    while not game.is_over and (steps is None or len(states) <= steps):
        actions = legal_actions(game)
        game = apply(game, actions[rng.randrange(len(actions))])
        states.append(game)
    return states


def every_playable_card(game: Game) -> Counter:
    cards = Counter(game.resource_deck) + Counter(game.gold_deck)
    cards += Counter(c for c in game.market if c is not None)
    for seat in game.seats:
        cards += Counter(seat.hand)
        cards += Counter(p.card for p in seat.area.cards.values() if p.card in CATALOG.playable)
    return cards


@settings(max_examples=40, deadline=None)
@given(games)
def test_no_card_is_ever_duplicated_or_lost(spec) -> None:
    expected = Counter(list(CATALOG.playable))
    for game in random_game(*spec):
        assert every_playable_card(game) == expected


@settings(max_examples=40, deadline=None)
@given(games)
def test_scores_equal_the_sum_of_placement_events(spec) -> None:
    final = random_game(*spec)[-1]
    for player, seat in enumerate(final.seats):
        events = [e.points for e in final.log if isinstance(e.action, Place) and e.action.player == player]
        assert seat.score == sum(events)


@settings(max_examples=40, deadline=None)
@given(games)
def test_visible_counts_match_a_recount_of_the_area(spec) -> None:
    final = random_game(*spec)[-1]
    for seat in final.seats:
        area = seat.area
        recount = [0] * 7
        for pos, placed in area.cards.items():
            for corner, symbol in enumerate(placed.face.corners):
                if symbol >= 0 and area.visible_corner(pos, corner):
                    recount[symbol] += 1
            for symbol in placed.face.center:
                recount[symbol] += 1
        assert tuple(recount) == area.counts


@settings(max_examples=25, deadline=None)
@given(games, st.integers(min_value=0, max_value=200))
def test_undo_after_apply_is_the_identity(spec, step) -> None:
    states = random_game(*spec, steps=step + 1)
    before = states[min(step, len(states) - 2)]
    after = states[states.index(before) + 1]
    assert CODEX.undo(after) == before  # the contract's undo, the one every app uses


@settings(max_examples=25, deadline=None)
@given(games, st.integers(min_value=0, max_value=200))
def test_replaying_a_prefix_of_the_log_gives_the_state_at_that_point(spec, cut) -> None:
    states = random_game(*spec)
    final = states[-1]
    cut = min(cut, len(final.log))
    rebuilt = replay(final.players, final.setup, final.variant, final.actions[:cut], final.seed)
    assert rebuilt == states[cut]


@settings(max_examples=20, deadline=None)
@given(games)
def test_every_state_offers_a_legal_action_until_the_end(spec) -> None:
    for game in random_game(*spec):
        assert bool(legal_actions(game)) != game.is_over
