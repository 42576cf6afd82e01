"""The saves browser: every file of a saves folder in a sortable table.

A file that cannot be read is listed with the reason (never hidden, never a
crash). Enter resumes an unfinished game or replays a finished one; `v`
replays any readable game; rename and delete ask first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Input, Static

from ...storage.catalog import BrokenSave, SaveEntry, SaveSummary, delete_save, rename_save, scan_saves
from ...storage.saves import SaveError

COLUMNS = ("Title", "Players", "Scores", "Turn", "Status", "Saved", "Target")
SORTS = ("saved", "title", "status", "turn")


@dataclass(frozen=True)
class BrowserChoice:
    """What the player picked: `action` is 'resume', 'replay' or 'new'."""

    action: str
    path: Path | None = None


def when(entry: SaveEntry) -> str:
    """The save's time in local time, for the table (file time when the save has none)."""
    if isinstance(entry, SaveSummary) and entry.saved_at:
        try:
            return datetime.fromisoformat(entry.saved_at).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            pass
    return datetime.fromtimestamp(entry.file.modified).strftime("%Y-%m-%d %H:%M") if entry.file.modified else "?"


def players_text(entry: SaveSummary) -> str:
    parts = []
    for name, kind in zip(entry.players, entry.kinds):
        parts.append(name if kind == "human" else f"{name} ({kind.removeprefix('bot:')})")
    return ", ".join(parts)


def status_text(entry: SaveSummary) -> Text:
    if not entry.finished:
        return Text("in progress", style="bold green")
    winners = " & ".join(entry.winner_names)
    return Text(f"over: {winners} won", style="dim")


def sort_key(entry: SaveEntry, column: str) -> tuple[object, ...]:
    broken = isinstance(entry, BrokenSave)
    if column == "title":
        return (broken, entry.title.lower() if isinstance(entry, SaveSummary) else entry.path.name)
    if column == "status":
        return (broken, entry.finished if isinstance(entry, SaveSummary) else True, -entry.file.modified)
    if column == "turn":
        return (broken, -(entry.turn if isinstance(entry, SaveSummary) else 0))
    return (-entry.file.modified,)


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    #confirm-box { width: 64; height: auto; border: heavy $error; padding: 1 2; background: $panel; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(f"{self.question}\n\n[b]y[/b]: yes   [b]n[/b]: no")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class RenameScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    RenameScreen { align: center middle; }
    #rename-box { width: 70; height: auto; border: round $primary; padding: 0 1; background: $panel; }
    """

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="rename-box"):
            yield Static("New title (enter: keep it, esc: cancel, empty: the player names)")
            yield Input(value=self.title_text, max_length=100, id="title")

    def on_mount(self) -> None:
        """Select the old title, so typing replaces it."""
        title = self.query_one(Input)
        title.focus()
        title.action_select_all()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SavesBrowser(Screen[BrowserChoice]):
    BINDINGS = [
        Binding("enter", "open", "Resume/replay", priority=True),
        Binding("v", "replay", "Replay"),
        Binding("s", "sort", "Sort"),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
        Binding("n", "new", "New game"),
        Binding("escape,q", "close", "Back"),
    ]
    DEFAULT_CSS = """
    SavesBrowser { layout: vertical; }
    #browser-title { height: 1; background: $boost; }
    #saves { height: 1fr; }
    #reason { height: auto; max-height: 4; color: $error; }
    """

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.entries: list[SaveEntry] = []
        self.sort_by = 0

    def compose(self) -> ComposeResult:
        yield Static(id="browser-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static(id="reason")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        self.reload()
        table.focus()

    def reload(self, keep: Path | None = None) -> None:
        self.entries = sorted(scan_saves(self.folder), key=lambda e: sort_key(e, SORTS[self.sort_by]))
        table = self.query_one(DataTable)
        table.clear()
        for index, entry in enumerate(self.entries):
            row: tuple[str | Text, ...]
            if isinstance(entry, SaveSummary):
                scores = ", ".join(str(s) for s in (entry.totals or entry.scores))
                row = (
                    entry.title,
                    players_text(entry),
                    scores,
                    str(entry.turn),
                    status_text(entry),
                    when(entry),
                    str(entry.target_score),
                )
            else:
                row = (
                    Text(entry.path.name, style="red"),
                    Text("cannot be read", style="red"),
                    "",
                    "",
                    Text("unreadable", style="red"),
                    when(entry),
                    "",
                )
            table.add_row(*row, key=str(index))
        if keep is not None:
            for index, entry in enumerate(self.entries):
                if entry.path == keep:
                    table.move_cursor(row=index)
        readable = sum(isinstance(e, SaveSummary) for e in self.entries)
        self.query_one("#browser-title", Static).update(
            f" Saves in {self.folder}: {readable} game(s), {len(self.entries) - readable} unreadable"
            f" · sorted by {SORTS[self.sort_by]}"
        )
        self.show_reason()

    def current(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row is None or table.cursor_row >= len(self.entries):
            return None
        return self.entries[table.cursor_row]

    def show_reason(self) -> None:
        entry = self.current()
        text = entry.reason if isinstance(entry, BrokenSave) else ""
        if not self.entries:
            text = "No saves here yet: press n for a new game."
        self.query_one("#reason", Static).update(text)

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
                self.notify(str(error), severity="error")
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
                self.notify(str(error), severity="error")
            else:
                self.notify(f"Deleted {entry.path.name}")
            self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete '{name}' for good?\n{entry.path}"), answered)

    def action_new(self) -> None:
        self.dismiss(BrowserChoice("new"))

    def action_close(self) -> None:
        self.dismiss(BrowserChoice("close"))
