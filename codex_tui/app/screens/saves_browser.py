"""The saves browser: every file of a saves folder in a sortable table.

A file that cannot be read is listed with the reason (never hidden, never a
crash). Enter resumes an unfinished game or replays a finished one; `v`
replays any readable game; rename and delete ask first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, Static

from codex_tui.app.screens.confirm import ConfirmScreen
from codex_tui.core import registry
from codex_tui.i18n.dates import moment_text
from codex_tui.i18n.lists import and_list
from codex_tui.i18n.text import N_, _, ngettext
from codex_tui.storage.catalog import BrokenSave, SaveEntry, SaveSummary, delete_save, rename_save, scan_saves
from codex_tui.storage.saves import SaveError, reader_seat
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar

COLUMNS = (N_("Title"), N_("Players"), N_("Scores"), N_("Turn"), N_("Status"), N_("Saved"), N_("Variant"))
"""The columns' keys; their headers are these words in the player's language."""
FLEXIBLE = {"Title": 14, "Players": 12, "Status": 11}
"""Columns that give way on a narrow terminal (cut with '…'), and how narrow each may get."""
OPTIONAL = ("Turn", "Variant")
"""Left out when the rest would not fit; the line under the table still says them."""
CELL_PADDING = 2
"""A DataTable column's padding (one cell each side)."""
SCROLLBAR = 2
SORTS = ("saved", "title", "status", "turn")
SORT_WORDS = {"saved": N_("date"), "title": N_("title"), "status": N_("status"), "turn": N_("turn")}


@dataclass(frozen=True)
class BrowserChoice:
    """What the player picked: `action` is 'resume', 'replay' or 'new'."""

    action: str
    path: Path | None = None


def when(entry: SaveEntry) -> str:
    """The save's time in local time, for the table (file time when the save has none)."""
    if isinstance(entry, SaveSummary) and entry.saved_at:
        try:
            return moment_text(datetime.fromisoformat(entry.saved_at).astimezone())
        except ValueError:
            pass
    return moment_text(datetime.fromtimestamp(entry.file.modified)) if entry.file.modified else "?"


def players_text(entry: SaveSummary) -> str:
    """'Ada, Bo (normal)': each bot with its level, in the player's language."""
    parts = []
    for name, kind in zip(entry.players, entry.kinds):
        if kind == "human":
            parts.append(name)
        else:
            parts.append(_("{name} ({level})").format(name=name, level=level_text(entry, kind.removeprefix("bot:"))))
    return _(", ").join(parts)


def level_text(entry: SaveSummary, level: str) -> str:
    """A bot level in the player's language (its game's words first, if the game is known here)."""
    try:
        module = registry.game_named(entry.game)
    except (KeyError, ValueError):
        return _(level)
    return module.translate(level)


def cells(entry: SaveEntry) -> dict[str, str | Text]:
    """A row's full text by column, before any column is narrowed."""
    if isinstance(entry, BrokenSave):
        return {
            "Title": Text(entry.path.name, style="red"),
            "Players": Text(_("cannot be read"), style="red"),
            "Scores": "",
            "Turn": "",
            "Status": Text(_("unreadable"), style="red"),
            "Saved": when(entry),
            "Variant": "",
        }
    return {
        "Title": entry.title,
        "Players": players_text(entry),
        "Scores": _(", ").join(str(s) for s in (entry.totals or entry.scores)),
        "Turn": str(entry.turn),
        "Status": status_text(entry),
        "Saved": when(entry),
        "Variant": entry.variant_text,
    }


