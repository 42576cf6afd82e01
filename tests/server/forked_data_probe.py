"""An app that tells which shared data it found already loaded, for a test of the app forker's preloading.

Run by the forker in place of the player's app, it writes one line `DATA {json}`
on its terminal before doing anything itself: whether Babel's global table and
the locale of each of our languages are loaded, which message catalogs each text
domain holds, whether Rich's table of character widths is imported, the
language it starts in, and whether `shown_name`'s caches are filled.
"""

from __future__ import annotations

import json
import sys


def report() -> dict[str, object]:
    import babel.core
    import babel.localedata

    from codex_tui.i18n import domains, language, words
    from codex_tui.i18n.numbers import LOCALES

    return {
        "babel_global": babel.core._global_data is not None,
        "babel_locales": sorted(name for name in LOCALES.values() if name in babel.localedata._cache),
        "catalogs": {domain.name: sorted(domain._loaded) for domain in domains()},
        "cell_widths": any(name.startswith("rich._unicode_data.unicode") for name in sys.modules),
        "language": language(),
        "names_cached": words._in_every_language.cache_info().currsize > 0,
    }


def main() -> int:
    print("DATA " + json.dumps(report()), flush=True)
    return 0
