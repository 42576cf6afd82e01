"""Every word a player sees, in the player's language: English, French or Simplified Chinese.

The code holds English message ids (`_("Draw a card")`); GNU gettext catalogs
(`<package>/locale/<lang>/LC_MESSAGES/<domain>.po`, compiled to `.mo` beside
them) hold the French and Chinese. Each game is its own text domain with its own
catalogs inside its package (a game brings its words as it brings its rules), and
the shell (app, lobby, help, core) is the domain `codex_tui`; see `text`.

The language is one per process: a local app has one player, and over SSH each
player's app is its own process. Text is looked up when it is drawn, never
stored translated, so a saved game or a table reads in the reader's language and
a change of language shows at the next redraw.

`PSEUDO` is a test language: every message comes back wrapped in `«»`, its
letters accented and padded 40% longer, so a test can see on screen both text
that bypassed the catalogs (plain ASCII words) and text cut by a layout (a `«`
without its `»`). See `pseudo`.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

from codex_tui.i18n.pseudo import pseudo

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "zh": "中文"}
"""The languages a player can choose, each named in itself (as a language menu shows them)."""

DEFAULT = "en"
"""The language of the message ids: no catalog needed."""

PSEUDO = "pseudo"
"""The test language (see the module docstring); accepted by `set_language`, never offered to players."""

_language = DEFAULT


def language() -> str:
    """The language text is drawn in now."""
    return _language


def set_language(code: str) -> None:
    """Draw from now on in `code` (a key of `LANGUAGES`, or `PSEUDO`); ValueError for any other."""
    global _language
    if code not in LANGUAGES and code != PSEUDO:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    _language = code


def N_(message: str) -> str:
    """Mark a message for the catalogs where it is defined (a constant, a key binding's
    description) and translate it where it is drawn, with `TextDomain.gettext`."""
    return message


class TextDomain:
    """One package's catalogs: `<package_dir>/locale/<lang>/LC_MESSAGES/<name>.mo`.

    The lookups read the current language at each call, so module-level
    `_ = DOMAIN.gettext` stays right after `set_language`.
    """

    def __init__(self, name: str, package_dir: Path) -> None:
        self.name = name
        self.package_dir = package_dir
        self.locale_dir = package_dir / "locale"
        self._loaded: dict[str, _gettext.NullTranslations] = {}
        _DOMAINS[name] = self

    def translations(self, code: str) -> _gettext.NullTranslations:
        """The compiled catalog for `code` (English text when there is none)."""
        if code not in self._loaded:
            self._loaded[code] = _gettext.translation(self.name, self.locale_dir, [code], fallback=True)
        return self._loaded[code]

    def gettext(self, message: str) -> str:
        code = _language
        if code == DEFAULT:
            return message
        if code == PSEUDO:
            return pseudo(message)
        return self.translations(code).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for `n` ("1 point", "2 points"; Chinese has one form); the caller formats `n` in."""
        code = _language
        if code == DEFAULT:
            return singular if n == 1 else plural
        if code == PSEUDO:
            return pseudo(singular if n == 1 else plural)
        return self.translations(code).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """`message` where one English word needs two translations (context tells them apart)."""
        code = _language
        if code == DEFAULT:
            return message
        if code == PSEUDO:
            return pseudo(message)
        return self.translations(code).pgettext(context, message)


_DOMAINS: dict[str, TextDomain] = {}


def translate_in(message: str, domains: tuple[TextDomain, ...]) -> str:
    """`message` from the first of `domains` that knows it (a game's screen mixes its own
    words with the shell's: its domain comes first); the message itself when none does."""
    for domain in domains:
        text = domain.gettext(message)
        if text != message:
            return text
    return message


def domains() -> tuple[TextDomain, ...]:
    """Every text domain created so far (a game's is created when its package is imported)."""
    return tuple(_DOMAINS.values())
