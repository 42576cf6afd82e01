"""Scenes of a Codex game: set-up, placing, drawing, passing the device, the end, help, replay."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.rules import Phase, new_game
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.setup import SetupScreen
from tests.scenes import Scene, offered_keys, settle, shown
from tests.scenes.games import PLAYERS, app_with, mid_game, played
from tests.scenes.shell import SAVES_WORDS, stable_saves


async def choose_side(pilot: Pilot[Any]) -> None:
    """The starter's side chosen: the objective step, whose key bar offers to go back to the side.
    The set-up opens over the game once the app has read the save: a key sent before goes to the game."""
    await settle(pilot)
    await shown(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "the set-up")
    await pilot.press("enter")
    await shown(pilot, lambda: "back" in offered_keys(pilot), "the objective step's keys")


async def to_summary(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def open_help(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("question_mark")


async def help_end(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("question_mark", "end")
    await settle(pilot)


async def other_area(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("o")


def zoomed_to(size: str, *keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Settled, then `keys` (+ and -) until the board shows its cards at `size` (a `Zoom`'s name); the
    notice that names the size is cleared (it would go away on its own, at a time no snapshot knows)."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        area = pilot.app.screen.query_one("#area", PlayAreaView)
        await shown(pilot, lambda: area.zoom.name == size, f"the {size} cards")
        pilot.app.clear_notifications()
        await pilot.pause()

    return run_before


async def split_view(pilot: Pilot[Any]) -> None:
    """`v`: Bo's area beside Ada's from 140 columns; below, a note says why not."""
    await settle(pilot)
    await pilot.press("v")
    await settle(pilot)


async def to_turn_nine(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("g", "9", "enter", "right")


def replay_viewer(tmp_path: Any, monkeypatch: Any) -> CodexApp:
    folder = stable_saves(tmp_path, monkeypatch)
    return CodexApp(saves_dir=folder, save=folder / "a.msgpack", bot_delay=0, mode="replay")


def placing(tmp_path: Any, monkeypatch: Any) -> CodexApp:
    return app_with(tmp_path, mid_game(Phase.PLACE))


SCENES = [
    Scene("setup_starter_side", lambda tmp, mp: app_with(tmp, new_game(("Ada", "Bo"), 5)), settle, PLAYERS),
    Scene("setup_secret_objective", lambda tmp, mp: app_with(tmp, new_game(("Ada", "Bo"), 5)), choose_side, PLAYERS),
    Scene("game_screen_placing", lambda tmp, mp: app_with(tmp, mid_game(Phase.PLACE)), settle, PLAYERS),
    Scene("game_screen_drawing", lambda tmp, mp: app_with(tmp, mid_game(Phase.DRAW)), settle, PLAYERS),
    Scene("game_screen_other_area", lambda tmp, mp: app_with(tmp, mid_game(Phase.PLACE)), other_area, PLAYERS),
    *[
        Scene(f"game_screen_{size}", placing, zoomed_to(size, *keys), PLAYERS)
        for size, keys in [
            ("small", ("minus", "minus")),
            ("medium", ("minus", "minus", "plus")),
            ("large", ("plus", "plus")),
        ]
    ],
    Scene("game_screen_split_view", lambda tmp, mp: app_with(tmp, mid_game(Phase.PLACE)), split_view, PLAYERS),
    Scene(
        "pass_device",
        lambda tmp, mp: app_with(tmp, mid_game(Phase.PLACE), kinds=("human", "human")),
        settle,
        PLAYERS,
    ),
    Scene("game_over_bar", lambda tmp, mp: app_with(tmp, played(8, lambda g: False)), settle, PLAYERS),
    Scene("end_screen", lambda tmp, mp: app_with(tmp, played(8, lambda g: False)), to_summary, PLAYERS),
    Scene("help_screen", lambda tmp, mp: app_with(tmp, mid_game(Phase.PLACE)), open_help, PLAYERS, scrolls=True),
    Scene(
        "help_screen_scrolled_to_the_end",
        lambda tmp, mp: app_with(tmp, mid_game(Phase.PLACE)),
        help_end,
        PLAYERS,
        scrolls=True,
    ),
    Scene("replay_viewer", replay_viewer, to_turn_nine, SAVES_WORDS),
]
