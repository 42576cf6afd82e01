"""A seat's view holds nothing that seat may not know."""

from __future__ import annotations

import pytest

from codex_tui.games.codex.rules import (
    CATALOG,
    SPECTATOR,
    ChooseObjective,
    Draw,
    DrawSource,
    Place,
    Side,
    apply,
    legal_actions,
    view,
)
from codex_tui.games.codex.rules.hidden import BACK_ID_OF, HIDDEN_CARDS
from codex_tui.games.codex.rules.objectives import objective_points
from codex_tui.games.codex.rules.view import CardBack, _redact
from tests.backs import back_placed, backs_game, public_cards
from tests.helpers import play_random, started_game


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
    """Cards `seat` cannot know: the decks, what others hold or placed on the back that was never shown."""
    hidden = set(game.resource_deck) | set(game.gold_deck)
    for other, s in enumerate(game.seats):
        if other != seat:
            hidden |= (set(s.hand) | back_placed(game, other)) - public_cards(game)
            hidden |= set(s.objective_choices)
    return hidden


def test_own_hand_and_secret_are_shown_others_only_as_backs() -> None:
    game = play_random(started_game(players=3, seed=9), seed=1, steps=20)
    mine = view(game, 0)
    assert mine.hand == game.seats[0].hand
    assert mine.secret == game.seats[0].secret
    for seat, public in zip(game.seats, mine.seats):
        assert public.hand_backs == tuple(CardBack.of(c) for c in seat.hand)


@pytest.mark.parametrize("backs", [False, True])
def test_hidden_cards_appear_nowhere_in_a_view(backs: bool) -> None:
    """With `backs`, the players place on the back when they can: those cards are hidden too."""
    hidden_backs = 0
    for seed in range(8):
        steps = 10 + 9 * seed
        game = backs_game(3, seed, steps) if backs else play_random(started_game(players=3, seed=seed), seed, steps)
        hidden_backs += sum(len(back_placed(game, s) - public_cards(game)) for s in range(3))
        for seat in (0, 1, 2, SPECTATOR):
            v = view(game, seat)
            leaked = cards_in_view(v) & hidden_from(game, seat)
            assert not leaked, f"seat {seat} sees {leaked}"
            assert hidden_from(game, seat), "the test must have something to hide"
    assert hidden_backs > 20 or not backs, "the game must hold backs placed from hidden hands"


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
    from codex_tui.games.codex.rules import CATALOG

    assert v.resource_deck_top == CATALOG.playable[game.resource_deck[0]].kingdom
    assert v.gold_deck_top == CATALOG.playable[game.gold_deck[0]].kingdom


def test_legal_actions_only_for_the_seat_to_move() -> None:
    game = started_game(seed=3)
    assert len(view(game, game.current).legal_actions) > 0
    assert view(game, 1 - game.current).legal_actions == ()
    assert view(game, SPECTATOR).hand == () and view(game, SPECTATOR).secret is None


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_other_seats_backs_show_only_kind_and_kingdom_and_change_no_count(players: int, seed: int) -> None:
    game = backs_game(players, seed, 40 + 30 * seed)
    for seat in [*range(players), SPECTATOR]:
        v = view(game, seat)
        for owner, (real, shown) in enumerate(zip(game.seats, v.seats)):
            if owner == seat:
                assert shown.area == real.area, "a player sees their own backs as they are"
                continue
            assert (shown.area.counts, shown.area.open_spots, shown.area.blocked) == (
                real.area.counts,
                real.area.open_spots,
                real.area.blocked,
            ), "a back shows its symbols: the counts stay public"
            for pos, placed in real.area.cards.items():
                seen = shown.area.cards[pos]
                if placed.card in back_placed(game, owner):
                    assert seen.card == BACK_ID_OF[placed.card] and seen.face == placed.face
                else:
                    assert seen == placed
            for objective in CATALOG.objectives:  # patterns see a back's kingdom, as on the table
                assert objective_points(shown.area, objective) == objective_points(real.area, objective)
        for entry, real_entry in zip(v.log, game.log):
            action = real_entry.action
            if isinstance(action, Place) and action.side is Side.BACK and action.player != seat:
                assert entry.action == Place(action.player, BACK_ID_OF[action.card], Side.BACK, action.x, action.y)
            elif isinstance(action, Place):
                assert entry.action == action
    assert any(back_placed(game, s) for s in range(players)), "the game must hold backs"


def test_a_back_id_is_one_per_kind_and_kingdom_and_names_no_card() -> None:
    assert len(HIDDEN_CARDS) == 8
    assert not set(HIDDEN_CARDS) & (set(CATALOG.playable) | set(CATALOG.starters) | set(CATALOG.objectives))
    for card in CATALOG.playable.values():
        hidden = HIDDEN_CARDS[BACK_ID_OF[card.id]]
        assert (hidden.kind, hidden.kingdom, hidden.back) == (card.kind, card.kingdom, card.back)
    with pytest.raises(ValueError):
        next(iter(HIDDEN_CARDS.values())).face(Side.FRONT)


def test_an_unchanged_area_with_backs_is_the_same_object_in_every_view() -> None:
    """The play area widget redraws and recentres for a new area object only."""
    game = backs_game(2, 6, 40)
    owner = next(s for s in range(2) if back_placed(game, s))
    other = 1 - owner
    first = view(game, other).seats[owner].area
    assert first is not game.seats[owner].area, "the shown area is a redacted copy"
    assert view(game, other).seats[owner].area is first
    assert view(game, SPECTATOR).seats[owner].area is first


def test_a_view_s_log_is_the_whole_log_redacted_whatever_views_came_before() -> None:
    """Views reuse the last log redacted for a seat when the new log begins with it: going on,
    going back (an undo), taking another branch or another game must never reuse a wrong entry."""
    trunk = [backs_game(3, 5, steps) for steps in (0, 25, 26, 60)]
    branch = play_random(trunk[1], seed=99, steps=30)
    other = backs_game(3, 6, 40)
    for game in (*trunk, trunk[1], trunk[0], branch, trunk[3], other, branch, trunk[2]):
        for seat in (0, 1, 2, SPECTATOR):
            assert view(game, seat).log == tuple(_redact(entry, seat) for entry in game.log)
