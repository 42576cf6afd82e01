"""Instinkt hints and reviews in the app: `!` puts a legal move on show, another key stops it, `r` reviews."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import ModalScreen, Screen

from codex_tui.app.app import CodexApp
from codex_tui.core.advice import HINT_LEVEL, Assessment, Estimate, Hint
from codex_tui.core.review import Decision, decision_points
from codex_tui.games.instinkt import advice
from codex_tui.games.instinkt.bots import make_instinkt_bot
from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.games.instinkt.rules import Enter, Game, Move, Place, Variant, apply, new_game, players_to_act, view
from codex_tui.games.instinkt.rules.view import SeatView
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen
from codex_tui.games.instinkt.ui.reviewed import move_cells, review_marks
from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.games.instinkt.ui.words import log_lines
from codex_tui.i18n import set_language
from codex_tui.storage.saves import SavedGame, write_save
from codex_tui.ui.game_ui import screens_of
from codex_tui.ui.widgets.status_line import StatusLine
from tests.driving import session, settle
from tests.waiting import until_shown


def app_at(saves: Path, seed: int = 4) -> CodexApp:
    path = saves / "duel.msgpack"
    write_save(path, SavedGame(new_game(("Ada", "Bo"), seed), ("human", "bot:normal")))
    return CodexApp(saves_dir=saves, save=path, bot_delay=0)


async def until_placing(pilot: Any, app: CodexApp) -> InstinktScreen:
    """Choose cards with enter until Ada is to place hers."""
    for _ in range(10):
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        if screen._kind() == "place":
            return screen
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("Ada never got to place a card")


@pytest.mark.parametrize(("language", "key"), [("zh", "回车照此出牌"), ("fr", "Entrée pour le jouer")])
async def test_a_hint_too_long_for_80_columns_still_says_what_to_press(saves: Path, language: str, key: str) -> None:
    """The key comes before the reason: a cut line loses the end of the reason (with "…"), never the key
    (the Chinese hint used to lose "· 回车：照此出牌" at the end)."""
    set_language(language)
    app = app_at(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        prompt = app.screen.query_one("#i-status", StatusLine)
        shown = "".join(segment.text for segment in prompt.render_line(0))
        assert key in shown, shown


async def test_a_hint_puts_a_legal_move_on_show_with_its_reason(saves: Path) -> None:
    app = app_at(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen) and screen._kind() == "choose"
        await pilot.press("exclamation_mark")
        await settle(pilot)
        hint = screen.hint
        assert hint is not None and screen.view is not None
        assert hint.action in screen.view.legal_actions and screen._chosen_action() == hint.action
        assert screen.status_text().startswith("Hint (enter plays it): choose ") and hint.reason in screen.status_text()
        placing = await until_placing(pilot, app)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        hint = placing.hint
        assert hint is not None and isinstance(hint.action, Place)
        scene = placing.board_scene()
        assert scene.cursor == (hint.action.x, hint.action.y) and scene.ghost is not None  # the card at its cell
        assert placing.status_text().startswith("Hint (enter plays it): ")
        await pilot.press("tab")  # another cell: the hint's words go, the usual preview is back
        assert not placing.status_text().startswith("Hint (enter plays it): ")
        await pilot.press("exclamation_mark")
        await settle(pilot)
        await pilot.press("enter")  # enter plays the hinted move
        await settle(pilot)
        placed = [e.action for e in session(app).game.log if isinstance(e.action, Place) and e.action.player == 0]
        assert placed and placed[-1] == hint.action


async def test_another_key_while_the_hint_is_computing_stops_it(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    searched: list[Hint] = []
    real = INSTINKT.hint

    def slow_hint(view: SeatView, level: str = HINT_LEVEL) -> Hint:
        gate.wait(10)
        searched.append(real(view, level))
        return searched[-1]

    monkeypatch.setattr(INSTINKT, "hint", slow_hint)
    app = app_at(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        selected = screen.selected
        await pilot.press("exclamation_mark")
        assert screen.hint_busy and screen.status_text().startswith("Looking for a hint")
        await pilot.press("right")
        assert not screen.hint_busy and not screen.status_text().startswith("Looking")
        gate.set()
        await until_shown(pilot, lambda: bool(searched), what="the cancelled search's answer")  # it runs on
        await settle(pilot)
        assert searched
        assert screen.hint is None and not screen.status_text().startswith("Hint")
        assert screen.selected != selected  # the key did its own job too


async def test_a_hint_asked_before_the_other_player_picks_is_still_shown(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    real = INSTINKT.hint

    def slow_hint(view: SeatView, level: str = HINT_LEVEL) -> Hint:
        gate.wait(10)
        return real(view, level)

    monkeypatch.setattr(INSTINKT, "hint", slow_hint)
    app = app_at(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen) and screen.view is not None and screen._kind() == "choose"
        await pilot.press("exclamation_mark")
        asked = screen.view
        picked = replace(asked, has_chosen=(False, not asked.has_chosen[1]))  # the other's pick: a new view
        screen.update_game(picked, ("", "normal"), False, False)
        gate.set()
        await settle(pilot)
        assert screen.hint is not None and screen.status_text().startswith("Hint (enter plays it): ")
        screen.update_game(replace(picked, hand=picked.hand[:1]), ("", "normal"), False, False)
        assert screen.hint_view() is screen.view  # another decision: hints start from the new view


def test_the_log_says_where_a_hint_was_used() -> None:
    game = new_game(("Ada", "Bo"), 4)
    seat_view = INSTINKT.view(game, 0)
    assert log_lines(seat_view.log, seat_view.players, 0, 12, ((0, 0),)) == ["You used a hint"]
    assert log_lines(seat_view.log, seat_view.players, 1, 12, ((0, 0),)) == ["Ada used a hint"]
    for seat in (1, 0):
        game = INSTINKT.apply(game, INSTINKT.legal_actions_for(game, seat)[0])
    seat_view = INSTINKT.view(game, 0)
    lines = log_lines(seat_view.log, seat_view.players, 0, 12, ((1, 0), (2, 1)))
    assert lines[1:] == ["You used a hint", lines[2], "Bo used a hint"] and lines[0].startswith("Bo chose")
    assert log_lines(seat_view.log, seat_view.players, 0, 2, ((1, 0), (2, 1)))[-1] == "Bo used a hint"


# ------------------------------------------------------------------ review


def finished_game() -> Game:
    game = new_game(("Ada", "Bo"), 0, Variant(draft=True))
    bots = [make_instinkt_bot("easy", 0), make_instinkt_bot("easy", 1)]
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat](view(game, seat)))
    return game


def judged(game: Game, kind: type, seat: int = 0) -> Decision:
    """A decision of `seat` of this kind with a made-up better move (another legal one of the same kind)."""
    for point in decision_points(INSTINKT, game, seat):
        others = [a for a in point.view.legal_actions if a != point.played]
        if isinstance(point.played, kind) and others:
            return Decision(point.index, seat, Assessment(Estimate(point.played, -1.5, 3), Estimate(others[0], 2.0, 3)))
    raise AssertionError(f"no {kind.__name__} decision")


class StandInReview(ModalScreen[Decision | None]):
    """Stands in for the app's review screen: returns the decision it was given as soon as it shows."""

    def __init__(self, decision: Decision | None) -> None:
        super().__init__()
        self.decision = decision

    def on_mount(self) -> None:
        self.call_after_refresh(self.answer)

    def answer(self) -> None:
        self.dismiss(self.decision)


