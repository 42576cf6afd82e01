"""`r` on the Codex end screens and replay: the review of a seat, and a chosen turn marked on the board.

The review itself (the app's `ReviewScreen`, a search over the whole game) is
replaced by a stand-in that answers with a chosen `Decision` at once, so these
tests check only what the replay does with it; the moves' words are a
stand-in too (`move_text` is the advice's business).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen

from codex_tui.app.app import CodexApp
from codex_tui.core.advice import Assessment, Estimate
from codex_tui.core.review import Decision
from codex_tui.games.codex.module import CodexNaturalis
from codex_tui.games.codex.rules import Draw, Game, Place, legal_actions, view
from codex_tui.games.codex.timeline import Timeline
from codex_tui.games.codex.ui import UI
from codex_tui.games.codex.ui.end import EndScreen
from codex_tui.games.codex.ui.panels import MarketPanel
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.storage.saves import load_save
from codex_tui.ui.widgets.status_line import StatusLine
from tests.app.test_saves_and_replay import finished_save
from tests.games.codex.ui.test_layout_game import area_rows
from tests.waiting import until_shown


class StandInReview(Screen[Decision | None]):
    """Answers at once with the decision the test chose (the real screen searches first)."""

    def __init__(self, seat: int, answer: Decision | None) -> None:
        super().__init__()
        self.seat = seat
        self.answer = answer

    def on_mount(self) -> None:
        self.dismiss(self.answer)


@pytest.fixture(autouse=True)
def move_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CodexNaturalis, "move_text", lambda self, seen, action: f"<{type(action).__name__}>")


def answering(monkeypatch: pytest.MonkeyPatch, answer: Decision | None) -> list[int]:
    """Replay screens open the stand-in review; returns the seats they asked for."""
    asked: list[int] = []

    def review_screen(self: ReplayScreen, seat: int) -> Screen[Decision | None]:
        asked.append(seat)
        return StandInReview(seat, answer)

    monkeypatch.setattr(ReplayScreen, "review_screen", review_screen)
    return asked


def decision_at(game: Game, kind: type, seat: int = 0) -> Decision:
    """A decision of `seat` of the given kind, with another legal move as the better one."""
    states = Timeline.of_game(game)
    for index, action in enumerate(game.actions):
        if isinstance(action, kind) and action.player == seat:
            others = [a for a in legal_actions(states.state_at(index)) if a != action]
            if isinstance(action, Place):  # another spot, so both marks show
                others = [a for a in others if isinstance(a, Place) and a.pos != action.pos]
            if others:
                better = others[-1]
                assessment = Assessment(Estimate(action, -2.0, 40), Estimate(better, 1.5, 40))
                return Decision(index, seat, assessment)
    raise AssertionError("no such decision in this game")


async def test_a_chosen_placement_is_shown_with_both_moves_marked(saves: Path, monkeypatch) -> None:
    path = finished_save(saves)
    game = load_save(path).game
    decision = decision_at(game, Place)
    played, better = decision.assessment.played.action, decision.assessment.best.action
    asked = answering(monkeypatch, decision)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await until_shown(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("2", "r")  # the second player's area is shown: r reviews that player
        await until_shown(pilot, lambda: asked == [1] and app.screen is screen, what="the review of seat 1 answered")
        screen.reviewed = None
        await pilot.press("1", "r")
        await until_shown(pilot, lambda: asked == [1, 0] and app.screen is screen, what="the review of seat 0")
        await until_shown(pilot, lambda: screen.index == decision.index, what="the reviewed turn shown")
        assert screen.index == decision.index and screen.seat == 0
        area = screen.query_one(PlayAreaView)
        marks = area.scene.marks
        assert [(m.pos, m.card, m.side, m.top[0]) for m in marks] == [
            (played.pos, played.card, played.side, "you"),
            (better.pos, better.card, better.side, "best"),
        ]
        assert marks[0].top[1] != marks[1].top[1]  # two colours
        rows = area_rows(area)
        for mark in marks:  # each label is on the board, on its card's top border, in view
            col, row = area.zoom.corner(mark.pos)
            x, y = col - area.origin[0], row - area.origin[1]
            assert rows[y][x + 1 : x + area.zoom.width - 1].strip() == mark.top[0]
        status = screen.query_one(StatusLine).text
        assert "you: " in status and "best: <Place>" in status and "3.5" in status
        await pilot.press("right")  # the next moment: the marks were for the one before the move
        await pilot.pause()
        assert area.scene.marks == () and "best:" not in screen.query_one(StatusLine).text
        await pilot.press("left")
        await pilot.pause()
        assert len(area.scene.marks) == 2


async def test_a_chosen_draw_is_marked_in_the_market(saves: Path, monkeypatch) -> None:
    path = finished_save(saves)
    game = load_save(path).game
    decision = decision_at(game, Draw)
    asked = answering(monkeypatch, decision)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(160, 50)) as pilot:
        await until_shown(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("r")
        await until_shown(pilot, lambda: asked and app.screen is screen, what="the review answered")
        await until_shown(pilot, lambda: screen.index == decision.index, what="the reviewed turn shown")
        market = screen.query_one(MarketPanel)
        assert {label for _, (label, _) in market.marks} == {"you", "best"}
        shown = market.render().plain
        assert "you" in shown and "best" in shown
        assert screen.query_one(PlayAreaView).scene.marks == ()


async def test_esc_on_the_review_leaves_the_replay_where_it_was(saves: Path, monkeypatch) -> None:
    path = finished_save(saves)
    asked = answering(monkeypatch, None)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await until_shown(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("right", "right", "r")
        await until_shown(pilot, lambda: asked and app.screen is screen, what="the review closed")
        assert screen.index == 2 and screen.reviewed is None


@pytest.mark.parametrize("network", [False, True])
async def test_review_seat_opens_the_review_at_once_over_the_final_board(
    saves: Path, monkeypatch, network: bool
) -> None:
    game = load_save(finished_save(saves)).game
    asked = answering(monkeypatch, None)
    opened = UI.replay_screen(game, "Done", 1, review_seat=1, may_branch=not network)
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(opened)
        await until_shown(pilot, lambda: asked == [1] and app.screen is opened, what="the review answered")
        assert isinstance(opened, ReplayScreen) and opened.index == len(game.actions) and opened.seat == 1


@pytest.mark.parametrize("network", [False, True])
async def test_r_on_the_final_scores_asks_for_the_review(saves: Path, network: bool) -> None:
    game = load_save(finished_save(saves)).game
    summary: Any = (
        UI.end_screen_from_view(view(game, 0), CodexNaturalis().result_from_wire(CodexNaturalis().result_to_wire(game)))
        if network
        else UI.end_screen(game, 0, offer_undo=False, to_board=True)
    )
    assert isinstance(summary, EndScreen)
    chosen: list[str | None] = []
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(summary, chosen.append)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert chosen == ["review"]
