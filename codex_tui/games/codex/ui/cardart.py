"""Drawing Codex Naturalis cards into a grid of styled cells.

Two sizes: the compact 7x3 card of the play area, whose corner cells are
shared with the diagonal neighbours exactly as the physical cards overlap,
and the larger card of the hand, market and set-up screens, which has room
for words, drawn into a `Canvas` (`codex_tui.ui.canvas`).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style

from codex_tui.games.codex.describe import points, scoring_symbol, scoring_text, side_name, symbol_letters, symbol_name
from codex_tui.games.codex.rules import CATALOG, Side, Symbol
from codex_tui.games.codex.rules.cards import Card, Face, PlayableCard, Scoring, StarterCard
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS, HiddenCard
from codex_tui.games.codex.rules.symbols import CardKind
from codex_tui.games.codex.text import _
from codex_tui.games.codex.ui.theme import BORDERS, EMPTY_CORNER, border_style, corner_glyph, symbol_style, tint
from codex_tui.ui.canvas import Canvas

SMALL_W, SMALL_H = 7, 3
STEP_X, STEP_Y = SMALL_W - 1, SMALL_H - 1
"""Screen offset between diagonal neighbours: they share one corner cell."""
LARGE_W, LARGE_H = 12, 5


def _card(card_id: int) -> Card | HiddenCard:
    """A catalog card, or another seat's card known only by its back (drawn as that back)."""
    hidden = HIDDEN_CARDS.get(card_id)
    return hidden if hidden is not None else CATALOG.card(card_id)


def _kind_and_kingdom(card_id: int) -> tuple[CardKind, Symbol | None]:
    card = _card(card_id)
    if isinstance(card, (PlayableCard, HiddenCard)):
        return card.kind, card.kingdom
    return CardKind.STARTER, None


def _frame(
    canvas: Canvas, col: int, row: int, width: int, height: int, card_id: int, face: Face, style_mod: Style | None
) -> Style:
    """Border and corners of a card; returns the body style for the caller to fill."""
    kind, kingdom = _kind_and_kingdom(card_id)
    background = tint(kind, kingdom)
    border = border_style(kind, background)
    body = Style(color="#d0d0d0", bgcolor=background)
    if style_mod is not None:
        border, body = border + style_mod, body + style_mod
    horizontal, vertical = BORDERS[kind][0], BORDERS[kind][1]
    for x in range(1, width - 1):
        canvas.put(col + x, row, horizontal, border)
        canvas.put(col + x, row + height - 1, horizontal, border)
        for y in range(1, height - 1):
            canvas.put(col + x, row + y, " ", body)
    for y in range(1, height - 1):
        canvas.put(col, row + y, vertical, border)
        canvas.put(col + width - 1, row + y, vertical, border)
    places = ((col, row), (col + width - 1, row), (col + width - 1, row + height - 1), (col, row + height - 1))
    for index, (x, y) in enumerate(places):
        corner = face.corners[index]
        glyph = corner_glyph(corner, kind, index)
        style = symbol_style(corner, background) if corner >= 0 else border
        if style_mod is not None:
            style = style + style_mod
        canvas.put(x, y, glyph, style)
    return body


def centre_label(card_id: int, side: Side) -> tuple[str, Symbol | None, bool]:
    """(text, colour symbol, is a visible symbol) for the middle of a small card.

    Fronts show the card's kingdom in lower case (it matters for patterns but
    is not a resource you hold) and the id; backs and starters show their
    permanent centre resources in upper case.
    """
    card = _card(card_id)
    if isinstance(card, StarterCard):
        centre = card.face(side).center
        if not centre:
            return (f"#{card_id}".center(5), None, False)
        return (" ".join(s.letter for s in centre).center(5), centre[0], True)
    assert isinstance(card, (PlayableCard, HiddenCard))
    if side is Side.BACK:
        return (f"({card.kingdom.letter})".center(5), card.kingdom, True)
    return (f"{card.kingdom.letter.lower()}{card_id:>2}".center(5), card.kingdom, False)


def _face(card_id: int, side: Side) -> Face:
    card = _card(card_id)
    assert isinstance(card, (PlayableCard, StarterCard, HiddenCard))
    return card.face(side)


def draw_small(canvas: Canvas, col: int, row: int, card_id: int, side: Side, style_mod: Style | None = None) -> None:
    """A 7x3 card with its top-left cell at (col, row)."""
    body = _frame(canvas, col, row, SMALL_W, SMALL_H, card_id, _face(card_id, side), style_mod)
    text, colour, visible = centre_label(card_id, side)
    for offset, char in enumerate(text[: SMALL_W - 2]):
        style = body
        if char.isalpha() and colour is not None:
            symbol = Symbol.from_letter(char.upper())
            style = Style(color=symbol_style(symbol).color, bold=visible, bgcolor=body.bgcolor)
            if style_mod is not None:
                style += style_mod
        elif char.isdigit():
            style = body + Style(dim=True)
        canvas.put(col + 1 + offset, row + 1, char, style)


def _short_scoring(card: PlayableCard) -> Line:
    """Scoring in words if they fit the card ('3 pts', '2/corner', '1/quill'), else in symbols ('1/M')."""
    if not card.points:
        return [[]]
    words = points(card.points) if card.scoring is Scoring.FLAT else scoring_text(card)
    return [[(words, None)], [(scoring_symbol(card), None)]]


Part = tuple[str, Style | None]
"""A run of text and its style (None: the card's body)."""
Line = list[list[Part]]
"""A line of a large card as its wordings, longest first: the first that fits is drawn, whole."""


