"""Colours and glyphs. Every symbol is a letter *and* a colour, one cell wide.

Letters keep the game readable in a monochrome terminal or over a poor SSH
link; colours make it quick to read in a good one. Only box-drawing and
Latin-1 characters are used: no emoji, whose width varies between terminals.
"""

from __future__ import annotations

from rich.style import Style

from codex_tui.games.codex.rules import Symbol
from codex_tui.games.codex.rules.symbols import EMPTY, HIDDEN, CardKind

SYMBOL_COLOURS = {
    Symbol.FUNGI: "#ff5f5f",
    Symbol.PLANT: "#5fd75f",
    Symbol.ANIMAL: "#5fafff",
    Symbol.INSECT: "#d787ff",
    Symbol.QUILL: "#ffd75f",
    Symbol.INKWELL: "#ffd75f",
    Symbol.MANUSCRIPT: "#ffd75f",
}
KINGDOM_TINTS = {
    Symbol.FUNGI: "#3a1414",
    Symbol.PLANT: "#143a14",
    Symbol.ANIMAL: "#14243a",
    Symbol.INSECT: "#2e1a3a",
}
STARTER_TINT = "#2a2a22"
GOLD_BORDER = "#d7af00"
PLAIN_BORDER = "#8a8a8a"

Label = tuple[str, Style]
"""A few words and their style: a review's mark on a card's border or after a market line."""
PLAYED_LABEL = Style(color="#000000", bgcolor="#ff875f", bold=True)
"""The move played, in a review (orange)."""
BETTER_LABEL = Style(color="#000000", bgcolor="#5fd75f", bold=True)
"""The better move, in a review (green)."""

EMPTY_CORNER = "·"
"""A visible corner with no symbol (can be covered)."""

BORDERS = {
    # kind: (horizontal, vertical, tl, tr, br, bl) — the corner glyphs mark hidden corners
    CardKind.RESOURCE: ("─", "│", "┌", "┐", "┘", "└"),
    CardKind.GOLD: ("═", "║", "╔", "╗", "╝", "╚"),
    CardKind.STARTER: ("─", "│", "╭", "╮", "╯", "╰"),
}


def symbol_style(symbol: int, background: str | None = None) -> Style:
    return Style(color=SYMBOL_COLOURS[Symbol(symbol)], bold=True, bgcolor=background)


def corner_glyph(corner: int, kind: CardKind, index: int) -> str:
    """What a corner cell shows: a symbol letter, '·' for empty, the border for hidden."""
    if corner == EMPTY:
        return EMPTY_CORNER
    if corner == HIDDEN:
        return BORDERS[kind][2 + index]
    return Symbol(corner).letter


def tint(kind: CardKind, kingdom: Symbol | None) -> str:
    if kind is CardKind.STARTER or kingdom is None:
        return STARTER_TINT
    return KINGDOM_TINTS[kingdom]


def border_style(kind: CardKind, background: str) -> Style:
    colour = GOLD_BORDER if kind is CardKind.GOLD else PLAIN_BORDER
    return Style(color=colour, bgcolor=background)
