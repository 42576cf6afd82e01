"""The offer to the players at a table whose player is gone: wait, or let a bot play their seat.

The server offers it (`absent` in its TABLE message, `codex_tui.server.absence`)
once an absent player's move has waited past the table's limit; any other
player at the table answers, and everyone is told. The bot plays the seat
only until its player is back. This screen is the shell's, not a game's: it
names the seat and the game's bot levels, nothing of the board.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select

from codex_tui.core.contract import GameModule
from codex_tui.i18n.dates import elapsed_text
from codex_tui.i18n.text import N_, _
from codex_tui.ui.paging import PageSafeSelect
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar

WAIT = "wait"
END = "end"
"""The third answer: the table ends where it stands, not rated."""


class AbsentOffer(ModalScreen[str | None]):
    """Dismissed with a bot level (a bot plays the seat), WAIT, END, or None (esc: decide later)."""

    BINDINGS = [
        Binding("b", "bot", N_("A bot plays")),
        Binding("w", "wait", N_("Wait")),
        Binding("e", "end", N_("End the table")),
        Binding("escape", "dismiss(None)", N_("Later")),
    ]
    CSS_PATH = Path(__file__).with_name("absent_offer.tcss")

    def __init__(
        self, module: GameModule, name: str, waited: float, levels: list[str], reason: str = "away", rated: bool = False
    ) -> None:
        """`reason`: 'away' (gone past the table's wait) or 'clock' (their time ran out); `rated`: the table
        is rated now (a bot in the seat ends that: docs/ratings.md)."""
        super().__init__()
        self.module = module
        self.absent_name = name
        self.waited = waited
        self.levels = levels
        self.reason = reason
        self.rated = rated

    def compose(self) -> ComposeResult:
        middle = "normal" if "normal" in self.levels else self.levels[len(self.levels) // 2] if self.levels else ""
        with Vertical(id="offer-box"):
            if self.reason == "clock":
                words = _(
                    "{name}'s time has run out; until you choose, their moves still count. A bot can play their "
                    "seat for the rest of the game (they take it back by leaving the table and coming back), "
                    "or you can wait: they play on, and you are asked again at their next move."
                )
            else:
                words = _(
                    "{name} has been away for {waited} and it is their move. "
                    "A bot can play their seat until they are back (they take it back as soon as they return), "
                    "or you can wait, or end the table where it stands (it is then not rated)."
                )
            yield Prose(words.format(name=self.absent_name, waited=elapsed_text(self.waited)))
            if self.rated:
                yield Prose(
                    _("If a bot plays {name}'s seat, this table is no longer rated.").format(name=self.absent_name)
                )
            with Horizontal(id="offer-level"):
                yield Label(_("Bot level"))
                choices = [(self.module.translate(level), level) for level in self.levels]
                yield PageSafeSelect(choices, value=middle, allow_blank=False, id="level", compact=True)
            with Vertical(id="offer-buttons"):
                yield Button(_("b: a bot plays"), id="bot", variant="primary", compact=True)
                yield Button(_("w: wait"), id="wait", compact=True)
                yield Button(_("e: end the table"), id="end", compact=True)
        yield KeyBar()

    def action_bot(self) -> None:
        self.dismiss(str(self.query_one("#level", Select).value))

    def action_wait(self) -> None:
        self.dismiss(WAIT)

    def action_end(self) -> None:
        self.dismiss(END)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"bot": self.action_bot, "wait": self.action_wait, "end": self.action_end}[str(event.button.id)]()
