"""Instinkt's score race: both players' points as each round ended, from a seeded duel (the `instinkt_end` scene's)."""

from __future__ import annotations

from codex_tui.games.instinkt.rules import apply, result, view
from codex_tui.games.instinkt.rules.history import round_totals, totals
from tests.scenes.instinkt import played


def test_the_race_is_the_grid_scored_at_the_end_of_each_round() -> None:
    game = played(6, lambda g: False)
    assert round_totals(game.log) == [(2, 0), (0, 3), (0, 0), (1, 8), (4, 11), (7, 12), (8, 9), (10, 14)]
    assert round_totals(game.log)[-1] == result(game).points


def test_each_round_ends_where_the_engine_starts_the_next() -> None:
    """Replayed action by action: a round ended when the round number moved on, or the game ended."""
    final = played(6, lambda g: False)
    game = played(6, lambda g: len(g.log) == 0)
    ended: list[tuple[int, int]] = []
    for entry in final.log:
        before = game.round
        game = apply(game, entry.action)
        if game.round != before or game.is_over:
            ended.append(totals(game.grid))
    assert round_totals(final.log) == ended


def test_a_seat_view_log_gives_the_same_race() -> None:
    game = played(6, lambda g: False)
    assert game.is_over
    assert round_totals(view(game, 0).log) == round_totals(game.log)