def draw_large(
    canvas: Canvas,
    col: int,
    row: int,
    card_id: int,
    side: Side,
    style_mod: Style | None = None,
    requirement_met: bool | None = None,
) -> None:
    """A 12x5 card with words: id and kingdom, scoring, requirement.

    `requirement_met` (golds, front up) adds 'ok' or 'no' after the
    requirement (or, where the word does not fit, colours it green or red),
    so a player sees at once which golds they can play.
    """
    face = _face(card_id, side)
    body = _frame(canvas, col, row, LARGE_W, LARGE_H, card_id, face, style_mod)
    card = _card(card_id)
    bold = body + Style(bold=True)
    lines: list[Line] = []
    if isinstance(card, HiddenCard):
        kingdom_style = Style(color=symbol_style(card.kingdom).color, bgcolor=body.bgcolor, bold=True)
        kind = (_("Resource") if card.kind is CardKind.RESOURCE else _("Gold"), bold)
        lines.append([[kind], [("R" if card.kind is CardKind.RESOURCE else "G", bold)]])
        lines.append(_back_line(card.kingdom, kingdom_style))
    elif isinstance(card, PlayableCard):
        kingdom_style = Style(color=symbol_style(card.kingdom).color, bgcolor=body.bgcolor, bold=True)
        if style_mod is not None:
            kingdom_style += style_mod
        letter = "G" if card.is_gold else "R"
        name = (f"{letter}{card_id} ", bold)
        lines.append(
            [[name, (symbol_name(card.kingdom), kingdom_style)], [name, (f"({card.kingdom.letter})", kingdom_style)]]
        )
        if side is Side.FRONT:
            lines.append(_short_scoring(card))
            if card.is_gold:
                needs = symbol_letters(card.requires)
                if requirement_met is None:
                    lines.append([[(needs, kingdom_style)]])
                else:
                    colour = Style(color="#5fd75f" if requirement_met else "#ff5f5f", bold=True, bgcolor=body.bgcolor)
                    verdict = _("ok") if requirement_met else _("no")
                    lines.append([[(needs, kingdom_style), (" " + verdict, colour)], [(needs, colour)]])
        else:
            lines.append(_back_line(card.kingdom, kingdom_style))
    else:
        lines.append([[(_("Start {id}").format(id=card_id), bold)], [(f"#{card_id}", bold)]])
        lines.append([[(side_name(side), None)], []])
        if face.center:
            centre: list[Part] = []
            for symbol in face.center:  # spaced: a run of letters would read as a word
                centre += [(symbol.letter, symbol_style(symbol, None) + Style(bgcolor=body.bgcolor)), (" ", None)]
            lines.append([centre])
    _write_lines(canvas, col, row, lines, body)


def _back_line(kingdom: Symbol, kingdom_style: Style) -> Line:
    """'back (F)': the back's permanent resource, the word dropped where it does not fit."""
    mark = (f"({kingdom.letter})", kingdom_style)
    return [[(side_name(Side.BACK) + " ", None), mark], [mark]]


def draw_deck(
    canvas: Canvas, col: int, row: int, kind: CardKind, top: Symbol | None, size: int, style_mod: Style | None = None
) -> None:
    """A deck as its top card's back: only the kind and kingdom show."""
    background = tint(kind, top) if top is not None else "#202020"
    border = border_style(kind, background)
    body = Style(color="#d0d0d0", bgcolor=background)
    if style_mod is not None:
        border, body = border + style_mod, body + style_mod
    horizontal, vertical = BORDERS[kind][0], BORDERS[kind][1]
    for x in range(LARGE_W):
        for y in range(LARGE_H):
            edge_x, edge_y = x in (0, LARGE_W - 1), y in (0, LARGE_H - 1)
            char = EMPTY_CORNER if edge_x and edge_y else horizontal if edge_y else vertical if edge_x else " "
            canvas.put(col + x, row + y, char, border if (edge_x or edge_y) else body)
    bold = body + Style(bold=True)
    # Translators: a deck's name on a card 10 cells wide ("Res." is short for resource).
    name = _("Gold deck") if kind is CardKind.GOLD else _("Res. deck")
    letter = "G" if kind is CardKind.GOLD else "R"
    lines: list[Line] = [
        [[(name, bold)], [(letter, bold)]],
        [[(_("{n} left").format(n=size), None)], [(str(size), None)]],
    ]
    if top is not None:
        mark = (f"({top.letter})", symbol_style(top) + Style(bgcolor=body.bgcolor))
        lines.append([[(_("top") + " ", None), mark], [mark]])
    _write_lines(canvas, col, row, lines, body)


def put_text(canvas: Canvas, col: int, row: int, text: str, style: Style, width: int) -> int:
    """Write `text` from `col`, at most `width` cells (a wide glyph takes two: its second cell
    holds an empty string, so a row of cells still adds up to the terminal's columns);
    returns the cells used."""
    used = 0
    for char in text:
        size = cell_len(char)
        if used + size > width:
            break
        canvas.put(col + used, row, char, style)
        if size == 2:
            canvas.put(col + used + 1, row, "", style)
        used += size
    return used


def _write_lines(canvas: Canvas, col: int, row: int, lines: list[Line], body: Style) -> None:
    inner = LARGE_W - 2
    for y, wordings in enumerate(lines[: LARGE_H - 2]):
        parts = next((w for w in wordings if sum(cell_len(text) for text, _style in w) <= inner), wordings[-1])
        x = col + 1
        for text, style in parts:
            x += put_text(canvas, x, row + 1 + y, text, style or body, col + 1 + inner - x)
