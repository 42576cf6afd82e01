"""Replay speed: open the longest saves, jump to the end, seek to random turns.

Run: python benchmarks/replay.py [--repeats N] [--seeks N]
Prints numbers; asserts nothing (tests never time anything).

Goal (issue 4): <= 100 ms to open a save and jump to its end, <= 10 ms per
seek, for a save of 2,000 actions. No legal game is that long (see
tests/storage/long_games.py: about 200 actions at most), so the saves here
are the longest legal games: random play to a target nobody reaches (the
game ends when the decks run out) and a constructed 2-player game in which
one player seals their area and must pass every turn after that.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import machine_line  # noqa: E402

from codex_tui.games.codex.rules import Game  # noqa: E402
from codex_tui.games.codex.timeline import CHECKPOINT_EVERY, Timeline  # noqa: E402
from codex_tui.storage.saves import SavedGame, load_save, write_save  # noqa: E402
from tests.storage.long_games import random_game, sealed_game  # noqa: E402

ISSUE_ACTIONS = 2000


def timed(call: Callable[[], object]) -> float:
    """Seconds one call takes."""
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def longest(players: int, seeds: int) -> Game:
    return max((random_game(players, seed) for seed in range(seeds)), key=lambda game: len(game.log))


def open_and_end(path: Path, every: int) -> Timeline:
    timeline = Timeline.of_game(load_save(path).game, every=every)
    timeline.state_at(len(timeline))
    return timeline


def seek_samples(timeline: Timeline, seeks: int, rng: random.Random) -> list[float]:
    """Seconds per jump to the start of a random turn (a fresh timeline, so from cold)."""
    samples = []
    for _ in range(seeks):
        turn = rng.randint(0, timeline.turns)
        samples.append(timed(lambda turn=turn: timeline.state_at(timeline.turn_start(turn))))  # type: ignore[misc]
    return samples


def retained_kib(build: Callable[[], object]) -> float:
    gc.collect()
    tracemalloc.start()
    kept = build()
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    return current / 1024


HEADER = (
    f"{'save':<42} {'actions':>7} {'turns':>5} {'bytes':>6} | {'load':>7} {'open+end':>8} {'(max)':>7} | "
    f"{'end':>5} | {'seek median':>11} {'p95':>6} {'max':>6} | {'step':>5}"
)
UNITS = (
    f"{'':<42} {'':>7} {'':>5} {'':>6} | {'ms':>7} {'ms':>8} {'ms':>7} | "
    f"{'us':>5} | {'us':>11} {'us':>6} {'us':>6} | {'us':>5}"
)


def bench_save(label: str, game: Game, folder: Path, repeats: int, seeks: int) -> float:
    """Print one row; return the median open+end time per action, in seconds."""
    path = folder / f"{label.replace(' ', '_').replace(',', '')}.msgpack"
    write_save(path, SavedGame(game, ("human",) * len(game.players)))
    loads = [timed(lambda: load_save(path)) for _ in range(repeats)]
    opens = [timed(lambda: open_and_end(path, CHECKPOINT_EVERY)) for _ in range(repeats)]
    timeline = Timeline.of_game(load_save(path).game)
    ends = []
    for _ in range(repeats):
        timeline.state_at(0)
        ends.append(timed(lambda: timeline.state_at(len(timeline))))
    samples = seek_samples(Timeline.of_game(load_save(path).game), seeks, random.Random(1))
    middle = len(timeline) // 2
    steps = []
    for offset in range(0, 60, 2):
        timeline.state_at(middle + offset)
        steps.append(timed(lambda offset=offset: timeline.state_at(middle + offset + 1)))  # type: ignore[misc]
        steps.append(timed(lambda offset=offset: timeline.state_at(middle + offset)))  # type: ignore[misc]
    ms, us = 1000, 1_000_000
    print(
        f"{label:<42} {len(game.log):>7} {timeline.turns:>5} {path.stat().st_size:>6} | "
        f"{statistics.median(loads) * ms:>7.2f} {statistics.median(opens) * ms:>8.2f} {max(opens) * ms:>7.2f} | "
        f"{statistics.median(ends) * us:>5.1f} | {statistics.median(samples) * us:>11.1f} "
        f"{percentile(samples, 0.95) * us:>6.1f} {max(samples) * us:>6.1f} | {statistics.median(steps) * us:>5.1f}"
    )
    return statistics.median(opens) / len(game.log)


def checkpoint_table(game: Game, seeks: int) -> None:
    print(f"\ncheckpoint spacing, on the {len(game.log)}-action game (default every={CHECKPOINT_EVERY}):")
    for every in (1, 4, CHECKPOINT_EVERY, 32, 10**9):

        def build(every: int = every) -> Timeline:
            return Timeline.of_game(game, every=every)

        builds = [timed(build) for _ in range(20)]
        samples = seek_samples(build(), seeks, random.Random(2))
        name = "none" if every == 10**9 else str(every)
        print(
            f"  every {name:>4}: build {statistics.median(builds) * 1000:5.2f} ms, "
            f"kept {retained_kib(build):7.1f} KiB, seek median {statistics.median(samples) * 1e6:6.1f} us, "
            f"p95 {percentile(samples, 0.95) * 1e6:6.1f} us"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=30, help="opens timed per save")
    parser.add_argument("--seeks", type=int, default=1000, help="random turn seeks timed per save")
    parser.add_argument("--seeds", type=int, default=30, help="random games tried per player count")
    args = parser.parse_args()
    print(machine_line())
    print("one core; times are medians unless said otherwise")
    print("load = load_save (read, check, replay); open+end = load + Timeline.of_game + state_at(end);")
    print("end = state_at(end) from the start; seek = state_at(turn_start(random turn)) on a fresh timeline;")
    print("step = one action forward or back from where the viewer is.\n")
    games = [(f"{players} players, random, target 1000", longest(players, args.seeds)) for players in (4, 3, 2)] + [
        ("2 players, one sealed area (longest legal)", sealed_game(0))
    ]
    per_action = []
    print(HEADER)
    print(UNITS)
    with tempfile.TemporaryDirectory() as folder:
        for label, game in games:
            per_action.append(bench_save(label, game, Path(folder), args.repeats, args.seeks))
    checkpoint_table(games[-1][1], args.seeks)
    worst = max(per_action)
    print(
        f"\n{ISSUE_ACTIONS:,} actions: NOT MEASURED. No legal game reaches that length: the longest\n"
        f"has about 200 actions (tests/storage/long_games.py explains why), and a save is one game,\n"
        f"so games glued end to end would not be a save. At the worst cost per action above\n"
        f"({worst * 1e6:.0f} us), {ISSUE_ACTIONS:,} actions would take about {worst * ISSUE_ACTIONS * 1000:.0f} ms "
        f"to open:\na straight-line guess, not a measurement (each action also copies the log so far)."
    )


if __name__ == "__main__":
    main()
