"""The review screen, on tic-tac-toe (registered for these tests only): fast, and any game's the same.

It lists the costliest turns of the seat with the better move, returns the
chosen `Decision` on enter, stops the search when left with esc. Its look at
80x24 and 160x50, in every language, is the scene `review_screen` (tests/scenes/shell.py).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
from typing import Any

from textual.app import App
from textual.widgets import DataTable, ProgressBar, Static

from codex_tui.core.advice import Assessment
from codex_tui.core.contract import GameModule
from codex_tui.core.review import Decision, costliest, points_text, review, review_rows
from codex_tui.i18n.numbers import signed
from codex_tui.ui.screens.modals import HelpScreen
from codex_tui.ui.screens.review import (
    ReviewGraph,
    ReviewScreen,
    ReviewStopped,
    start_resource_tracker,
    totals_line,
)
from tests.core.tictactoe import rules
from tests.core.tictactoe.module import TicTacToe
from tests.waiting import until_shown

SEAT = 0


def careless_game(module: GameModule) -> Any:
    """Ada (seat 0) marks the first free cell, Bo answers like the greedy bot: Ada loses points."""
    game = module.new_game(("Ada", "Bo"), 4, rules.Variant())
    bot = module.make_bot("greedy", 1)
    while not game.is_over:
        seat = module.players_to_act(game)[0]
        action = module.legal_actions_for(game, seat)[0] if seat == SEAT else bot(module.view(game, seat))
        game = module.apply(game, action)
    return game


class Host(App[None]):
    """An app with nothing but the review screen on it; keeps what the screen returned."""

    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__()
        self.review = screen
        self.chosen: list[Decision | None] = []

    def on_mount(self) -> None:
        self.push_screen(self.review, self.chosen.append)


def host(module: GameModule, game: Any) -> Host:
    return Host(ReviewScreen(module, game, SEAT, SEAT, jobs=1))


async def settle(pilot: Any) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def table_cells(screen: ReviewScreen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


# ------------------------------------------------------------------- words


def test_rows_describe_each_move_from_the_seat_view_then(tictactoe: GameModule) -> None:
    game = careless_game(tictactoe)
    decisions = review(tictactoe, game, SEAT, "hard")
    worst = costliest(decisions)
    assert worst, "the careless game gave points away"
    rows = review_rows(tictactoe, game, worst)
    for row, decision in zip(rows, worst, strict=True):
        assert row.decision is decision and row.move == decision.index + 1
        assert row.turn == decision.index, "tic-tac-toe's turn is the number of marks made"
        assert row.played == f"cell {decision.assessment.played.action.cell + 1}"
        assert row.better == f"cell {decision.assessment.best.action.cell + 1}"
        assert row.played != row.better


def test_points_never_show_a_loss_as_nothing() -> None:
    assert [points_text(value) for value in (0.04, 0.05, 2.345, 0)] == ["<0.1", "0.1", "2.3", "0.0"]


def test_totals_say_what_was_lost() -> None:
    def decision(index: int, played: float, best: float) -> Decision:
        from codex_tui.core.advice import Estimate

        return Decision(index, 0, Assessment(Estimate(index, played, 10), Estimate(index + 1, best, 10)))

    assert "no choice" in totals_line("Ada", [], 0)
    assert "a better move at none of them" in totals_line("Ada", [decision(0, 1.0, 1.0)], 0)
    line = totals_line("Ada", [decision(0, 1.0, 3.5), decision(2, 0.0, 0.0), decision(4, -1.0, 0.0)], 1)
    assert line.startswith("3 decisions judged; 2 gave away points, 3.5 in all")
    assert "the 1 costliest are listed" in line


# ------------------------------------------------------------------ screen


async def test_the_table_lists_the_costliest_turns_and_enter_returns_one(tictactoe: GameModule) -> None:
    game = careless_game(tictactoe)
    decisions = review(tictactoe, game, SEAT, "hard")
    expected = review_rows(tictactoe, game, costliest(decisions))
    app = host(tictactoe, game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.review
        assert not screen.query_one(ProgressBar).display
        cells = table_cells(screen)
        assert [row[0] for row in cells] == [str(row.move) for row in expected]
        assert [row[2:4] for row in cells] == [[row.played, row.better] for row in expected]
        assert [row[4] for row in cells] == [points_text(row.decision.cost) for row in expected]
        totals = str(screen.query_one("#review-totals", Static).render())
        assert f"{len(decisions)} decisions judged" in totals
        await pilot.press("down", "enter")
        await pilot.pause()
    assert len(expected) > 1
    assert app.chosen == [expected[1].decision], "enter returns the turn under the cursor"


async def until(pilot: Any, condition: Any, what: str) -> None:
    """Pauses until `condition()` holds (a key's effect lands after a message or two)."""
    for _ in range(50):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"never: {what}")


