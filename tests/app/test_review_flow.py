"""`r` at the end of a local game: the game's replay opens with the review of the player's turns.

The replay screen is the game's own (each game's UI shows both moves on its
board); here a stand-in records what the app asked for, so the test is about
the app's flow alone: which game, which seat, and where closing it leads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.rules import Game, Variant, apply, new_game, players_to_act, view
from codex_tui.games.codex.ui import CodexUI
from codex_tui.games.codex.ui.end import EndScreen
from codex_tui.storage.saves import SavedGame, load_save, write_save
from codex_tui.ui.screens.game_over import GameOverBar
from codex_tui.ui.screens.replay import ReplayExit
from tests.driving import session, settle


class StandInReplay(Screen[ReplayExit]):
    """Closes with esc, or plays on from action 6 with b."""

    BINDINGS = [Binding("escape", "out('close')"), Binding("b", "out('branch')")]

    def compose(self) -> ComposeResult:
        yield Static("replay")

    def action_out(self, how: str) -> None:
        self.dismiss(ReplayExit(how, 6))


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, str, int | None]]:
    """What the app asked the Codex UI's replay_screen for: (game, title, reader, review_seat)."""
    calls: list[tuple[Any, str, int | None, int | None]] = []

    def replay_screen(
        self: CodexUI, game: Any, title: str, reader: int | None, review_seat: int | None = None
    ) -> StandInReplay:
        calls.append((game, title, reader, review_seat))
        return StandInReplay()

    monkeypatch.setattr(CodexUI, "replay_screen", replay_screen)
    return calls


def finished(seed: int = 3) -> Game:
    game = new_game(("Bot", "Ada"), seed, Variant(20))
    bots = [make_bot("greedy", 0), make_bot("greedy", 1)]
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game


def app_at(saves: Path, game: Game) -> CodexApp:
    path = saves / "done.msgpack"
    write_save(path, SavedGame(game, ("bot:greedy", "human"), title="the last one"))
    return CodexApp(saves_dir=saves, save=path, bot_delay=0, offer_resume=False)


async def test_r_on_the_bar_opens_the_review_of_the_human_seat_and_esc_shows_the_scores(
    saves: Path, asked: list[tuple[Any, str, int | None]]
) -> None:
    game = finished()
    app = app_at(saves, game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverBar)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, StandInReplay)
        assert asked == [(session(app).game, "the last one", 1, 1)], "the human (seat 1) is reviewed, and read to"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen), "closing the replay shows the final scores"


async def test_b_in_the_replay_plays_on_in_a_new_save(saves: Path, asked: list[tuple[Any, str, int | None]]) -> None:
    app = app_at(saves, finished())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the summary
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        app.screen.dismiss("review")  # what the game's end screen returns for `r`
        await settle(pilot)
        assert isinstance(app.screen, StandInReplay) and asked[0][2] == 1
        await pilot.press("b")
        await settle(pilot)
        now = session(app)
        assert now.save_path is not None and now.save_path.name != "done.msgpack"
        branch = load_save(now.save_path)
        assert (branch.title, branch.branch_at) == ("the last one", 6), "stored by its parts, not in words"
        assert branch.shown_title() == "the last one (from action 6)"
        assert len(load_save(saves / "done.msgpack").game.actions) > 6, "the finished game is untouched"
