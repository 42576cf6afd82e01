"""Network play before a game: the lobby, the new-table form, the waiting room.

These screens only show what the server sends (`TableInfo` rows) and post
what the player asks for; the remote app turns those messages into hub
requests. Nothing here holds a game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import var
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, OptionList
from textual.widgets.option_list import Option

from codex_tui.client.columns import fill_fitted
from codex_tui.client.passphrase import PassphraseChosen, PassphraseScreen
from codex_tui.client.ratings_page import PageRequested
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.i18n import LANGUAGES, language
from codex_tui.i18n.dates import elapsed_text
from codex_tui.i18n.spacing import held
from codex_tui.i18n.text import N_, _, ngettext
from codex_tui.protocol.messages import BOT_PREFIX, TURNS, SeatInfo, TableInfo
from codex_tui.storage.saves import HUMAN
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.chat_field import chat_words
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.shown_text import ShownText


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
    level, a player (and whether they are away; at a finished game nobody is), each
    with their rating at the game when the server sends one."""
    if seat.name is None:
        return _("(open)")
    rating = None if seat.rating is None else str(seat.rating)
    if seat.kind != HUMAN:
        level = module.translate(seat.kind[len(BOT_PREFIX) :])
        if rating is None:
            return _("{name} ({level})").format(name=seat.name, level=level)
        # Translators: a bot seat in the lobby: its name, its level, its level's rating.
        return _("{name} ({level}, {rating})").format(name=seat.name, level=level, rating=rating)
    away = not (seat.online or finished)
    if seat.stand_in is not None and not finished:
        # Translators: an absent player in the lobby whose seat a bot plays until they are back.
        return _("{name} (a bot plays for them)").format(name=seat.name)
    if rating is None:
        return _("{name} (away)").format(name=seat.name) if away else seat.name
    if away:
        # Translators: a player in the lobby with their rating, who is not connected to the table.
        return _("{name} ({rating}, away)").format(name=seat.name, rating=rating)
    # Translators: a player in the lobby with their rating at the table's game.
    return _("{name} ({rating})").format(name=seat.name, rating=rating)


def seats_text(info: TableInfo) -> str:
    """Who sits where; at a finished game nobody is 'away' (there is nothing to come back to)."""
    module = info.module
    return _(", ").join(held(seat_label(module, seat, finished=info.state == "over")) for seat in info.seats)


# Translators: after the game in a lobby row whose players may ask for hints.
HINTS_MARK = N_("hints")
# Translators: after the game in a lobby row whose result moves its players' ratings.
RATED_MARK = N_("rated")
# Translators: after the game in a lobby row of a turn-based table (players come and go).
TURNS_MARK = N_("turn-based")


def game_cell(info: TableInfo) -> str:
    """The Game column: the game and its options, then whether hints are allowed, the table is rated,
    it is turn-based."""
    text = info.game_text
    marks = [(info.hints, HINTS_MARK), (info.rated, RATED_MARK), (info.pace == TURNS, TURNS_MARK)]
    for shown, mark in marks:
        if shown:
            text = _("{game} · {hints}").format(game=text, hints=_(mark))
    return text


def your_move(info: TableInfo, viewer: str | None) -> bool:
    """It is `viewer`'s move at this table."""
    seats = [index for index, seat in enumerate(info.seats) if seat.name == viewer and seat.kind == HUMAN]
    return info.state == "playing" and any(seat in info.to_act for seat in seats)


def waiting_status(info: TableInfo) -> str:
    """How a table stands, as the lobby's State column says it. The server says it
    of a game under way (in this player's language); a table that waits is said here."""
    if info.state != "waiting":
        return info.status
    missing = sum(1 for seat in info.seats if seat.name is None)
    return ngettext("waiting for {n} player", "waiting for {n} players", missing).format(n=missing)


def row_cells(info: TableInfo, viewer: str | None = None) -> tuple[str, str, str, str]:
    """One lobby row: your live tables marked ▶, then the game (and `hints` when
    allowed), the seats, how it stands ("your move · 3 h" when it is `viewer`'s move).
    A finished game is marked ✓ and says so: it can only be replayed."""
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
    if info.pace == TURNS and your_move(info, viewer):  # at a real-time table the player is there already
        waited = elapsed_text(time.time() - info.since) if info.since else ""
        state = _("your move · {waited}").format(waited=waited) if waited else _("your move")
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


@dataclass(frozen=True)
class Listing:
    """What the lobby's list shows: the tables, the one under the cursor (its id), the width they fit."""

    tables: tuple[TableInfo, ...]
    current: int | None
    width: int
    player: str | None = None
    """Who reads it (their move is said in its rows)."""


