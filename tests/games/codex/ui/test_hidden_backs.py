"""A card placed on its back, in the app: its words, its art, the game screen and the replay."""

from __future__ import annotations

import random
from pathlib import Path

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.describe import card_name, describe_entry
from codex_tui.games.codex.rules import CATALOG, Game, LogEntry, Phase, Place, Side, apply, legal_actions, new_game
from codex_tui.games.codex.rules.hidden import BACK_ID_OF, HIDDEN_CARDS
from codex_tui.games.codex.ui.cardart import draw_small
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.panels import GameLog
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.storage.saves import SavedGame, write_save
from codex_tui.ui.canvas import Canvas
from tests.backs import back_placed, backs_game, public_cards
from tests.driving import app_for, settle
from tests.helpers import finish_setup

NAMES = ("Ada", "Bo")


def test_the_log_names_another_seats_back_only_by_kind_and_kingdom() -> None:
    assert CATALOG.playable[55].kind.value == "gold" and CATALOG.playable[55].kingdom.label == "plant"
    theirs = LogEntry(Place(1, BACK_ID_OF[55], Side.BACK, 1, -5))
    assert describe_entry(theirs, NAMES, 0, 0) == "Bo placed a gold card (plant) on its back at (1,-5)"
    assert describe_entry(theirs, NAMES, None, None) == "Bo placed a gold card (plant) on its back at (1,-5)"
    own = LogEntry(Place(1, 55, Side.BACK, 1, -5), covered=((0, -4), (2, -4)))
    assert describe_entry(own, NAMES, 1, None) == "Bo placed Gold 55 back at (1,-5): covered 2 corners"


def test_a_hidden_back_is_drawn_exactly_as_the_back_it_stands_for() -> None:
    for card in CATALOG.playable:
        real, hidden = Canvas(), Canvas()
        draw_small(real, 0, 0, card, Side.BACK)
        draw_small(hidden, 0, 0, BACK_ID_OF[card], Side.BACK)
        assert real.cells == hidden.cells, card


def _bo_placed_on_its_back(seed: int) -> Game:
    """Ada to place; Bo, before her, placed cards from his hand on their back."""
    rng = random.Random(seed)
    game = finish_setup(new_game(NAMES, seed))
    while not (game.phase is Phase.PLACE and game.current == 0 and back_placed(game, 1) - public_cards(game)):
        moves = list(legal_actions(game))
        backs = [m for m in moves if isinstance(m, Place) and m.side is Side.BACK and m.player == 1]
        game = apply(game, rng.choice(backs or moves))
    return game


async def test_the_game_screen_shows_the_bots_backs_only_as_backs(saves: Path) -> None:
    game = _bo_placed_on_its_back(3)
    hidden = back_placed(game, 1) - public_cards(game)
    path = saves / "backs.msgpack"
    write_save(path, SavedGame(game, ("human", "bot:greedy")))
    app = app_for(path, saves)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        lines = screen.query_one(GameLog).lines
        assert any("Bo placed a " in line and " card (" in line and "on its back" in line for line in lines)
        await pilot.press("o")  # Bo's area
        await pilot.pause()
        shown = screen.query_one(PlayAreaView).scene.area
        assert shown.cards.keys() == game.seats[1].area.cards.keys()
        assert not {placed.card for placed in shown.cards.values()} & hidden
        assert {placed.card for placed in shown.cards.values()} & set(HIDDEN_CARDS)
        for card in hidden:
            assert not any(card_name(card) in line for line in lines)


async def test_the_replay_of_a_finished_game_shows_which_cards_lie_on_their_back(saves: Path) -> None:
    game = backs_game(2, 8, 10_000)
    assert game.is_over and back_placed(game, 1)
    path = saves / "done.msgpack"
    write_save(path, SavedGame(game, ("human", "bot:greedy")))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for card in back_placed(game, 1):
            assert any(f"P1 placed {card_name(card)} back" in line for line in screen.log_lines())
        await pilot.press("end", "2")
        await pilot.pause()
        assert screen.query_one(PlayAreaView).scene.area == game.seats[1].area
