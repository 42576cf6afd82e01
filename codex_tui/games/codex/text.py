"""Codex's words: the text domain `codex`, with its catalogs in this package's `locale/`.

from codex_tui.games.codex.text import N_, _, ngettext
"""

from __future__ import annotations

from pathlib import Path

from codex_tui.i18n import N_, TextDomain

DOMAIN = TextDomain("codex", Path(__file__).resolve().parent)
_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext

__all__ = ["DOMAIN", "N_", "_", "ngettext", "pgettext"]
