"""Every step of every game's tutorial, walked with the keyboard to the end, in every language.

The walk presses only what a learner who follows the screen presses: enter on
the marked move (the tutorial puts it on show). At each of the learner's moves
the coach panel must say that step's words, in the language of the run, and
with a translation (not the English) in French and Chinese. At the end it says
the finale, over the game-over bar and the final scores, and `n` starts a real
game against the bot the tutorial offers.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from codex_tui.app.app import CodexApp
from codex_tui.app.session import BOT_PREFIX
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.core.tutorial import Tutorial, moves_made
from codex_tui.i18n import LANGUAGES, set_language
from codex_tui.i18n import text as shell_words
from codex_tui.storage.saves import HUMAN
from codex_tui.ui.screens.game_over import GameOverBar
from tests.driving import table
from tests.scenes import WAIT
from tests.scenes.pressing import coach_words, play_the_marked_move

GAMES = [pytest.param(m.name, id=m.name) for m in registry.games() if m.tutorial() is not None]
LANGS = [pytest.param(code, id=code) for code in LANGUAGES]
MOST_PRESSES = 200


def coach_text(app: CodexApp) -> str | None:
    """The coach panel's words on the screen on top, or None while it has none."""
    return coach_words(app.screen)


async def until(pilot: Any, test: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        await pilot.pause()


def guided(tmp_path: Path, game: str, language: str = "en") -> tuple[CodexApp, GameModule, Tutorial]:
    """The app opening on `game`'s tutorial in `language`, with the game and its tutorial."""
    set_language(language)
    module = registry.game_named(game)
    tutorial = module.tutorial()
    assert tutorial is not None
    return CodexApp(saves_dir=tmp_path, bot_delay=0, mode="learn", learn=game), module, tutorial


def words(module: GameModule, text: str) -> str:
    return " ".join(module.translate(text).split())


@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("game", GAMES)
async def test_the_tutorial_walks_to_the_end(tmp_path: Path, game: str, language: str) -> None:
    app, module, tutorial = guided(tmp_path, game, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session is not None and app.learning is not None, "the guided game")
        seen: set[int] = set()
        for _ in range(MOST_PRESSES):
            session = app.session
            assert session is not None and app.learning is not None
            if session.game.is_over:
                break
            move = moves_made(session.game, tutorial.learner)

            def ready(move: int = move) -> bool:
                shown = coach_text(app)
                lesson = tutorial.lesson(move)
                return shown is not None and shown.endswith(words(module, lesson.text))

            await until(pilot, ready, f"the words of the learner's move {move}")
            lesson = tutorial.lesson(move)
            if language != "en":
                assert module.translate(lesson.text) != lesson.text, f"no {language} words for {lesson.text!r}"
            seen.add(move)
            await play_the_marked_move(pilot, app, tutorial.learner, move)
        assert app.session is not None and app.session.game.is_over
        assert set(tutorial.steps) <= seen
        assert module.winners(app.session.game) == (tutorial.learner,)
        finale = words(module, tutorial.finale)
        await until(pilot, lambda: isinstance(app.screen, GameOverBar), "the game-over bar")
        board = app.game_screen
        assert board is not None
        # On the board under the bar, which gives it its rows (over the bar it covered the board's top).
        await until(pilot, lambda: finale in (coach_words(board) or ""), "the finale on the board under the bar")
        assert coach_text(app) is None
        await pilot.press("enter")  # the final scores
        await until(pilot, lambda: not isinstance(app.screen, GameOverBar), "the final scores")
        offer = " ".join(shell_words._("n starts a real game against the easy bot.").split())
        await until(pilot, lambda: (coach_text(app) or "").endswith(offer), "the offer")
        await pilot.press("n")
        await until(pilot, lambda: app.learning is None and app.session is not None, "a real game")
        assert app.session is not None
        assert app.session.kinds == (HUMAN, BOT_PREFIX + tutorial.offer_level)
        assert app.session.save_path is not None


@pytest.mark.parametrize("game", GAMES)
async def test_another_legal_move_is_answered_and_not_played(tmp_path: Path, game: str) -> None:
    app, module, tutorial = guided(tmp_path, game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.learning is not None and app.session is not None, "the guided game")
        run, session = app.learning, app.session
        assert run is not None and session is not None
        await until(pilot, lambda: session.seat_to_act() == run.learner, "the learner's turn")
        awaited = run.awaited(session.game)
        other = next(a for a in module.legal_actions_for(session.game, run.learner) if a != awaited)
        before = len(session.game.actions)
        assert table(app).apply_action(other) is False
        assert len(session.game.actions) == before
        assert table(app).apply_action(awaited) is True


@pytest.mark.parametrize("game", GAMES)
async def test_esc_asks_then_leaves_the_tutorial_for_the_new_game_form(tmp_path: Path, game: str) -> None:
    from codex_tui.app.screens.confirm import ConfirmScreen
    from codex_tui.app.screens.new_game import NewGameScreen

    app = guided(tmp_path, game)[0]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: coach_text(app) is not None, "the first step")
        first = coach_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the question gone")
        assert app.learning is not None and coach_text(app) == first, "no: the tutorial goes on where it was"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        assert app.learning is None
        assert not list(tmp_path.glob("*.msgpack")), "the guided game is never saved"


