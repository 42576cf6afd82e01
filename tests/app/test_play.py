"""Whole games through the keyboard, undo/redo, and resuming from a save."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.games.codex.rules import Phase, Place, result
from codex_tui.games.codex.ui.end import EndScreen
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.storage.saves import load_save
from codex_tui.ui.messages import ActionChosen
from codex_tui.ui.screens.modals import PassDeviceScreen
from tests.driving import app_for, saved_game, session, settle

MAX_KEYS = 600


async def take_turn(pilot) -> None:
    """Play one human decision with the keyboard: place (flip if needed) or draw."""
    app = pilot.app
    game = session(app).game
    screen = app.screen
    if isinstance(screen, (SetupScreen, PassDeviceScreen)):
        await pilot.press("enter")
    elif game.phase is Phase.PLACE:
        before = len(game.log)
        await pilot.press("enter")
        if len(session(app).game.log) == before:  # a gold whose requirement is unmet: play a back
            await pilot.press("f", "enter")
        if len(session(app).game.log) == before:
            await pilot.press("2", "enter")
    else:
        await pilot.press("enter")
    await settle(pilot)


@pytest.mark.slow
async def test_a_whole_game_from_the_new_game_form_to_the_summary(saves: Path) -> None:
    app = app_for(None, saves)
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        await pilot.click("#seed")
        await pilot.press(*"4242")
        await pilot.press("enter")  # submitting the seed field starts the game
        await settle(pilot)
        for _ in range(MAX_KEYS):
            if isinstance(app.screen, EndScreen):
                break
            await take_turn(pilot)
        assert isinstance(app.screen, EndScreen)
        game = session(app).game
        assert game.is_over and game.seed == 4242
        assert game.players == ("You", "Bot 1")
        outcome = result(game)
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert game.players[outcome.winners[0]] in shown and ("wins" in shown or "share" in shown)
        saved = load_save(next(saves.glob("*.msgpack")))
        assert saved.game == game and result(saved.game) == outcome
        await pilot.press("q")
    assert app.return_code in (0, None)


async def test_undo_and_redo_restore_the_exact_state(saves: Path) -> None:
    app = app_for(saved_game(saves, ("human", "bot:greedy")), saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        states = []
        for _ in range(12):
            states.append(session(app).game)
            await take_turn(pilot)
        final = session(app).game
        await pilot.press("u")
        await settle(pilot)
        back_one = session(app).game
        assert back_one in states and len(back_one.log) < len(final.log)
        assert back_one.log[-1:] != final.log[-1:]
        await pilot.press("u", "u")
        await settle(pilot)
        back_three = session(app).game
        assert len(back_three.log) < len(back_one.log)
        await pilot.press("ctrl+r")
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert session(app).game == final
        assert not session(app).can_redo()


async def test_redo_from_the_set_up_an_undo_went_back_to_replays_it(saves: Path) -> None:
    """Undone back into the secret objective's choice, ctrl+r (or U) there plays again what was undone."""
    app = app_for(saved_game(saves, ("human", "bot:greedy"), seed=3), saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while session(app).game.phase is Phase.SETUP:
            await take_turn(pilot)
        await take_turn(pilot)
        played = session(app).game
        for _ in range(len(played.actions)):
            if isinstance(app.screen, SetupScreen):
                break
            await pilot.press("u")
            await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and session(app).can_redo()
        for _ in range(len(session(app).redo_groups)):
            await pilot.press("U")
            await settle(pilot)
        assert session(app).game == played and not session(app).can_redo()
        assert app.screen is app.game_screen


async def test_undo_takes_back_the_bot_moves_with_the_human_move(saves: Path) -> None:
    app = app_for(saved_game(saves, ("human", "bot:greedy"), seed=3), saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while session(app).game.phase is Phase.SETUP:
            await take_turn(pilot)
        for _ in range(4):
            await take_turn(pilot)
        game = session(app).game
        human_moves = [e.action for e in game.log if e.action.player == 0]
        await pilot.press("u")
        await settle(pilot)
        after = session(app).game
        assert after.log[-1].action.player == 0 or session(app).seat_to_act() == 0
        assert [e.action for e in after.log if e.action.player == 0] == human_moves[:-1]
        assert session(app).seat_to_act() == 0


async def play_decisions(app, count: int) -> None:
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for _ in range(count):
            await take_turn(pilot)


@pytest.mark.parametrize("cut", random.Random(2026).sample(range(3, 14), 2))
async def test_an_interrupted_game_resumes_identically(saves: Path, cut: int) -> None:
    straight_dir = saves.parent / "straight"
    straight_dir.mkdir()
    straight = app_for(saved_game(straight_dir, ("human", "bot:greedy"), seed=11), straight_dir)
    await play_decisions(straight, 16)
    whole = session(straight).game

    path = saved_game(saves, ("human", "bot:greedy"), seed=11)
    first = app_for(path, saves)
    await play_decisions(first, cut)  # then the app closes, as if the player quit
    at_quit = session(first).game
    assert whole.actions[: len(at_quit.log)] == at_quit.actions

    resumed = app_for(path, saves)
    async with resumed.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert session(resumed).game == at_quit
        for action in whole.actions[len(at_quit.log) :]:
            if session(resumed).game.actions == whole.actions:
                break
            if session(resumed).is_human(action.player):
                resumed.screen.post_message(ActionChosen(action))
                await settle(pilot)
        assert session(resumed).game == whole


async def test_hot_seat_hides_hands_behind_a_pass_screen(saves: Path) -> None:
    app = app_for(saved_game(saves, ("human", "human")), saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        seat = session(app).seat_to_act()
        assert app.screen.player_name == session(app).game.players[seat]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        assert app.screen.player_name != session(app).game.players[seat]


async def test_gold_front_without_its_requirement_cannot_be_placed(saves: Path) -> None:
    app = app_for(saved_game(saves, ("human", "bot:greedy"), seed=5), saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while session(app).seat_to_act() != 0 or session(app).game.phase is not Phase.PLACE:
            await take_turn(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        gold_index = next(i for i, c in enumerate(screen.view.hand) if c > 40)
        await pilot.press(str(gold_index + 1))
        assert screen.check_action("place", ()) is False  # does nothing now: not in the key bar
        assert "needs" in screen.status_text()
        before = len(session(app).game.log)
        await pilot.press("enter")
        assert len(session(app).game.log) == before
        gold = screen.view.hand[gold_index]
        await pilot.press("f", "enter")
        await settle(pilot)
        mine = [e.action for e in session(app).game.log if isinstance(e.action, Place) and e.action.player == 0]
        assert (mine[-1].card, mine[-1].side.value) == (gold, "back")


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("#variant-codex-naturalis-target_score", "0", "target score must be a whole number from 1 to 200"),
        ("#variant-codex-naturalis-target_score", "999", "target score must be a whole number from 1 to 200"),
        ("#seed", "-3", "seed must be a whole number (0 or more)"),
    ],
)
async def test_the_new_game_form_refuses_a_bad_value_and_says_what_to_fix(
    saves: Path, field: str, typed: str, message: str
) -> None:
    app = app_for(None, saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.click(field)
        await pilot.press("end", *["backspace"] * 4, *typed, "enter")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)  # no game was started
        error = str(app.screen.query_one("#error").render())
        assert message in error
        assert not list(saves.glob("*.msgpack"))


async def test_set_up_opens_at_once_though_bots_take_their_time_in_play(saves: Path) -> None:
    """A bot's set-up choice is secret, so it is made without the delay that lets one watch its moves:
    the player's own set-up screen (and its keys) shows at once, not after the bots' delays."""
    path = saved_game(saves, ("human", "bot:greedy"))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=3600, offer_resume=False)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, SetupScreen):
                break
            await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
