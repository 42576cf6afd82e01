"""The score race of a Codex game: each seat's score-track points after every round, then the final totals.

Built from the log alone (each entry's `points`), which a seat's view holds
too, so the network's end screen draws the same race as the local one.
A round is every seat's turn once (a turn starts with a placement or a pass).
"""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.games.codex.rules import LogEntry, Result
from codex_tui.games.codex.timeline import starts_turn


def round_scores(log: Sequence[LogEntry], seats: int) -> list[tuple[int, ...]]:
    """Each seat's score after each round; an unfinished last round counts as a round."""
    scores = [0] * seats
    rounds: list[tuple[int, ...]] = []
    turns = 0
    for entry in log:
        if starts_turn(entry.action):
            if turns and turns % seats == 0:
                rounds.append(tuple(scores))
            turns += 1
        scores[entry.action.player] += entry.points
    if turns:
        rounds.append(tuple(scores))
    return rounds


def score_race(log: Sequence[LogEntry], result: Result) -> tuple[tuple[int, ...], ...]:
    """Per seat: its score after each round, then its total with the objectives (the last step)."""
    seats = len(result.totals)
    rounds = round_scores(log, seats) + [result.totals]
    return tuple(tuple(scores[seat] for scores in rounds) for seat in range(seats))
