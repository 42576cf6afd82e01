"""Thousands of seeded whole games: each ends, and its result adds up."""

from __future__ import annotations

import pytest

from codex_tui.games.codex.bots.selfplay import selfplay_game
from codex_tui.games.codex.rules import EndReason, result

GAMES_PER_COUNT = 700


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_consistent_results(players: int) -> None:
    ends = set()
    winners_seen = set()
    for seed in range(GAMES_PER_COUNT):
        game = selfplay_game(["random"] * players, seed)
        outcome = result(game)
        assert game.is_over and outcome.finished
        assert all(len(seat.hand) >= 1 for seat in game.seats)
        assert outcome.totals == tuple(p + sum(o) for p, o in zip(outcome.placement_points, outcome.objective_points))
        if outcome.end is EndReason.SCORE:
            assert max(outcome.placement_points) >= game.variant.target_score
        ends.add(outcome.end)
        winners_seen.update(outcome.winners)
    assert ends == {EndReason.SCORE, EndReason.DECKS}
    assert winners_seen == set(range(players))


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_games(players: int) -> None:
    for seed in range(25):
        game = selfplay_game(["greedy"] * players, seed)
        assert game.is_over


def test_selfplay_is_deterministic() -> None:
    assert selfplay_game(["greedy", "random"], 11) == selfplay_game(["greedy", "random"], 11)
