"""Which bot level a network table's hints ask: hard at a real-time table, expert at a turn-based one.

A Codex hint at hard takes about 0.7 s of CPU, at expert about 2.7 s (the
median of `python3 benchmarks/advice.py --only hints`). At a real-time table
the others wait while a player thinks, so hints stay quick; at a turn-based
table nobody waits, so hints come from the stronger search. The table's form,
its waiting room and the game screen all ask here, so what they say is what
`!` does.
"""

from __future__ import annotations

from codex_tui.core.advice import HINT_LEVEL, SLOW_HINT_LEVEL
from codex_tui.protocol.messages import TURNS


def table_hint_level(pace: str) -> str:
    """The level hints ask at a table of `pace` (LIVE or TURNS)."""
    return SLOW_HINT_LEVEL if pace == TURNS else HINT_LEVEL
