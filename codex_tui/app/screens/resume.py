"""The screen codex-tui opens on when an unfinished game waits: resume it, or start a new one."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen

from codex_tui.app.resume import describe_save
from codex_tui.i18n.text import N_, _
from codex_tui.storage.catalog import SaveSummary
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar


class ResumeScreen(Screen[bool]):
    """Offers the most recent unfinished game; True resumes it."""

    BINDINGS = [
        Binding("enter,r", "resume", N_("Resume")),
        Binding("n", "new", N_("New game")),
        Binding("q", "app.quit", N_("Quit")),
    ]
    CSS_PATH = Path(__file__).with_name("resume.tcss")

    def __init__(self, summary: SaveSummary) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Prose(
                Text.assemble(
                    (_("Resume your last game?"), "bold"),
                    "\n\n",
                    describe_save(self.summary),
                    "\n\n",
                    _("enter: resume   n: new game   q: quit"),
                )
            )
        yield KeyBar()

    def action_resume(self) -> None:
        self.dismiss(True)

    def action_new(self) -> None:
        self.dismiss(False)
