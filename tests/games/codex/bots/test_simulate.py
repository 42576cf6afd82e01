"""The playout path on a mutable table reaches exactly the game the engine reaches.

`playout` skips the engine's checks, copies and log; `engine_playout` plays
the same policy through `apply`, which rejects any illegal action. With the
same seed both must draw the same random numbers and end in the same game
(bar the log of the playout's own actions), down to the order the open
spots iterate in, which the policy reads.
"""

from __future__ import annotations

import random

import pytest

from codex_tui.games.codex.bots.policy import (
    CAREFUL,
    FAST,
    PlayoutPolicy,
    draw_choice,
    engine_playout,
    placement,
    playout,
    shown_around,
    step,
)
from codex_tui.games.codex.bots.simulate import (
    corners_of,
    draw,
    end_turn,
    kingdoms_of,
    place,
    table_of,
)
from codex_tui.games.codex.rules import EndReason, Game, Phase, Variant, new_game
from tests.games.codex.bots.positions import REWEIGHTED, greedy_midgame


def assert_same_playout(start: Game, seed: int, policy: PlayoutPolicy) -> Game:
    fast_rng, engine_rng = random.Random(seed), random.Random(seed)
    fast = playout(start, fast_rng, policy)
    reference = engine_playout(start, engine_rng, policy)
    assert reference.phase is Phase.OVER
    assert fast_rng.getstate() == engine_rng.getstate(), "both paths drew the same random numbers"
    assert reference.log[: len(fast.log)] == fast.log
    assert fast == reference.evolve(log=fast.log)
    for mine, theirs in zip(fast.seats, reference.seats):
        assert tuple(mine.area.open_spots) == tuple(theirs.area.open_spots)
        assert list(mine.area.cards) == list(theirs.area.cards)
    return fast


@pytest.mark.parametrize("policy", [FAST, CAREFUL, REWEIGHTED], ids=["fast", "careful", "reweighted"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_from_the_deal_equal_the_engine(policy: PlayoutPolicy, players: int) -> None:
    for seed in range(10):
        assert_same_playout(new_game([f"P{i}" for i in range(players)], seed), seed, policy)


@pytest.mark.parametrize(
    ("target", "end"), [(8, EndReason.SCORE), (200, EndReason.DECKS)], ids=["early-score", "decks"]
)
def test_both_ends_of_a_game_equal_the_engine(target: int, end: EndReason) -> None:
    """A target of 8 ends on score early, with turns left to finish the round; at 200 the decks run out."""
    for seed in range(8):
        game = new_game(["A", "B", "C"], seed, Variant(target_score=target))
        assert assert_same_playout(game, seed, FAST).end is end


@pytest.mark.parametrize("policy", [FAST, CAREFUL, REWEIGHTED], ids=["fast", "careful", "reweighted"])
def test_playouts_from_midgame_positions_equal_the_engine(policy: PlayoutPolicy) -> None:
    """Positions in either phase of a turn, some near the end, as the search starts its playouts."""
    phases = set()
    for seed in range(16):
        start, rng = new_game(["A", "B"], 300 + seed), random.Random(seed)
        for _ in range(1 + 7 * seed):
            if start.is_over:
                break
            start = step(start, rng, FAST)
        else:
            phases.add(start.phase)
            assert_same_playout(start, seed, policy)
    assert phases == {Phase.PLACE, Phase.DRAW}


def test_a_finished_game_comes_back_unchanged() -> None:
    game = engine_playout(greedy_midgame(seed=5, steps=2), random.Random(1))
    assert playout(game, random.Random(2)) == game


def test_what_the_table_keeps_per_spot_matches_a_fresh_count() -> None:
    """The kingdom and corner maps, the symbols around each spot (the careful
    policy's) follow every placement (a stale entry would change a seeded bot's move)."""
    policy = CAREFUL
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game(["a", "b", "c"], seed)
        while game.phase is Phase.SETUP:
            game = step(game, rng, policy)
        table = table_of(game)
        while table.phase is not Phase.OVER:
            for seat in table.seats:
                area = seat.area
                if area.kingdoms is None or area.corners is None:
                    continue
                assert area.kingdoms == kingdoms_of(area.cards)
                assert area.corners == corners_of(area.cards)
                for spot in area.open_spots:
                    if spot in area.around:
                        assert area.around[spot] == shown_around(area.corners, spot)
                        checked += 1
            if table.phase is Phase.PLACE:
                chosen = placement(table, rng, policy)
                if chosen is None:
                    end_turn(table)
                else:
                    place(table, *chosen)
            else:
                source, card = draw_choice(table, rng, policy)
                draw(table, source, card)
    assert checked > 100
