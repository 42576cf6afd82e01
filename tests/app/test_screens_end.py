"""The end of a game: the last moves stay in view, the summary comes on enter, esc never quits.

The position is taken from a bots' game one human move before the end, at a
moment when the bot still moves after that move: the summary used to pop up
on the human's move and hide the bot's last one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets._footer import FooterKey

from codex_tui.app import app as app_module
from codex_tui.app.app import CodexApp
from codex_tui.client.app import RemoteApp
from codex_tui.games.codex import wire as codex_wire
from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.race import score_race
from codex_tui.games.codex.rules import Game, Variant, apply, new_game, players_to_act, replay, result, view
from codex_tui.games.codex.ui.end import EndScreen
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.codex.wire import encode_view
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.bots import make_instinkt_bot
from codex_tui.games.instinkt.rules.history import round_totals
from codex_tui.games.instinkt.ui.end import InstinktEndScreen
from codex_tui.games.instinkt.ui.words import log_lines
from codex_tui.protocol import messages as p
from codex_tui.storage.saves import SavedGame, SaveError, write_save
from codex_tui.ui.messages import ActionChosen
from codex_tui.ui.screens import review as review_screen
from codex_tui.ui.screens.game_over import GameOverBar
from codex_tui.ui.screens.review import ReviewScreen
from codex_tui.ui.widgets.race_chart import LineChart
from tests.driving import session, settle
from tests.waiting import until_shown


def key_words(app: RemoteApp) -> dict[str, str]:
    """The screen's key bar: each key shown and its word."""
    return {key.key: key.description for key in app.screen.query(FooterKey)}


def codex_history(seed: int) -> list[Game]:
    game = new_game(("You", "Bot 1"), seed, Variant(20))
    bots = [make_bot("greedy", 0), make_bot("greedy", 1)]
    states = [game]
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
        states.append(game)
    return states


def instinkt_history(seed: int) -> list[instinkt.Game]:
    game = instinkt.new_game(("You", "Bot 1"), seed)
    bots = [make_instinkt_bot("normal", 1), make_instinkt_bot("normal", 2)]
    states = [game]
    while not game.is_over:
        seat = instinkt.players_to_act(game)[0]
        game = instinkt.apply(game, bots[seat](instinkt.view(game, seat)))
        states.append(game)
    return states


def before_the_last_human_move(states: list) -> tuple[Any, object]:
    """The state where seat 0 makes its last move, and that move; the bot (seat 1) moves after it."""
    final = states[-1]
    last = max(i for i, entry in enumerate(final.log) if entry.action.player == 0)
    assert last < len(final.log) - 1, "this game ends on the human's move: pick another seed"
    return states[last], final.log[last].action


def app_at(saves: Path, game: Any, bot: str) -> CodexApp:
    path = saves / "end.msgpack"
    write_save(path, SavedGame(game, ("human", bot)))
    return CodexApp(saves_dir=saves, save=path, bot_delay=0, offer_resume=False)


