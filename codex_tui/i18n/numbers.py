"""Numbers as the player's language writes them: '1.9' in English, '1,9' in French.

A number put into a translated sentence is formatted here, never with a format
spec (`f"{x:.1f}"`, `f"{n:+d}"`) at the call site: the spec writes English
digits in every language. Babel knows each language's decimal sign, minus sign,
and digit groups (CLDR); the language is the one of the moment
(`codex_tui.i18n.language`), read at each call like the catalogs. English is
British English, as the message ids are; the pseudo-language formats as English
(it tests words, not numbers). `tests/i18n/test_source_words.py` fails on a
format spec outside this module.
"""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_decimal

from codex_tui.i18n import language

LOCALES = {"en": "en_GB", "fr": "fr_FR", "zh": "zh_Hans_CN"}
"""Babel's locale for each of our languages (`codex_tui.i18n.LANGUAGES`)."""


def babel_locale() -> str:
    """The Babel locale of the language of now (English for the pseudo-language)."""
    return LOCALES.get(language(), LOCALES["en"])


def _exact(value: float) -> Decimal:
    """`value` as Babel should round it: the float's own binary value, so 0.05 rounds as
    Python's `f"{0.05:.1f}"` does ('0.1'), not as the decimal text '0.05' would."""
    return Decimal(value)


def decimal(value: float, digits: int = 1) -> str:
    """'1.9' / '1,9' / '1.9': `value` with exactly `digits` decimals (none: an integer)."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(_exact(value), pattern, locale=babel_locale())


def shortest(value: float, most: int = 3) -> str:
    """'0.25' / '0,25' / '0.25', '2': as few decimals as `value` needs, at most `most` (what `:g` writes)."""
    pattern = "#,##0" + ("." + "#" * most if most else "")
    return format_decimal(_exact(value), pattern, locale=babel_locale())


def integer(n: int) -> str:
    """'12,345' / '12 345' (a narrow no-break space) / '12,345': a count with its digit groups."""
    return format_decimal(n, "#,##0", locale=babel_locale())


def signed(value: float, digits: int = 0) -> str:
    """'+2', '-1,5', '+0': a change of score, its sign always written (zero takes '+')."""
    body = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(_exact(value), f"+{body};-{body}", locale=babel_locale())
