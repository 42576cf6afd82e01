"""The lobby's passphrase form: an SSH player opens the browser door for their name.

A name owned by an SSH key cannot sign in from a browser until its owner sets
a passphrase here (docs/web.md). The form checks what it can (length, the two
fields alike) so that a typo is caught before anything is sent; the server
checks again and answers with a notice.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from codex_tui.i18n.text import N_, _
from codex_tui.protocol.passphrase_rules import DIFFERENT, passphrase_problem
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar


class PassphraseChosen(Message):
    """The player set their browser passphrase (the app sends it to the server)."""

    def __init__(self, passphrase: str) -> None:
        super().__init__()
        self.passphrase = passphrase


class PassphraseScreen(ModalScreen[str | None]):
    """Two password fields; enter in the second sets, esc keeps the old one."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]
    CSS_PATH = Path(__file__).with_name("passphrase.tcss")

    def compose(self) -> ComposeResult:
        with Vertical(id="passphrase-box"):
            yield Prose(_("A passphrase lets you play as yourself from a web browser too."))
            yield Input(password=True, placeholder=_("Passphrase"), id="passphrase")
            yield Input(password=True, placeholder=_("Passphrase again"), id="again")
            yield Prose(id="passphrase-problem")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#passphrase", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "passphrase":
            self.query_one("#again", Input).focus()
            return
        first = self.query_one("#passphrase", Input).value
        problem = passphrase_problem(first)
        if problem is None and event.value != first:
            problem_text = _(DIFFERENT)
        elif problem is not None:
            problem_text = problem.text()
        else:
            self.dismiss(first)
            return
        self.query_one("#passphrase-problem", Static).update(problem_text)
        self.query_one("#again", Input).value = ""
        self.query_one("#passphrase", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
