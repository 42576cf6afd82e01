"""`!` on the Codex screens: the hard bot's move chosen on screen with its reason; any other key cancels it.

The hints ask the real hard bot (about a second each, so only a few tests do);
the reason is a stand-in, so the tests say exactly which words must show.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from codex_tui.core.advice import HINT_LEVEL, Hint
from codex_tui.games.codex.module import CODEX, CodexNaturalis
from codex_tui.games.codex.rules import ChooseObjective, ChooseStarter, Draw, Phase, Place, new_game
from codex_tui.games.codex.ui.game import LOOKING, GameScreen, draw_slot
from codex_tui.games.codex.ui.panels import GameLog
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.games.codex.ui.tray import CardTray
from codex_tui.ui.widgets.status_line import StatusLine
from tests.driving import table
from tests.games.codex.ui.test_layout_game import game_app
from tests.scenes import settle, shown
from tests.scenes.games import app_with

REASON = "stand-in reason"


@pytest.fixture(autouse=True)
def reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed reason (the words are the advice's own business; these tests check where they go)."""
    monkeypatch.setattr(CodexNaturalis, "hint_reason", lambda self, view, action: f"{REASON} {type(action).__name__}")


def bots_move(view: Any) -> Any:
    """What the hint must be: the hard bot's move for the seat's view (as `GameModule.hint` asks it)."""
    return CODEX.make_bot(HINT_LEVEL, 0)(view)


