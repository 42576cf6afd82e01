"""Where a line of French or Chinese may break, and the text broken into lines of a width.

Rich and Textual break only at whitespace, and count a no-break space as
whitespace: French lines came out starting with ": vous +2", and Chinese
ones (no spaces at all) were cut wherever the width ran out, "；" or "）" at
a line's start, "es / c" and "1 / 个动物" split. The rules here are a small
subset of Unicode's line breaking (UAX #14) with one tailoring for numbers:

- a line may break after a run of spaces (the spaces go; a line never starts with one),
  and between two characters when one of them is wide (CJK: two cells);
- never at or next to a no-break space (U+00A0, U+202F: "carte 12", "mot :");
- never before closing punctuation nor after opening punctuation, even across spaces;
- never inside a run of narrow letters and digits (a word, "esc", "Bot1");
- a number keeps the wide character after it (its measure word: "1个", "3分") and the two
  before it (the word it numbers: "电脑1", "玩家2"; Chinese words are mostly two characters);
- a number after a space keeps the word before it: it names that word ("Robot 1", "Gold 75",
  "钱币牌 75", "row 7") or is its score ("vous +2", "你 +2"), and a line starting with the
  bare number reads as a count; across a space too, a number keeps a wide character after it
  ("3 分", "2 个角").

UAX #14 alone (as the `uniseg` package does it) would still split "1 / 个" and "电 / 脑1",
so a dependency would not save the tailoring; these few rules are all the app's text needs.
A run that no rule lets break and that is wider than the line is cut by cells: no text is
ever lost and every line takes at least one character.
"""

from __future__ import annotations

from rich.cells import cell_len, get_character_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

NO_BREAK = frozenset("\u00a0\u202f\u2007\u2060\ufeff")
"""No-break spaces and joiners: never a break at them, before them or after them."""

CLOSING = frozenset("»)]},.:;!?…%’”" + "。，、；：？！）」』】》〉〕］｝〗〙〛｠｣・ー")
"""Never at a line's start (French and Chinese closing punctuation)."""

OPENING = frozenset("«([{‘“" + "（「『【《〈〔［｛〖〘〚｟｢")
"""Never at a line's end."""


def _wide(char: str) -> bool:
    return get_character_cell_size(char) == 2


def _digit(char: str) -> bool:
    return char.isascii() and char.isdigit()


def _numbering(line: str, at: int) -> bool:
    """A number (signed or not: "+2", "-1") starts at `at`: it stays with the word before it."""
    if _digit(line[at]):
        return True
    return line[at] in "+-\u2212" and at + 1 < len(line) and _digit(line[at + 1])


def _may_break_between(line: str, at: int) -> bool:
    """A break between `line[at - 1]` and `line[at]`, neither a space."""
    before, after = line[at - 1], line[at]
    if before in NO_BREAK or after in NO_BREAK or after in CLOSING or before in OPENING:
        return False
    if not (_wide(before) or _wide(after)):
        return False  # narrow letters, digits and marks hold together, as in Latin words
    if _digit(before) or _digit(after):
        return False  # "1个", "脑1"
    return not (at + 1 < len(line) and _digit(line[at + 1]) and _wide(before))  # "电脑1"


def break_opportunities(line: str) -> list[int]:
    """Offsets in `line` (one line, no newline) where a new line may start, in order."""
    starts: list[int] = []
    seen_text = False  # the spaces a line starts with are its indent, not a break
    at = 0
    while at < len(line):
        if line[at] != " ":
            if at and line[at - 1] != " " and _may_break_between(line, at):
                starts.append(at)
            seen_text = True
            at += 1
            continue
        run = at
        while at < len(line) and line[at] == " ":
            at += 1
        if seen_text and at < len(line):
            before = line[run - 1]
            measured = _digit(before) and _wide(line[at])  # "3 分", "2 个角": a number and its measure word
            held = line[at] in CLOSING or before in OPENING or before in NO_BREAK or _numbering(line, at) or measured
            if not held:
                starts.append(at)
    return starts


def line_spans(line: str, width: int, indent: int = 0) -> list[tuple[int, int]]:
    """(start, end) of each line `line` breaks into: at most `width` cells each, `indent` fewer after the first.

    The end leaves out the spaces a line breaks at. A run no rule lets break that is wider
    than its line is cut where the cells run out.
    """
    if not line:
        return [(0, 0)]
    cells = [0]
    for char in line:
        cells.append(cells[-1] + get_character_cell_size(char))
    trimmed = list(range(len(line) + 1))  # trimmed[q]: q less the spaces just before it
    for q in range(1, len(line) + 1):
        if line[q - 1] == " ":
            trimmed[q] = trimmed[q - 1]
    stops = [*break_opportunities(line), len(line)]
    spans: list[tuple[int, int]] = []
    start, first = 0, 0  # first: the first stop after start
    while start < len(line):
        room = max(width - indent, 1) if spans else width
        while stops[first] <= start:
            first += 1
        fitting = first
        while fitting < len(stops) and cells[trimmed[stops[fitting]]] - cells[start] <= room:
            fitting += 1
        if fitting > first:
            stop = stops[fitting - 1]
            end = trimmed[stop]
            if stop == len(line):  # the last line keeps its trailing spaces, as far as they fit
                end = min(stop, end + room - (cells[end] - cells[start]))
            spans.append((start, end))
            start = stop
            continue
        cut = start + 1  # nothing fits whole: cut by cells, at least one character
        while cut < len(line) and cells[cut + 1] - cells[start] <= room:
            cut += 1
        spans.append((start, max(trimmed[cut], start + 1)))
        start = cut
        while start < len(line) and line[start] == " ":
            start += 1
    return spans


def break_lines(text: Text, width: int, indent: int = 0) -> list[Text]:
    """`text` in lines of at most `width` cells, styles kept; its own newlines end lines too.

    Lines after the first of each paragraph start with `indent` spaces (the width counts
    them; an indent that leaves no room is dropped).
    """
    width = max(width, 1)
    hang = indent if indent < width else 0
    lines: list[Text] = []
    for paragraph in text.split("\n", allow_blank=True):
        spans = line_spans(paragraph.plain, width, hang)
        pieces = paragraph.divide(start for start, _end in spans[1:])
        for number, (piece, (start, end)) in enumerate(zip(pieces, spans, strict=True)):
            if len(piece.plain) > end - start:
                piece.right_crop(len(piece.plain) - (end - start))
            if number and hang:
                piece.pad_left(hang)
            lines.append(piece)
    return lines


def longest_run(text: Text) -> int:
    """Cells of the widest stretch of `text` no rule lets break: the narrowest it can be laid out without a cut."""
    widest = 0
    for line in text.plain.split("\n"):
        stops = [0, *break_opportunities(line), len(line)]
        widest = max([widest, *(cell_len(line[a:b].rstrip(" ")) for a, b in zip(stops, stops[1:]))])
    return widest


class Broken:
    """A Rich renderable: `text` broken by `break_lines` at the width it is given (a table cell's, a panel's)."""

    def __init__(self, text: Text, indent: int = 0) -> None:
        self.text = text
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n").join(break_lines(self.text, options.max_width, self.indent))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(cell_len(line) for line in self.text.plain.split("\n"))
        return Measurement(min(longest_run(self.text), widest), widest)
