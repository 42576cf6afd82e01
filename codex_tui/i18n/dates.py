"""Days and moments as the player's language writes them: '2 Dec 2026', '2 déc. 2026',
'2026年12月2日'; '2 Dec 2026, 07:34', '2026年12月2日 07:34'.

Babel (CLDR) knows each language's date forms; the locale is the one the
numbers use (`codex_tui.i18n.numbers.babel_locale`), read at each call.
"""

from __future__ import annotations

from datetime import date, datetime

from babel import Locale
from babel.dates import format_date, format_time, format_timedelta

from codex_tui.i18n import PSEUDO, language
from codex_tui.i18n.numbers import babel_locale
from codex_tui.i18n.pseudo import ACCENTED
from codex_tui.i18n.spacing import held


def day_text(day: date) -> str:
    """`day` in the language of now, in its medium form (the month named, short)."""
    return format_date(day, format="medium", locale=babel_locale())


def moment_text(moment: datetime) -> str:
    """`moment` (a day and its hour and minute) in the language of now: the day in its medium form
    and the time in its short one, put together as the language puts them ('{1}, {0}' in CLDR).
    Held whole on one line: "le 2 / janv." would part the day from its month."""
    locale = babel_locale()
    pattern = str(Locale.parse(locale).datetime_formats["medium"])
    time = format_time(moment, format="short", locale=locale)
    text = held(pattern.replace("{1}", day_text(moment.date())).replace("{0}", time))
    # The pseudo-language accents Babel's words (its tests see them as translated), at their width.
    return text.translate(ACCENTED) if language() == PSEUDO else text


def elapsed_text(seconds: float) -> str:
    """How long something has lasted, short, in the language of now: '3 hr', '3 h', '3小时'."""
    text = format_timedelta(int(max(seconds, 0.0)), format="short", locale=babel_locale())
    return text.translate(ACCENTED) if language() == PSEUDO else text
