"""The playout policy in both settings: legal whole games, and what CAREFUL does differently."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from codex_tui.games.codex.bots.cardinfo import CARDS, CORNERS
from codex_tui.games.codex.bots.levels import EXPERT, HARD
from codex_tui.games.codex.bots.policy import (
    BALANCED,
    CAREFUL,
    FAST,
    PlayoutPolicy,
    choose_draw,
    choose_place,
    choose_spot,
    patterns_of,
    placement,
    playout,
    seat_objectives,
    seat_playout,
    step,
    symbol_weights,
    symbols_lost,
)
from codex_tui.games.codex.rules import DrawSource, Phase, Place, Side, legal_actions, new_game, result
from tests.games.codex.bots.positions import REWEIGHTED, greedy_midgame


@pytest.mark.parametrize("policy", [FAST, CAREFUL, REWEIGHTED], ids=["fast", "careful", "reweighted"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_finish_whole_games_from_the_deal(policy: PlayoutPolicy, players: int) -> None:
    """`apply` rejects any illegal action, so a finished playout is a legal game."""
    for seed in range(5):
        final = playout(new_game([f"P{i}" for i in range(players)], seed), random.Random(seed), policy)
        assert final.phase is Phase.OVER
        assert result(final).finished


def test_careful_placement_is_legal_and_covers_the_least_of_what_its_card_could() -> None:
    """For a card that neither scores on corners nor fits a pattern, CAREFUL takes the spot that
    covers the fewest useful symbols among all open spots (FAST looks at three at random)."""
    checked = 0
    for seed in range(40):
        game = greedy_midgame(seed=40 + seed, steps=12 + 2 * (seed % 8))
        assert game.phase is Phase.PLACE
        action = choose_place(game, random.Random(seed), CAREFUL)
        assert action in legal_actions(game)
        assert isinstance(action, Place)
        seat = game.seats[game.current]
        objectives = seat_objectives(game, game.current)
        info = CARDS[action.card]
        fits_pattern = any(info.kingdom in p.by_kingdom for p in patterns_of(objectives))
        corner_gold = info.gold and action.side is Side.FRONT and info.scoring == CORNERS
        if fits_pattern or corner_gold:
            continue  # the pattern or corner rule chose this spot, not the least-cover rule
        weights = symbol_weights(seat.hand, seat.area.counts, objectives)
        least = min(symbols_lost(seat.area.cards, spot, weights) for spot in seat.area.open_spots)
        assert symbols_lost(seat.area.cards, action.pos, weights) == pytest.approx(least)
        checked += 1
    assert checked >= 8, "enough positions should exercise the least-cover rule"


def test_every_spot_finds_the_cheapest_spot_that_a_sample_of_three_can_miss() -> None:
    """The difference CAREFUL buys, shown on one choice: among many spots, sampling three
    misses the cheapest spot for some generators; judging every spot never does."""
    game = greedy_midgame(seed=5, steps=30)
    seat = game.seats[game.current]
    area = seat.area
    spots = tuple(area.open_spots)
    objectives = seat_objectives(game, game.current)
    weights = symbol_weights(seat.hand, area.counts, objectives)
    info = CARDS[seat.hand[0]]  # on its back: no corner or pattern rule applies
    assert len(spots) > 3

    def lost(spot: tuple[int, int]) -> float:
        return symbols_lost(area.cards, spot, weights)

    least = min(lost(spot) for spot in spots)
    sampled = {lost(choose_spot(area, info, Side.BACK, spots, weights, [], random.Random(i))) for i in range(30)}
    every = {
        lost(choose_spot(area, info, Side.BACK, spots, weights, [], random.Random(i), every_spot=True))
        for i in range(30)
    }
    assert all(value == pytest.approx(least) for value in every)
    assert max(sampled) > least, "with this many spots, three random ones sometimes miss the cheapest"


def test_expert_plays_out_balanced_and_hard_fast() -> None:
    assert HARD.policy == FAST
    assert EXPERT.policy == BALANCED


def test_balanced_playouts_draw_blind_golds_while_holding_one() -> None:
    """Searching players take golds more than FAST's playouts do; BALANCED's draws (a blind gold
    worth more while holding one, a market gold worth only its points) follow them."""
    game, rng = greedy_midgame(3, 12), random.Random(3)
    while not (game.phase is Phase.DRAW and any(CARDS[c].gold for c in game.seats[game.current].hand)):
        game = step(game, rng)

    def gold_draws(policy: PlayoutPolicy) -> int:
        draws = (choose_draw(game, random.Random(i), policy) for i in range(300))
        return sum(d.source is DrawSource.GOLD_DECK for d in draws)

    assert gold_draws(BALANCED) > 2 * gold_draws(FAST)


def test_a_duel_gives_each_seat_its_own_policy() -> None:
    """The same policy in both seats is `playout` itself; different ones change the game."""
    game = new_game(["A", "B"], 3)
    assert seat_playout(game, random.Random(1), (CAREFUL, CAREFUL)) == playout(game, random.Random(1), CAREFUL)
    assert seat_playout(game, random.Random(1), (CAREFUL, REWEIGHTED)) != playout(game, random.Random(1), CAREFUL)


def test_final_weights_change_only_a_seats_last_placement() -> None:
    """`final_weights` scales what symbols are worth when no card will follow; before the last
    round the same generator gives the same placement with or without it."""
    plain, pointed = FAST, replace(FAST, final_weights=0.0)
    earlier, last = 0, []
    for seed in range(4):
        game, rng = greedy_midgame(seed, 12), random.Random(seed)
        while not game.is_over:
            if game.phase is Phase.PLACE:
                mine = [placement(game, random.Random(i), plain) for i in range(20)]
                theirs = [placement(game, random.Random(i), pointed) for i in range(20)]
                if game.turns_left is not None and game.turns_left < len(game.seats):
                    last.append(mine != theirs)
                else:
                    earlier += 1
                    assert mine == theirs
            game = step(game, rng)
    assert earlier > 40 and len(last) >= 8
    assert any(last), "pricing symbols at nothing changes some last placement"
