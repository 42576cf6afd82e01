"""Scenes of the shell: the new-game form, the saves browser, the resume offer."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.rules import Phase
from codex_tui.i18n import LANGUAGES
from codex_tui.storage.saves import SavedGame, write_save
from tests.scenes import Scene, settle
from tests.scenes.games import KINDS, app_with, mid_game, played

LANGUAGE_NAMES = frozenset(LANGUAGES.values())
"""Each language is named in itself (a player finds theirs in any language)."""
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


def resume_offer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CodexApp:
    folder = stable_saves(tmp_path, monkeypatch)
    os.utime(folder / "b.msgpack", (1767349800, 1767349800))  # the screen says when it was saved
    return CodexApp(saves_dir=folder, bot_delay=0, offer_resume=True)


async def to_players(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("tab", "tab")
    await settle(pilot)


SCENES = [
    Scene("new_game", lambda tmp, mp: app_with(tmp, None), data_words=LANGUAGE_NAMES),
    Scene("new_game_focus_on_a_field", lambda tmp, mp: app_with(tmp, None), to_players, data_words=LANGUAGE_NAMES),
    Scene("saves_browser", saves_browser, data_words=SAVES_WORDS),
    Scene("resume_offer", resume_offer, data_words=SAVES_WORDS),
]
