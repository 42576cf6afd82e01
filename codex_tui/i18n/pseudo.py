"""The pseudo-language tests draw every screen in (see `codex_tui.i18n`).

Letters are swapped for accented ones of the same width (so plain ASCII words
on screen are text that bypassed the catalogs), every message is wrapped in
`«` `»` (so a `«` without its `»` is a text some layout cut) and padded to be
40% longer (what French often needs). Format fields (`{name}`, `{n:>2}`) and
Rich markup tags (`[b]`, `[/]`, `[@click=...]`) are kept as they are, or the
message would break where it is formatted.
"""

from __future__ import annotations

import math
import re

OPEN, CLOSE = "«", "»"
PAD = "~"
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ",
)
KEPT = re.compile(r"(\{[^{}]*\}|\[[^\[\]]*\]|\{\{|\}\})")
"""Format fields, doubled braces and markup tags: copied, never accented."""


def pseudo(message: str) -> str:
    """`message` in the pseudo-language; the empty message stays empty (it is Babel's header id)."""
    if not message:
        return message
    parts = KEPT.split(message)
    text = "".join(part if index % 2 else part.translate(ACCENTED) for index, part in enumerate(parts))
    visible = sum(len(part) for index, part in enumerate(parts) if not index % 2)
    padding = PAD * math.ceil(visible * 0.4)
    return f"{OPEN}{text}{padding}{CLOSE}"
