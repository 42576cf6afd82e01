"""The new-game form (the focused field stands out, variants named as in the README) and the set-up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Select

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.core import registry
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.games.codex.ui.tray import CardTray
from codex_tui.ui.screens.game_form import game_options
from tests.driving import saved_game, settle
from tests.scenes import shown

README = Path(__file__).parents[2] / "README.md"


async def test_the_focused_field_stands_out(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        for _ in range(8):  # around the form: every field, then the Start button
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            assert focused is not None
            shown = focused.query_one("SelectCurrent") if isinstance(focused, Select) else focused
            others = [w for w in app.screen.query("Input, SelectCurrent") if w is not shown and w.display]
            assert others and all(w.styles.background != shown.styles.background for w in others)


def test_the_readme_names_the_games_and_variants_as_the_form_does() -> None:
    text = re.sub(r"\s+", " ", README.read_text())
    choices = [label for game in registry.games() for field in game.variant_fields() for label, _ in field.choices]
    assert choices and all(f'"{label}"' in text for label in choices)
    assert all(title.split(" (")[0] in text for title, _ in game_options())


@pytest.mark.parametrize(("size", "as_cards"), [((80, 24), False), ((160, 50), True)])
async def test_the_set_up_draws_the_hand_as_cards_when_there_is_room(
    saves: Path, size: tuple[int, int], as_cards: bool
) -> None:
    app = CodexApp(saves_dir=saves, save=saved_game(saves, ("human", "bot:greedy")), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await shown(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        hand = screen.query_one("#setup-hand", CardTray)

        def in_words() -> bool:
            return "Your hand:" in str(screen.query_one("#setup-detail").render())

        # The class that shows the cards is set at mount; its style lands at a later refresh.
        what = "the hand as cards" if as_cards else "the hand in words"
        await shown(pilot, lambda: hand.display is as_cards and in_words() is not as_cards, what)
