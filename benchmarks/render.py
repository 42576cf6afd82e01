"""Key press to repainted play area, with 10 and 60 cards on the table.

Run: python benchmarks/render.py [--presses N]
Two numbers per area size, median and p95 over N arrow presses:
- handler: the key's action (cursor move, preview, every widget updated) plus
  rendering every line of the play area (the Line API work);
- to screen: the same, then until every widget has processed its messages
  and Textual has composited and written the update (headless driver): what
  a player waits for, short of the terminal itself. This uses two private
  Pilot/Screen hooks (`_wait_for_screen`, `_on_timer_update`), because
  `Pilot.pause()` waits for the CPU to go idle, which adds ~100 ms of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from codex_tui.app.app import CodexApp  # noqa: E402
from codex_tui.app.screens.game import GameScreen  # noqa: E402
from codex_tui.app.session import GameSession  # noqa: E402
from codex_tui.app.widgets.play_area import PlayAreaView  # noqa: E402
from codex_tui.rules import CATALOG, ChooseObjective, ChooseStarter, Game, Side, apply, new_game  # noqa: E402


def game_with_area(cards: int, seed: int = 1) -> Game:
    """Seat 0 to place, with `cards` cards laid as `apply` would lay them."""
    rng = random.Random(seed)
    game = new_game(["You", "Bot"], seed)
    for player in range(2):
        game = apply(game, ChooseStarter(player, Side.FRONT))
        game = apply(game, ChooseObjective(player, game.seats[player].objective_choices[0]))
    seat = game.seats[0]
    area = seat.area
    pool = [c for c in CATALOG.playable if c not in seat.hand]
    rng.shuffle(pool)
    while len(area) < cards:
        card = CATALOG.playable[pool.pop()]
        side = rng.choice((Side.FRONT, Side.BACK))
        area = area.place(card.id, side, card.face(side), rng.choice(sorted(area.open_spots))).area
    seats = list(game.seats)
    seats[0] = replace(seat, area=area)
    return replace(game, seats=tuple(seats), current=0)


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(cards: int, presses: int, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    app = CodexApp(saves_dir=Path("/tmp/codex-render-bench"), bot_delay=0, offer_resume=False)
    handler, idle = [], []
    async with app.run_test(size=size) as pilot:
        app.begin(GameSession(game_with_area(cards), ("human", "bot:greedy")))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        area = screen.query_one(PlayAreaView)
        directions = ["left", "up", "right", "down"]
        for index in range(presses):
            started = time.perf_counter()
            screen.action_move(directions[(index // 3) % 4])
            for y in range(area.size.height):
                area.render_line(y)
            handler.append(time.perf_counter() - started)
            await pilot._wait_for_screen()
            screen._on_timer_update()
            idle.append(time.perf_counter() - started)
    return handler, idle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    for size in ((80, 24), (160, 50)):
        for cards in (10, 60):
            handler, idle = asyncio.run(measure(cards, args.presses, size))
            print(
                f"{size[0]}x{size[1]}, {cards:2d} cards: handler median {statistics.median(handler) * 1000:5.2f} ms"
                f" p95 {percentile(handler, 0.95) * 1000:5.2f} ms | to screen median"
                f" {statistics.median(idle) * 1000:5.2f} ms p95 {percentile(idle, 0.95) * 1000:5.2f} ms"
            )


if __name__ == "__main__":
    main()