def column_widths(width: int, rows: list[dict[str, str | Text]]) -> dict[str, int]:
    """Each shown column's width for a table `width` cells wide.

    Scores, turns, dates and variants are never cut; the title, the players and
    the status share what is left, the longest giving way first. Turn and
    Variant are dropped when even the shortest titles would not fit.
    """
    natural = {name: max([cell_len(_(name)), *(width_of(row[name]) for row in rows)]) for name in COLUMNS}
    shown = list(COLUMNS)
    for optional in (None, *OPTIONAL):
        if optional is not None:
            shown.remove(optional)
        fixed = sum(natural[name] for name in shown if name not in FLEXIBLE)
        room = width - SCROLLBAR - CELL_PADDING * len(shown) - fixed
        if room >= sum(FLEXIBLE.values()):
            break
    widths = {name: natural[name] for name in shown}
    flexible = [name for name in shown if name in FLEXIBLE]
    while sum(widths[name] for name in flexible) > room:
        widest = max(flexible, key=lambda name: widths[name] - FLEXIBLE[name])
        if widths[widest] <= FLEXIBLE[widest]:
            break
        widths[widest] -= 1
    return widths


def width_of(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(cell)


def fitted(cell: str | Text, width: int) -> str | Text:
    """The cell cut to `width` cells, ending in '…' when cut."""
    text = cell.copy() if isinstance(cell, Text) else Text(cell)
    if width_of(cell) <= width:
        return cell
    text.truncate(width, overflow="ellipsis")
    return text


def details(entry: SaveEntry) -> str:
    """The line under the table: what a narrow row may have cut, or why a file does not load."""
    if isinstance(entry, BrokenSave):
        return entry.later.text()
    turn = _("turn {turn}").format(turn=entry.turn)
    return " · ".join((entry.title, players_text(entry), turn, entry.variant_text))


def status_text(entry: SaveSummary) -> Text:
    if not entry.finished:
        return Text(_("in progress"), style="bold green")
    if entry.winners == (reader_seat(entry.kinds),):  # the one who played it here: spoken to, not named
        return Text(_("over: you won"), style="dim")
    winners = and_list(entry.winner_names)
    return Text(_("over: {winners} won").format(winners=winners), style="dim")


def sort_key(entry: SaveEntry, column: str) -> tuple[object, ...]:
    broken = isinstance(entry, BrokenSave)
    if column == "title":
        return (broken, entry.title.lower() if isinstance(entry, SaveSummary) else entry.path.name)
    if column == "status":
        return (broken, entry.finished if isinstance(entry, SaveSummary) else True, -entry.file.modified)
    if column == "turn":
        return (broken, -(entry.turn if isinstance(entry, SaveSummary) else 0))
    return (-entry.file.modified,)


class RenameScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]
    CSS_PATH = Path(__file__).with_name("saves_browser.tcss")

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="rename-box"):
            yield Prose(_("New title (enter: keep it, esc: cancel, empty: the player names)"))
            yield Input(value=self.title_text, max_length=100, id="title")

    def on_mount(self) -> None:
        """Select the old title, so typing replaces it."""
        title = self.query_one(Input)
        title.focus()
        title.action_select_all()

    async def recompose(self) -> None:
        """The words in a new language; the title as typed so far."""
        typed = self.query_one(Input).value
        await super().recompose()
        title = self.query_one(Input)
        title.value = typed
        title.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SavesBrowser(Screen[BrowserChoice]):
    BINDINGS = [
        Binding("enter", "open", N_("Open"), priority=True),
        Binding("q,escape", "close", N_("Back")),
        Binding("v", "replay", N_("Replay")),
        Binding("r", "rename", N_("Rename")),
        Binding("s", "sort", N_("Sort")),
        Binding("d,delete", "delete", N_("Delete")),
        Binding("n", "new", N_("New game")),  # last: a bar too narrow drops it first (the help and ^o list it)
    ]
    CSS_PATH = Path(__file__).with_name("saves_browser.tcss")

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.entries: list[SaveEntry] = []
        self.sort_by = 0

    def compose(self) -> ComposeResult:
        yield Prose(id="browser-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Prose(id="reason")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()

    async def recompose(self) -> None:
        """The table again in a new language, the cursor on the same save."""
        entry = self.current()
        await super().recompose()
        self.reload(keep=entry.path if entry else None)
        self.query_one(DataTable).focus()

    def on_resize(self, event: events.Resize) -> None:
        """Narrow or widen the columns to the new width (the row under the cursor stays)."""
        entry = self.current()
        self.reload(keep=entry.path if entry else None)

    def reload(self, keep: Path | None = None) -> None:
        self.entries = sorted(scan_saves(self.folder), key=lambda e: sort_key(e, SORTS[self.sort_by]))
        rows = [cells(entry) for entry in self.entries]
        widths = column_widths(self.size.width or self.app.size.width, rows)
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for name, width in widths.items():
            table.add_column(_(name), width=width, key=name)
        for index, row in enumerate(rows):
            table.add_row(*(fitted(row[name], width) for name, width in widths.items()), key=str(index))
        if keep is not None:
            for index, entry in enumerate(self.entries):
                if entry.path == keep:
                    table.move_cursor(row=index)
        readable = sum(isinstance(e, SaveSummary) for e in self.entries)
        games = ngettext("{n} game", "{n} games", readable).format(n=readable)
        broken = len(self.entries) - readable
        unreadable = ngettext("{n} unreadable", "{n} unreadable", broken).format(n=broken)
        sort = _(SORT_WORDS[SORTS[self.sort_by]])
        self.query_one("#browser-title", Static).update(
            " "
            + _("Saves in {folder}: {games}, {unreadable} · sorted by {sort}").format(
                folder=self.folder, games=games, unreadable=unreadable, sort=sort
            )
        )
        self.show_reason()

    def current(self) -> SaveEntry | None:
        """The save under the cursor; None while the table is not there. The key bar asks (through
        `check_action`) whenever it is placed, and under load it was placed once while the browser's
        table was not: the query's error ended the app, a player's game with it."""
        try:
            table = self.query_one(DataTable)
        except NoMatches:
            return None
        if not self.entries or table.cursor_row is None or table.cursor_row >= len(self.entries):
            return None
        return self.entries[table.cursor_row]

    def show_reason(self) -> None:
        entry = self.current()
        text = details(entry) if entry is not None else ""
        if not self.entries:
            text = _("No saves here yet: press n for a new game, q to go back.")
        reason = self.query_one("#reason", Static)
        reason.set_class(isinstance(entry, BrokenSave), "broken")
        reason.update(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_reason()
        self.refresh_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        entry = self.current()
        if action in ("open", "replay", "rename"):
            return True if isinstance(entry, SaveSummary) else None
        if action == "delete":
            return True if entry is not None else None
        return True

    def action_open(self) -> None:
        entry = self.current()
        if isinstance(entry, SaveSummary):
            self.dismiss(BrowserChoice("resume" if entry.resumable else "replay", entry.path))

    def action_replay(self) -> None:
        entry = self.current()
        if isinstance(entry, SaveSummary):
            self.dismiss(BrowserChoice("replay", entry.path))

    def action_sort(self) -> None:
        self.sort_by = (self.sort_by + 1) % len(SORTS)
        entry = self.current()
        self.reload(keep=entry.path if entry else None)

    def action_rename(self) -> None:
        entry = self.current()
        if not isinstance(entry, SaveSummary):
            return

        def renamed(title: str | None) -> None:
            if title is None:
                return
            try:
                rename_save(entry.path, title)
            except SaveError as error:
                self.notify(error.later.text(), severity="error")
            self.reload(keep=entry.path)

        self.app.push_screen(RenameScreen(entry.title), renamed)

    def action_delete(self) -> None:
        entry = self.current()
        if entry is None:
            return
        name = entry.title if isinstance(entry, SaveSummary) else entry.path.name

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                delete_save(entry.path)
            except SaveError as error:
                self.notify(error.later.text(), severity="error")
            else:
                self.notify(_("Deleted {file}").format(file=entry.path.name))
            self.reload()

        def question() -> str:
            return _("Delete '{name}' for good?").format(name=name) + f"\n{entry.path}"

        self.app.push_screen(ConfirmScreen(question), answered)

    def action_new(self) -> None:
        self.dismiss(BrowserChoice("new"))

    def action_close(self) -> None:
        self.dismiss(BrowserChoice("close"))
