"""The one-line chat field of a network table, and how a chat line is worded on screen.

The field is a modal bar over the bottom of whatever the table shows (a game of
any kind, the waiting room, the game-over bar), like the game-over bar: the
board, the scores and the log stay in view above it while the player types,
and no key reaches the game underneath until it closes. Closed, it takes no
key at all: the app opens it with its own binding (`RemoteApp`), so a game's
keys are never in its way. Enter sends what was typed (and closes), esc closes.

The server checks every line (`codex_tui.server.chat`); the field only spares the
player a round trip for a line too long, and keeps what they typed then.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input

from codex_tui.i18n.text import N_, _
from codex_tui.protocol.chat_line import MAX_LENGTH, ChatLine, clean_text
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar

CHAT_KEY = "t"
"""Free in the lobby, the waiting room and every game's screens (`c` centres Codex's board)."""
ChatNote = tuple[int, str]
"""A chat line as a game's log shows it: (moves played when it was said, 'HH:MM ada: text')."""


def chat_words(line: ChatLine) -> str:
    """'12:03 ada: good luck' (the server's clock, UTC)."""
    return _("{time} {name}: {text}").format(time=line.time, name=line.name, text=line.text)


def chat_notes(lines: Iterable[ChatLine]) -> tuple[ChatNote, ...]:
    """The lines for a game's log, each with the moment it goes after."""
    return tuple((line.at, chat_words(line)) for line in lines)


def notes_at(notes: Sequence[ChatNote], index: int, end: int) -> list[str]:
    """The notes that go before log entry `index` (after `index` entries); at the `end` (the log's
    length) also those said after the last entry the log shows."""
    return [text for at, text in notes if at == index or (index == end and at > end)]


class ChatField(ModalScreen[str | None]):
    """Returns the text to send, or None (esc)."""

    BINDINGS = [Binding("escape", "close", N_("Close"))]
    CSS_PATH = Path(__file__).with_name("chat_field.tcss")

    def __init__(self, may_write: bool = True) -> None:
        """`may_write`: False for a spectator at a table whose creator did not let them chat
        (the field still takes the commands, such as /mute)."""
        super().__init__()
        self.may_write = may_write

    def compose(self) -> ComposeResult:
        if self.may_write:
            words = _("Say it to the table · enter: send · esc: close · /mute NAME")
        else:
            words = _("Spectators only read here · /mute NAME, /unmute NAME · esc: close")
        with Vertical(id="chat-bar"):
            with Horizontal(id="chat-line"):  # the label stays once the hint gives way to the typed text
                yield Prose(_("Chat") + " ›", id="chat-label")
                yield Input(placeholder=words, id="chat-input", compact=True)
            yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = clean_text(event.value)
        if len(text) > MAX_LENGTH:
            self.notify(
                _("A chat line holds {most} characters; yours has {count}.").format(most=MAX_LENGTH, count=len(text)),
                severity="warning",
            )
            return
        self.dismiss(text or None)

    def action_close(self) -> None:
        self.dismiss(None)
