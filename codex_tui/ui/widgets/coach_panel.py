"""The tutorial's words over whatever screen the guided game is on, and the tint on what they point at.

A tutorial step has to be read while the move it asks for is on show, on the
game screen, a set-up screen or the game-over bar alike; so the panel is
docked at the top of the screen on top (it takes its lines from the screen
below it, never covers the board), and each screen gets its own. The widgets
a step points at (the market, the score track) are tinted in the warning
colour, which moves nothing and hides nothing (an outline drew over the
edge rows of the board and the whole of a two-line status); the step's words
name the place too, for a terminal without colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.screen import Screen

from codex_tui.i18n.spacing import tidy_spacing_text
from codex_tui.i18n.text import _
from codex_tui.ui.widgets.broken_text import Prose

POINTED = "tutorial-pointed"
"""The class of a widget a step points at (the app's stylesheet tints it)."""
POINTED_CSS = f".{POINTED} {{ tint: $warning 20%; }}"
COACHED = "-coached"
"""The class of a screen the panel is on: a game screen may give back the rows it keeps for notices."""


@dataclass(frozen=True)
class Coaching:
    """One step as drawn: its title ("Tutorial · step 3 of 12"), its words, the keys, what it points at."""

    title: str
    text: str
    keys: str
    point_at: tuple[str, ...] = ()


class CoachPanel(Prose):
    """The step in as few rows as it takes: its title in bold leads the words (no box round them:
    at 80x24 a box's two rows were the board's last row), a bar on the left sets it apart."""

    DEFAULT_CLASSES = "-textual-system"
    """As Textual's own overlays (notices, scrollbars): a screen's recompose (a change of language) keeps
    it, where it removed the panel just mounted when the app's redraw came after it (a race under load)."""

    DEFAULT_CSS = """
    CoachPanel {
        dock: top;
        width: 100%;
        height: auto;
        padding: 0 1;
        border-left: thick $warning;
        background: $panel;
        color: $text;
    }
    """

    def show(self, coaching: Coaching) -> None:
        # Translators: the tutorial panel's lead, in bold before the step's words: "Tutorial · step 3 of 12
        # (esc: leave the tutorial) —" (the dash parts it from the words where bold does not show).
        title = _("{title} ({keys}) —").format(title=coaching.title, keys=coaching.keys)
        self.update(tidy_spacing_text(Text.assemble((title, "bold"), " ", coaching.text)))  # zh: no space after ）


def show_coaching(screen: Screen[object], coaching: Coaching | None) -> None:
    """Put `coaching` at the top of `screen` (None: take the panel and the tints away)."""
    for widget in screen.query(f".{POINTED}"):
        widget.remove_class(POINTED)
    panels = screen.query(CoachPanel)
    screen.set_class(coaching is not None, COACHED)
    if coaching is None:
        panels.remove()
        return
    if panels:
        panels.first().show(coaching)
    else:
        panel = CoachPanel()
        screen.mount(panel)
        panel.show(coaching)
    for widget_id in coaching.point_at:
        for widget in screen.query(f"#{widget_id}"):
            widget.add_class(POINTED)
