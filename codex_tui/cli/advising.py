"""What `hint` and `review` share: checking a level, and whose turn to advise.

Both commands open the files `replay` opens (a msgpack save or a JSON game
record, `app.opening.open_replayable`) and ask the game's search at a level
the game knows, so a mistyped level fails before any searching, naming the
levels the game offers.
"""

from __future__ import annotations

from codex_tui.core.advice import HINT_LEVEL, REVIEW_LEVEL
from codex_tui.core.contract import GameModule
from codex_tui.storage.saves import HUMAN


def unknown_level(module: GameModule, level: str) -> str | None:
    """Why `level` is not one `module` can search at, or None when it is."""
    known = [*module.bot_levels(), *(name for name in (HINT_LEVEL, REVIEW_LEVEL) if name not in module.bot_levels())]
    if level in known:
        return None
    return f"{module.title} has no bot level {level!r}; choose one of: {', '.join(known)}"


def first_human(kinds: tuple[str, ...], among: tuple[int, ...]) -> int:
    """The first seat of `among` a human plays, else the first of `among` (a bots-only game)."""
    humans = [seat for seat in among if kinds[seat] == HUMAN]
    return humans[0] if humans else among[0]
