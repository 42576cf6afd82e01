"""Network play before a game: the lobby, the new-table form, the waiting room.

These screens only show what the server sends (`TableInfo` rows) and post
what the player asks for; the remote app turns those messages into hub
requests. Nothing here holds a game.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Footer, Input, Label, Select, Static
from textual.widgets._select import SelectOverlay

from codex_tui.app.paging import PageSafeSelect
from codex_tui.app.screens.game_form import (
    GAME_CSS,
    bot_choices,
    chosen_game,
    field_id,
    game_rows,
    most_seats,
    player_count,
    rule_rows,
    seed,
    show_rows_for,
    variant,
    variant_words,
)
from codex_tui.app.screens.live import LiveScreen, drawing
from codex_tui.core import registry
from codex_tui.core.advice import HINT_LEVEL
from codex_tui.net.protocol import OPEN, CreateRequest, TableInfo
from codex_tui.storage.saves import HUMAN


class TableRequested(Message):
    """The player wants to sit at (or go back to) a table, or watch it."""

    def __init__(self, table: int, watch: bool) -> None:
        super().__init__()
        self.table = table
        self.watch = watch


class NewTableRequested(Message):
    pass


class ReplayRequested(Message):
    """The player wants to replay a finished table's game."""

    def __init__(self, table: int) -> None:
        super().__init__()
        self.table = table


COLUMNS = ("Table", "Game", "Players", "State")


def seats_text(info: TableInfo) -> str:
    """Who sits where; at a finished game nobody is 'away' (there is nothing to come back to)."""
    if info.state == "over":
        return ", ".join(seat.label if seat.kind != HUMAN else str(seat.name) for seat in info.seats)
    return ", ".join(seat.label for seat in info.seats)


HINTS_MARK = "hints"
"""After the game in a lobby row whose table allows hints."""
HINT_CHOICES: tuple[tuple[str, bool], ...] = (("Off", False), ("Allowed", True))
HINTS_HELP = "Default: off. Allowed: ! suggests a move."
"""The form's line under the Hints choice."""


def game_cell(info: TableInfo) -> str:
    """The Game column: the game and its options, then whether hints are allowed."""
    return f"{info.game_text} · {HINTS_MARK}" if info.hints else info.game_text


def hints_words(hints: bool) -> str:
    """How the waiting room says the table's hint option."""
    if hints:
        return f"Hints allowed: ! on your turn shows the {HINT_LEVEL} bot's move."
    return "Hints are off at this table."


def row_cells(info: TableInfo) -> tuple[str, str, str, str]:
    """One lobby row: your live tables marked ▶, then the game (and `hints` when
    allowed), the seats, how it stands. A finished game is marked ✓ and says so:
    it can only be replayed."""
    if info.state == "over":
        return (f"✓ #{info.id}", game_cell(info), seats_text(info), f"finished: {info.status} (replay)")
    mark = "▶ " if info.mine else "  "
    state = info.status if info.state != "playing" or not info.mine else f"{info.status} (your seat)"
    return (f"{mark}#{info.id}", game_cell(info), seats_text(info), state)


