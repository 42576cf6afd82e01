"""Textual's footer with its key descriptions in the player's language.

Key bindings are declared once, at class level, in English (`Binding("q",
"app.quit", N_("Quit"))`), so they cannot be translated where they are
written; the footer translates each description as it draws it. A game's
screen passes its own text domain first: a description is looked up there,
then in the shell's (the app's own keys: help, palette).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from codex_tui.i18n import TextDomain, translate_in
from codex_tui.i18n.text import DOMAIN, N_

LOOSE_KEY_CHROME = 3
"""Cells around a key and its description in Textual's footer, beyond their own (the compact style has 1)."""
PALETTE = N_("palette")
"""Textual's own description of the command palette key, drawn at the right of the bar."""


class KeyBar(Footer):
    """`Footer`, translated: `KeyBar(codex.text.DOMAIN)` on a Codex screen, `KeyBar()` in the shell."""

    def __init__(self, *domains: TextDomain, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.domains = (*domains, DOMAIN)

    def translate(self, description: str) -> str:
        return translate_in(description, self.domains)

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        needed = 0
        for widget in widgets:
            if isinstance(widget, FooterKey):
                widget.description = self.translate(widget.description)
                needed += cell_len(widget.key_display) + cell_len(widget.description) + LOOSE_KEY_CHROME
            elif isinstance(widget, FooterLabel):
                widget.update(self.translate(str(widget.content)))
        # Longer words (French) would push the last keys off a narrow screen: closer together first.
        self.compact = needed > (self.app.size.width or needed)
        yield from widgets
