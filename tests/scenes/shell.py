"""Scenes of the shell: the new-game form and its language list, the saves browser, the resume
offer, the command palette, the review of a player's turns."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.command import CommandPalette
from textual.pilot import Pilot

from codex_tui.app.app import CodexApp
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.games.codex.rules import Phase
from codex_tui.i18n import LANGUAGES
from codex_tui.storage.saves import SavedGame, write_save
from codex_tui.ui.screens.review import ReviewScreen
from tests.core.tictactoe import rules as tictactoe_rules
from tests.core.tictactoe.module import TICTACTOE
from tests.scenes import WAIT, Scene, settle
from tests.scenes.games import KINDS, app_with, mid_game, played

LANGUAGE_NAMES = frozenset(word for name in LANGUAGES.values() for word in re.findall(r"[A-Za-z]{2,}", name))
"""Each language is named in itself (a player finds theirs in any language): 'English', and
'Français' as the test reads it, 'Fran' and 'ais'."""
SAVES_WORDS = frozenset({"saves", "msgpack", "Tuesday", "rematch", "Ada", "Bo", "vs"})
"""The saves folder and files, the players' names, a title the player gave."""


def stable_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A saves folder with fixed names and times, so the browser looks the same every run."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    folder = Path("saves")
    folder.mkdir(exist_ok=True)
    when = "2026-01-02T10:30:00+00:00"
    write_save(folder / "a.msgpack", SavedGame(played(8, lambda g: False), KINDS, saved_at=when))
    write_save(folder / "b.msgpack", SavedGame(mid_game(Phase.PLACE), KINDS, saved_at=when, title="Tuesday rematch"))
    broken = folder / "c.msgpack"
    broken.write_bytes(b"half a save")
    os.utime(broken, (1767349800, 1767349800))
    return folder


def saves_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CodexApp:
    return CodexApp(saves_dir=stable_saves(tmp_path, monkeypatch), bot_delay=0, mode="saves")


def empty_saves_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CodexApp:
    """The browser of a folder with no saves: a screen whose every line is whole under the palette."""
    monkeypatch.chdir(tmp_path)
    folder = Path("saves")
    folder.mkdir()
    return CodexApp(saves_dir=folder, bot_delay=0, mode="saves")


def resume_offer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CodexApp:
    folder = stable_saves(tmp_path, monkeypatch)
    os.utime(folder / "b.msgpack", (1767349800, 1767349800))  # the screen says when it was saved
    return CodexApp(saves_dir=folder, bot_delay=0, offer_resume=True)


class ReviewHost(App[None]):
    """An app with nothing but the review screen on it (a tic-tac-toe game: its search is quick)."""

    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__()
        self.review = screen

    def on_mount(self) -> None:
        self.push_screen(self.review)


def careless_game(module: GameModule) -> Any:
    """Ada (seat 0) marks the first free cell, Bo answers like the greedy bot: Ada loses points."""
    game = module.new_game(("Ada", "Bo"), 4, tictactoe_rules.Variant())
    bot = module.make_bot("greedy", 1)
    while not game.is_over:
        seat = module.players_to_act(game)[0]
        action = module.legal_actions_for(game, seat)[0] if seat == 0 else bot(module.view(game, seat))
        game = module.apply(game, action)
    return game


def review_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App[Any]:
    """The review of Ada's turns, its table filled (tic-tac-toe registered for the test only)."""
    monkeypatch.setitem(registry._games(), TICTACTOE.name, TICTACTOE)
    return ReviewHost(ReviewScreen(TICTACTOE, careless_game(TICTACTOE), 0, None, jobs=1))


REVIEW_WORDS = frozenset({"Ada", "Bo", "cell"})
"""The players, and tic-tac-toe's moves ("cell 3"): a game for tests, with no catalogs."""


async def open_palette(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("ctrl+p")
    await settle(pilot)
    await palette_listed(pilot)


async def palette_listed(pilot: Pilot[Any]) -> None:
    """Until the palette shows its commands and no busy sign: it gathers them in the background and shows
    a spinner when that takes longer than half a second, which a loaded machine makes it do (a snapshot
    caught it twice). Returns at the deadline too: the snapshot then fails on what it shows."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        palette = pilot.app.screen
        if isinstance(palette, CommandPalette) and palette._list_visible and not palette._show_busy:
            break
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def to_players(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("tab", "tab")
    await settle(pilot)


SCENES = [
    Scene("new_game", lambda tmp, mp: app_with(tmp, None), data_words=LANGUAGE_NAMES),
    Scene("new_game_focus_on_a_field", lambda tmp, mp: app_with(tmp, None), to_players, data_words=LANGUAGE_NAMES),
    Scene("command_palette", empty_saves_browser, open_palette, LANGUAGE_NAMES | {"saves"}),
    Scene("review_screen", review_screen, data_words=REVIEW_WORDS),
    Scene("saves_browser", saves_browser, data_words=SAVES_WORDS),
    Scene("resume_offer", resume_offer, data_words=SAVES_WORDS),
]
