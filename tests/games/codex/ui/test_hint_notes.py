"""A hint shown in a local game is noted: in the session, in the save, and on the play screen for its log."""

from __future__ import annotations

from pathlib import Path

from codex_tui.app.session import GameSession
from codex_tui.games.codex.rules import Variant, new_game
from codex_tui.storage.saves import SavedGame, load_save, write_save
from codex_tui.ui.messages import HintShown
from tests.driving import app_for, saved_game, session, settle
from tests.helpers import play_random, started_game


def test_the_session_notes_a_hint_and_saves_it(tmp_path: Path) -> None:
    path = tmp_path / "hinted.msgpack"
    game = play_random(started_game(2, seed=4), seed=4, steps=12)
    hinted = GameSession(game, ("human", "human"), path)
    played = len(game.actions)
    hinted.note_hint(1)
    assert hinted.hints == ((played, 1),)
    assert load_save(path).hints == ((played, 1),), "noted in the save at once"
    hinted.act(hinted.rules.legal_actions(hinted.game)[0])
    hinted.note_hint(0)
    assert hinted.hints == ((played, 1), (played + 1, 0))
    assert hinted.undo() and hinted.hints == ((played, 1), (played + 1, 0)), "undo keeps the notes"
    assert load_save(path).hints == hinted.hints


async def test_the_app_notes_a_hint_and_hands_the_notes_to_the_screen(saves: Path) -> None:
    path = saves / "hinted.msgpack"
    write_save(path, SavedGame(new_game(("Ada", "Bo"), 7, Variant(20)), ("human", "bot:greedy"), hints=((0, 1),)))
    app = app_for(path, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        assert screen.hint_notes == ((0, 1),), "a resumed game's notes reach the log"
        played = len(session(app).game.actions)
        screen.post_message(HintShown(0))
        await settle(pilot)
        assert session(app).hints == ((0, 1), (played, 0))
        assert screen.hint_notes == session(app).hints
    assert load_save(path).hints == ((0, 1), (played, 0))


async def test_a_game_without_hints_has_no_notes(saves: Path) -> None:
    app = app_for(saved_game(saves, ("human", "bot:greedy")), saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game_screen is not None and app.game_screen.hint_notes == ()
        assert session(app).hints == ()
