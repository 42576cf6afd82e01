"""A change of language mid-game redraws every Codex screen in the new language, and play goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from codex_tui.app.app import CodexApp
from codex_tui.core import registry
from codex_tui.games.codex.rules import Phase, new_game
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.panels import GameLog
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.i18n import set_language
from tests.driving import table
from tests.i18n.screen_words import screen_lines
from tests.scenes import settle, shown
from tests.scenes.games import app_with, mid_game, played
from tests.scenes.shell import stable_saves


async def switch(pilot: Pilot[Any], code: str) -> str:
    """What the app does on a change of language: every screen on the stack composed again."""
    set_language(code)
    for screen in pilot.app.screen_stack:
        screen.refresh(recompose=True)
    await pilot.pause()
    pilot.app.refresh_bindings()  # the new key bars fill once the bindings are announced
    await settle(pilot)
    await pilot.pause()
    return "\n".join(screen_lines(pilot.app))


def chinese(text: str) -> bool:
    return any("\u4e00" <= char <= "\u9fff" for char in text)


async def test_the_game_screen_redraws_in_french_then_chinese_and_play_goes_on(tmp_path: Path) -> None:
    app = app_with(tmp_path, mid_game(Phase.PLACE))
    async with app.run_test(size=(80, 24)) as pilot:
        # The view and the key bar's game keys come after the screen's first refresh: a loaded machine
        # makes that later than a settle.
        await shown(pilot, lambda: "Flip" in "\n".join(screen_lines(app)), "the game's key bar")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        english = "\n".join(screen_lines(app))
        assert "Objectives" in english and "Flip" in english

        french = await switch(pilot, "fr")
        kept = app.screen is screen
        assert kept  # the same screen, its state kept
        assert "Objectifs" in french and "Retourner" in french and "Votre main" in french
        assert "Objectives" not in french and "Flip" not in french
        log = screen.query_one(GameLog)
        assert any(" a posé " in line or " a pioché " in line or " a pris " in line for line in log.lines)

        han = await switch(pilot, "zh")
        assert chinese(han) and "Objectifs" not in han and "Votre main" not in han
        assert "翻面" in han and "你的手牌" in han
        assert chinese(screen.status)

        turn = len(screen.view.log) if screen.view else 0
        await pilot.press("f", "enter")  # a back fits every spot: the placement goes through in Chinese
        await settle(pilot)
        assert screen.view is not None and len(screen.view.log) > turn


async def test_the_set_up_redraws_in_the_new_language_on_the_step_it_was_on(tmp_path: Path) -> None:
    app = app_with(tmp_path, new_game(("Ada", "Bo"), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the starter's side: on to the objectives
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.step == "objective"
        french = await switch(pilot, "fr")
        kept = app.screen is setup
        assert kept and setup.step == "objective"
        assert "gardez un objectif secret" in french and "Objectifs communs" in french
        han = await switch(pilot, "zh")
        assert "秘密目标" in han and "Objectifs" not in han


async def test_the_summary_and_the_replay_redraw_in_the_new_language(tmp_path: Path, monkeypatch: Any) -> None:
    app = app_with(tmp_path, played(8, lambda g: False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        french = await switch(pilot, "fr")
        assert "Scores finaux" in french and "Final scores" not in french
    set_language("en")
    folder = stable_saves(tmp_path, monkeypatch)
    replay = CodexApp(saves_dir=folder, save=folder / "a.msgpack", bot_delay=0, mode="replay")
    async with replay.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("g", "9", "enter", "right")
        await settle(pilot)
        assert isinstance(replay.screen, ReplayScreen)
        han = await switch(pilot, "zh")
        assert isinstance(replay.screen, ReplayScreen)
        assert "第 9 回合" in han or "第 10 回合" in han


async def test_the_forms_default_names_follow_a_switch_and_the_waiting_bot_still_moves(tmp_path: Path) -> None:
    """A game begun in French keeps "Vous" and "Robot 1" in its save; read in English after a switch,
    they are "You" and "Bot 1" everywhere, as a save opened now shows them. The bot whose turn it
    was waited on the game under its old names: it is asked again, and moves."""
    bots_turn = played(3, lambda g: len(g.log) > 30 and g.current == 1 and g.phase is Phase.PLACE)
    rules = registry.game_of(bots_turn)
    french = rules.load_save_body(rules.save_body(bots_turn), ("Vous", "Robot 1"), bots_turn.seed)
    set_language("fr")
    app = app_with(tmp_path, french)
    app.bot_delay = 3600  # the bot's move waits on its timer: the switch comes first
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, lambda: "Robot 1" in "\n".join(screen_lines(app)), "the game in French")
        session = app.session
        assert session is not None and session.game.players == ("Vous", "Robot 1")
        table(app).bot_delay = 0
        app.switch_language("en")
        await shown(pilot, lambda: "Flip" in "\n".join(screen_lines(app)), "the game's English key bar")
        assert session.game.players == ("You", "Bot 1")
        assert session.game.actions[: len(french.actions)] == french.actions  # the same game, renamed
        english = "\n".join(screen_lines(app))
        assert "Bot 1" in english and "Robot" not in english and "Vous" not in english
        await shown(
            pilot,
            lambda: session.seat_to_act() == 0 and len(session.game.actions) == len(french.actions) + 2,
            "the bot's move after the switch",
        )