def stand_in(monkeypatch: pytest.MonkeyPatch, decision: Decision | None) -> list[int]:
    """Replays open the stand-in instead of the review; returns the seats they asked to review."""
    asked: list[int] = []

    def review_screen(self: InstinktReplayScreen, seat: int) -> Screen[Decision | None]:
        asked.append(seat)
        return StandInReview(decision)

    monkeypatch.setattr(InstinktReplayScreen, "review_screen", review_screen)
    return asked


async def test_r_on_the_replay_shows_the_chosen_turn_with_both_moves_marked(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = finished_game()
    decision = judged(game, Place)
    asked = stand_in(monkeypatch, decision)
    path = saves / "duel.msgpack"
    write_save(path, SavedGame(game, ("human", "bot:easy")))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InstinktReplayScreen)
        await pilot.press("tab", "r")  # Bo's turns, then back to Ada's: whose turns r reviews
        await until_shown(pilot, lambda: asked == [1] and app.screen is screen, what="Bo's review answered")
        await pilot.press("tab", "r")
        await until_shown(pilot, lambda: asked == [1, 0] and app.screen is screen, what="Ada's review answered")
        await until_shown(pilot, lambda: screen.index == decision.index, what="the reviewed turn shown")
        assert screen.index == decision.index  # the position before the move
        played, better = decision.assessment.played.action, decision.assessment.best.action
        assert isinstance(played, Place) and isinstance(better, Place)
        assert screen.scene.review == {(played.x, played.y): "played", (better.x, better.y): "better"}
        side = screen.hands.plain
        assert "■ played" in side and "■ better" in side and "lost 3.5 pts" in side
        await pilot.press("right")  # another moment: the marks stay with their position
        assert not screen.scene.review and "■ played" not in screen.hands.plain
        await pilot.press("left")
        assert screen.scene.review