class TablesList(DataTable[str]):
    """The lobby's list, drawn from its `listing`: filled again when the tables or the width change,
    the cursor moved when only the current table does."""

    listing: var[Listing | None] = var(None, init=False)

    def watch_listing(self, old: Listing | None, new: Listing | None) -> None:
        if new is None:
            return
        if old is None or (old.tables, old.width) != (new.tables, new.width):
            self.fill(new)
        ids = [info.id for info in new.tables]
        if new.current in ids and ids.index(new.current) != self.cursor_row:
            self.move_cursor(row=ids.index(new.current))

    def fill(self, listing: Listing) -> None:
        tables = listing.tables
        headers = [_(label) for label in COLUMNS]
        rows = [row_cells(info, listing.player) for info in tables]
        fill_fitted(self, headers, rows, [str(info.id) for info in tables], listing.width)


def lobby_hint(tables: tuple[TableInfo, ...]) -> str | Text:
    """The line over the list: what the keys do (or how to open the first table)."""
    if not tables:
        return _("No tables yet. Press n to open one: choose the game and the seats (players or bots).")
    return Text.assemble(
        _(
            "enter: sit at a table with an open seat, go back to your seat (▶), or watch a game; "
            "finished games (✓, listed last) open as replays; w: watch; n: new table; r: ratings"
        ),
        _("; '{hints}': its players may ask for hints (!)").format(hints=_(HINTS_MARK))
        if any(t.hints for t in tables)
        else "",
    )


class LobbyScreen(Screen[None]):
    """Every table on the server: yours first, then those with open seats.

    The remote app sets `tables` from the server's word; the cursor's table
    is `current`. What the widgets show is derived from those (and the width)."""

    BINDINGS = [
        Binding("n", "new_table", N_("New table")),
        Binding("enter", "choose", N_("Sit / back to your seat / replay"), show=True),
        Binding("w", "watch", N_("Watch")),
        Binding("r", "ratings", N_("Ratings")),
        Binding("l", "language", N_("Language")),
        Binding("p", "passphrase", N_("Passphrase")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),
    ]
    CSS_PATH = Path(__file__).with_name("lobby.tcss")

    tables: var[tuple[TableInfo, ...]] = var((), init=False)
    current: var[int | None] = var(None, init=False, bindings=True)
    """The id of the table under the cursor (None while there is none)."""
    columns: var[int] = var(80, init=False)
    """The terminal's width, which the columns fit (see `fit_widths`)."""
    # What the widgets show, derived from the above.
    listing: var[Listing] = var(Listing((), None, 80), init=False)
    hint: var[str | Text] = var("", init=False)
    preview: var[Text | None] = var(None, init=False)
    """Who sits at the current table and its last chat lines (`table_preview`); None hides it."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player
        self._derive()

    def compose(self) -> ComposeResult:
        screen = LobbyScreen
        self.columns = self.app.size.width
        self._derive()  # a recompose after a change of language: every part again, in the new language
        yield Prose(
            lobby_title(self.app.is_web).format(name=self.player, language=LANGUAGES.get(language(), language())),
            id="lobby-title",
        )
        yield ShownText(id="lobby-hint").data_bind(text=screen.hint)
        yield TablesList(id="tables", cursor_type="row", zebra_stripes=True).data_bind(screen.listing)
        yield ShownText(id="preview").data_bind(text=screen.preview)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(TablesList).focus()

    async def recompose(self) -> None:
        """New widgets (a change of language): the list keeps the focus (and the cursor its table)."""
        await super().recompose()
        for widget in self.query(TablesList):
            widget.focus()

    def watch_tables(self, old: tuple[TableInfo, ...], new: tuple[TableInfo, ...]) -> None:
        """The cursor stays on the table it was on, unless it was on the top row: that one
        is kept for your own tables, listed first."""
        at_top = not old or self.current in (None, old[0].id)
        stays = not at_top and any(info.id == self.current for info in new)
        self.set_reactive(LobbyScreen.current, self.current if stays else new[0].id if new else None)
        self._derive()
        self.refresh_bindings()

    def watch_current(self) -> None:
        self._derive()

    def watch_columns(self) -> None:
        self._derive()

    def _derive(self) -> None:
        self.listing = Listing(self.tables, self.current, self.columns, self.player)
        self.hint = lobby_hint(self.tables)
        info = self.selected()
        self.preview = None if info is None else table_preview(info, max(self.columns - 2, 10))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The cursor moved: its table is the current one (read from the list as it is now:
        a highlight queued before a refill names a row of the tables before it)."""
        row = self.query_one(TablesList).cursor_row
        self.current = self.tables[row].id if 0 <= row < len(self.tables) else None

    def on_resize(self, event: events.Resize) -> None:
        """The columns fit the new width (see `fit_widths`)."""
        self.columns = self.app.size.width

    def selected(self) -> TableInfo | None:
        return next((info for info in self.tables if info.id == self.current), None)

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

    def action_ratings(self) -> None:
        """Your page at the game under the cursor (the first game when there is none)."""
        info = self.selected()
        self.post_message(PageRequested(info.game if info is not None else registry.first_game(), None))

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
    CSS_PATH = Path(__file__).with_name("language.tcss")

    def compose(self) -> ComposeResult:
        with Vertical(id="language-box"):
            yield Prose(_("Language of your screens (remembered for your name):"))
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
