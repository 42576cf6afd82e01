"""The shell's words (app, lobby, help, core; everything outside `games/`): the domain `codex_tui`.

    from codex_tui.i18n.text import N_, _, ngettext

Catalogs in `codex_tui/locale/`. A game's own words live in its package's text module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from codex_tui.i18n import N_, TextDomain

DOMAIN = TextDomain("codex_tui", Path(__file__).resolve().parent.parent)
_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext


@dataclass(frozen=True)
class Later:
    """A shell message made before it is drawn (an error raised deep down, a problem found at
    start-up): its English id (marked with `N_` where written) and its fields, so it is
    translated where it is shown, in the language of that moment. `str()` is the English."""

    message: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message.format(**self.fields)

    def text(self) -> str:
        """The message in the player's language now (a field that is itself a `Later` too)."""
        fields = {name: value.text() if isinstance(value, Later) else value for name, value in self.fields.items()}
        return _(self.message).format(**fields)


__all__ = ["DOMAIN", "Later", "N_", "_", "ngettext", "pgettext"]
