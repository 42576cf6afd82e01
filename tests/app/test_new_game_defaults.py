"""Starting again: the resume offer and the new-game form remember which game was played,
and a new game's save is titled with its game and day (so the saves browser tells them apart)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from textual.widgets import Select

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.app.screens.resume import ResumeScreen
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.storage.saves import SavedGame, load_save, write_save
from tests.driving import session, settle
from tests.scenes import shown


def instinkt_under_way(folder: Path) -> Path:
    path = folder / "duel.msgpack"
    write_save(path, SavedGame(instinkt.new_game(("You", "Bot 1"), 6), ("human", "bot:normal")))
    return path


def game_field(app: CodexApp) -> object:
    return app.screen.query_one("#game", Select).value


def form_open(app: CodexApp) -> bool:
    """The new-game form is on top with its fields (a pushed screen composes a moment later)."""
    return isinstance(app.screen, NewGameScreen) and bool(app.screen.query("#game"))


async def test_the_resume_offer_names_the_game_and_n_keeps_it(saves: Path) -> None:
    instinkt_under_way(saves)
    app = CodexApp(saves_dir=saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, lambda: isinstance(app.screen, ResumeScreen), "the resume offer")
        offer = str(app.screen.query_one("#resume-box Static").render())
        assert "Instinkt · You 0, Bot 1 0 · turn " in offer, offer
        lines = offer.splitlines()
        at = next(n for n, line in enumerate(lines) if "· turn " in line)
        assert lines[at].endswith(" · turn 1") and lines[at + 1].startswith("saved "), "no '·' for a wrap to leave"
        await pilot.press("n")
        await shown(pilot, lambda: form_open(app), "the new-game form")
        assert game_field(app) == "instinkt"


async def test_a_new_game_after_instinkt_is_set_to_instinkt(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, save=instinkt_under_way(saves), bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.ask_new_game()  # what the palette's "New game" does
        await shown(pilot, lambda: form_open(app), "the new-game form")
        assert game_field(app) == "instinkt"


async def test_a_new_game_after_one_against_hard_keeps_hard(saves: Path) -> None:
    path = saves / "hard.msgpack"
    write_save(path, SavedGame(instinkt.new_game(("You", "Bot 1"), 6), ("human", "bot:hard")))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.ask_new_game()
        await shown(pilot, lambda: form_open(app), "the new-game form")
        assert app.screen.query_one("#kind-1", Select).value == "bot:hard"
        assert app.screen.query_one("#kind-0", Select).value == "human"


async def test_a_new_games_title_names_the_game_and_the_day(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, lambda: form_open(app), "the new-game form")
        app.screen.query_one("#game", Select).value = "instinkt"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await shown(pilot, lambda: app.session is not None, "the game")
        path = session(app).save_path
    assert path is not None
    saved = load_save(path)
    assert saved.title == f"Instinkt, {date.today().day} {date.today():%b %Y}: You vs Bot 1"
    assert saved.titled_on == date.today(), "made of its parts: shown in each reader's language"
    assert saved.updated(saved.game).titled_on == date.today()
