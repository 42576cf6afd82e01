"""The shell's words (app, lobby, help, core; everything outside `games/`): the domain `codex_tui`.

    from codex_tui.i18n.text import N_, _, ngettext

Catalogs in `codex_tui/locale/`. A game's own words live in its package's text module.
"""

from __future__ import annotations

from pathlib import Path

from codex_tui.i18n import N_, TextDomain

DOMAIN = TextDomain("codex_tui", Path(__file__).resolve().parent.parent)
_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext

__all__ = ["DOMAIN", "N_", "_", "ngettext", "pgettext"]
