"""Key names on the key bar in the reader's language: "Espace", "空格", not "space"; "Échap", not "esc".

Textual draws enter and backspace as symbols (⏎ ⌫) that need no language, and
space and esc as English words: those two are named in the reader's language,
as the help and every hint line name them (French keyboards print "Échap" on
the key; the glossary keeps "esc" in Chinese). The rest (letters, arrows, tab,
`^p`) stay as Textual draws them, as keycaps print them.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from codex_tui.i18n.text import pgettext


class NamedKeys(App[None]):
    """An app whose key bar names the space and esc keys in the reader's language."""

    def get_key_display(self, binding: Binding) -> str:
        if binding.key_display is None and binding.parse_key() == ([], "space"):
            return pgettext("a key's name on the key bar", "space")
        if binding.key_display is None and binding.parse_key() == ([], "escape"):
            return pgettext("a key's name on the key bar", "esc")
        return super().get_key_display(binding)
