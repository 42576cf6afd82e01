"""Following the other players' turns on the Codex screens, and the fixes that came with it (issue 29).

The hint's flip undone when another card is picked; the game-over bar naming
the last move as the log does; the replay saying whose turn it is once.
"""

from __future__ import annotations

from pathlib import Path

from codex_tui.app.app import CodexApp
from codex_tui.core.advice import Hint
from codex_tui.games.codex.describe import card_name, describe_entry
from codex_tui.games.codex.rules import Phase, Place, Side, apply, view
from codex_tui.games.codex.rules.engine import legal_actions_for
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.game_over import last_moves
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.codex.ui.tray import CardTray
from codex_tui.storage.saves import SavedGame, write_save
from tests.games.codex.ui.test_layout_game import game_app, screen_lines
from tests.scenes import settle, shown
from tests.scenes.games import KINDS, played


async def test_a_hints_flip_is_undone_when_another_card_is_picked(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        card = screen.view.hand[1]
        place = next(a for a in screen.view.legal_actions if isinstance(a, Place) and a.card == card)
        screen.show_hint(Hint(Place(place.player, card, Side.BACK, place.x, place.y), "a reason"))
        tray = screen.query_one(CardTray)
        await shown(pilot, lambda: tray.scene.items[1].side is Side.BACK, "the hint's card on its back")
        await pilot.press("1")
        await shown(pilot, lambda: tray.scene.selected == 0, "the first card picked")
        assert tray.scene.items[1].side is Side.FRONT, "the side the hint chose stayed after another card was picked"
        await pilot.press("2", "f", "1")  # a flip of the player's own stays
        await shown(pilot, lambda: tray.scene.selected == 0, "the first card picked again")
        assert tray.scene.items[1].side is Side.BACK


def test_the_game_over_bar_names_a_card_placed_on_its_back_as_the_log_does() -> None:
    game = played(3, lambda g: len(g.log) > 30 and g.current == 1 and g.phase is Phase.PLACE)
    back = next(a for a in legal_actions_for(game, 1) if isinstance(a, Place) and a.side is Side.BACK)
    game = apply(game, back)
    moves = last_moves(game, 0)
    assert moves[-1] == describe_entry(view(game, 0).log[-1], game.players, 0)
    assert moves[-1].startswith("Bo placed a ") and "on its back" in moves[-1], moves[-1]
    assert card_name(back.card) not in moves[-1]


async def test_a_replay_says_once_whose_turn_comes_and_whose_view_it_shows(tmp_path: Path) -> None:
    game = played(8, lambda g: len(g.log) > 20 and g.current == 0 and g.phase is Phase.PLACE)
    path = tmp_path / "a.msgpack"
    write_save(path, SavedGame(game, KINDS))
    app = CodexApp(saves_dir=tmp_path, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        screen.action_jump(-1)  # after Bo's draw: Ada to place, the replay following Bo
        await shown(
            pilot, lambda: screen.seat == 1 and screen.index == len(game.log), "the end of the game in Bo's eyes"
        )
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert text.count("Ada places a card") == 1, text
        assert "Next: Ada places a card · Bo's view" in text
        assert "to act" not in text and "to place a card" not in text, text
