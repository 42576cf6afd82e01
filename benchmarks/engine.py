"""Engine speed: random self-play, legal_actions on big areas, save + load.

Run: python benchmarks/engine.py [--games N]
Prints numbers; asserts nothing (tests never time anything).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machine import machine_line  # noqa: E402

from codex_tui.games.codex.rules import (  # noqa: E402
    CATALOG,
    ChooseObjective,
    ChooseStarter,
    Game,
    Side,
    Variant,
    apply,
    legal_actions,
    new_game,
)
from codex_tui.storage.saves import SavedGame, decode_save, encode_save  # noqa: E402


def random_game(players: int, seed: int, variant: Variant | None = None) -> Game:
    rng = random.Random(seed)
    game = new_game([f"P{i}" for i in range(players)], seed, variant)
    while not game.is_over:
        actions = legal_actions(game)
        game = apply(game, actions[rng.randrange(len(actions))])
    return game


def games_per_second(players: int, games: int) -> tuple[float, float]:
    """(games per CPU second, games per wall second): CPU time is what counts on a shared machine."""
    started, started_cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        random_game(players, seed)
    return games / (time.process_time() - started_cpu), games / (time.perf_counter() - started)


def area_with(cards: int, seed: int = 0) -> Game:
    """A started game whose current player has `cards` cards on the table.

    A real 2-player game rarely reaches 60 cards in one area (80 cards are
    shared), so the area is grown directly: random cards, random sides, on
    random open spots, exactly as `apply` would lay them.
    """
    rng = random.Random(seed)
    game = new_game(["A", "B"], seed)
    for player in range(2):
        game = apply(game, ChooseStarter(player, Side.FRONT))
        game = apply(game, ChooseObjective(player, game.seats[player].objective_choices[0]))
    seat = game.seats[game.current]
    area = seat.area
    pool = [c for c in CATALOG.playable if c not in seat.hand]
    rng.shuffle(pool)
    while len(area) < cards:
        card = CATALOG.playable[pool.pop()]
        side = rng.choice((Side.FRONT, Side.BACK))
        area = area.place(card.id, side, card.face(side), rng.choice(sorted(area.open_spots))).area
    seats = list(game.seats)
    seats[game.current] = replace(seat, area=area)
    return replace(game, seats=tuple(seats))


def legal_actions_us(cards: int, repeats: int = 2000) -> tuple[float, int, int]:
    game = area_with(cards)
    samples = []
    for _ in range(repeats):
        started = time.perf_counter_ns()
        legal_actions(game)
        samples.append(time.perf_counter_ns() - started)
    moves = legal_actions(game)
    return statistics.median(samples) / 1000, len(game.seats[game.current].area), len(moves)


def save_load_ms(repeats: int = 50) -> tuple[float, float, int, int]:
    longest = max((random_game(4, seed) for seed in range(20)), key=lambda g: len(g.log))
    saved = SavedGame(longest, ("human",) * 4)
    encode, decode = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        data = encode_save(saved)
        encode.append(time.perf_counter() - started)
        started = time.perf_counter()
        decode_save(data)
        decode.append(time.perf_counter() - started)
    return statistics.median(encode) * 1000, statistics.median(decode) * 1000, len(longest.log), len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    print(machine_line())
    print(f"Python {sys.version.split()[0]}, one core")
    for players in (2, 4):
        rate, wall_rate = games_per_second(players, args.games)
        print(
            f"random self-play, {players} players: {rate:8.1f} games/s CPU ({wall_rate:.1f} wall, {args.games} games)"
        )
    for cards in (10, 30, 60):
        micros, placed, count = legal_actions_us(cards)
        print(f"legal_actions, {placed:2d} cards placed: {micros:6.1f} us median  ({count} legal placements)")
    encode, decode, actions, size = save_load_ms()
    print(
        f"save of a {actions}-action 4-player game: encode {encode:.2f} ms, load+replay {decode:.2f} ms, {size} bytes"
    )


if __name__ == "__main__":
    main()