async def test_the_graph_follows_the_table_then_left_right_choose_and_enter_returns_that_decision(
    tictactoe: GameModule,
) -> None:
    game = careless_game(tictactoe)
    decisions = review(tictactoe, game, SEAT, "hard")
    listed = costliest(decisions)
    app = host(tictactoe, game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.review
        graph = screen.query_one(ReviewGraph)
        costliest_at = decisions.index(listed[0])
        assert screen.point == costliest_at, "the graph starts at the table's row"
        assert graph.chart is not None and graph.chart.selected == costliest_at
        marked = {n for n, _symbol in graph.chart.marks}
        assert marked == {decisions.index(d) for d in listed}, "the listed turns are marked on the graph"
        await pilot.press("down")
        await until(pilot, lambda: screen.point == decisions.index(listed[1]), "the graph at the table's row 2")
        await pilot.press("tab")
        await until(pilot, lambda: screen.focused is graph, "the graph focused")
        assert "←→" in screen.keys
        assert decisions.index(listed[1]) == 0, "the careless game's second costliest turn is its first"
        await pilot.press("right")
        await until(pilot, lambda: screen.point == 1, "one decision to the right")
        await pilot.press("end")
        await until(pilot, lambda: screen.point == len(decisions) - 1, "end: the last decision")
        await pilot.press("home")
        await until(pilot, lambda: screen.point == 0, "home: the first decision")
        await pilot.press("h", "h", "l")
        await until(pilot, lambda: screen.point == 1, "h stops at the first decision, l moves on")
        chosen = decisions[1]
        caption = str(screen.query_one("#review-graph-point", Static).render())
        margin = signed(chosen.assessment.played.margin, 1)
        assert caption == (
            f"Move {chosen.index + 1} (turn {chosen.index}): margin {margin}, lost {points_text(chosen.cost)}"
        )
        assert graph.chart.selected == screen.point
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen == [chosen], "enter on the graph returns its decision, as on the table"


async def test_help_then_esc_leaves_with_nothing(tictactoe: GameModule) -> None:
    app = host(tictactoe, careless_game(tictactoe))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen_stack[-1] is app.review
        await pilot.press("escape")
        await pilot.pause()
    assert app.chosen == [None]


class Gated(TicTacToe):
    """Tic-tac-toe whose search waits at a gate: the review is still running when the test presses esc."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def assess(self, view: rules.SeatView, played: rules.Mark, level: str, seed: int) -> Assessment:
        self.calls += 1
        self.started.set()
        self.gate.wait(10)
        return super().assess(view, played, level, seed)


class Watched(ReviewScreen):
    """Notes how the review's thread ended."""

    ended = threading.Event()
    raised: BaseException | None = None

    def judge(self) -> Any:
        try:
            return super().judge()
        except BaseException as error:
            self.raised = error
            raise
        finally:
            self.ended.set()


async def test_esc_while_running_stops_the_search(tictactoe: GameModule) -> None:
    gated = Gated()
    game = careless_game(tictactoe)
    screen = Watched(gated, game, SEAT, SEAT, jobs=1)
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        assert gated.started.wait(10)

        def status() -> str:
            return str(screen.query_one("#review-status", Static).render())

        with contextlib.suppress(AssertionError):  # the bar follows the search on a timer
            await until_shown(pilot, lambda: "Judging" in status(), what="the search on the bar")
        assert "Judging decision 1 of" in status()
        assert screen.query_one(ProgressBar).display
        await pilot.press("escape")
        await pilot.pause()
        assert app.chosen == [None], "esc leaves at once, the search still running"
        gated.gate.set()
        assert screen.ended.wait(10)
    assert isinstance(screen.raised, ReviewStopped)
    assert gated.calls == 1, "no decision after the one being judged"


class Broken(TicTacToe):
    def assess(self, view: rules.SeatView, played: rules.Mark, level: str, seed: int) -> Assessment:
        raise NotImplementedError("no search yet")


async def test_a_failing_search_is_reported_not_fatal(tictactoe: GameModule) -> None:
    app = Host(ReviewScreen(Broken(), careless_game(tictactoe), SEAT, SEAT, jobs=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = str(app.review.query_one("#review-status", Static).render())
        assert "The review failed" in status and "no search yet" in status
        await pilot.press("escape")
        await pilot.pause()
    assert app.chosen == [None]


async def test_worker_processes_start_while_the_app_runs(tictactoe: GameModule) -> None:
    """Textual's stderr has no file number; the tracker every process pool needs is started with the real one."""
    app = host(tictactoe, careless_game(tictactoe))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert start_resource_tracker()
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            assert pool.map(abs, [-3]) == [3]


class Counted(TicTacToe):
    def __init__(self) -> None:
        self.calls = 0

    def assess(self, view: rules.SeatView, played: rules.Mark, level: str, seed: int) -> Assessment:
        self.calls += 1
        return super().assess(view, played, level, seed)


async def test_the_review_of_a_game_is_kept_for_the_next_look(tictactoe: GameModule) -> None:
    """Back from a chosen turn, `r` again shows the same list at once, the cursor on that turn."""
    counted = Counted()
    game = careless_game(tictactoe)
    first = Host(ReviewScreen(counted, game, SEAT, SEAT, jobs=1))
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")
        await pilot.pause()
    searched = counted.calls
    assert searched > 0
    again = Host(ReviewScreen(counted, game, SEAT, SEAT, jobs=1))
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert counted.calls == searched, "no second search"
        assert again.review.query_one(DataTable).cursor_row == 1
        await pilot.press("enter")
        await pilot.pause()
    assert again.chosen == first.chosen
    other = Host(ReviewScreen(counted, game, 1, SEAT, jobs=1))
    async with other.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert counted.calls > searched, "another seat is another review"


async def test_the_reviewed_seat_reading_its_own_review_reads_your_turns(tictactoe: GameModule) -> None:
    game = tictactoe.new_game(("You", "Bo"), 4, rules.Variant())
    app = Host(ReviewScreen(tictactoe, game, SEAT, SEAT, jobs=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.review.query_one("#review-box").border_title == "Review of your turns (search: hard)"
        assert "You had no choice" in str(app.review.query_one("#review-totals", Static).render())
