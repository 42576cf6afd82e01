"""Every screen of the app as a scene: how to build the app and what to press to reach it.

The snapshot tests (`tests/app/test_snapshots.py`, every scene in every
language) and the pseudo-language test (`tests/i18n/test_pseudo_screens.py`,
every scene at 80x24) share this list, so a screen added here is checked both
ways. Each part of the app keeps its scenes in its own module.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

WAIT = 20.0
"""Seconds a scene waits for its screen to show what it should (a loaded machine is slow)."""


@dataclass(frozen=True)
class Scene:
    name: str
    build: Callable[[Path, pytest.MonkeyPatch], App[Any]]
    """The app, built in the test's tmp_path (monkeypatch: for fixed times and folders)."""
    run_before: Callable[[Pilot[Any]], Awaitable[None]] | None = None
    """Keys and waits that bring the app to the screen (None: as it opens, once settled)."""
    data_words: frozenset[str] = frozenset()
    """Words on screen that are data, not text to translate (player names, file names, titles)."""
    scrolls: bool = False
    """The screen's text scrolls past its edges on purpose (the help): the pseudo-language test
    draws it tall enough to show it whole, so only a cut across the width fails."""


async def settle(pilot: Pilot[Any]) -> None:
    """Let bots finish thinking and the screen catch up."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await game_in_view(pilot)


async def game_in_view(pilot: Pilot[Any]) -> None:
    """Until the app's game screen (if it has one) holds its game's view: the app hands it over
    after the screen's first refresh, which a loaded machine makes later than a pause (CI read
    `screen.view` as None twice). Returns at the deadline too: a test then fails on what it reads."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        screen = getattr(pilot.app, "game_screen", None)
        if screen is None or not screen.is_attached or getattr(screen, "view", True) is not None:
            return
        await pilot.pause()


async def shown(pilot: Pilot[Any], test: Callable[[], bool], what: str) -> None:
    """Until `test()` holds: the screen shows `what`. A pause is not enough: it waits
    until the app looks idle, which a loaded machine can make it look too soon."""
    deadline = time.monotonic() + WAIT
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"the screen never showed {what}")
        await pilot.pause()


def offered_keys(pilot: Pilot[Any]) -> set[str]:
    """The actions the screen's key bar shows now."""
    return {key.action for key in pilot.app.screen.query(FooterKey)}


def all_scenes() -> list[Scene]:
    from tests.scenes import codex, instinkt, learn, net, shell

    scenes = [*shell.SCENES, *codex.SCENES, *instinkt.SCENES, *learn.SCENES, *net.SCENES]
    names = [scene.name for scene in scenes]
    assert len(set(names)) == len(names), "two scenes share a name"
    return scenes