async def test_a_placement_hint_is_previewed_as_the_move_with_its_reason(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        view = screen.view
        await pilot.press("o")  # looking at Bo's area: the hint brings the player back to their own
        await pilot.press("exclamation_mark")
        await settle(pilot)
        expected = bots_move(view)
        assert isinstance(expected, Place)
        chosen = screen._chosen_place()
        assert chosen == expected and chosen in view.legal_actions
        assert screen.viewing == 0 and screen.cursor == expected.pos
        scene = screen.query_one(PlayAreaView).scene
        assert scene.cursor == expected.pos and scene.ghost == (expected.card, expected.side) and scene.ghost_legal
        assert screen.query_one(CardTray).scene.selected == view.hand.index(expected.card)
        first, second = screen.query_one(StatusLine).text.split("\n")
        assert f"({expected.x},{expected.y})" in first and " pt" in first
        assert second == f"Hint: {REASON} Place"
        await pilot.press("tab")  # another spot: the reason was for the hint's move only
        assert "Hint:" not in screen.query_one(StatusLine).text
        await pilot.press("shift+tab")
        assert screen.query_one(StatusLine).text.endswith(f"Hint: {REASON} Place")
        await pilot.press("enter")  # enter plays it
        await settle(pilot)
        assert app.session is not None and app.session.game.actions[len(view.log)] == expected


async def test_the_hint_asks_the_level_the_screen_is_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A network table sets `hint_level` (expert at a turn-based one): `!` asks that level, not hard."""
    asked: list[str] = []

    def spy(self: CodexNaturalis, view: Any, level: str = HINT_LEVEL) -> Hint:
        asked.append(level)
        return Hint(view.legal_actions[0], REASON)

    monkeypatch.setattr(CodexNaturalis, "hint", spy)
    app = game_app(tmp_path, Phase.DRAW)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        screen.hint_level = "expert"
        await pilot.press("exclamation_mark")
        await shown(pilot, lambda: bool(asked), "the hint asked")
        assert asked == ["expert"]


async def test_a_draw_hint_highlights_the_card_to_take(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.DRAW)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        view = screen.view
        await pilot.press("exclamation_mark")
        await settle(pilot)
        expected = bots_move(view)
        assert isinstance(expected, Draw) and expected in view.legal_actions
        slot = draw_slot(view, expected)
        assert screen.draw_index == slot and screen.query_one(CardTray).scene.selected == slot
        assert screen.query_one(StatusLine).text.endswith(f"\nHint: {REASON} Draw")


async def test_any_other_key_while_the_hint_is_computed_cancels_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    asked = threading.Event()

    def slow_hint(self: CodexNaturalis, view: Any, level: str = HINT_LEVEL) -> Hint:
        asked.set()
        release.wait(10)
        return Hint(view.legal_actions[0], "too late")

    monkeypatch.setattr(CodexNaturalis, "hint", slow_hint)
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = (screen.selected, dict(screen.sides), screen.cursor)
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert asked.wait(10)
        assert screen.query_one(StatusLine).text == LOOKING
        await pilot.press("c")  # centring the view: harmless, but a key all the same
        await pilot.pause()
        assert LOOKING not in screen.query_one(StatusLine).text
        release.set()
        await settle(pilot)
        assert screen.shown_hint is None and not screen.hinting
        assert (screen.selected, dict(screen.sides), screen.cursor) == before
        assert "too late" not in screen.query_one(StatusLine).text


async def test_a_set_up_hint_preselects_the_starter_side_then_the_objective(tmp_path: Path) -> None:
    app = app_with(tmp_path, new_game(("Ada", "Bo"), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        side = bots_move(setup.view)
        assert isinstance(side, ChooseStarter)
        assert setup.choice == (0 if side.side.value == "front" else 1)
        assert f"Hint: {REASON} ChooseStarter" in setup.title
        await pilot.press("enter")
        assert setup.step == "objective" and "Hint" not in setup.title
        await pilot.press("exclamation_mark")
        await settle(pilot)
        game_screen = app.screen_stack[-2]
        assert isinstance(game_screen, GameScreen)
        asked = game_screen.hint_view()
        assert asked is not None and all(isinstance(a, ChooseObjective) for a in asked.legal_actions)
        objective = bots_move(asked)
        assert isinstance(objective, ChooseObjective)
        assert setup.choice == setup.view.objective_choices.index(objective.card)
        assert f"Hint: {REASON} ChooseObjective" in setup.title


async def test_the_log_says_where_a_hint_was_used(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None and app.session is not None
        view = screen.view
        count = len(view.log)
        screen.hint_notes = ((count - 2, 1), (count, 0))
        screen.update_game(view, ("", "greedy"), False, False)
        await pilot.pause()
        lines = screen.query_one(GameLog).lines
        assert lines[-1] == "You used a hint"  # Ada, the reader and lines[-4] == "Bo used a hint"
        assert "used a hint" not in lines[-2] + lines[-3]


async def test_a_hint_is_asked_for_one_moment_and_dropped_when_the_game_moved_on(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        asked = screen.hint_view()
        assert asked is screen.view
        table(app).refresh_game()  # the same state drawn again (a new view object): a hint found meanwhile still shows
        assert screen.view is not asked and screen.hint_view() is asked
        last = screen.view.log[-1]
        elsewhere = replace(screen.view, log=(*screen.view.log[:-1], replace(last, points=last.points + 1)))
        screen.update_game(elsewhere, ("", "greedy"), False, False)  # as long a log, another position
        assert screen.hint_view() is elsewhere


async def test_a_hint_overtaken_by_another_seats_move_is_searched_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Set-up choices are made together, so another seat may move while a slow (expert) hint is
    searched: the answer for the old state is not shown, and not lost either: the new state is asked."""
    release = threading.Event()
    asked: list[Any] = []

    def slow_hint(self: CodexNaturalis, view: Any, level: str = HINT_LEVEL) -> Hint:
        asked.append(view)
        if len(asked) == 1:
            release.wait(10)
        return Hint(view.legal_actions[-1], f"search {len(asked)}")

    monkeypatch.setattr(CodexNaturalis, "hint", slow_hint)
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        await pilot.press("exclamation_mark")
        await shown(pilot, lambda: len(asked) == 1, "the first search")
        last = screen.view.log[-1]
        elsewhere = replace(screen.view, log=(*screen.view.log[:-1], replace(last, points=last.points + 1)))
        screen.update_game(elsewhere, ("", "greedy"), False, False)  # the seat still places
        release.set()
        await shown(pilot, lambda: screen.shown_hint is not None, "the hint for the state as it is now")
        assert [view is elsewhere for view in asked] == [False, True]
        assert screen.query_one(StatusLine).text.endswith("Hint: search 2")


async def test_a_key_on_the_set_up_screen_cancels_its_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    def slow_hint(self: CodexNaturalis, view: Any, level: str = HINT_LEVEL) -> Hint:
        release.wait(10)
        return Hint(view.legal_actions[0], "too late")

    monkeypatch.setattr(CodexNaturalis, "hint", slow_hint)
    app = app_with(tmp_path, new_game(("Ada", "Bo"), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert LOOKING in setup.title
        await pilot.press("right")
        await pilot.pause()
        assert LOOKING not in setup.title and setup.choice == 1
        release.set()
        await settle(pilot)
        assert "Hint" not in setup.title and setup.choice == 1