async def test_the_bots_last_move_is_on_the_board_before_the_summary(saves: Path) -> None:
    game, move = before_the_last_human_move(codex_history(3))
    app = app_at(saves, game, "bot:greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.post_message(ActionChosen(move))  # the human's last move
        await settle(pilot)
        final = session(app).game
        assert final.is_over and final.log[-1].action.player == 1  # the bot moved last
        bar = app.screen
        assert isinstance(bar, GameOverBar)  # no summary yet: the board is in view under a one-line bar
        assert "Game over" in bar.text.plain and "Bot 1 " in bar.text.plain.split("Last:")[1]
        assert app.screen_stack[-2] is app.game_screen
        await pilot.press("o")  # the bot's area, with its last card, from under the bar
        await pilot.pause()
        assert isinstance(app.game_screen, GameScreen) and app.game_screen.viewing == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.game_screen.viewing == 0 and isinstance(app.screen, GameOverBar)
        area = app.game_screen.query_one(PlayAreaView)
        before = area.origin
        await pilot.press("right", "down")  # the final board pans from under the bar
        await pilot.pause()
        assert area.origin[0] > before[0] and area.origin[1] > before[1]
        shown_before = area.zoom
        await pilot.press("plus")  # larger cards on the final board, from under the bar
        await pilot.pause()
        assert area.zoom is not shown_before and app.game_screen.zoom_choice is area.zoom
        await pilot.press("equals_sign")
        await pilot.pause()
        assert area.zoom is shown_before and app.game_screen.zoom_choice is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")  # back to the final board, not out of the app
        await pilot.pause()
        assert not app._exit and isinstance(app.screen, GameOverBar)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app._exit


async def test_undo_from_the_summary_takes_back_the_last_human_move(saves: Path) -> None:
    game, move = before_the_last_human_move(codex_history(3))
    app = app_at(saves, game, "bot:greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.post_message(ActionChosen(move))
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, EndScreen) and summary.check_action("end", ("undo",))
        await pilot.press("u")
        await settle(pilot)
        assert session(app).game == game  # the bot's reply went back with it
        assert app.screen is app.game_screen


async def test_the_summary_says_you_win(saves: Path) -> None:
    played = codex_history(3)[-1]
    (winner,) = result(played).winners
    names = ("You", "Bot 1") if winner == 0 else ("Bot 1", "You")
    game = replay(names, played.setup, played.variant, played.actions, played.seed)
    kinds = ("human", "bot:greedy") if winner == 0 else ("bot:greedy", "human")  # the human's seat wins
    write_save(saves / "end.msgpack", SavedGame(game, kinds))
    app = CodexApp(saves_dir=saves, save=saves / "end.msgpack", bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "You win." in app.screen.text.plain
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        shown = " ".join(str(widget.render()) for widget in app.screen.query("Static"))
        assert "You win." in shown and "Your secret" in shown
        assert "You wins" not in shown and "You's" not in shown


async def test_instinkt_ends_on_the_board_too(saves: Path) -> None:
    game, move = before_the_last_human_move(instinkt_history(1))
    app = app_at(saves, game, "bot:normal")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.post_message(ActionChosen(move))
        await settle(pilot)
        final = session(app).game
        assert final.is_over and final.log[-1].action.player == 1
        assert isinstance(app.screen, GameOverBar)
        last = log_lines(final.log, final.players, 0, 1, reasons=False)[0]
        assert last.startswith("Bot 1 ") and last in app.screen.text.plain  # the card and its cell, as the log says
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, InstinktEndScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not app._exit and isinstance(app.screen, GameOverBar)


async def test_over_the_network_the_final_board_comes_first_too(monkeypatch, tmp_path: Path) -> None:
    async def no_server(self) -> None:
        return None

    monkeypatch.setattr(RemoteApp, "_talk", no_server)
    sent: list[dict] = []
    monkeypatch.setattr(RemoteApp, "send", lambda self, message: sent.append(message))
    final = codex_history(3)[-1]
    message = {
        "t": p.TABLE,
        "table": 1,
        "game": "codex-naturalis",
        "seat": 0,
        "view": encode_view(view(final, 0)),
        "tags": ["", "greedy"],
        "waiting_for": None,
        "result": codex_wire.result_to_wire(result(final), tuple(seat.secret for seat in final.seats)),
    }
    app = RemoteApp(tmp_path / "hub.sock")
    async with app.run_test(size=(80, 24)) as pilot:
        await app._handle(message)
        await pilot.pause()
        assert isinstance(app.screen, GameOverBar) and app.screen_stack[-2] is app.game_screen
        # The key bar is placed once the bar is drawn: read after one pause beside two CPU hogs, it was empty.
        await until_shown(pilot, lambda: bool(key_words(app)), what="the game-over bar's keys")
        bar_keys = {"q": "Lobby", "n": "New game", "enter": "Final scores", "r": "Review"}
        assert key_words(app) == bar_keys, "q leaves for the lobby; r reviews, as at the end of a local game"
        await pilot.press("enter")
        await until_shown(pilot, lambda: isinstance(app.screen, EndScreen) and "q" in key_words(app), what="the end")
        assert key_words(app)["q"] == "Lobby"
        race = app.screen.query_one(LineChart).chart
        assert race is not None and tuple(line.points for line in race.lines) == score_race(final.log, result(final)), (
            "the seat's view draws the race the whole game does"
        )
        legend = str(app.screen.query_one("#end-race .race-legend").render()).replace("\u00a0", " ")
        assert all(f"{name} {total}" in legend for name, total in zip(final.players, result(final).totals))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverBar) and sent == []
        await pilot.press("q")
        await pilot.pause()
        assert sent == [{"t": p.LEAVE}]


async def test_the_instinkt_summary_fits_80_columns(saves: Path) -> None:
    final = instinkt_history(5)[-1]  # a game whose card-by-card table is 80 columns wide unwrapped
    app = app_at(saves, final, "bot:normal")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, InstinktEndScreen)
        scroll = summary.query_one("#end-scroll")
        room = scroll.size.width - scroll.styles.scrollbar_size_vertical
        assert all(child.region.width <= room for child in scroll.children)  # the table wraps: nothing is cut
        race = summary.query_one(LineChart).chart
        assert race is not None and [tuple(line.points) for line in race.lines] == [
            tuple(points[p] for points in round_totals(final.log)) for p in (0, 1)
        ]
        assert race.ticks == tuple(str(n) for n in range(1, final.round + 1)), "one point per round"


