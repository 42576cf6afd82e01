"""Which language a player starts in, from what they said and what their system says.

Order (first that names a language we speak wins): the `--lang` option, the
`CODEX_TUI_LANG` variable, the language remembered in the user's settings, the
POSIX locale (`LC_ALL`, then `LC_MESSAGES`, then `LANG`, as setlocale reads
them), English. The remembered choice beats the locale because it was made in
this app; an explicit option or variable beats both.
"""

from __future__ import annotations

from collections.abc import Mapping

from codex_tui.i18n import DEFAULT, LANGUAGES, PSEUDO

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
LANGUAGE_VARIABLE = "CODEX_TUI_LANG"


def language_of_locale(value: str) -> str | None:
    """'fr_FR.UTF-8' -> 'fr', 'zh_CN' -> 'zh'; None for 'C', 'POSIX', '' or a language we lack."""
    code = value.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].split("-", 1)[0].lower()
    return code if code in LANGUAGES else None


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The language of the POSIX locale: the first variable set (even to 'C', which means English) decides."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return language_of_locale(value)
    return None


def known(code: str | None) -> str | None:
    """`code` if it is a language we speak (or the test language), else None."""
    if code is None:
        return None
    code = code.strip().lower()
    return code if code in LANGUAGES or code == PSEUDO else None


def choose_language(option: str | None, environ: Mapping[str, str], remembered: str | None) -> str:
    """The language to start in (see the module docstring)."""
    for candidate in (option, environ.get(LANGUAGE_VARIABLE), remembered):
        code = known(candidate)
        if code is not None:
            return code
    return locale_language(environ) or DEFAULT
