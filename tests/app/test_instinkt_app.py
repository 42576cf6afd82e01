"""Instinkt through the app: a whole game by keyboard, hot-seat secrecy, the deer and raccoon previews."""

from __future__ import annotations

from pathlib import Path

from codex_tui.app.app import CodexApp
from codex_tui.app.instinkt.end import InstinktEndScreen
from codex_tui.app.instinkt.screen import InstinktScreen
from codex_tui.app.screens.modals import PassDeviceScreen
from codex_tui.instinkt import Animal, Choose, Phase, Setup, Variant, apply, new_game, start
from codex_tui.instinkt.actions import Enter
from codex_tui.storage.saves import SavedGame, load_save, write_save

from .conftest import session, settle


def save(folder: Path, game, kinds=("human", "bot:normal")) -> Path:
    path = folder / "duel.msgpack"
    write_save(path, SavedGame(game, kinds))
    return path


async def test_a_whole_instinkt_game_by_keyboard(saves: Path) -> None:
    path = save(saves, new_game(("Ada", "Bo"), 17))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(200):
            if isinstance(app.screen, InstinktEndScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, InstinktEndScreen)
        game = session(app).game
        assert game.is_over and len(game.grid) == 16
        assert load_save(path).game == game
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "wins" in text or "shared victory" in text


def pile(top: list[Animal]) -> tuple[Animal, ...]:
    return tuple(top) + tuple(a for a in Animal if a not in top)


async def test_the_deer_shows_where_it_can_enter_and_what_it_pushes(saves: Path) -> None:
    setup = Setup(
        piles=(pile([Animal.CAT, Animal.DEER, Animal.BAT]), pile([Animal.OWL, Animal.MOTH, Animal.RAVEN])), token=0
    )
    game = start(("Ada", "Bo"), setup, Variant())
    game = apply(apply(game, Choose(0, Animal.CAT)), Choose(1, Animal.OWL))
    from codex_tui.instinkt import Place

    game = apply(apply(game, Place(1, 0, 0)), Place(0, 1, 0))
    game = apply(game, Choose(1, Animal.MOTH))
    app = CodexApp(saves_dir=saves, save=save(saves, game, ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassDeviceScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        await pilot.press("1", "enter")  # choose the deer: the reveal happens, Ada (10) places first
        await settle(pilot)
        if isinstance(app.screen, PassDeviceScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen) and screen._kind() == "deer"
        first = screen.board_scene()
        assert first.markers and first.highlight  # the entry point and the pushed cards are shown
        await pilot.press("tab")
        assert screen.board_scene() != first
        entry = screen._chosen_action()
        assert isinstance(entry, Enter)
        await pilot.press("enter")
        await settle(pilot)
        placed = session(app).game
        assert any(e.action == entry for e in placed.log)


async def test_hot_seat_picks_stay_secret(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, save=save(saves, new_game(("Ada", "Bo"), 3), ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        first = app.screen.player_name
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")  # first player picks
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen) and app.screen.player_name != first
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        assert screen.view is not None and screen.view.revealed == (None, None)
        assert session(app).game.phase is Phase.CHOOSE


async def test_help_explains_instinkt_at_an_instinkt_game(saves: Path) -> None:
    from codex_tui.app.screens.modals import HelpScreen

    app = CodexApp(saves_dir=saves, save=save(saves, new_game(("Ada", "Bo"), 8)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(f"{title} {keys} {what}" for title, rows in app.screen.help for keys, what in rows)
        assert "deer" in text and "raccoon" in text
        assert "starter" not in text
