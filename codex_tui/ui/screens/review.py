"""The review of one seat's turns: which moves gave away the most points, and the better move.

The search judges every decision of the seat from that seat's view at the
time (`codex_tui.core.review`), which takes a while (seconds to a minute), so
it runs in a thread while a progress bar moves; esc stops it and goes back.
Then a table lists the costliest turns; `enter` on one closes the screen with
that `Decision`, and the replay that opened it shows both moves on the board.
Above the table, a graph draws the margin the search expected after each of the
seat's decisions, the listed ones marked; `tab` moves to it, ←→ choose a
decision there and `enter` closes the screen with it as the table's does.
It knows no game: the words come from the game's `GameModule` (`move_text`,
`game_summary`), so any registered game, even one without screens, is reviewed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import var
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import DataTable, ProgressBar
from textual.worker import Worker, WorkerState, get_current_worker

from codex_tui.core.advice import ADVICE_SEED, APP_REVIEW_LEVEL
from codex_tui.core.contract import GameModule
from codex_tui.core.review import (
    DEFAULT_JOBS,
    LISTED,
    Decision,
    ReviewRow,
    costliest,
    decision_turns,
    points_text,
    review,
    review_rows,
)
from codex_tui.i18n import language
from codex_tui.i18n.numbers import signed
from codex_tui.i18n.spacing import tidy_spacing
from codex_tui.i18n.text import N_, _, ngettext
from codex_tui.ui.screens.modals import REVIEW_HELP, HelpScreen
from codex_tui.ui.widgets.race_chart import Chart, Line, LineChart
from codex_tui.ui.widgets.shown_text import ShownText

REVIEW_GROUP = "review"
FIXED_COLUMNS = ((N_("Move"), 4), (N_("Turn"), 4), (N_("Lost"), 5))
"""Columns never cut: the action's number in the replay log, the game's turn, the points lost
(each as wide as its numbers, or its heading in the player's language if that is wider)."""
CELL_PADDING = 2
SCROLLBAR = 2
BOX_CHROME = 4
"""The box's border and padding, left and right."""
TEXT_LINES = 6
"""Lines of the box that are not the table: its border, the line above, the totals below (with room to wrap)."""
GRAPH_TEXT_LINES = 4
"""The graph's words: what it draws (with room to wrap), the chosen decision and the line under it."""
MARGIN_COLOUR = (90, 170, 240)
DECISION_SYMBOL = "•"
LISTED_SYMBOL = "▼"
"""A decision of the table on the graph: a drop, in red, for points given away."""


def graph_height(height: int) -> int:
    """The graph's lines on a screen `height` lines tall: 7 at 24 lines, a third of the room when taller."""
    return max(7, min(16, (height - TEXT_LINES) // 3))


def totals_line(name: str, decisions: Sequence[Decision], listed: int) -> str:
    """What the whole review found, in one or two lines."""
    if not decisions:
        return _("{name} had no choice to make: every move was the only one possible.").format(name=name)
    lost = [d for d in decisions if d.cost > 0]
    judged = ngettext("{n} decision judged", "{n} decisions judged", len(decisions)).format(n=len(decisions))
    if not lost:
        return _("{judged}: the search found a better move at none of them.").format(judged=judged)
    total = sum(d.cost for d in lost)
    gave = ngettext(
        "{n} gave away points, {points} in all (estimated)",
        "{n} gave away points, {points} in all (estimated)",
        len(lost),
    ).format(n=len(lost), points=points_text(total))
    if listed < len(lost):
        return _("{judged}; {gave}; the {listed} costliest are listed.").format(judged=judged, gave=gave, listed=listed)
    return _("{judged}; {gave}.").format(judged=judged, gave=gave)


def start_resource_tracker() -> bool:
    """Start multiprocessing's resource tracker with the real stderr; False if it cannot start.

    While a Textual app runs, `sys.stderr` is its capture, whose `fileno()`
    is -1, and the first process pool, which starts the tracker, then fails
    ("bad value(s) in fds_to_keep"). Started here, on the app's thread, the
    tracker serves every later pool of this process.
    """
    captured, real = sys.stderr, sys.__stderr__
    try:
        if real is not None:
            sys.stderr = real
        resource_tracker.ensure_running()
    except (OSError, ValueError):
        return False
    finally:
        sys.stderr = captured
    return True


class ReviewStopped(Exception):
    """Raised in the review's thread when the screen was left: the search stops at the next decision."""


@dataclass
class Reviewed:
    decisions: list[Decision]
    listed: list[Decision]
    """The costliest decisions, the table's rows."""
    words: dict[str, list[ReviewRow]]
    """The rows in words, by language (written when first drawn in it: the moves are
    described in the reader's language)."""
    turns: dict[int, int] = field(default_factory=dict)
    """The game's turn at each decision, by action index (found when the graph first names one)."""


@dataclass
class Memo:
    """A finished review kept for when the same replay opens the review again, and the row chosen last."""

    game: Any
    """Held so that its `id`, in the key, stays its own."""
    reviewed: Reviewed
    cursor: int = 0


MEMO_SIZE = 4
MEMOS: dict[tuple[int, str, int, str, int], Memo] = {}
"""The last few reviews by (game's id, game name, seat, level, seed), oldest first: going back
from a chosen turn to the list (`r` again) must not search the whole game again."""


def memo_key(module: GameModule, game: Any, seat: int, level: str, seed: int) -> tuple[int, str, int, str, int]:
    return (id(game), module.name, seat, level, seed)


def remember(key: tuple[int, str, int, str, int], memo: Memo) -> None:
    MEMOS.pop(key, None)
    MEMOS[key] = memo
    while len(MEMOS) > MEMO_SIZE:
        del MEMOS[next(iter(MEMOS))]


@dataclass(frozen=True)
class Listing:
    """What the review's table shows: the rows (in words), the room they fit, the row under the cursor."""

    rows: tuple[ReviewRow, ...]
    width: int
    height: int
    cursor: int


class ReviewTable(DataTable[Text | str]):
    """The costliest turns, drawn from `listing` (None or no rows: hidden); it takes the focus when first shown."""

    listing: var[Listing | None] = var(None, init=False)

    def watch_listing(self, old: Listing | None, new: Listing | None) -> None:
        self.display = new is not None and bool(new.rows)
        if new is None:
            return
        if old is None or (old.rows, old.width, old.height) != (new.rows, new.width, new.height):
            self.fill(new)
        if new.rows and self.cursor_row != min(new.cursor, len(new.rows) - 1):
            self.move_cursor(row=min(new.cursor, len(new.rows) - 1))
        if old is None and new.rows:
            self.focus()

    def fill(self, listing: Listing) -> None:
        """The rows at the screen's width: the two move columns share what the fixed ones leave."""
        self.clear(columns=True)
        graph = graph_height(listing.height) + GRAPH_TEXT_LINES
        self.styles.max_height = max(3, listing.height - TEXT_LINES - graph)
        width = min(listing.width, 120) - BOX_CHROME - SCROLLBAR
        fixed = {name: max(least, cell_len(_(name))) for name, least in FIXED_COLUMNS}
        moves = max(8, (width - sum(fixed.values()) - CELL_PADDING * 5) // 2)
        self.add_column(_("Move"), width=fixed["Move"], key="move")
        self.add_column(_("Turn"), width=fixed["Turn"], key="turn")
        self.add_column(_("Played"), width=moves, key="played")
        self.add_column(_("Better"), width=moves, key="better")
        self.add_column(_("Lost"), width=fixed["Lost"], key="lost")
        for row in listing.rows:
            self.add_row(
                Text(str(row.move), justify="right"),
                Text(str(row.turn), justify="right"),
                row.played,
                row.better,
                Text(points_text(row.decision.cost), justify="right"),
                height=None,
            )


@dataclass(frozen=True)
class Graph:
    """What the review's graph shows, and its height in lines."""

    chart: Chart
    height: int


ENDS = 1_000_000
"""A step past any game's decisions: home and end on the graph, clamped to the first and the last."""


class ReviewGraph(LineChart, can_focus=True):
    """The seat's expected margin decision by decision, from `graph` (None: hidden); ←→ (h l) ask the
    screen to move the chosen decision, home and end to the first and the last (the screen keeps it in
    range), `enter` to show it on the board."""

    BINDINGS = [
        Binding("left,h", "step(-1)", show=False),
        Binding("right,l", "step(1)", show=False),
        Binding("home", f"step({-ENDS})", show=False),
        Binding("end", f"step({ENDS})", show=False),
        Binding("enter", "choose", show=False),
    ]

    graph: var[Graph | None] = var(None, init=False)

    class Stepped(Message):
        """The chosen decision should move `by` decisions."""

        def __init__(self, by: int) -> None:
            super().__init__()
            self.by = by

    class Chosen(Message):
        """The chosen decision should be shown on the board."""

    def watch_graph(self, graph: Graph | None) -> None:
        self.display = graph is not None
        if graph is not None:
            self.styles.height = graph.height
            self.chart = graph.chart

    def action_step(self, by: int) -> None:
        self.post_message(self.Stepped(by))

    def action_choose(self) -> None:
        self.post_message(self.Chosen())


class ReviewProgress(ProgressBar):
    """The search's progress, from `state` (decisions judged, in all); None hides it."""

    state: var[tuple[int, int | None] | None] = var(None, init=False)

    def watch_state(self, state: tuple[int, int | None] | None) -> None:
        self.display = state is not None
        if state is not None:
            done, total = state
            self.update(total=total, progress=done)


class ReviewBox(Vertical):
    """The review's box; its bottom border says the keys (`keys`)."""

    keys: var[str] = var("", init=False)

    def watch_keys(self, keys: str) -> None:
        self.border_subtitle = keys


class ReviewScreen(ModalScreen[Decision | None]):
    """The review of `seat`'s turns in `game`: returns the chosen Decision, or None on esc.

    Its state is reactive: the search's `progress`, then its `result` (or `failure`), the
    row under the cursor and the room; each widget's part is derived from them."""

    BINDINGS = [
        Binding("escape,q", "leave", N_("Back")),
        Binding("question_mark", "help", N_("Help")),
    ]
    CSS_PATH = Path(__file__).with_name("review.tcss")

    progress: var[tuple[int, int | None]] = var((0, None), init=False)
    """Decisions judged so far and in all (None until the search has found them)."""
    result: var[Reviewed | None] = var(None, init=False)
    failure: var[BaseException | None] = var(None, init=False)
    cursor: var[int] = var(0, init=False)
    """The row under the table's cursor."""
    point: var[int] = var(0, init=False)
    """The decision chosen on the graph (its place in the result's decisions)."""
    on_graph: var[bool] = var(False, init=False)
    """The graph has the focus (its keys are the ones said)."""
    room: var[tuple[int, int]] = var((80, 24), init=False)
    """The screen's width and height, which the table fits."""
    # What the widgets show, derived from the above.
    status: var[str | Text | None] = var("", init=False)
    bar: var[tuple[int, int | None] | None] = var((0, None), init=False)
    listing: var[Listing | None] = var(None, init=False)
    graph: var[Graph | None] = var(None, init=False)
    graph_words: var[str | None] = var(None, init=False)
    graph_point: var[str | None] = var(None, init=False)
    totals: var[str | None] = var(None, init=False)
    keys: var[str] = var("", init=False)

    def __init__(
        self,
        module: GameModule,
        game: Any,
        seat: int,
        reader: int | None,
        level: str = APP_REVIEW_LEVEL,
        jobs: int = DEFAULT_JOBS,
        seed: int = ADVICE_SEED,
        rows: int = LISTED,
    ) -> None:
        super().__init__()
        self.module = module
        self.reader = reader
        """The seat the screen speaks to ("your turns"), whoever's turns it judges."""
        self.game = game
        self.seat = seat
        self.level = level
        self.jobs = jobs
        self.seed = seed
        self.row_count = rows
        self.done = 0
        self.total: int | None = None
        """Decisions judged so far and in all (written by the review's thread, read by a timer)."""
        self.ticker: Timer | None = None

    @property
    def seat_name(self) -> str:
        players: Sequence[str] = self.game.players
        return players[self.seat]

    def compose(self) -> ComposeResult:
        """The widgets, bound to the screen's state; worded again first (a recompose in a new language)."""
        screen = ReviewScreen
        if not self.size.width:  # first composed: not laid out yet, the app's size is the screen's
            self.room = (self.app.size.width, self.app.size.height)
        self._derive()
        with ReviewBox(id="review-box").data_bind(keys=screen.keys) as box:
            yours = self.seat == self.reader
            title = _("Review of your turns") if yours else _("Review of {name}'s turns").format(name=self.seat_name)
            level = self.module.translate(self.level)
            box.border_title = _("{title} (search: {level})").format(title=title, level=level)
            yield ShownText(id="review-status").data_bind(text=screen.status)
            yield ReviewProgress(id="review-progress").data_bind(state=screen.bar)
            yield ShownText(id="review-graph-words").data_bind(text=screen.graph_words)
            yield ReviewGraph(id="review-graph").data_bind(screen.graph)
            yield ShownText(id="review-graph-point").data_bind(text=screen.graph_point)
            yield ReviewTable(id="review-table", cursor_type="row", zebra_stripes=True).data_bind(screen.listing)
            yield ShownText(id="review-totals").data_bind(text=screen.totals)

    @property
    def rows(self) -> list[ReviewRow]:
        """The listed turns in words, in the language of now."""
        result = self.result
        if result is None:
            return []
        if language() not in result.words:
            result.words[language()] = review_rows(self.module, self.game, result.listed)
        return result.words[language()]

    def turn_of(self, decision: Decision) -> int:
        """The game's turn at `decision` (every decision's found at the first asked)."""
        result = self.result
        assert result is not None
        if decision.index not in result.turns:
            result.turns.update(decision_turns(self.module, self.game, result.decisions))
        return result.turns[decision.index]

    @property
    def key(self) -> tuple[int, str, int, str, int]:
        return memo_key(self.module, self.game, self.seat, self.level, self.seed)

    def on_mount(self) -> None:
        memo = MEMOS.get(self.key)
        if memo is not None and memo.game is self.game:
            self.cursor = memo.cursor
            self.result = memo.reviewed
            return
        self.ticker = self.set_interval(0.2, self.tick)
        if self.jobs > 1 and not start_resource_tracker():
            self.jobs = 1  # no worker processes here: the review takes longer, in this process
        self.run_worker(self.judge, thread=True, group=REVIEW_GROUP, exit_on_error=False)

    # ----------------------------------------------------------- running

    def judge(self) -> Reviewed:
        """The review itself, in a thread; it stops between decisions once the screen is left."""
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise ReviewStopped
            self.done, self.total = done, total

        decisions = review(self.module, self.game, self.seat, self.level, self.seed, self.jobs, progress)
        listed = costliest(decisions, self.row_count)
        return Reviewed(decisions, listed, {language(): review_rows(self.module, self.game, listed)})

    def tick(self) -> None:
        """The thread's count, to the screen (on the app's thread)."""
        self.progress = (self.done, self.total)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != REVIEW_GROUP or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if self.ticker is not None:
            self.ticker.stop()
        if event.state is WorkerState.ERROR:
            self.failure = worker.error
            return
        result = worker.result
        assert isinstance(result, Reviewed)
        remember(self.key, Memo(self.game, result))
        self.result = result

    # ------------------------------------------------------- what the widgets show

    def watch_progress(self) -> None:
        self._derive()

    def watch_result(self) -> None:
        self.point = self.listed_point(self.cursor)
        self._derive()

    def watch_failure(self) -> None:
        self._derive()

    def watch_cursor(self) -> None:
        self._derive()

    def watch_point(self) -> None:
        self._derive()

    def watch_on_graph(self) -> None:
        self._derive()

    def watch_room(self) -> None:
        self._derive()

    def _derive(self) -> None:
        result, failure = self.result, self.failure
        self.bar = self.progress if result is None and failure is None else None
        self.totals = None if result is None else totals_line(self.seat_name, result.decisions, len(result.listed))
        width, height = self.room
        self.listing = None if result is None else Listing(tuple(self.rows), width, height, self.cursor)
        decisions = [] if result is None else result.decisions
        self.graph = Graph(self.chart(), graph_height(height)) if decisions else None
        self.graph_words = (
            # Translators: above the review's graph; ▼ is the symbol drawn on it, tab the key.
            _("The margin the search expected after each decision; ▼: a turn of the table; tab: graph or table.")
            if decisions
            else None
        )
        self.graph_point = self.point_words(decisions[self.point]) if decisions else None
        if result is not None:
            words = _("The turns that cost the most: the move played, and the search's better move.")
            self.status = words if result.listed else None
            if self.on_graph:
                self.keys = _("←→: choose · enter: show on the board · esc: back · ?: help")
            elif result.listed:
                self.keys = _("↑↓: choose · enter: show on the board · esc: back · ?: help")
            else:
                self.keys = _("esc: back · ?: help")
        elif failure is not None:
            failed = _("The review failed: {error}").format(error=f"{type(failure).__name__}: {failure}")
            self.status = Text(failed, style="bold red")
            self.keys = _("esc: back · ?: help")
        else:
            self.status = self.progress_words()
            self.keys = _("esc: stop and go back · ?: help")

    def chart(self) -> Chart:
        """The margin after each decision, the listed ones marked, the chosen one shown by a line."""
        result = self.result
        assert result is not None
        listed = {decision.index for decision in result.listed}
        margins = tuple(decision.assessment.played.margin for decision in result.decisions)
        marks = tuple((n, LISTED_SYMBOL) for n, decision in enumerate(result.decisions) if decision.index in listed)
        ticks = tuple(str(decision.index + 1) for decision in result.decisions)
        line = Line(self.seat_name, margins, MARGIN_COLOUR, DECISION_SYMBOL)
        return Chart((line,), ticks, marks, selected=self.point)

    def point_words(self, decision: Decision) -> str:
        """'Move 12 (turn 6): margin +3.2, lost 1.4', the chosen decision in words."""
        return _("Move {move} (turn {turn}): margin {margin}, lost {lost}").format(
            move=decision.index + 1,
            turn=self.turn_of(decision),
            margin=signed(decision.assessment.played.margin, 1),
            lost=points_text(decision.cost),
        )

    def listed_point(self, row: int) -> int:
        """Where the table's `row` is on the graph (0 with no rows)."""
        result = self.result
        if result is None or not 0 <= row < len(result.listed):
            return 0
        index = result.listed[row].index
        return next(n for n, decision in enumerate(result.decisions) if decision.index == index)

    def progress_words(self) -> str:
        done, total = self.progress
        if total is None:
            words = _("Finding the decisions…")
        elif done >= total:
            words = _("Describing the costliest turns…")
        else:
            words = _("Judging decision {n} of {total}…").format(n=done + 1, total=total)
        if self.seat == self.reader:
            what = _("The search judges your choices, each from what was in view then.")
        else:
            what = _("The search judges {name}'s choices, each from what was in view then.").format(name=self.seat_name)
        return tidy_spacing(f"{what} {words}")  # Chinese: 信息。正在评估, no space after its full stop

    def on_resize(self, event: events.Resize) -> None:
        size = self.size if self.size.width else self.app.size
        self.room = (size.width, size.height)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The cursor moved (read from the table as it is now, as the lobby does)."""
        self.cursor = max(self.query_one(ReviewTable).cursor_row, 0)
        self.point = self.listed_point(self.cursor)

    def on_review_graph_stepped(self, event: ReviewGraph.Stepped) -> None:
        if self.result is not None and self.result.decisions:
            self.point = max(0, min(len(self.result.decisions) - 1, self.point + event.by))

    def on_review_graph_chosen(self, event: ReviewGraph.Chosen) -> None:
        if self.result is not None and 0 <= self.point < len(self.result.decisions):
            self.dismiss(self.result.decisions[self.point])

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.on_graph = isinstance(event.widget, ReviewGraph)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if self.result is not None and 0 <= event.cursor_row < len(self.result.listed):
            memo = MEMOS.get(self.key)
            if memo is not None:
                memo.cursor = event.cursor_row
            self.dismiss(self.result.listed[event.cursor_row])

    # ----------------------------------------------------------- leaving

    def action_leave(self) -> None:
        self.workers.cancel_group(self, REVIEW_GROUP)
        self.dismiss(None)

    def action_help(self) -> None:
        domain = self.module.text_domain
        self.app.push_screen(HelpScreen(REVIEW_HELP, (domain,) if domain is not None else ()))
