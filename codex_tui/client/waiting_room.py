"""The waiting room of network play: a table that has not started, who sits and who is awaited.

It shows what the server last said of the table, and the table's chat, both
kept in reactives the remote app sets; the text is drawn from them.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import var
from textual.screen import Screen

from codex_tui.client.lobby import seat_label, waiting_status
from codex_tui.client.table_hints import table_hint_level
from codex_tui.i18n.text import N_, _
from codex_tui.protocol.messages import TURNS, TableInfo
from codex_tui.ui.line_breaks import break_lines
from codex_tui.ui.screens.game_form import variant_words
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.chat_field import CHAT_KEY, ChatNote
from codex_tui.ui.widgets.key_bar import KeyBar


def hints_words(info: TableInfo) -> str:
    """How the waiting room says the table's hint option (the level its pace asks)."""
    if info.hints:
        return _("Hints allowed: ! on your turn shows the {level} bot's move.").format(
            level=_(table_hint_level(info.pace))
        )
    return _("Hints are off at this table.")


WAITING_CHAT_ROWS = 4
"""Rows of the newest chat lines the waiting room shows (it fits 80x24 with a four-seat table)."""


def table_kind_words(info: TableInfo) -> str:
    """Whether the table is rated, and its pace, in a sentence."""
    rated = _("Rated: its result moves each player's rating.") if info.rated else _("Not rated.")
    if info.pace == TURNS:
        return _("{rated} Turn-based: nobody needs to stay; the lobby lists first where it is your move.").format(
            rated=rated
        )
    return rated


def spectator_chat_words(allowed: bool) -> str:
    """How the waiting room says the table's chat option."""
    if allowed:
        return _("Spectators may write in the chat.")
    return _("Spectators read the chat; only players write in it.")


class WaitingText(Prose):
    """The waiting room's words: the table (`info`, `seat`), then its newest chat lines."""

    info: var[TableInfo | None] = var(None, init=False)
    seat: var[int] = var(0, init=False)
    chat: var[tuple[ChatNote, ...]] = var((), init=False)
    """The table's chat, worded (`chat_field.chat_notes`)."""

    def watch_info(self) -> None:
        self.show()

    def watch_seat(self) -> None:
        self.show()

    def watch_chat(self) -> None:
        self.show()

    def show(self) -> None:
        info, seat = self.info, self.seat
        if info is None:
            return
        module = info.module
        text = Text(_("Table #{id}: {status}").format(id=info.id, status=waiting_status(info)) + "\n\n", style="bold")
        for index, entry in enumerate(info.seats):
            label = seat_label(module, entry)
            line = _("Seat {n}: {player} (you)") if index == seat else _("Seat {n}: {player}")
            text.append("  " + line.format(n=index + 1, player=label) + "\n")
        rules = variant_words(module, info.variant)
        text.append("\n" + _("{rules}. The game starts when every seat is taken.").format(rules=rules) + "\n")
        text.append(f"{hints_words(info)}\n")
        text.append(f"{spectator_chat_words(info.spectator_chat)}\n")
        text.append(f"{table_kind_words(info)}\n")
        text.append(_("Others join from the lobby. esc: leave the table (your seat opens again)."), style="dim")
        text.append(" " + _("{key}: chat with the table.").format(key=CHAT_KEY), style="dim")
        for row in self.chat_rows(self.content_size.width or 58):
            text.append("\n")
            text.append_text(row)
        self.update(text)

    def chat_rows(self, width: int) -> list[Text]:
        """The newest chat lines, wrapped to `width`, as many rows of them as `WAITING_CHAT_ROWS` (the newest whole)."""
        rows: list[Text] = []
        for _at, line in reversed(self.chat):
            wrapped = break_lines(Text(line), width)
            if rows and len(rows) + len(wrapped) > WAITING_CHAT_ROWS:
                break
            rows[:0] = wrapped
        return rows


class WaitingScreen(Screen[None]):
    """A table that has not started: who sits, who is still awaited. The remote app sets
    `info` and `seat` from the server's word, and `chat_notes` from the table's chat."""

    BINDINGS = [
        Binding("escape,q", "app.quit", N_("Leave the table")),
        Binding("question_mark", "app.help", N_("Help")),
    ]
    CSS_PATH = Path(__file__).with_name("waiting_room.tcss")

    info: var[TableInfo | None] = var(None, init=False)
    seat: var[int] = var(0, init=False)
    """The player's seat at the table (`SPECTATOR` for none)."""
    chat_notes: var[tuple[ChatNote, ...]] = var((), init=False)
    """The table's chat, worded (`chat_field.chat_notes`)."""

    def __init__(self, info: TableInfo, seat: int) -> None:
        super().__init__()
        self.info, self.seat = info, seat

    def compose(self) -> ComposeResult:
        screen = WaitingScreen
        with Vertical(id="waiting-box"):
            yield WaitingText(id="waiting-text").data_bind(screen.info, screen.seat, chat=screen.chat_notes)
        yield KeyBar()
