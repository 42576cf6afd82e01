"""A seat's screen shows nothing its view hides: the twins of the conformance test, on screen.

The conformance test proves a seat's view and its wire bytes are the same for
every game the seat cannot tell apart (`GameModule.hidden_twin`). The screen
is drawn from the view, so it must be too: here the app opens a save of a
game and a save of its twin for the same human seat, and the characters on
screen must match. Only packaged games run (they have screens); nothing here
names one.
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path
from typing import Any

import pytest

from codex_tui.app.app import CodexApp
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.storage.saves import SavedGame, write_save
from tests.scenes import offered_keys
from tests.waiting import until_shown

SEED = 41
SCREENS = 3
"""States looked at per game: opening the app costs about a second each."""
HUMAN = 0


def screen_text(app: CodexApp) -> str:
    """The characters on screen, row by row, read back from Textual's SVG screenshot."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for match in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(match[2]), []).append((float(match[1]), html.unescape(match[3])))
    return "\n".join("".join(text for _, text in sorted(row)) for _, row in sorted(rows.items())).replace("\xa0", " ")


def human_turns(game: GameModule) -> list[Any]:
    """States of a random game where only the human seat may act, spread over the game."""
    rng = random.Random(SEED)
    state = game.new_game(("Ada", "Bo"), SEED, game.default_variant())
    turns = []
    while not state.is_over:
        if game.players_to_act(state) == (HUMAN,):
            turns.append(state)
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
    step = max(1, len(turns) // SCREENS)
    return turns[step - 1 :: step][:SCREENS]


async def shown(state: Any, folder: Path) -> str:
    """What the human seat's screen shows once the app has opened a save of `state`."""
    folder.mkdir()
    path = folder / "game.msgpack"
    write_save(path, SavedGame(state, ("human", "bot:random"), title="twins"))
    app = CodexApp(saves_dir=folder, save=path, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        return await settled_text(pilot, app)


async def settled_text(pilot: Any, app: CodexApp) -> str:
    """The screen once its key bar is placed and three looks at the idle app read the same: the key bar
    is drawn after the rest, later still on a loaded machine, and a half-drawn bar is not a difference
    between twins."""
    await until_shown(pilot, lambda: bool(offered_keys(pilot)), what="the key bar")
    texts = [screen_text(app)]
    while len(texts) < 3 or len(set(texts[-3:])) > 1:
        assert len(texts) < 100, "the screen never settled"
        await pilot.pause()
        texts.append(screen_text(app))
    return texts[-1]


@pytest.mark.parametrize("name", registry.names())
async def test_a_seat_sees_the_same_screen_for_every_game_it_cannot_tell_apart(name: str, tmp_path: Path) -> None:
    game = registry.game_named(name)
    turns = human_turns(game)
    assert turns
    for index, state in enumerate(turns):
        twin = game.hidden_twin(state, HUMAN, seed=index)
        assert twin != state, "the twin re-deals something the human cannot see"
        real = await shown(state, tmp_path / f"real{index}")
        other = await shown(twin, tmp_path / f"twin{index}")
        assert real == other, f"after {len(state.actions)} actions the screens differ"
