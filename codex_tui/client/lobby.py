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
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, Label, OptionList, Select, Static
from textual.widgets._select import SelectOverlay
from textual.widgets.option_list import Option

from codex_tui.client.passphrase import PassphraseChosen, PassphraseScreen
from codex_tui.core import registry
from codex_tui.core.advice import HINT_LEVEL
from codex_tui.core.contract import GameModule
from codex_tui.i18n import LANGUAGES, language
from codex_tui.i18n.text import N_, _, ngettext
from codex_tui.protocol.messages import BOT_PREFIX, OPEN, CreateRequest, SeatInfo, TableInfo
from codex_tui.storage.saves import HUMAN
from codex_tui.ui.paging import PageSafeSelect
from codex_tui.ui.screens.game_form import (
    FOCUS_CSS,
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
from codex_tui.ui.screens.live import LiveScreen, drawing
from codex_tui.ui.widgets.chat_field import CHAT_KEY, chat_words
from codex_tui.ui.widgets.key_bar import KeyBar


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


class LanguageChosen(Message):
    """The player chose the language of their screens (a key of `LANGUAGES`)."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code


# Translators: the lobby's column headers (keep them short: the lobby fits in 80 columns).
COLUMNS = (N_("Table"), N_("Game"), N_("Players"), N_("State"))


def seat_label(module: GameModule, seat: SeatInfo, finished: bool = False) -> str:
    """One seat as the lobby and the waiting room say it: an open seat, a bot and its
    level, a player (and whether they are away; at a finished game nobody is)."""
    if seat.name is None:
        return _("(open)")
    if seat.kind != HUMAN:
        return _("{name} ({level})").format(name=seat.name, level=module.translate(seat.kind[len(BOT_PREFIX) :]))
    if seat.online or finished:
        return seat.name
    return _("{name} (away)").format(name=seat.name)


def seats_text(info: TableInfo) -> str:
    """Who sits where; at a finished game nobody is 'away' (there is nothing to come back to)."""
    module = info.module
    return _(", ").join(seat_label(module, seat, finished=info.state == "over") for seat in info.seats)


# Translators: after the game in a lobby row whose players may ask for hints.
HINTS_MARK = N_("hints")
HINT_CHOICES: tuple[tuple[str, bool], ...] = ((N_("Off"), False), (N_("Allowed"), True))
SPECTATOR_CHAT_CHOICES: tuple[tuple[str, bool], ...] = (
    (N_("Read the chat"), False),
    (N_("Read and write in the chat"), True),
)
"""The new-table form's choice for spectators: players always read and write."""


def game_cell(info: TableInfo) -> str:
    """The Game column: the game and its options, then whether hints are allowed."""
    return _("{game} · {hints}").format(game=info.game_text, hints=_(HINTS_MARK)) if info.hints else info.game_text


def hints_words(hints: bool) -> str:
    """How the waiting room says the table's hint option."""
    if hints:
        return _("Hints allowed: ! on your turn shows the {level} bot's move.").format(level=_(HINT_LEVEL))
    return _("Hints are off at this table.")


def waiting_status(info: TableInfo) -> str:
    """How a table stands, as the lobby's State column says it. The server says it
    of a game under way (in this player's language); a table that waits is said here."""
    if info.state != "waiting":
        return info.status
    missing = sum(1 for seat in info.seats if seat.name is None)
    return ngettext("waiting for {n} player", "waiting for {n} players", missing).format(n=missing)


NARROWEST = 8
"""A lobby column is not squeezed below this many cells (a word or two per line)."""
TABLE_EDGES = 2
"""Cells of a lobby row that are not its columns' text: the vertical scroll bar."""


def fit_widths(natural: list[int], room: int) -> list[int]:
    """Column widths that fit in `room` cells: the widest column gives up a cell until they
    fit (its cells wrap onto more lines), none below `NARROWEST` or its natural width.
    French and Chinese rows are wider than English ones; a row cut off at the right
    would hide who sits there or how the game stands."""
    widths = list(natural)
    while sum(widths) > room:
        widest = max(range(len(widths)), key=lambda index: widths[index])
        if widths[widest] <= NARROWEST:
            break
        widths[widest] -= 1
    return widths


def row_cells(info: TableInfo) -> tuple[str, str, str, str]:
    """One lobby row: your live tables marked ▶, then the game (and `hints` when
    allowed), the seats, how it stands. A finished game is marked ✓ and says so:
    it can only be replayed."""
    status = waiting_status(info)
    if info.state == "over":
        return (
            f"✓ #{info.id}",
            game_cell(info),
            seats_text(info),
            _("finished: {status} (replay)").format(status=status),
        )
    mark = "▶ " if info.mine else "  "
    state = status if info.state != "playing" or not info.mine else _("{status} (your seat)").format(status=status)
    return (f"{mark}#{info.id}", game_cell(info), seats_text(info), state)


def lobby_title(in_browser: bool) -> str:
    """The lobby's title line, for the door the player came through (to format with name and language)."""
    if in_browser:
        return _("codex-tui in your browser · you are {name} · {language}")
    return _("codex-tui over SSH · you are {name} · {language}")


def table_preview(info: TableInfo, width: int) -> Text:
    """The lobby's preview of a table: its players, then its last chat lines (each on one line,
    cut to `width` cells: a preview, the table itself shows them whole)."""
    rows = [Text(_("At this table: {players}").format(players=seats_text(info)), style="bold")]
    if info.chat:
        rows += [Text(chat_words(line)) for line in info.chat]
    else:
        rows.append(Text(_("Nobody has said anything at this table yet."), style="dim"))
    for row in rows:
        row.truncate(width, overflow="ellipsis")
    return Text("\n").join(rows)


class LobbyScreen(LiveScreen[None]):
    """Every table on the server: yours first, then those with open seats."""

    BINDINGS = [
        Binding("n", "new_table", N_("New table")),
        Binding("enter", "choose", N_("Sit / back to your seat / replay"), show=True),
        Binding("w", "watch", N_("Watch")),
        Binding("l", "language", N_("Language")),
        Binding("p", "passphrase", N_("Passphrase")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),
    ]
    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-title { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    #lobby-hint { height: auto; padding: 0 1; color: $text-muted; }
    #tables { height: 1fr; }
    #preview { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    """

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player
        self.tables: list[TableInfo] = []

    def compose(self) -> ComposeResult:
        yield Static(
            lobby_title(self.app.is_web).format(name=self.player, language=LANGUAGES.get(language(), language())),
            id="lobby-title",
        )
        yield Static(id="lobby-hint")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static(id="preview")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_preview()

    @drawing
    def show_preview(self) -> None:
        """Below the list: who sits at the highlighted table and its last chat lines (`table_preview`)."""
        preview = self.query_one("#preview", Static)
        info = self.selected()
        preview.display = info is not None
        if info is not None:
            preview.update(table_preview(info, max(self.size.width - 2, 10)))

    async def recompose(self) -> None:
        """New widgets (a change of language): the cursor stays on its table, the list keeps the focus.
        (A lobby arriving meanwhile is kept and drawn after: see `LiveScreen.recompose`.)"""
        current = self.selected()
        await super().recompose()
        if self.drawable:
            self.render_all(current)
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
        headers = [_(label) for label in COLUMNS]
        # Explicit widths: DataTable measures rows lazily, when it is idle, and
        # a lobby refilled twice in a row sometimes kept the headers' widths.
        natural = [
            max([cell_len(header), *(cell_len(row[index]) for row in rows)]) for index, header in enumerate(headers)
        ]
        room = self.app.size.width - TABLE_EDGES - 2 * widget.cell_padding * len(headers)
        widths = fit_widths(natural, room)
        for header, width in zip(headers, widths):
            widget.add_column(header, width=width)
        squeezed = widths != natural
        for info, cells in zip(tables, rows):
            widget.add_row(*cells, key=str(info.id), height=None if squeezed else 1)
        if current is not None:
            for row, info in enumerate(tables):
                if info.id == current.id:
                    widget.move_cursor(row=row)
        hint = self.query_one("#lobby-hint", Static)
        if not tables:
            hint.update(_("No tables yet. Press n to open one: choose the game and the seats (players or bots)."))
        else:
            hint.update(
                Text.assemble(
                    _(
                        "enter: sit at a table with an open seat, go back to your seat (▶), or watch a game; "
                        "finished games (✓, listed last) open as replays; w: watch; n: new table"
                    ),
                    _("; '{hints}': its players may ask for hints (!)").format(hints=_(HINTS_MARK))
                    if any(t.hints for t in tables)
                    else "",
                )
            )
        self.show_preview()
        self.refresh_bindings()

    def on_resize(self, event: events.Resize) -> None:
        """The columns fit the new width (see `fit_widths`)."""
        self.render_all(self.selected())

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

    def action_language(self) -> None:
        def chosen(code: str | None) -> None:
            if code is not None and code != language():
                self.post_message(LanguageChosen(code))

        self.app.push_screen(LanguageScreen(), chosen)

    def action_passphrase(self) -> None:
        """The browser passphrase form (docs/web.md); what it sets goes to the server."""

        def chosen(passphrase: str | None) -> None:
            if passphrase is not None:
                self.post_message(PassphraseChosen(passphrase))

        self.app.push_screen(PassphraseScreen(), chosen)


class LanguageScreen(ModalScreen[str | None]):
    """The languages, each named in itself (a player lost in a language they cannot
    read still finds theirs); the one in use is marked. Enter chooses, esc keeps."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]
    DEFAULT_CSS = """
    LanguageScreen { align: center middle; }
    #language-box { width: 40; max-width: 100%; height: auto; border: round $primary; padding: 0 1; }
    #languages { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="language-box"):
            yield Static(_("Language of your screens (remembered for your name):"))
            yield OptionList(
                *(Option(f"{'● ' if code == language() else '  '}{name}", id=code) for code, name in LANGUAGES.items()),
                id="languages",
            )
        yield KeyBar()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = list(LANGUAGES).index(language()) if language() in LANGUAGES else 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


FIELD_HELP = {
    "game": N_("Game: what the table plays; the rows below follow it."),
    "count": N_("Players: how many seats, yours included."),
    "seed": N_("Seed: empty for a random deal; a number deals the same game again."),
    "hints": N_("Hints: off by default; allowed, ! on your turn shows the {level} bot's move."),
    "spectator-chat": N_("Spectators: whether those who watch may write in the table's chat too."),
    "create": N_("Create: open the table (ctrl+s does it from any field)."),
}
"""What the form's help line says while a field has the focus (seats and game options: `field_help`)."""
CHOOSING = N_("↑/↓, then enter: choose · esc: keep")
"""The help line while a drop-down list is open."""


def field_help(widget: Widget) -> str:
    """The help line for the focused `widget`: its field's label and what it is for.

    It also shows, in words, where the focus is: a player on a terminal
    without colours sees which field the keys go to, and so does a test."""
    if isinstance(widget, SelectOverlay):
        return _(CHOOSING)
    key = str(widget.id)
    if key in FIELD_HELP:
        return _(FIELD_HELP[key]).format(level=_(HINT_LEVEL))
    if key.startswith("kind-"):
        return _("Seat {n}: an open seat for a player who joins, or a bot.").format(n=key[5:])
    for module in registry.games():
        for field in module.variant_fields():
            if key == field_id(module.name, field):
                label = module.translate(field.label)
                if field.help:
                    return _("{field}: {help}").format(field=label, help=module.translate(field.help))
                return _("{field}.").format(field=label)
    return ""


def spectator_chat_row() -> ComposeResult:
    """The form's row for the table's chat option: may spectators write (they always read)."""
    with Horizontal(classes="field"):
        yield Label(_("Spectators"))
        choices = [(_(label), value) for label, value in SPECTATOR_CHAT_CHOICES]
        yield PageSafeSelect(choices, value=False, allow_blank=False, id="spectator-chat", compact=True)


def seat_options(game: str) -> list[tuple[str, str]]:
    """An open seat or a bot of the game's own levels."""
    return [(_("Open seat: a player joins"), OPEN), *bot_choices(game)]


class NewTableScreen(Screen[CreateRequest]):
    """The game, the seats after yours (players or bots), the game's own
    options, an optional seed, whether hints are allowed. The seat rows and
    options shown are the chosen game's (its player counts, bot levels and
    variant fields)."""

    BINDINGS = [Binding("ctrl+s", "create", N_("Create")), Binding("escape", "cancel", N_("Back"))]
    DEFAULT_CSS = (
        """
    NewTableScreen { align: center middle; }
    #form { width: 76; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto; border: round $primary;
            padding: 0 1; }
    .field { height: 1; margin: 0 0 1 0; }
    .field Label { width: auto; min-width: 14; padding: 0 1 0 0; }
    .field Input { width: 20; }
    .field Select { width: 1fr; }
    #form-title { margin: 0 0 1 0; }
    #field-help { dock: bottom; height: auto; margin: 0 0 1 0; padding: 0 1; }
    #error { color: $error; height: auto; }
    #create { margin: 0 0 0 14; }
    """
        + FOCUS_CSS
        + GAME_CSS
    )

    def compose(self) -> ComposeResult:
        game = registry.first_game()
        options = seat_options(game)
        with Vertical(id="form"):
            yield Static(
                Text.assemble(
                    (_("New table"), "bold"), "   ", _("you take seat 1   tab: next field   enter: create   esc: back")
                ),
                id="form-title",
            )
            yield from game_rows(game, "field", compact=True)
            for seat in range(2, most_seats() + 1):
                with Horizontal(classes="field", id=f"seat-{seat}"):
                    yield Label(_("Seat {n}").format(n=seat))
                    yield PageSafeSelect(options, value=OPEN, allow_blank=False, id=f"kind-{seat}", compact=True)
            yield from rule_rows("field", compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Hints"))
                choices = [(_(label), value) for label, value in HINT_CHOICES]
                yield PageSafeSelect(choices, value=False, allow_blank=False, id="hints", compact=True)
            yield from spectator_chat_row()
            yield Static(id="error")
            yield Button(_("Create"), variant="primary", id="create", compact=True)
        yield Static(id="field-help")
        yield KeyBar()

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
        chat = self.query_one("#spectator-chat", Select).value is True
        return CreateRequest(
            module.name, others, module.variant_to_dict(variant(self, module)), seed(self), hints, chat
        )

    def action_create(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)

    def action_cancel(self) -> None:
        self.dismiss(None)


WAITING_CHAT_ROWS = 4
"""Rows of the newest chat lines the waiting room shows (it fits 80x24 with a four-seat table)."""


def spectator_chat_words(allowed: bool) -> str:
    """How the waiting room says the table's chat option."""
    if allowed:
        return _("Spectators may write in the chat.")
    return _("Spectators read the chat; only players write in it.")


class WaitingScreen(LiveScreen[None]):
    """A table that has not started: who sits, who is still awaited."""

    BINDINGS = [
        Binding("escape,q", "app.quit", N_("Leave the table")),
        Binding("question_mark", "app.help", N_("Help")),
    ]
    DEFAULT_CSS = """
    WaitingScreen { align: center middle; }
    #waiting-box { width: 64; max-width: 100%; height: auto; border: round $primary; padding: 1 2; }
    """

    def __init__(self, info: TableInfo, seat: int) -> None:
        super().__init__()
        self.info = info
        self.seat = seat
        self.chat: tuple[tuple[int, str], ...] = ()
        """The table's chat, worded (`chat_field.chat_notes`)."""

    def show_chat(self, notes: tuple[tuple[int, str], ...]) -> None:
        self.chat = notes
        self.render_all()

    def compose(self) -> ComposeResult:
        with Vertical(id="waiting-box"):
            yield Static(id="waiting-text")
        yield KeyBar()

    def show_table(self, info: TableInfo, seat: int) -> None:
        self.info, self.seat = info, seat
        self.render_all()

    @drawing
    def render_all(self) -> None:
        info, seat = self.info, self.seat
        module = info.module
        text = Text(_("Table #{id}: {status}").format(id=info.id, status=waiting_status(info)) + "\n\n", style="bold")
        for index, entry in enumerate(info.seats):
            label = seat_label(module, entry)
            line = _("Seat {n}: {player} (you)") if index == seat else _("Seat {n}: {player}")
            text.append("  " + line.format(n=index + 1, player=label) + "\n")
        rules = variant_words(module, info.variant)
        text.append("\n" + _("{rules}. The game starts when every seat is taken.").format(rules=rules) + "\n")
        text.append(f"{hints_words(info.hints)}\n")
        text.append(f"{spectator_chat_words(info.spectator_chat)}\n")
        text.append(_("Others join from the lobby. esc: leave the table (your seat opens again)."), style="dim")
        text.append(" " + _("{key}: chat with the table.").format(key=CHAT_KEY), style="dim")
        widget = self.query_one("#waiting-text", Static)
        for row in self.chat_rows(widget.content_size.width or 58):
            text.append("\n")
            text.append_text(row)
        widget.update(text)

    def chat_rows(self, width: int) -> list[Text]:
        """The newest chat lines, wrapped to `width`, as many rows of them as `WAITING_CHAT_ROWS` (the newest whole)."""
        rows: list[Text] = []
        for _at, line in reversed(self.chat):
            wrapped = list(Text(line).wrap(self.app.console, width))
            if rows and len(rows) + len(wrapped) > WAITING_CHAT_ROWS:
                break
            rows[:0] = wrapped
        return rows