async def test_the_codex_race_goes_beside_the_scores_on_a_wide_screen_and_below_them_on_a_narrow_one(
    saves: Path,
) -> None:
    app = app_at(saves, codex_history(3)[-1], "bot:greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, EndScreen)

        def race_beside_scores() -> bool:
            race = summary.query_one("#end-race").region
            scores = summary.query_one("#end-box Prose").region  # the table, first in the box
            return race.x >= scores.right and race.y <= scores.bottom

        assert not race_beside_scores(), "80 columns: below"
        plot = summary.query_one(LineChart)
        assert plot.size.height >= 6, "the race keeps lines enough to read at 80x24"
        await pilot.resize_terminal(160, 24)
        for _ in range(20):  # the box is composed again in its wide form
            if summary.wide and summary.query("#end-columns"):
                break
            await pilot.pause()
        assert race_beside_scores(), "160 columns: beside"
        assert summary.focused is summary.query_one("#end-box"), "the box keeps the focus (↑↓ scroll it)"


async def test_play_from_here_in_the_end_review_that_cannot_be_saved_comes_back_to_the_end(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Play from here" in the review of a finished game whose new save cannot be written: the
    player is told, and the game-over bar is back over the final board (not a bare board on which
    undo would undo unseen and no bot would move)."""
    monkeypatch.setattr(review_screen, "review", lambda *args, **options: [])  # the search is not tested here
    monkeypatch.setattr(review_screen, "start_resource_tracker", lambda: False)

    def refuse(path: Path, saved: SavedGame) -> None:
        raise SaveError(path, "No space left on device.")

    final = codex_history(3)[-1]
    app = app_at(saves, final, "bot:greedy")
    async with app.run_test(size=(100, 32)) as pilot:
        await until_shown(pilot, lambda: isinstance(app.screen, GameOverBar), what="the game-over bar")
        await pilot.press("r")
        await until_shown(pilot, lambda: isinstance(app.screen, ReviewScreen), what="the review")
        await pilot.press("escape")
        await until_shown(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        replay = app.screen
        await pilot.press("left")  # a moment before the end, where play may go on
        await until_shown(pilot, lambda: replay.check_action("branch", ()) is True, what="play from here offered")
        monkeypatch.setattr(app_module, "write_save", refuse)
        await pilot.press("b")
        await until_shown(pilot, lambda: isinstance(app.screen, GameOverBar), what="the game-over bar again")
        assert any("No space left" in str(note.message) for note in app._notifications)
        assert app.screen_stack[-2] is app.game_screen
