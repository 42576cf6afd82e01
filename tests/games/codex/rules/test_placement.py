"""Placement rule, hidden corners, backs, visible symbols, gold requirements."""

from __future__ import annotations

import pytest

from codex_tui.games.codex.rules import CATALOG, IllegalAction, Place, Side, Symbol, apply, legal_actions
from codex_tui.games.codex.rules.engine import PlacementMoves
from tests.helpers import area_of, started_game, with_seat

F, A = int(Symbol.FUNGI), int(Symbol.ANIMAL)


def counts(area) -> dict[str, int]:
    return {Symbol(i).letter: n for i, n in enumerate(area.counts) if n}


def test_starter_front_shows_its_four_corners() -> None:
    area = area_of(starter=83)
    assert counts(area) == {"F": 1, "P": 1, "A": 1, "I": 1}
    assert area.open_spots == {(-1, 1), (1, 1), (1, -1), (-1, -1)}


def test_starter_back_centre_is_permanent_and_hidden_corners_block() -> None:
    area = area_of(starter=85, starter_side=Side.BACK)  # back: . . x x, centre A I P
    assert counts(area) == {"A": 1, "I": 1, "P": 1}
    assert area.open_spots == {(-1, 1), (1, 1)}
    assert area.blocked == {(1, -1), (-1, -1)}


def test_covering_a_corner_hides_its_symbol_and_the_new_card_shows_all_of_its_own() -> None:
    # Resource 1 (F . x F) on the starter's top-right corner, which shows an animal.
    area = area_of((1, Side.FRONT, (1, 1)), starter=83)
    assert counts(area) == {"F": 3, "P": 1, "I": 1}
    assert not area.visible_corner((0, 0), 1)  # starter's top-right is under the new card
    assert area.visible_corner((1, 1), 3)  # the new card's bottom-left lies on top
    assert (2, 0) in area.blocked  # resource 1's bottom-right corner is hidden
    assert area.open_spots == {(-1, 1), (1, -1), (-1, -1), (0, 2), (2, 2)}


def test_a_back_gives_its_kingdom_and_four_open_corners() -> None:
    area = area_of((21, Side.BACK, (1, 1)), starter=83)
    assert counts(area) == {"F": 1, "P": 1, "I": 1, "A": 1}  # starter's animal covered, back adds one
    assert {(0, 2), (2, 2), (2, 0)} <= area.open_spots


@pytest.fixture
def game():
    g = started_game(seed=3)
    return with_seat(g, g.current, hand=(1, 2, 44), area=area_of(starter=83))


@pytest.mark.parametrize(
    ("pos", "message"),
    [
        ((0, 0), "already holds a card"),
        ((3, 3), "covers no visible corner"),
        ((1, 0), "not on the card grid"),
    ],
)
def test_illegal_spots_say_why(game, pos, message) -> None:
    with pytest.raises(IllegalAction, match=message) as error:
        apply(game, Place(game.current, 1, Side.FRONT, *pos))
    assert error.value.rule == "Placement rule"


def test_a_spot_under_a_hidden_corner_is_refused(game) -> None:
    # Resource 1's bottom-right corner is hidden: (2, 0) is closed for good.
    game = with_seat(game, game.current, area=area_of((1, Side.FRONT, (1, 1)), starter=83))
    with pytest.raises(IllegalAction, match=r"Placement rule: \(2, 0\) would cover a hidden corner"):
        apply(game, Place(game.current, 2, Side.FRONT, 2, 0))


def test_cards_must_be_in_hand(game) -> None:
    with pytest.raises(IllegalAction, match="not in"):
        apply(game, Place(game.current, 9, Side.FRONT, 1, 1))


def test_only_the_current_player_places(game) -> None:
    with pytest.raises(IllegalAction, match="Turn order"):
        apply(game, Place(1 - game.current, 1, Side.FRONT, 1, 1))


def test_gold_front_needs_its_requirement_visible_before_placing(game) -> None:
    # Gold 44 needs 3 fungi + 1 animal; the starter alone shows one of each.
    with pytest.raises(IllegalAction, match="Gold cards rule: gold 44 needs 3 fungi \\+ 1 animal"):
        apply(game, Place(game.current, 44, Side.FRONT, 1, 1))
    moves = legal_actions(game)
    assert isinstance(moves, PlacementMoves)
    assert (44, Side.FRONT) not in moves.options
    assert (44, Side.BACK) in moves.options
    after = apply(game, Place(game.current, 44, Side.BACK, 1, 1))  # backs are always allowed
    assert 44 in {p.card for p in after.seats[game.current].area.cards.values()}


def test_gold_requirement_may_be_covered_by_the_gold_itself(game) -> None:
    # Fungi x5, animal x1 visible; gold 44 at (1,1) covers the starter's only animal.
    area = area_of((1, Side.FRONT, (1, -1)), (2, Side.FRONT, (2, 0)), starter=83)
    assert area.counts[A] == 1 and area.counts[F] == 5
    game = with_seat(game, game.current, area=area)
    after = apply(game, Place(game.current, 44, Side.FRONT, 1, 1))
    seat = after.seats[game.current]
    assert seat.area.counts[A] == 0
    assert seat.score == 4


def test_legal_actions_are_every_option_on_every_open_spot(game) -> None:
    moves = legal_actions(game)
    assert len(moves) == len(moves.options) * 4
    listed = list(moves)
    assert len(set(listed)) == len(listed) == len(moves)
    assert all(m in moves for m in listed)
    assert moves[-1] == listed[-1] and moves[0:2] == listed[0:2]
    assert Place(game.current, 1, Side.FRONT, 9, 9) not in moves
    for move in listed:
        apply(game, move)  # every listed move is accepted


def test_hand_loses_the_card_and_score_moves(game) -> None:
    # Resource 8 is worth 1 point on its front, nothing on its back.
    game = with_seat(game, game.current, hand=(8, 2, 44))
    front = apply(game, Place(game.current, 8, Side.FRONT, 1, 1)).seats[game.current]
    back = apply(game, Place(game.current, 8, Side.BACK, 1, 1)).seats[game.current]
    assert front.hand == back.hand == (2, 44)
    assert (front.score, back.score) == (CATALOG.playable[8].points, 0) == (1, 0)
