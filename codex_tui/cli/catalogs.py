"""The translators' command, not one of `codex-tui`'s: `python3 -m codex_tui.cli.catalogs update|check`.

It lives here rather than beside the catalog code (`i18n/catalogs.py`)
because it must ask the registry which games, and so which text domains,
there are: the registry is a floor above `i18n`, and only the top floor may
import every other.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from codex_tui.core import registry
from codex_tui.i18n import TextDomain
from codex_tui.i18n.catalogs import problems, update
from codex_tui.i18n.text import DOMAIN

USAGE = "usage: python3 -m codex_tui.cli.catalogs update|check"


def all_domains() -> tuple[TextDomain, ...]:
    """The shell's domain and every registered game's."""
    return (DOMAIN, *(game.text_domain for game in registry.games() if game.text_domain is not None))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in (["update"], ["check"]):
        print(USAGE, file=sys.stderr)
        return 2
    if args == ["update"]:
        for domain in all_domains():
            update(domain)
    found = [problem for domain in all_domains() for problem in problems(domain)]
    print("\n".join(found) or "catalogs in step with the code")
    return 1 if found and args == ["check"] else 0


if __name__ == "__main__":
    sys.exit(main())
