"""No space beside full-width punctuation: it carries its own room ("一张钱币牌（动物）背面朝上").

Chinese sentences put a space between a glyph and a Latin name or a number
("资源牌 3 背面朝上"), so the catalogs write one around each field; a field
that ends or starts with full-width punctuation (a card known only by its
back, "一张钱币牌（动物）") then leaves a space that reads as a typo. Text
put together from several catalog sentences goes through `tidy_spacing`
before it is shown. French and English have no full-width punctuation, so
this changes nothing for them.

`held` is the other side of spacing: where a space must not become a line break.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules' words use `tidy_spacing` without loading Rich
    from rich.text import Text

NO_BREAK_SPACE = "\u00a0"
FULL_WIDTH_PUNCTUATION = "。，、；：？！（）「」『』【】《》〈〉〔〕［］｛｝"
_BESIDE = re.compile(f" +(?=[{FULL_WIDTH_PUNCTUATION}])|(?<=[{FULL_WIDTH_PUNCTUATION}]) +")


def held(words: str) -> str:
    """`words` with no-break spaces for its spaces: a line never breaks inside them (a card's
    name and its value, "le hibou de Bo (7)", which a break before "(7)" would part)."""
    return words.replace(" ", NO_BREAK_SPACE)


def tidy_spacing(text: str) -> str:
    """`text` without the spaces just before or after full-width punctuation."""
    return _BESIDE.sub("", text)


def tidy_spacing_text(text: Text) -> Text:
    """`tidy_spacing` for styled text: each kept character keeps its style."""
    drops = [match.span() for match in _BESIDE.finditer(text.plain)]
    if not drops:
        return text
    tidy = text.blank_copy()
    kept_from = 0
    for start, end in drops:
        tidy.append_text(text[kept_from:start])
        kept_from = end
    tidy.append_text(text[kept_from:])
    return tidy