class LobbyScreen(LiveScreen[None]):
    """Every table on the server: yours first, then those with open seats."""

    BINDINGS = [
        Binding("n", "new_table", "New table"),
        Binding("enter", "choose", "Sit / back to your seat / replay", show=True),
        Binding("w", "watch", "Watch"),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-title { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    #lobby-hint { height: auto; padding: 0 1; color: $text-muted; }
    #tables { height: 1fr; }
    """

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player
        self.tables: list[TableInfo] = []

    def compose(self) -> ComposeResult:
        yield Static(f"codex-tui over SSH · you are {self.player}", id="lobby-title")
        yield Static(id="lobby-hint")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def show_tables(self, tables: list[TableInfo]) -> None:
        """Refill the list. The cursor stays on the table it was on, unless it
        was on the top row: that one is kept for your own tables, listed first."""
        at_top = not self.drawable or self.query_one(DataTable).cursor_row <= 0
        current = None if at_top else self.selected()
        self.tables = tables
        self.render_all(current)

    @drawing
    def render_all(self, current: TableInfo | None = None) -> None:
        widget = self.query_one(DataTable)
        tables = self.tables
        rows = [row_cells(info) for info in tables]
        widget.clear(columns=True)  # columns too: their widths would stay those of the first rows
        for index, label in enumerate(COLUMNS):
            # Explicit widths: DataTable measures rows lazily, when it is idle, and
            # a lobby refilled twice in a row sometimes kept the headers' widths.
            widget.add_column(label, width=max([cell_len(label), *(cell_len(row[index]) for row in rows)]))
        for info, cells in zip(tables, rows):
            widget.add_row(*cells, key=str(info.id))
        if current is not None:
            for row, info in enumerate(tables):
                if info.id == current.id:
                    widget.move_cursor(row=row)
        hint = self.query_one("#lobby-hint", Static)
        if not tables:
            hint.update("No tables yet. Press n to open one: choose the game and the seats (players or bots).")
        else:
            hint.update(
                Text.assemble(
                    "enter: sit at a table with an open seat, go back to your seat (▶), or watch a game; ",
                    "finished games (✓, listed last) open as replays; w: watch; n: new table",
                    f"; '{HINTS_MARK}': its players may ask for hints (!)" if any(t.hints for t in tables) else "",
                )
            )
        self.refresh_bindings()

    def selected(self) -> TableInfo | None:
        if not self.drawable or not self.tables:
            return None
        row = self.query_one(DataTable).cursor_row
        return self.tables[row] if 0 <= row < len(self.tables) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("choose", "watch"):
            return True if self.selected() is not None else None
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_choose()

    def action_choose(self) -> None:
        info = self.selected()
        if info is None:
            return
        if info.state == "over":
            self.post_message(ReplayRequested(info.id))
            return
        can_sit = info.mine or (info.state == "waiting" and any(s.name is None for s in info.seats))
        self.post_message(TableRequested(info.id, watch=not can_sit))

    def action_watch(self) -> None:
        info = self.selected()
        if info is not None and info.state == "over":
            self.post_message(ReplayRequested(info.id))
        elif info is not None:
            self.post_message(TableRequested(info.id, watch=True))

    def action_new_table(self) -> None:
        self.post_message(NewTableRequested())


FIELD_HELP = {
    "game": "Game: what the table plays; the rows below follow it.",
    "count": "Players: how many seats, yours included.",
    "seed": "Seed: empty for a random deal; a number deals the same game again.",
    "hints": f"Hints: off unless allowed; then ! on your turn shows the {HINT_LEVEL} bot's move.",
    "create": "Create: open the table (ctrl+s does it from any field).",
}
"""What the form's help line says while a field has the focus (seats and game options: `field_help`)."""
CHOOSING = "↑/↓, then enter: choose · esc: keep"
"""The help line while a drop-down list is open."""


def field_help(widget: Widget) -> str:
    """The help line for the focused `widget`: its field's label and what it is for.

    It also shows, in words, where the focus is: a player on a terminal
    without colours sees which field the keys go to, and so does a test."""
    if isinstance(widget, SelectOverlay):
        return CHOOSING
    key = str(widget.id)
    if key in FIELD_HELP:
        return FIELD_HELP[key]
    if key.startswith("kind-"):
        return f"Seat {key[5:]}: an open seat for a player who joins, or a bot."
    for module in registry.games():
        for field in module.variant_fields():
            if key == field_id(module.name, field):
                return f"{field.label}: {field.help}" if field.help else f"{field.label}."
    return ""


def seat_options(game: str) -> list[tuple[str, str]]:
    """An open seat or a bot of the game's own levels."""
    return [("Open seat: a player joins", OPEN), *bot_choices(game)]


class NewTableScreen(Screen[CreateRequest]):
    """The game, the seats after yours (players or bots), the game's own
    options, an optional seed, whether hints are allowed. The seat rows and
    options shown are the chosen game's (its player counts, bot levels and
    variant fields)."""

    BINDINGS = [Binding("ctrl+s", "create", "Create"), Binding("escape", "cancel", "Back")]
    DEFAULT_CSS = (
        """
    NewTableScreen { align: center middle; }
    #form { width: 70; max-width: 100%; height: auto; border: round $primary; padding: 0 1; }
    .field { height: 3; }
    .field Label { width: 14; padding: 1 0 0 0; }
    .field Input { width: 20; }
    .field Select { width: 1fr; }
    #hints-help { color: $text-muted; height: auto; padding: 0 0 0 14; }
    #field-help { dock: bottom; height: 1; margin: 0 0 1 0; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    #error { color: $error; height: auto; }
    #create { margin: 0 0 0 14; }
    """
        + GAME_CSS
    )

    def compose(self) -> ComposeResult:
        game = registry.DEFAULT_GAME
        options = seat_options(game)
        with Vertical(id="form"):
            yield Static("[b]New table[/b]   you take seat 1   tab: next field   enter: create   esc: back")
            yield from game_rows(game, "field", compact=False)
            for seat in range(2, most_seats() + 1):
                with Horizontal(classes="field", id=f"seat-{seat}"):
                    yield Label(f"Seat {seat}")
                    yield PageSafeSelect(options, value=OPEN, allow_blank=False, id=f"kind-{seat}")
            yield from rule_rows("field", compact=False)
            with Horizontal(classes="field"):
                yield Label("Hints")
                yield PageSafeSelect(HINT_CHOICES, value=False, allow_blank=False, id="hints")
            yield Static(HINTS_HELP, id="hints-help")
            yield Static(id="error")
            yield Button("Create", variant="primary", id="create")
        yield Static(id="field-help")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(show_rows_for(self, chosen_game(self)))
        self.query_one("#game", Select).focus()  # the first field: a first enter must not create a table

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.query_one("#field-help", Static).update(Text(f"› {field_help(event.widget)}"))

    def _show_seats(self, count: int) -> None:
        for seat in range(2, most_seats() + 1):
            self.query_one(f"#seat-{seat}").display = seat <= count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        if event.select.id == "game":
            self._game_chosen(chosen_game(self))

    def _game_chosen(self, game: str) -> None:
        """The game's own seat counts, bots and options."""
        self._show_seats(show_rows_for(self, game))
        options = seat_options(game)
        values = [value for _, value in options]
        for seat in range(2, most_seats() + 1):
            kind = self.query_one(f"#kind-{seat}", Select)
            old = kind.value
            kind.set_options(options)
            kind.value = old if old in values else OPEN

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_create()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_create()

    def settings(self) -> CreateRequest:
        """Read the form; ValueError says what to fix."""
        module = registry.game_named(chosen_game(self))
        count = player_count(self, module)
        others = tuple(str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(2, count + 1))
        hints = self.query_one("#hints", Select).value is True
        return CreateRequest(module.name, others, module.variant_to_dict(variant(self, module)), seed(self), hints)

    def action_create(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)

    def action_cancel(self) -> None:
        self.dismiss(None)


class WaitingScreen(LiveScreen[None]):
    """A table that has not started: who sits, who is still awaited."""

    BINDINGS = [Binding("escape,q", "app.quit", "Leave the table"), Binding("question_mark", "app.help", "Help")]
    DEFAULT_CSS = """
    WaitingScreen { align: center middle; }
    #waiting-box { width: 64; max-width: 100%; height: auto; border: round $primary; padding: 1 2; }
    """

    def __init__(self, info: TableInfo, seat: int) -> None:
        super().__init__()
        self.info = info
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="waiting-box"):
            yield Static(id="waiting-text")
        yield Footer()

    def show_table(self, info: TableInfo, seat: int) -> None:
        self.info, self.seat = info, seat
        self.render_all()

    @drawing
    def render_all(self) -> None:
        info, seat = self.info, self.seat
        text = Text(f"Table #{info.id}: {info.status}\n\n", style="bold")
        for index, entry in enumerate(info.seats):
            you = "  (you)" if index == seat else ""
            text.append(f"  Seat {index + 1}: {entry.label}{you}\n")
        rules = variant_words(info.module, info.variant)
        text.append(f"\n{rules}. The game starts when every seat is taken.\n")
        text.append(f"{hints_words(info.hints)}\n")
        text.append("Others join from the lobby. esc: leave the table (your seat opens again).", style="dim")
        self.query_one("#waiting-text", Static).update(text)
