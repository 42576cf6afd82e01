"""Key press to repainted play area, with 10 and 60 cards on the table, at each card size.

Run: python benchmarks/render.py [--presses N] [--clock wall|cpu] [--zoom auto|small|medium|large|all]
Each line names the card size it measured: the one the board chooses by itself
("auto"), or each size in turn with `--zoom all` (the default) or the one named.
Two numbers per area size, median and p95 over N arrow presses:
- handler: the key's action (cursor move, preview, every widget updated) plus
  rendering every line of the play area (the Line API work);
- to screen: the same, then until every widget has processed its messages
  and Textual has composited and written the update (headless driver): what
  a player waits for, short of the terminal itself. This uses two private
  Pilot/Screen hooks (`_wait_for_screen`, `_on_timer_update`), because
  `Pilot.pause()` waits for the CPU to go idle, which adds ~100 ms of its own.
With `--clock cpu` the times are the process's CPU time rather than the
wall clock: on a machine shared with other work, that leaves out the time
spent waiting for a core, which otherwise swamps the p95.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import area_with  # noqa: E402
from machine import machine_line  # noqa: E402
from textual import __version__ as textual_version  # noqa: E402

from codex_tui.app.app import CodexApp  # noqa: E402
from codex_tui.app.session import GameSession  # noqa: E402
from codex_tui.games.codex.ui.cardart import ZOOMS, Zoom  # noqa: E402
from codex_tui.games.codex.ui.game import GameScreen  # noqa: E402
from codex_tui.games.codex.ui.play_area import PlayAreaView  # noqa: E402

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(
    cards: int, presses: int, size: tuple[int, int], clock: Callable[[], float], zoom: Zoom | None
) -> tuple[list[float], list[float], str]:
    """The handler and to-screen times, and the card size measured (`zoom`, None: the automatic one)."""
    app = CodexApp(saves_dir=Path("/tmp/codex-render-bench"), bot_delay=0, offer_resume=False)
    handler, idle = [], []
    async with app.run_test(size=size) as pilot:
        game = area_with(cards, seed=1)  # the player to move has `cards` cards down
        kinds = ["bot:greedy", "bot:greedy"]
        kinds[game.current] = "human"
        app.begin(GameSession(game, tuple(kinds)))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.zoom_choice = zoom
        area = screen.query_one(PlayAreaView)
        await pilot.pause()
        level = area.zoom.name + (" (auto)" if zoom is None else "")
        directions = ["left", "up", "right", "down"]
        for index in range(presses):
            started = clock()
            screen.action_move(directions[(index // 3) % 4])
            for y in range(area.size.height):
                area.render_line(y)
            handler.append(clock() - started)
            await pilot._wait_for_screen()
            screen._on_timer_update()
            idle.append(clock() - started)
    return handler, idle, level


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--clock", choices=CLOCKS, default="wall", help="wall clock, or the process's CPU time")
    parser.add_argument("--zoom", choices=["auto", *(z.name for z in ZOOMS), "all"], default="all")
    args = parser.parse_args()
    named = {z.name: z for z in ZOOMS}
    zooms: list[Zoom | None] = [None, *ZOOMS] if args.zoom == "all" else [named.get(args.zoom)]
    print(machine_line())
    print(f"Textual {textual_version}; {args.presses} presses per line, {args.clock} clock")
    for size in ((80, 24), (160, 50)):
        for cards in (10, 60):
            for zoom in zooms:
                handler, idle, level = asyncio.run(measure(cards, args.presses, size, CLOCKS[args.clock], zoom))
                print(
                    f"{size[0]}x{size[1]}, {cards:2d} cards, {level:13}:"
                    f" handler median {statistics.median(handler) * 1000:5.2f} ms"
                    f" p95 {percentile(handler, 0.95) * 1000:5.2f} ms | to screen median"
                    f" {statistics.median(idle) * 1000:5.2f} ms p95 {percentile(idle, 0.95) * 1000:5.2f} ms"
                )


if __name__ == "__main__":
    main()
