"""Seat-balanced matches between bot levels, and their statistics.

Seats are not equal in this game (the first player may trigger the end a
turn earlier), and deals differ in quality, so a fair comparison plays every
deal once per seat rotation: game `i` deals from `seed + i // players` and
rotates the line-up by `i % players`. With a number of games that is a
multiple of the player count, every bot sits in every seat equally often
on the very same deals.

No UI here: the tournament command and the benchmark script both build on it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from codex_tui.games.codex.bots.base import Bot
from codex_tui.games.codex.bots.roster import make_bot
from codex_tui.games.codex.rules import Pass, Place, Variant, apply, new_game, players_to_act, result, view


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of a match: which deal, and how far the line-up is rotated."""

    index: int
    deal_seed: int
    rotation: int


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished game, per line-up entry (not per seat)."""

    index: int
    totals: tuple[int, ...]
    wins: tuple[float, ...]
    """1 for the winner, 1/k each for a shared victory of k, else 0."""
    think_seconds: tuple[float, ...]
    """Wall-clock time spent choosing, per entry."""
    cpu_seconds: tuple[float, ...]
    """Processor time spent choosing: the honest figure on a shared machine."""
    moves: tuple[int, ...]
    turns: int


@dataclass(frozen=True, slots=True)
class EntryStats:
    """A line-up entry's record over a whole match."""

    label: str
    games: int
    wins: float
    average_score: float
    seconds_per_move: float
    cpu_per_move: float
    moves: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games, z)


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate: sound even near 0% or 100%, unlike p +- z*se."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def lineup(levels: Sequence[str], players: int) -> tuple[str, ...]:
    """One level per seat: `hard,greedy` for 4 players means one hard and three greedy."""
    if not levels:
        raise ValueError("name at least one bot")
    if len(levels) > players:
        raise ValueError(f"{len(levels)} bots do not fit {players} seats")
    return tuple(levels) + (levels[-1],) * (players - len(levels))


def labels(entries: Sequence[str]) -> tuple[str, ...]:
    """Display names: a level that sits more than once gets #1, #2, ..."""
    out = []
    for index, level in enumerate(entries):
        if entries.count(level) > 1:
            out.append(f"{level}#{entries[: index + 1].count(level)}")
        else:
            out.append(level)
    return tuple(out)


def schedule(games: int, players: int, seed: int) -> list[MatchGame]:
    return [MatchGame(i, seed + i // players, i % players) for i in range(games)]


def bot_seed(deal_seed: int, entry: int) -> int:
    return deal_seed * 1009 + entry


def play_match_game(
    game_spec: MatchGame,
    entries: Sequence[str],
    target_score: int,
    make: Callable[[str, int], Bot] = make_bot,
) -> GameOutcome:
    """Play one game; entry `e` sits in seat `(e + rotation) % players`.

    A module-level function so that worker processes can run it. `make` builds
    a bot from an entry and a seed: the levels by default, other budgets in
    `benchmarks/respend.py`.
    """
    players = len(entries)
    seat_of = [(entry + game_spec.rotation) % players for entry in range(players)]
    entry_at = {seat: entry for entry, seat in enumerate(seat_of)}
    bots = {seat_of[entry]: make(level, bot_seed(game_spec.deal_seed, entry)) for entry, level in enumerate(entries)}
    names = [f"{entries[entry_at[seat]]} {seat + 1}" for seat in range(players)]
    game = new_game(names, game_spec.deal_seed, Variant(target_score))
    think = [0.0] * players
    cpu = [0.0] * players
    moves = [0] * players
    while not game.is_over:
        seat = players_to_act(game)[0]
        seat_view = view(game, seat)
        started, started_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(seat_view)
        think[entry_at[seat]] += time.perf_counter() - started
        cpu[entry_at[seat]] += time.process_time() - started_cpu
        moves[entry_at[seat]] += 1
        game = apply(game, action)
    outcome = result(game)
    share = 1.0 / len(outcome.winners)
    return GameOutcome(
        index=game_spec.index,
        totals=tuple(outcome.totals[seat_of[e]] for e in range(players)),
        wins=tuple(share if seat_of[e] in outcome.winners else 0.0 for e in range(players)),
        think_seconds=tuple(think),
        cpu_seconds=tuple(cpu),
        moves=tuple(moves),
        turns=sum(1 for entry in game.log if isinstance(entry.action, Place | Pass)),
    )


def summarize(entries: Sequence[str], outcomes: Iterable[GameOutcome]) -> list[EntryStats]:
    done = list(outcomes)
    stats = []
    for entry, label in enumerate(labels(entries)):
        moves = sum(o.moves[entry] for o in done)
        stats.append(
            EntryStats(
                label=label,
                games=len(done),
                wins=sum(o.wins[entry] for o in done),
                average_score=sum(o.totals[entry] for o in done) / len(done) if done else 0.0,
                seconds_per_move=sum(o.think_seconds[entry] for o in done) / moves if moves else 0.0,
                cpu_per_move=sum(o.cpu_seconds[entry] for o in done) / moves if moves else 0.0,
                moves=moves,
            )
        )
    return stats


def summarize_levels(entries: Sequence[str], outcomes: Iterable[GameOutcome]) -> list[EntryStats]:
    """One row per level that sits in several seats: how often any of its copies won."""
    done = list(outcomes)
    rows = []
    for level in dict.fromkeys(entries):
        seats = [entry for entry, name in enumerate(entries) if name == level]
        if len(seats) < 2:
            continue
        moves = sum(o.moves[e] for o in done for e in seats)
        rows.append(
            EntryStats(
                label=f"{level} (all {len(seats)})",
                games=len(done),
                wins=sum(o.wins[e] for o in done for e in seats),
                average_score=sum(o.totals[e] for o in done for e in seats) / (len(done) * len(seats)) if done else 0.0,
                seconds_per_move=sum(o.think_seconds[e] for o in done for e in seats) / moves if moves else 0.0,
                cpu_per_move=sum(o.cpu_seconds[e] for o in done for e in seats) / moves if moves else 0.0,
                moves=moves,
            )
        )
    return rows
