"""Key names on the key bar in the reader's language: "Espace", "空格", not "space".

Textual draws enter and backspace as symbols (⏎ ⌫) that need no language, and
space as the English word: that one is named in the reader's language; the rest
(letters, arrows, `esc`, `^p`) stay as Textual draws them, as keycaps print them.
The help names every key in the reader's language.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from codex_tui.i18n.text import pgettext


class NamedKeys(App[None]):
    """An app whose key bar names the space key in the reader's language."""

    def get_key_display(self, binding: Binding) -> str:
        if binding.key_display is None and binding.parse_key() == ([], "space"):
            return pgettext("a key's name on the key bar", "space")
        return super().get_key_display(binding)