@pytest.mark.parametrize("game", GAMES)
async def test_a_change_of_language_rewords_the_step(tmp_path: Path, game: str) -> None:
    app, module, tutorial = guided(tmp_path, game)
    async with app.run_test(size=(80, 24)) as pilot:
        first = words(module, tutorial.lesson(0).text)
        await until(pilot, lambda: (coach_text(app) or "").endswith(first), "the first step in English")
        app.switch_language("zh")
        chinese = words(module, tutorial.lesson(0).text)
        assert chinese != first
        await until(pilot, lambda: (coach_text(app) or "").endswith(chinese), "the first step in Chinese")
    set_language("en")


async def test_learn_to_play_on_the_new_game_form_starts_the_chosen_games_tutorial(tmp_path: Path) -> None:
    from codex_tui.app.screens.new_game import NewGameScreen

    set_language("en")
    app = CodexApp(saves_dir=tmp_path, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        await pilot.press("ctrl+l")
        await until(pilot, lambda: app.learning is not None, "the tutorial")
        assert app.learning is not None and app.learning.module.name == registry.first_game()
        assert app.session is not None and app.session.save_path is None


@pytest.mark.parametrize("game", GAMES)
async def test_the_hint_key_shows_the_steps_own_move(tmp_path: Path, game: str) -> None:
    """`!` in a tutorial puts the step's move back on show (a search's hint might be another)."""
    app = guided(tmp_path, game)[0]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.learning is not None and app.session is not None, "the guided game")
        run, session = app.learning, app.session
        assert run is not None and session is not None
        await until(pilot, lambda: coach_text(app) is not None and session.seat_to_act() == run.learner, "a step")
        board = app.game_screen
        assert board is not None
        shown: list[Any] = []
        board.show_hint = lambda hint: shown.append(hint.action)  # type: ignore[method-assign]
        await pilot.press("exclamation_mark")
        await until(pilot, lambda: bool(shown), "the hint")
        assert shown[0] == run.awaited(session.game)
        assert not any(worker.group == "hint" for worker in board.workers), "no search ran"


async def test_the_coach_to_play_is_named_without_empty_brackets(tmp_path: Path) -> None:
    """A bot at a table is named with its level ("Bot 1 (hard) is playing…"); the tutorial's coach has no
    level, and was shown as "Coach () is playing…"."""
    set_language("en")
    app = CodexApp(saves_dir=tmp_path, bot_delay=3600, mode="learn", learn="codex-naturalis")  # the coach waits
    async with app.run_test(size=(80, 24)) as pilot:
        move = 0
        while table(app).bot_timer is None:
            await play_the_marked_move(pilot, app, 0, move)
            move += 1
            assert move < MOST_PRESSES
        await until(pilot, lambda: app.game_screen is not None and app.game_screen.waiting_for is not None, "a wait")
        assert app.session is not None and app.game_screen is not None
        coach = app.session.game.players[app.session.seat_to_act()]
        assert app.game_screen.waiting_for == coach
