"""Leaving a game its save does not hold: the player chooses; the app never drops the game alone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from codex_tui.i18n.text import N_, _
from codex_tui.storage.saves import SaveError
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar

QUIT_KEYS = N_("enter: try saving again   x: quit without saving   esc: back to the game")
LEAVE_KEYS = N_("enter: try saving again   x: leave this game without saving   esc: back to the game")


class UnsavedScreen(ModalScreen[bool]):
    """The game's last autosave failed and the player asked to quit, or to leave it for another game.

    Returns True to go on leaving (the save was written this time, or the player chose to lose what
    it lacks), False to stay with the game, which goes on in memory."""

    BINDINGS = [
        Binding("enter,r", "retry", N_("Try again")),
        Binding("x", "discard", N_("Leave unsaved")),
        Binding("escape", "back", N_("Back to the game")),
    ]
    CSS_PATH = Path(__file__).with_name("unsaved.tcss")

    def __init__(self, problem: SaveError, retry: Callable[[], SaveError | None], quitting: bool) -> None:
        """`retry` writes the save again: None once it is written, else why not."""
        super().__init__()
        self.problem = problem
        self.retry = retry
        self.quitting = quitting
        self.tries = 0
        """Failed tries made here: the text says the last one failed too."""

    def compose(self) -> ComposeResult:
        with Vertical(id="unsaved-box"):
            yield Prose(self.body(), id="unsaved-text")
        yield KeyBar()

    def body(self) -> Text:
        title = _("This game is not saved.") if self.tries == 0 else _("Still not saved.")
        return Text.assemble(
            (title, "bold"),
            "\n\n",
            self.problem.later.text(),
            "\n\n",
            _("Its last moves are only in memory: leaving without a save loses them."),
            "\n\n",
            _(QUIT_KEYS if self.quitting else LEAVE_KEYS),
        )

    def action_retry(self) -> None:
        problem = self.retry()
        if problem is None:
            self.dismiss(True)
            return
        self.problem = problem
        self.tries += 1
        self.query_one("#unsaved-text", Static).update(self.body())

    def action_discard(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)
