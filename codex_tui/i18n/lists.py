"""Lists as the player's language writes them: 'Bo, Ada and Cy', 'Bo, Ada et Cy', 'Bo、Ada和Cy'.

The patterns are CLDR's (Babel's `list_patterns`), for the locale of
`codex_tui.i18n.numbers.babel_locale`: no comma or "and" of ours to
translate, and Chinese gets its 、 and no spaces. In the pseudo-language the
English patterns go through `pseudo`, so a test still sees their words as
translated text.
"""

from __future__ import annotations

from collections.abc import Iterable

from babel import Locale

from codex_tui.i18n import PSEUDO, language
from codex_tui.i18n.numbers import babel_locale
from codex_tui.i18n.pseudo import pseudo


def and_list(items: Iterable[str]) -> str:
    """'Bo', 'Bo and Ada', 'Bo, Ada and Cy' in the language of now ('' for none)."""
    words = list(items)
    if len(words) < 2:
        return "".join(words)
    patterns: dict[str, str] = dict(Locale.parse(babel_locale()).list_patterns["standard"])
    if language() == PSEUDO:
        patterns = {key: pseudo(pattern) for key, pattern in patterns.items()}
    if len(words) == 2:
        return patterns["2"].format(*words)
    text = patterns["start"].format(words[0], words[1])
    for word in words[2:-1]:
        text = patterns["middle"].format(text, word)
    return patterns["end"].format(text, words[-1])
