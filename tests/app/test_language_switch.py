"""Changing language while the app runs: from the palette or the new-game form, every screen on
the stack redraws in it at once (a game under way too), and the choice is remembered; a
settings file the player must look at is reported in the app and kept as it is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.app.screens.saves_browser import SavesBrowser
from codex_tui.cli.language import start_language
from codex_tui.games.codex.rules import Phase, new_game
from codex_tui.i18n import language, set_language
from codex_tui.storage.settings import load_settings, settings_path
from codex_tui.ui.screens.game_over import GameOverBar
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.screens.review import ReviewScreen
from tests.i18n.screen_words import screen_lines
from tests.scenes import settle
from tests.scenes.games import app_with, mid_game, played
from tests.scenes.instinkt import placing
from tests.scenes.instinkt import played as instinkt_played
from tests.scenes.shell import review_screen, saves_browser
from tests.waiting import until_shown


def screen_text(app: CodexApp) -> str:
    return "\n".join(screen_lines(app))


async def choose_from_palette(pilot: Pilot[Any], words: str) -> None:
    await pilot.press("ctrl+p")
    await settle(pilot)
    await pilot.press(*words)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def test_the_palette_switches_the_form_and_remembers_it(tmp_path: Path) -> None:
    app = app_with(tmp_path, None)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_shown(pilot, lambda: "New game" in screen_text(app), what="the form")
        await choose_from_palette(pilot, "Français")
        assert language() == "fr"
        await until_shown(pilot, lambda: "Nouvelle partie" in screen_text(app), what="the form in French")
        assert "New game" not in screen_text(app)
        await choose_from_palette(pilot, "中文")
        assert language() == "zh"
        await until_shown(pilot, lambda: "新游戏" in screen_text(app), what="the form in Chinese")
    assert load_settings().language == "zh"


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(lambda: mid_game(Phase.PLACE), id="codex"),
        pytest.param(lambda: instinkt_played(6, placing), id="instinkt"),
    ],
)
async def test_a_game_under_way_redraws_in_the_new_language_and_plays_on(tmp_path: Path, game: Any) -> None:
    app = app_with(tmp_path, game(), kinds=("human", "bot:greedy") if "codex" in str(game) else ("human", "bot:normal"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        before = list(app.screen.children)
        await pilot.press("question_mark")  # the help over the game: both are redrawn
        await settle(pilot)
        await choose_from_palette(pilot, "中文")
        assert "滚动" in screen_text(app)  # the help's own line, drawn by the shell
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.game_screen
        assert not set(map(id, app.screen.children)) & set(map(id, before))  # composed again, in Chinese
        await pilot.press("tab", "right", "enter", "left", "enter")  # keys reach the redrawn game
        await settle(pilot)
        assert app.is_running and app.game_screen is not None
    assert load_settings().language == "zh"


async def test_the_form_field_switches_at_once_and_keeps_what_was_typed(tmp_path: Path) -> None:
    app = app_with(tmp_path, None)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#name-0", Input).value = "Ada"
        form.query_one("#seed", Input).value = "42"
        form.query_one("#language", Select).value = "fr"
        await until_shown(pilot, lambda: "Graine" in screen_text(app), what="the form redrawn in French")
        assert language() == "fr"
        assert form.query_one("#name-0", Input).value == "Ada"
        assert form.query_one("#name-1", Input).value == "Robot 1"  # untouched: follows the language
        assert form.query_one("#seed", Input).value == "42"
        assert form.query_one("#language", Select).value == "fr"
        settings = form.settings()
        assert settings.names[0] == "Ada" and settings.seed == 42
    assert load_settings().language == "fr"


async def test_a_bad_settings_file_is_reported_in_the_app_and_kept(tmp_path: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    problems = start_language(None)
    assert len(problems) == 1 and language() == "en"
    folder = tmp_path / "saves"
    folder.mkdir()
    app = CodexApp(saves_dir=folder, bot_delay=0, offer_resume=False, notices=tuple(problems))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        said = [str(notification.message) for notification in app._notifications]
        assert any("settings.json: not JSON" in message and "fix or delete it" in message for message in said)
        await choose_from_palette(pilot, "Français")
        assert language() == "fr"  # for this run
        said = [str(notification.message) for notification in app._notifications]
        assert any(message.startswith("La langue n’est pas mémorisée") for message in said)
    assert path.read_text(encoding="utf-8") == "{not json"


def test_the_settings_problem_is_drawn_in_the_language_of_the_moment(tmp_path: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(["fr"]), encoding="utf-8")
    problems = start_language("zh")
    assert language() == "zh"
    assert "JSON object" in str(problems[0])  # English for the terminal
    assert "应为 JSON 对象" in problems[0].text()


async def test_textual_s_own_words_in_the_palette_follow_the_language(tmp_path: Path) -> None:
    set_language("fr")
    app = app_with(tmp_path, None)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await until_shown(pilot, lambda: "Chercher une commande…" in screen_text(app), what="the palette")
        text = screen_text(app)
        assert "Thème" in text and "Theme" not in text
        await pilot.press(*"zzzq")  # "no matches" is shown once the palette's countdown has run
        await until_shown(pilot, lambda: "Aucun résultat" in screen_text(app), what="the palette's no matches")


async def test_the_saves_browser_and_its_rename_box_keep_their_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = saves_browser(tmp_path, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        await pilot.press("down")
        chosen = browser.current()
        await pilot.press("r", *"Revanche")
        await settle(pilot)
        app.switch_language("zh")
        await settle(pilot)
        assert app.screen.query_one(Input).value == "Revanche"  # the rename box kept what was typed
        assert browser.current() == chosen  # the cursor stayed on the same save
        await pilot.press("escape")
        await until_shown(pilot, lambda: "按日期排序" in screen_text(app), what="the browser in Chinese")


async def test_the_review_keeps_its_table_in_a_new_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = review_screen(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        rows = screen.query_one(DataTable).row_count
        set_language("fr")
        screen.refresh(recompose=True)
        await settle(pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == rows and table.cursor_row == 1
        assert "Meilleur" in screen_text(app) and "évaluées" in screen_text(app)


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(lambda: new_game(("Ada", "Bo"), 5), id="codex-setup"),
        pytest.param(lambda: played(8, lambda g: False), id="codex-over"),
        pytest.param(lambda: instinkt_played(6, lambda g: False), id="instinkt-over"),
    ],
)
async def test_a_switch_over_a_set_up_choice_or_the_end_bar_goes_on(tmp_path: Path, game: Any) -> None:
    app = app_with(tmp_path, game(), kinds=("human", "bot:normal"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top = type(app.screen)
        app.switch_language("fr")
        await settle(pilot)
        assert type(app.screen) is top and app.is_running
        if isinstance(app.screen, GameOverBar):
            assert "Partie terminée" in app.screen.text.plain  # the bar's words written again
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running
