"""A seat's view holds nothing that seat may not know."""

from __future__ import annotations

from codex_tui.rules import SPECTATOR, ChooseObjective, Draw, DrawSource, apply, legal_actions, view
from codex_tui.rules.view import CardBack

from ..helpers import play_random, started_game


def cards_in_view(v) -> set[int]:
    """Every card id a view carries, field by field."""
    cards = set(v.hand) | set(v.objective_choices) | set(v.common_objectives)
    cards |= {c for c in v.market if c is not None} | ({v.secret} if v.secret else set())
    for seat in v.seats:
        cards.add(seat.starter)
        cards |= {placed.card for placed in seat.area.cards.values()}
        assert all(isinstance(back, CardBack) for back in seat.hand_backs)
    for entry in v.log:
        cards |= {c for c in (entry.drawn, entry.refill, getattr(entry.action, "card", None)) if c}
    return cards


def hidden_from(game, seat: int) -> set[int]:
    """Cards `seat` cannot know: the decks, and what others hold that was never shown."""
    hidden = set(game.resource_deck) | set(game.gold_deck)
    shown = {e.drawn for e in game.log if isinstance(e.action, Draw) and e.action.source is DrawSource.MARKET}
    for other, s in enumerate(game.seats):
        if other != seat:
            hidden |= (set(s.hand) - shown) | set(s.objective_choices)
    return hidden


def test_own_hand_and_secret_are_shown_others_only_as_backs() -> None:
    game = play_random(started_game(players=3, seed=9), seed=1, steps=20)
    mine = view(game, 0)
    assert mine.hand == game.seats[0].hand
    assert mine.secret == game.seats[0].secret
    for seat, public in zip(game.seats, mine.seats):
        assert public.hand_backs == tuple(CardBack.of(c) for c in seat.hand)


def test_hidden_cards_appear_nowhere_in_a_view() -> None:
    for seed in range(8):
        game = play_random(started_game(players=3, seed=seed), seed=seed, steps=10 + 9 * seed)
        for seat in (0, 1, 2, SPECTATOR):
            v = view(game, seat)
            leaked = cards_in_view(v) & hidden_from(game, seat)
            assert not leaked, f"seat {seat} sees {leaked}"
            assert hidden_from(game, seat), "the test must have something to hide"


def test_log_hides_other_seats_objective_choice_and_deck_draws() -> None:
    game = started_game(seed=3)
    player = game.current
    game = apply(game, legal_actions(game)[0])
    game = apply(game, Draw(player, DrawSource.RESOURCE_DECK))
    other = 1 - player
    theirs = view(game, other)
    own = view(game, player)
    objective_entries = [e for e in theirs.log if isinstance(e.action, ChooseObjective)]
    assert {e.action.card for e in objective_entries if e.action.player != other} == {0}
    assert theirs.log[-1].drawn is None and own.log[-1].drawn is not None


def test_deck_tops_show_only_their_kingdom() -> None:
    game = started_game(seed=3)
    v = view(game, 0)
    assert v.resource_deck_size == len(game.resource_deck)
    from codex_tui.rules import CATALOG

    assert v.resource_deck_top == CATALOG.playable[game.resource_deck[0]].kingdom
    assert v.gold_deck_top == CATALOG.playable[game.gold_deck[0]].kingdom


def test_legal_actions_only_for_the_seat_to_move() -> None:
    game = started_game(seed=3)
    assert len(view(game, game.current).legal_actions) > 0
    assert view(game, 1 - game.current).legal_actions == ()
    assert view(game, SPECTATOR).hand == () and view(game, SPECTATOR).secret is None
