"""A yes-or-no question over the screen: deleting a save, leaving a tutorial half way."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen

from codex_tui.i18n.text import N_, _
from codex_tui.ui.widgets.broken_text import Prose


class ConfirmScreen(ModalScreen[bool]):
    """True for y; n or esc is no (an esc pressed twice by mistake takes nothing away)."""

    BINDINGS = [Binding("y", "answer(True)", N_("Yes")), Binding("n,escape", "answer(False)", N_("No"))]
    CSS_PATH = Path(__file__).with_name("confirm.tcss")

    def __init__(self, question: Callable[[], str]) -> None:
        """`question` writes the question (at each compose: in the language of the moment)."""
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Prose(Text.assemble(self.question(), "\n\n", Text.from_markup(_("[b]y[/b]: yes   [b]n[/b]: no"))))

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
