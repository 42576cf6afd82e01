"""Textual's footer with its key descriptions in the player's language.

Key bindings are declared once, at class level, in English (`Binding("q",
"app.quit", N_("Quit"))`), so they cannot be translated where they are
written; the footer translates each description as it draws it. A game's
screen passes its own text domain first: a description is looked up there,
then in the shell's (the app's own keys: help, palette).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from codex_tui.i18n import TextDomain, translate_in
from codex_tui.i18n.text import DOMAIN, N_

LOOSE_KEY_CHROME = 3
"""Cells around a key and its description in Textual's footer, beyond their own."""
COMPACT_KEY_CHROME = 2
"""The same in the compact style: the space between key and description, and the margin after."""
KEPT_ACTIONS = frozenset({"app.help", "app.quit", "help", "quit"})
"""Keys a bar too narrow for all its keys keeps to the last: help lists every other key."""
PALETTE = N_("palette")
"""Textual's own description of the command palette key, drawn at the right of the bar."""


@runtime_checkable
class KeyOffers(Protocol):
    """A screen some of whose keys may not be offered at all where it is shown (a play screen at a table
    without hints or undo): the bar leaves those out rather than show them greyed."""

    def offers_key(self, action: str) -> bool: ...


@runtime_checkable
class KeyWords(Protocol):
    """An app whose word for a screen's key depends on where the player is: the network app's q at a
    table goes back to the lobby, where the game's own screen calls it Quit."""

    def key_word(self, action: str) -> str | None:
        """The description (marked N_, translated by the bar) for the key bound to `action`, or None for
        the screen's own."""
        ...


class KeyBar(Footer):
    """`Footer`, translated: `KeyBar(codex.text.DOMAIN)` on a Codex screen, `KeyBar()` in the shell."""

    def __init__(self, *domains: TextDomain, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.domains = (*domains, DOMAIN)

    def translate(self, description: str) -> str:
        return translate_in(description, self.domains)

    def compose(self) -> ComposeResult:
        """Textual's keys with our words; on a narrow screen the keys go closer together, then
        the palette's reminder (ctrl+p still opens it) gives way to the screen's own keys, and
        then the screen's last keys give way, whole, to help and quit (`?` lists them all)."""
        self.set_reactive(Footer.show_command_palette, True)
        widgets = self.translated()
        width = self.app.size.width
        needed = sum(self.cells(widget) for widget in widgets)
        self.compact = bool(width) and needed > width
        if width and self.compact_cells(widgets) > width:
            self.set_reactive(Footer.show_command_palette, False)
            widgets = self.translated()
            droppable = [w for w in widgets if isinstance(w, FooterKey) and w.action not in KEPT_ACTIONS]
            while droppable and self.compact_cells(widgets) > width:
                widgets.remove(droppable.pop())
        yield from widgets

    @classmethod
    def compact_cells(cls, widgets: list[Widget]) -> int:
        """The cells `widgets` take in the compact style."""
        return sum(cls.cells(widget) for widget in widgets) - len(widgets) * (LOOSE_KEY_CHROME - COMPACT_KEY_CHROME)

    def translated(self) -> list[Widget]:
        """Textual's keys with our words, less those the screen does not offer at all (`KeyOffers`)."""
        screen = self.screen
        offered = screen.offers_key if isinstance(screen, KeyOffers) else None
        widgets = [
            widget
            for widget in super().compose()
            if offered is None or not isinstance(widget, FooterKey) or offered(widget.action)
        ]
        words = self.app.key_word if isinstance(self.app, KeyWords) else None
        for widget in widgets:
            if isinstance(widget, FooterKey):
                own = words(widget.action) if words is not None else None
                widget.description = self.translate(own or widget.description)
            elif isinstance(widget, FooterLabel):
                widget.update(self.translate(str(widget.content)))
        return widgets

    @staticmethod
    def cells(widget: Widget) -> int:
        """The cells a key takes in the loose style (the palette's key takes its separator too)."""
        if isinstance(widget, FooterKey):
            return cell_len(widget.key_display) + cell_len(widget.description) + LOOSE_KEY_CHROME
        if isinstance(widget, FooterLabel):
            return cell_len(str(widget.content)) + 1
        return 0
