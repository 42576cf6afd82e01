"""The ratings page of network play: a player's rating at a game, its chart, their last tables, the board.

The lobby's `r` opens it on your own page at the game under the cursor; `g`
goes to the next game, `tab` moves between the leaderboard and the tables,
`enter` on a player opens their page and on a table its replay. The screen shows the
`PlayerPage` the server sent (`page`, set by the remote app) and posts what
the player asks for; it holds nothing else.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import DataTable, Sparkline

from codex_tui.client.columns import fill_fitted
from codex_tui.core import registry
from codex_tui.i18n.dates import moment_text
from codex_tui.i18n.lists import and_list
from codex_tui.i18n.numbers import signed
from codex_tui.i18n.spacing import held
from codex_tui.i18n.text import N_, _, ngettext
from codex_tui.protocol.messages import BOT_PREFIX
from codex_tui.protocol.ratings import START_RATING, PastTable, PlayerPage
from codex_tui.storage.saves import HUMAN
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.shown_text import ShownText


class PageRequested(Message):
    """The player asks for `name`'s page at `game` (None: their own)."""

    def __init__(self, game: str, name: str | None) -> None:
        super().__init__()
        self.game = game
        self.name = name


class FinishedReplayRequested(Message):
    """The player asks for the replay of a finished table of the server's history."""

    def __init__(self, record_id: int) -> None:
        super().__init__()
        self.record_id = record_id


def summary_line(page: PlayerPage) -> str:
    """'ada: rating 1532 · 14 tables, 8 won' (or no rating yet), in the reader's language."""
    title = registry.game_named(page.game).translate(registry.game_named(page.game).title)
    if page.rating is None:
        rating = _("no rated table yet (a first one starts at {start})").format(start=START_RATING)
    else:
        rating = _("rating {rating}").format(rating=page.rating)
    played = ngettext("{n} table played", "{n} tables played", page.played).format(n=page.played)
    return _("{name} at {game}: {rating} · {played}, {won} won").format(
        name=page.name, game=title, rating=rating, played=played, won=page.won
    )


def chart_caption(history: tuple[int, ...]) -> str:
    """What the chart shows, in words (a screen without colours, a screen reader): from, to, the range."""
    if len(history) < 2:
        return ""
    return _("Rating after each rated table, oldest first: {first} → {last} (lowest {low}, highest {high})").format(
        first=history[0], last=history[-1], low=min(history), high=max(history)
    )


def seat_text(page: PlayerPage, table: PastTable) -> str:
    """Who sat at a past table with their points, the winners marked ★."""
    module = registry.game_named(page.game)
    parts = []
    for seat in table.seats:
        name = seat.name
        if seat.kind != HUMAN:
            name = _("{name} ({level})").format(name=name, level=module.translate(seat.kind[len(BOT_PREFIX) :]))
        parts.append(held(f"{'★' if seat.winner else ''}{name} {seat.points}"))
    return and_list(parts)


def rating_cell(table: PastTable) -> str:
    """The player's rating after a rated table and what it moved: '1484 (−16)'."""
    if table.rating_after is None:
        return ""
    if table.rating_before is None:
        return str(table.rating_after)
    return held(
        _("{rating} ({change})").format(
            rating=table.rating_after, change=signed(table.rating_after - table.rating_before)
        )
    )


def when_text(ended: str) -> str:
    try:
        return moment_text(datetime.fromisoformat(ended).astimezone())
    except ValueError:
        return ended


BORDERS = 2
"""Cells of a list's width taken by its rounded border."""
COLUMNS_BOARD = (N_("Rank"), N_("Player"), N_("Rating"), N_("Rated tables"), N_("Won"))
COLUMNS_TABLES = (N_("Ended"), N_("Players (★ won)"), N_("Rated"), N_("Rating"))


class RatingsScreen(Screen[None]):
    """A player's page at one game, with the game's leaderboard (see the module's docstring)."""

    BINDINGS = [
        Binding("enter", "open", N_("Open"), priority=True),
        Binding("g", "next_game", N_("Next game")),
        Binding("escape", "back", N_("Back")),
    ]
    CSS_PATH = Path(__file__).with_name("ratings_page.tcss")

    page: var[PlayerPage | None] = var(None, init=False)
    summary: var[str] = var("", init=False)
    chart_caption: var[str] = var("", init=False)

    def compose(self) -> ComposeResult:
        yield Prose(
            _("Ratings   tab: the board or the tables   enter: a player's page, a replay"),
            id="ratings-title",
        )
        yield ShownText(id="ratings-summary").data_bind(text=RatingsScreen.summary)
        yield ShownText(id="chart-caption").data_bind(text=RatingsScreen.chart_caption)
        yield Sparkline([], id="rating-chart")
        yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="past", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#past", DataTable).focus()
        self._show()
        self.call_after_refresh(self._show)  # again at the lists' own widths

    async def recompose(self) -> None:
        await super().recompose()
        self._show()

    def watch_page(self) -> None:
        if self.is_mounted:
            self._show()

    def _show(self) -> None:
        page = self.page
        if page is None:
            return
        self.summary = summary_line(page)
        self.chart_caption = chart_caption(page.history)
        chart = self.query_one("#rating-chart", Sparkline)
        chart.data = list(page.history)
        chart.display = len(page.history) >= 2
        board = self.query_one("#board", DataTable)
        width = board.size.width or self.app.size.width - BORDERS  # its own once laid out (a screen scroll bar)
        board.border_title = _("Leaderboard")
        board.border_subtitle = "" if page.board else _("nobody has played a rated table of this game yet")
        rows = [(str(rank), r.name, str(r.rating), str(r.tables), str(r.wins)) for rank, r in enumerate(page.board, 1)]
        fill_fitted(board, [_(label) for label in COLUMNS_BOARD], rows, [row.name for row in page.board], width)
        past = self.query_one("#past", DataTable)
        past.border_title = _("Last tables of {name}").format(name=page.name)
        past.border_subtitle = "" if page.tables else _("no finished table of this game yet")
        past_rows = [
            (
                when_text(table.ended),
                seat_text(page, table),
                _("yes") if table.rated else "",
                rating_cell(table),
            )
            for table in page.tables
        ]
        keys = [str(table.id) for table in page.tables]
        fill_fitted(past, [_(label) for label in COLUMNS_TABLES], past_rows, keys, width)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show)  # once the lists have their new widths

    def action_next_game(self) -> None:
        if self.page is None:
            return
        names = list(registry.names())
        game = names[(names.index(self.page.game) + 1) % len(names)]
        self.post_message(PageRequested(game, self.page.name))

    def action_open(self) -> None:
        page = self.page
        if page is None:
            return
        focused = self.focused
        if isinstance(focused, DataTable) and focused.id == "board" and page.board:
            row = page.board[min(focused.cursor_row, len(page.board) - 1)]
            self.post_message(PageRequested(page.game, row.name))
        elif isinstance(focused, DataTable) and focused.id == "past" and page.tables:
            table = page.tables[min(focused.cursor_row, len(page.tables) - 1)]
            self.post_message(FinishedReplayRequested(table.id))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_back(self) -> None:
        self.dismiss(None)
