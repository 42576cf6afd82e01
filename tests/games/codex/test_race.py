"""The score race of the Codex end screen, from a seeded greedy-vs-greedy game (the `end_screen` scene's)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.race import round_scores, score_race
from codex_tui.games.codex.rules import Game, Variant, apply, new_game, players_to_act, result, view
from codex_tui.games.codex.timeline import Timeline
from tests.scenes.games import played


def four_players() -> Game:
    game = new_game(("Ada", "Bo", "Cy", "Dee"), 5, Variant(20))
    bots = [make_bot("greedy", seat) for seat in range(4)]
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game


def rounds_by_replay(game: Game) -> list[tuple[int, ...]]:
    """The score track just before every seat-count-th turn starts, and at the end: rounds read off the states."""
    timeline = Timeline.of_game(game)
    seats = len(game.players)
    ends = [timeline.turn_starts[n] for n in range(seats, timeline.turns, seats)] + [len(timeline)]
    return [tuple(seat.score for seat in timeline.state_at(end).seats) for end in ends]


@pytest.mark.parametrize("make", [lambda: played(8, lambda g: False), four_players], ids=["two", "four"])
def test_each_round_is_the_score_track_after_every_seat_played_once_then_the_totals(make: Callable[[], Game]) -> None:
    game = make()
    outcome = result(game)
    race = score_race(game.log, outcome)
    expected = rounds_by_replay(game)
    assert [tuple(series[r] for series in race) for r in range(len(expected))] == expected
    assert len(race[0]) == len(expected) + 1
    assert tuple(series[-1] for series in race) == outcome.totals, "the last step adds the objectives"
    assert tuple(series[-2] for series in race) == outcome.placement_points


def test_the_two_player_race_of_seed_8() -> None:
    game = played(8, lambda g: False)
    race = score_race(game.log, result(game))
    assert race == (
        (0, 0, 0, 2, 3, 3, 4, 5, 7, 7, 9, 11, 15, 15),
        (1, 1, 5, 7, 10, 10, 10, 11, 15, 15, 18, 20, 24, 28),
    )


def test_a_seat_view_log_gives_the_same_race() -> None:
    """The network's end screen has only the seat's view: its log keeps every entry's points."""
    game = played(8, lambda g: False)
    assert score_race(view(game, 1).log, result(game)) == score_race(game.log, result(game))


def test_an_unfinished_last_round_counts_and_no_turn_is_no_round() -> None:
    game = played(8, lambda g: len(g.log) > 9)
    rounds = round_scores(game.log, 2)
    assert rounds[-1] == tuple(seat.score for seat in game.seats)
    assert round_scores(game.log[:2], 2) == [], "set-up only: no turn yet"
