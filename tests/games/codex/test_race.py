"""The score race of the Codex end screen, from a seeded greedy-vs-greedy game (the `end_screen` scene's)."""

from __future__ import annotations

from codex_tui.games.codex.race import round_scores, score_race
from codex_tui.games.codex.rules import result, view
from codex_tui.games.codex.timeline import Timeline
from tests.scenes.games import played


def test_each_round_is_the_score_track_after_every_seat_played_once_then_the_totals() -> None:
    game = played(8, lambda g: False)
    outcome = result(game)
    race = score_race(game.log, outcome)
    timeline = Timeline.of_game(game)
    seats = len(game.players)
    # The state just before the first action of every seat-count-th turn ends a round; the game's end ends the last.
    ends = [timeline.turn_starts[n] for n in range(seats, timeline.turns, seats)] + [len(timeline)]
    expected = [tuple(seat.score for seat in timeline.state_at(end).seats) for end in ends]
    assert [tuple(series[r] for series in race) for r in range(len(ends))] == expected
    assert tuple(series[-1] for series in race) == outcome.totals, "the last step adds the objectives"
    assert tuple(series[-2] for series in race) == outcome.placement_points
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
