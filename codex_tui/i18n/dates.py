"""Days as the player's language writes them: '2 Dec 2026', '2 déc. 2026', '2026年12月2日'.

Babel (CLDR) knows each language's date forms; the locale is the one the
numbers use (`codex_tui.i18n.numbers.babel_locale`), read at each call.
"""

from __future__ import annotations

from datetime import date

from babel.dates import format_date

from codex_tui.i18n.numbers import babel_locale


def day_text(day: date) -> str:
    """`day` in the language of now, in its medium form (the month named, short)."""
    return format_date(day, format="medium", locale=babel_locale())
