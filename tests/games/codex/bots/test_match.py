"""Seat-balanced matches, their statistics, and the tournament command's two functions."""

from __future__ import annotations

import argparse
from collections import Counter

import pytest

from codex_tui.cli import build_parser
from codex_tui.games.codex.bots import Bot, make_bot
from codex_tui.games.codex.bots.match import (
    bot_seed,
    labels,
    lineup,
    play_match_game,
    schedule,
    summarize,
    summarize_levels,
    wilson_interval,
)
from codex_tui.games.codex.bots.tournament import run_tournament


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(150, 200)
    assert low == pytest.approx(0.6857, abs=1e-3) and high == pytest.approx(0.8048, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_lineup_fills_the_seats_with_the_last_bot() -> None:
    assert lineup(["hard", "greedy"], 4) == ("hard", "greedy", "greedy", "greedy")
    assert lineup(["hard", "greedy"], 2) == ("hard", "greedy")
    with pytest.raises(ValueError, match="do not fit"):
        lineup(["a", "b", "c"], 2)
    assert labels(("hard", "greedy", "greedy")) == ("hard", "greedy#1", "greedy#2")


def test_schedule_puts_every_entry_in_every_seat_on_the_same_deals() -> None:
    games = schedule(12, 3, seed=5)
    assert [g.deal_seed for g in games] == [5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8]
    seats = Counter((entry, (entry + g.rotation) % 3) for g in games for entry in range(3))
    assert set(seats.values()) == {4}


def test_a_match_game_reports_per_entry_not_per_seat() -> None:
    entries = ("greedy", "random")
    outcomes = [play_match_game(spec, entries, 20) for spec in schedule(4, 2, seed=3)]
    assert all(sum(o.wins) == pytest.approx(1.0) for o in outcomes)
    assert all(o.moves[0] > 0 and o.moves[1] > 0 for o in outcomes)
    stats = summarize(entries, outcomes)
    assert [s.label for s in stats] == ["greedy", "random"]
    assert stats[0].wins >= 3 and stats[0].average_score > stats[1].average_score
    assert summarize_levels(entries, outcomes) == []


def test_a_match_game_builds_its_bots_with_the_maker_it_is_given() -> None:
    """`benchmarks/respend.py` plays budgets that are not levels through this parameter."""
    made: list[tuple[str, int]] = []

    def make(entry: str, seed: int) -> Bot:
        made.append((entry, seed))
        return make_bot("greedy" if entry == "strong" else "random", seed)

    spec = schedule(2, 2, seed=4)[1]
    outcome = play_match_game(spec, ("strong", "weak"), 20, make=make)
    assert made == [("strong", bot_seed(4, 0)), ("weak", bot_seed(4, 1))]
    by_level = play_match_game(spec, ("greedy", "random"), 20)
    assert (outcome.totals, outcome.wins, outcome.moves) == (by_level.totals, by_level.wins, by_level.moves)


def _parse(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def test_tournament_parser_defaults_and_checks() -> None:
    args = _parse(["tournament"])
    assert (args.bots, args.games, args.players, args.jobs, args.seed) == (["hard", "greedy"], 200, 2, 1, 1)
    with pytest.raises(SystemExit):
        _parse(["tournament", "--bots", "hard,genius"])
    with pytest.raises(SystemExit):
        _parse(["tournament", "--players", "5"])


@pytest.mark.parametrize("jobs", [1, 2])
def test_tournament_prints_win_rates_with_intervals(jobs: int, capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse(["tournament", "--bots", "greedy,random", "--games", "6", "--players", "3", "--jobs", str(jobs)])
    assert run_tournament(args) == 0
    out = capsys.readouterr().out
    for text in ("6 games, 3 players", "win rate", "95% CI", "avg score", "time/move", "random#2", "random (all 2)"):
        assert text in out


def test_tournament_refuses_more_bots_than_seats(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse(["tournament", "--bots", "greedy,random,easy", "--players", "2", "--games", "2"])
    assert run_tournament(args) == 2
    assert "do not fit" in capsys.readouterr().err