async def test_a_replay_opened_for_a_review_opens_it_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = stand_in(monkeypatch, None)
    game = finished_game()
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        replay = screens_of(INSTINKT).replay_screen(game, "duel", 1, review_seat=1)
        await app.push_screen(replay)
        await until_shown(pilot, lambda: asked == [1] and app.screen is replay, what="the review answered")
        assert isinstance(replay, InstinktReplayScreen) and replay.reviewed is None  # esc there: nothing marked


def test_a_move_marks_the_cells_it_uses() -> None:
    game = finished_game()
    for kind in (Enter, Move):
        decision = judged(game, kind)
        grid = INSTINKT.rebuild(game, game.actions[: decision.index]).grid
        marks = review_marks(grid, decision)
        played, better = decision.assessment.played.action, decision.assessment.best.action
        assert set(marks.values()) <= {"played", "better", "both"} and marks
        cells = {cell for action in (played, better) for cell in move_cells(grid, action)}
        assert set(marks) == cells
        if isinstance(played, Move):
            assert marks[(played.from_x, played.from_y)] in ("played", "both")


@pytest.mark.parametrize("network", [False, True])
async def test_r_on_the_final_scores_asks_for_the_review(network: bool) -> None:
    game = finished_game()
    ui = screens_of(INSTINKT)
    end = (
        ui.end_screen_from_view(INSTINKT.view(game, 0), INSTINKT.result_from_wire(INSTINKT.result_to_wire(game)))
        if network
        else ui.end_screen(game, 0, offer_undo=False, to_board=True)
    )
    chosen: list[str | None] = []
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(end, chosen.append)
        await pilot.press("r")
        await pilot.pause()
        assert chosen == ["review"]


async def test_the_review_screen_s_choice_is_shown_on_the_replay(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the app's own review screen (skipped where it is not there yet), at a small budget in one process."""
    review = pytest.importorskip("codex_tui.ui.screens.review")
    monkeypatch.setitem(advice.SAMPLES, "easy", 2)

    def review_screen(self: InstinktReplayScreen, seat: int) -> Screen[Decision | None]:
        screen: Screen[Decision | None] = review.ReviewScreen(INSTINKT, self.game, seat, seat, level="easy", jobs=1)
        return screen

    monkeypatch.setattr(InstinktReplayScreen, "review_screen", review_screen)
    game = finished_game()
    path = saves / "duel.msgpack"
    write_save(path, SavedGame(game, ("human", "bot:easy")))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, InstinktReplayScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, review.ReviewScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is replay and replay.reviewed is not None
        chosen = replay.reviewed
        assert chosen.seat == 0 and chosen.cost > 0 and replay.index == chosen.index
        assert chosen == max(review.review(INSTINKT, game, 0, "easy"), key=lambda d: (d.cost, -d.index))
        assert "■ better" in replay.hands.plain
