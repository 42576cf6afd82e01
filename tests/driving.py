"""Helpers to drive the app with Textual's Pilot."""

from __future__ import annotations

import contextlib
import unicodedata
from pathlib import Path

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from codex_tui.app.app import CodexApp
from codex_tui.app.local_table import LocalTable
from codex_tui.app.session import GameSession
from codex_tui.games.codex.rules import Variant, new_game
from codex_tui.storage.saves import SavedGame, write_save
from tests.scenes import game_in_view


def saved_game(folder: Path, kinds: tuple[str, ...], seed: int = 7, target: int = 20) -> Path:
    names = tuple(["Ada", "Bo", "Cy", "Di"][: len(kinds)])
    path = folder / "game.msgpack"
    write_save(path, SavedGame(new_game(names, seed, Variant(target)), kinds))
    return path


def app_for(save: Path | None, folder: Path) -> CodexApp:
    return CodexApp(saves_dir=folder, save=save, bot_delay=0, offer_resume=save is None)


def session(app: CodexApp) -> GameSession:
    assert app.session is not None
    return app.session


def table(app: CodexApp) -> LocalTable:
    """The game on show (its bots, its loop)."""
    assert app.table is not None
    return app.table


async def settle(pilot) -> None:
    """Let bots finish thinking and the screen catch up. A worker the app cancels meanwhile
    (a bot's thinking, when a key undoes or leaves the game) is done too, not a failure."""
    for _ in range(50):
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not pilot.app.workers._workers:
            break
    await game_in_view(pilot)


async def press_at_once(pilot: Pilot[object], key: str) -> None:
    """`key` as `pilot.press` builds it, then one wait until the app has handled it and looks idle.
    `pilot.press` waits for that twice per key (and for animations between), at least 20 ms each, which
    made the random-key streams spend three quarters of their time asleep. One wait keeps what the
    second bought nothing for: a key's failure shows before the next key is chosen, and the next key
    is judged against the screen this one led to."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    pilot.app.post_message(events.Key(key, char))
    await pilot.pause()
