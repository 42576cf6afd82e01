"""Set-up choices, turn order, drawing and refilling, and the end of the game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from codex_tui.games.codex.rules import (
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    EndReason,
    IllegalAction,
    Pass,
    Phase,
    Place,
    PlayArea,
    Side,
    apply,
    legal_actions,
    new_game,
    players_to_act,
    start,
)
from codex_tui.games.codex.rules.state import Variant
from tests.helpers import area_of, finish_setup, small_setup, start_small, started_game, with_seat


def first_move(game):
    return legal_actions(game)[0]


# ----------------------------------------------------------------- set-up


def test_the_deal_follows_the_rulebook() -> None:
    for players in (2, 3, 4):
        game = new_game([f"P{i}" for i in range(players)], seed=players)
        setup = game.setup
        assert len(setup.resource_deck) == 40 - 2 - 2 * players
        assert len(setup.gold_deck) == 40 - 2 - players
        assert len({s.starter for s in setup.seats}) == players
        for seat in game.seats:
            assert [c <= 40 for c in seat.hand] == [True, True, False]
        objectives = list(setup.common_objectives) + [c for s in setup.seats for c in s.objective_choices]
        assert len(set(objectives)) == len(objectives) == 2 + 2 * players
        assert game.phase is Phase.SETUP


def test_same_seed_same_game_and_other_seeds_differ() -> None:
    assert new_game(["A", "B"], 42).setup == new_game(["A", "B"], 42).setup
    assert new_game(["A", "B"], 42).setup != new_game(["A", "B"], 43).setup
    firsts = {new_game(["A", "B", "C"], seed).setup.first_player for seed in range(30)}
    assert firsts == {0, 1, 2}


def test_the_deal_is_stable_across_versions() -> None:
    """Seed 7 must deal this game forever: saves and shared seeds depend on it."""
    setup = new_game(["A", "B"], 7).setup
    assert setup.resource_deck[:5] == (30, 15, 18, 38, 3)
    assert setup.seats[0].hand == (28, 23, 64)
    assert setup.common_objectives == (94, 91)
    assert setup.first_player == 0


def test_set_up_choices_in_any_order_then_the_first_player_starts() -> None:
    game = new_game(["A", "B"], 1)
    assert players_to_act(game) == (0, 1)
    with pytest.raises(IllegalAction, match="Game set-up"):
        apply(game, Place(0, game.seats[0].hand[0], Side.BACK, 1, 1))
    game = apply(game, ChooseObjective(1, game.seats[1].objective_choices[1]))
    game = apply(game, ChooseStarter(1, Side.BACK))
    with pytest.raises(IllegalAction, match="already"):
        apply(game, ChooseStarter(1, Side.FRONT))
    with pytest.raises(IllegalAction, match="was not offered"):
        apply(game, ChooseObjective(0, game.seats[1].objective_choices[0]))
    game = apply(game, ChooseStarter(0, Side.FRONT))
    assert game.phase is Phase.SETUP and players_to_act(game) == (0,)
    game = apply(game, ChooseObjective(0, game.seats[0].objective_choices[0]))
    assert game.phase is Phase.PLACE and game.current == game.setup.first_player
    assert game.seats[1].secret == game.seats[1].objective_choices[1]
    assert game.seats[1].area.cards[(0, 0)].side is Side.BACK


# ------------------------------------------------------------ turn order


def test_a_turn_is_place_then_draw_then_the_next_seat() -> None:
    game = started_game(players=3, seed=4)
    first = game.current
    game = apply(game, first_move(game))
    assert game.phase is Phase.DRAW and game.current == first
    with pytest.raises(IllegalAction, match="Turn order"):
        apply(game, Place(first, game.seats[first].hand[0], Side.BACK, 1, 1))
    game = apply(game, Draw(first, DrawSource.RESOURCE_DECK))
    assert game.phase is Phase.PLACE and game.current == (first + 1) % 3
    assert len(game.seats[first].hand) == 3


def test_drawing_from_the_market_refills_from_the_same_deck() -> None:
    game = started_game(seed=4)
    player = game.current
    game = apply(game, first_move(game))
    taken = game.market[0]
    top = game.resource_deck[0]
    game = apply(game, Draw(player, DrawSource.MARKET, taken))
    assert game.market[0] == top
    assert taken in game.seats[player].hand
    assert game.log[-1].drawn == taken and game.log[-1].refill == top


def test_a_deck_draw_takes_the_top_card() -> None:
    game = started_game(seed=4)
    player = game.current
    game = apply(game, first_move(game))
    top = game.gold_deck[0]
    game = apply(game, Draw(player, DrawSource.GOLD_DECK))
    assert game.seats[player].hand[-1] == top
    assert game.gold_drawn == 1


def test_draw_errors_name_the_rule() -> None:
    game = started_game(seed=4)
    player = game.current
    game = apply(game, first_move(game))
    with pytest.raises(IllegalAction, match="not face up"):
        apply(game, Draw(player, DrawSource.MARKET, 999))
    with pytest.raises(IllegalAction, match="names no card"):
        apply(game, Draw(player, DrawSource.GOLD_DECK, 5))


def test_empty_deck_refills_the_slot_from_the_other_deck_then_leaves_it_empty() -> None:
    setup = small_setup(resource_deck=(), gold_deck=(77,))
    game = start_small(setup)
    resource_slot_card = game.market[0]
    game = apply(game, first_move(game))
    with pytest.raises(IllegalAction, match="resource deck is empty"):
        apply(game, Draw(0, DrawSource.RESOURCE_DECK))
    game = apply(game, Draw(0, DrawSource.MARKET, resource_slot_card))
    assert game.market[0] == 77  # the gold deck fills a resource slot
    assert game.end is EndReason.DECKS
    game = apply(game, first_move(game))
    taken = game.market[1]
    game = apply(game, Draw(1, DrawSource.MARKET, taken))
    assert game.market[1] is None  # nothing left to refill with


def test_no_draw_when_nothing_is_left() -> None:
    game = start_small(small_setup(resource_deck=(), gold_deck=()))
    game = replace(game, market=(None, None, None, None))
    hand_before = len(game.seats[0].hand)
    game = apply(game, first_move(game))
    assert game.phase is Phase.PLACE and game.current == 1
    assert len(game.seats[0].hand) == hand_before - 1


def test_a_player_with_no_legal_spot_passes() -> None:
    game = started_game(seed=4)
    player = game.current
    closed = PlayArea(cards=area_of().cards, counts=area_of().counts, open_spots=frozenset(), blocked=frozenset())
    stuck = with_seat(game, player, area=closed)
    assert list(legal_actions(stuck)) == [Pass(player)]
    after = apply(stuck, Pass(player))
    assert after.current == (player + 1) % 2 and after.phase is Phase.PLACE
    with pytest.raises(IllegalAction, match="only pass"):
        apply(game, Pass(player))


# ------------------------------------------------------------- the end


def turns(game) -> list[tuple[int, bool]]:
    """(player, drew a card) for every turn in the log."""
    result = []
    for entry in game.log:
        action = entry.action
        if isinstance(action, (Place, Pass)):
            result.append((action.player, False))
        elif isinstance(action, Draw):
            result[-1] = (action.player, True)
    return result


def trigger_turn(game) -> int:
    """Index (in `turns`) of the turn during which the end was triggered."""
    count = -1
    for entry in game.log:
        if isinstance(entry.action, (Place, Pass)):
            count += 1
        if entry.end is not None:
            return count
    raise AssertionError("the end was never triggered")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_end_turn_arithmetic_for_every_seat_that_triggers_it(players: int) -> None:
    """Whoever reaches the target: finish the round, then one more turn each, no last draw."""
    for first in range(players):
        for trigger in range(players):
            game = start_small(
                small_setup(players, resource_deck=range(1, 30), gold_deck=range(41, 70), first_player=first)
            )
            rng = random.Random(players * 100 + first * 10 + trigger)
            # Play a full round, then until `trigger` is about to place.
            while len(turns(game)) < players or game.current != trigger or game.phase is not Phase.PLACE:
                moves = legal_actions(game)
                game = apply(game, moves[rng.randrange(len(moves))])
            game = with_seat(game, trigger, score=game.variant.target_score)
            trigger_index = len(turns(game))
            while not game.is_over:
                moves = legal_actions(game)
                game = apply(game, moves[rng.randrange(len(moves))])
            played = turns(game)
            assert trigger_turn(game) == trigger_index
            after = played[trigger_index + 1 :]
            rest_of_round = (first - 1 - trigger) % players
            assert len(after) == rest_of_round + players, (first, trigger)
            final_round = played[-players:]
            assert sorted(p for p, _ in final_round) == list(range(players))
            assert not any(drew for _, drew in final_round), "nobody draws in their last turn"
            assert all(drew for _, drew in played[:-players])
            assert game.end is EndReason.SCORE


def test_target_score_variant_triggers_the_end() -> None:
    game = finish_setup(new_game(["A", "B"], 3, Variant(target_score=1)))
    game = with_seat(game, game.current, hand=(8, 9, 41))  # resource 8 front is worth 1 point
    spot = sorted(game.seats[game.current].area.open_spots)[0]
    game = apply(game, Place(game.current, 8, Side.FRONT, *spot))
    assert game.end is EndReason.SCORE and game.log[-1].end is EndReason.SCORE


def test_empty_decks_trigger_the_end() -> None:
    game = start_small(small_setup(resource_deck=(1,), gold_deck=()))
    game = apply(game, first_move(game))
    game = apply(game, Draw(0, DrawSource.RESOURCE_DECK))
    assert game.end is EndReason.DECKS
    # Seat 0 was first: the round finishes with seat 1, then one more round.
    assert (game.current, game.turns_left) == (1, 2)
    while not game.is_over:
        game = apply(game, first_move(game))
    assert [p for p, _ in turns(game)][-3:] == [1, 0, 1]


def test_no_actions_after_the_end() -> None:
    game = start_small(small_setup(resource_deck=(), gold_deck=()))
    while not game.is_over:
        game = apply(game, first_move(game))
    assert legal_actions(game) == ()
    with pytest.raises(IllegalAction, match="over"):
        apply(game, Pass(0))


def test_bad_setups_are_refused() -> None:
    setup = small_setup()
    from codex_tui.games.codex.rules import SetupError

    with pytest.raises(SetupError, match="dealt twice"):
        start(["A", "B"], replace(setup, resource_deck=(setup.market_resource[0],)), Variant())
    with pytest.raises(SetupError, match="seats"):
        start(["A", "B", "C"], setup, Variant())
    with pytest.raises(SetupError, match="target"):
        start(["A", "B"], setup, Variant(target_score=0))
    with pytest.raises(SetupError, match="2-4 players"):
        new_game(["A"], 1)
