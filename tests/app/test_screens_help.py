"""`?` help: scrolled by the keyboard, wrapped under itself, and naming every key of every screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.confirm import ConfirmScreen
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.app.screens.resume import ResumeScreen
from codex_tui.app.screens.saves_browser import RenameScreen, SavesBrowser
from codex_tui.client.lobby import LobbyScreen
from codex_tui.client.new_table import NewTableScreen
from codex_tui.client.waiting_room import WaitingScreen
from codex_tui.games.codex.ui.end import EndScreen
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.help import AT_THE_END as CODEX_AT_THE_END
from codex_tui.games.codex.ui.help import HELP_TEXT
from codex_tui.games.codex.ui.help import IN_REPLAYS as CODEX_IN_REPLAYS
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.games.instinkt.ui.end import InstinktEndScreen
from codex_tui.games.instinkt.ui.help import HELP_TEXT as INSTINKT_HELP_TEXT
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen
from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.ui.screens.game_over import GameOverBar
from codex_tui.ui.screens.modals import (
    KEYS_WIDTH,
    Help,
    HelpScreen,
    PassDeviceScreen,
    help_renderable,
)
from codex_tui.ui.screens.review import ReviewScreen
from tests.driving import saved_game, settle

SHOWN = {
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "escape": "esc",
    "question_mark": "?",
    "exclamation_mark": "!",
    "pageup": "page up",
    "pagedown": "page down",
    "leftsquarebracket": "[",
    "rightsquarebracket": "]",
    "plus": "+",
    "equals_sign": "=",
    "minus": "-",
    "greater_than_sign": ">",
    "less_than_sign": "<",
}
"""How the help writes a key Textual names otherwise."""

SHARED = [PassDeviceScreen, GameOverBar, EndScreen, ResumeScreen, NewGameScreen, SavesBrowser, ConfirmScreen]
SHARED += [RenameScreen, HelpScreen, LobbyScreen, NewTableScreen, WaitingScreen, ReviewScreen]
SCREENS = {
    "codex": (HELP_TEXT, [GameScreen, SetupScreen, ReplayScreen, *SHARED]),
    "instinkt": (INSTINKT_HELP_TEXT, [InstinktScreen, InstinktReplayScreen, InstinktEndScreen, *SHARED]),
}


def key_cells(help: Help) -> list[str]:
    return [keys for _, rows in help for keys, _ in rows]


def described(key: str, cells: list[str]) -> bool:
    """Whether a key shows in a keys cell; 'shift+left' needs 'shift+' and '←' in one cell."""
    modifier, _, name = key.rpartition("+")
    shown = SHOWN.get(name, name)
    words = re.compile(rf"(^|\s){re.escape(shown)}(\s|$)")
    for cell in cells:
        if modifier and f"{modifier}+" not in cell:
            continue
        if words.search(cell.replace(f"{modifier}+", " ")) if modifier else words.search(cell):
            return True
    return False


def looks_at(board: type, action: str) -> bool:
    """Whether GameOverBar's `action` works over `board`: not a look, or a look `board` can do."""
    if not action.startswith("look("):
        return True
    name = action.removeprefix("look(").strip("')").partition("(")[0]
    return hasattr(board, f"action_{name}")


@pytest.mark.parametrize("game", sorted(SCREENS))
def test_every_key_of_every_screen_is_in_the_help(game: str) -> None:
    help, screens = SCREENS[game]
    cells = key_cells(help)
    missing = []
    board = screens[0]  # the play screen, whose final board GameOverBar's look keys drive
    for screen in screens:
        assert issubclass(screen, Screen)
        for binding in screen.BINDINGS:
            assert isinstance(binding, Binding)
            if screen is GameOverBar and not looks_at(board, binding.action):
                continue  # the bar disables a look the game's board has not (check_action)
            missing += [f"{screen.__name__}: {key}" for key in binding.key.split(",") if not described(key, cells)]
    assert missing == []


async def test_help_scrolls_with_the_keyboard(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, save=saved_game(saves, ("human", "bot:greedy")), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one("#help-box", VerticalScroll)
        assert box.max_scroll_y > 20  # much longer than 24 lines
        await pilot.press("down", "j")
        await pilot.pause()
        assert box.scroll_y == 2
        await pilot.press("k")
        await pilot.pause()
        assert box.scroll_y == 1
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 10
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_y == 0
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


def test_wrapped_descriptions_keep_their_indent() -> None:
    """At 80 columns a long description wraps under its own column, never under the keys."""
    console = Console(width=76, color_system=None)
    with console.capture() as capture:
        console.print(help_renderable(HELP_TEXT))
    lines = [line for line in capture.get().splitlines() if line.strip()]
    titles = {title for title, _ in HELP_TEXT}
    assert {line for line in lines if not line.startswith(" ")} == titles
    keys_end = 2 + KEYS_WIDTH  # the edge padding, then the keys column (its padding is inside the width)
    continued = [line for line in lines if line.startswith(" " * keys_end)]
    assert len(continued) > 10  # the text does wrap at this width...
    assert all(line[keys_end] != " " for line in continued)  # ...and each wrapped line starts at the words' column


def rows_of(help: Help) -> set[tuple[str, str]]:
    return {row for _title, rows in help for row in rows}


def test_a_games_own_keys_show_only_in_its_own_help() -> None:
    codex_only = set(CODEX_AT_THE_END + CODEX_IN_REPLAYS)
    assert codex_only <= rows_of(HELP_TEXT)
    assert not codex_only & rows_of(INSTINKT_HELP_TEXT)  # Instinkt's replay has no turns of several moves
    assert not [what for _keys, what in rows_of(INSTINKT_HELP_TEXT) if "Codex" in what]
