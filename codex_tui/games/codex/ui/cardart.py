"""Drawing Codex Naturalis cards into a grid of styled cells.

A card is drawn at one of the board's sizes (`Zoom`: small, medium, large),
whose corner cells are shared with the diagonal neighbours exactly as the
physical cards overlap; the large one is also the card of the hand, market
and set-up screens, which has room for words. All draw into a `Canvas`
(`codex_tui.ui.canvas`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style

from codex_tui.games.codex.describe import points, scoring_symbol, scoring_text, side_name, symbol_letters, symbol_name
from codex_tui.games.codex.rules import CATALOG, Pos, Side, Symbol
from codex_tui.games.codex.rules.cards import Card, Face, PlayableCard, Scoring, StarterCard
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS, HiddenCard
from codex_tui.games.codex.rules.symbols import CardKind
from codex_tui.games.codex.text import N_, _, pgettext
from codex_tui.games.codex.ui.theme import BORDERS, EMPTY_CORNER, border_style, corner_glyph, symbol_style, tint
from codex_tui.i18n.spacing import tidy_spacing
from codex_tui.ui.canvas import Canvas

LARGE_W, LARGE_H = 12, 5
"""The large card: the hand's, the market's, and the board's largest."""

Part = tuple[str, Style | None]
"""A run of text and its style (None: the card's body)."""
Line = list[list[Part]]
"""A line of a card as its wordings, longest first: the first that fits is drawn, whole."""
Wording = Callable[[int, Side, Style, "Style | None", "bool | None"], list[Line]]
"""What a card's body says at one size: (card, side, body style, style modifier, requirement met) -> lines."""


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
            return (f"#{card_id}", None, False)
        return (" ".join(s.letter for s in centre), centre[0], True)
    assert isinstance(card, (PlayableCard, HiddenCard))
    if side is Side.BACK:
        return (f"({card.kingdom.letter})", card.kingdom, True)
    return (f"{card.kingdom.letter.lower()}{card_id:>2}", card.kingdom, False)


def _face(card_id: int, side: Side) -> Face:
    card = _card(card_id)
    assert isinstance(card, (PlayableCard, StarterCard, HiddenCard))
    return card.face(side)


def _label_parts(text: str, colour: Symbol | None, visible: bool, body: Style, style_mod: Style | None) -> list[Part]:
    """A small card's label in runs: symbol letters in their colours (bold when you hold them), ids dim."""
    parts: list[Part] = []
    for char in text:
        style = body
        if char.isalpha() and colour is not None:
            symbol = Symbol.from_letter(char.upper())
            style = Style(color=symbol_style(symbol).color, bold=visible, bgcolor=body.bgcolor)
            if style_mod is not None:
                style += style_mod
        elif char.isdigit():
            style = body + Style(dim=True)
        parts.append((char, style))
    return parts


def _small_lines(card_id: int, side: Side, body: Style, style_mod: Style | None, met: bool | None) -> list[Line]:
    """One line: the kingdom and id of a front ('f41'), a back's resource ('(F)'), a starter's centre."""
    return [[_label_parts(*centre_label(card_id, side), body, style_mod)]]


def _medium_lines(card_id: int, side: Side, body: Style, style_mod: Style | None, met: bool | None) -> list[Line]:
    """The small card's label, then what the front scores and needs ('1/Q 2F1A'); under a back, which
    card it is; under a starter's centre, its number."""
    label = [_label_parts(*centre_label(card_id, side), body, style_mod)]
    card = _card(card_id)
    dim = body + Style(dim=True)
    if isinstance(card, StarterCard):
        return [label, [[(f"#{card_id}", dim)]] if card.face(side).center else [[]]]
    if isinstance(card, HiddenCard):
        return [label, [[("G" if card.kind is CardKind.GOLD else "R", dim)]]]
    assert isinstance(card, PlayableCard)
    if side is Side.BACK:
        return [label, [[(("G" if card.is_gold else "R") + str(card_id), dim)]]]
    needs: list[Part] = []
    if card.is_gold:
        needs = [(symbol_letters(card.requires), _kingdom_style(card.kingdom, body, style_mod))]
    if not card.points:
        return [label, [needs]]
    space: list[Part] = [(" ", None)] if needs else []
    words = points(card.points) if card.scoring is Scoring.FLAT else scoring_text(card)
    return [label, [[(words, None), *space, *needs], [(scoring_symbol(card), None), *space, *needs]]]


def _kingdom_style(kingdom: Symbol, body: Style, style_mod: Style | None) -> Style:
    style = Style(color=symbol_style(kingdom).color, bgcolor=body.bgcolor, bold=True)
    return style + style_mod if style_mod is not None else style


def _short_scoring(card: PlayableCard) -> Line:
    """Scoring in words if they fit the card ('3 pts', '2/corner', '1/quill'), else in symbols ('1/M')."""
    if not card.points:
        return [[]]
    words = points(card.points) if card.scoring is Scoring.FLAT else scoring_text(card)
    return [[(words, None)], [(scoring_symbol(card), None)]]


def _large_lines(card_id: int, side: Side, body: Style, style_mod: Style | None, met: bool | None) -> list[Line]:
    """Words: id and kingdom, scoring, requirement (with 'ok' or 'no' when `met` is known); a
    back's resource; a starter's number, side and centre."""
    card = _card(card_id)
    bold = body + Style(bold=True)
    lines: list[Line] = []
    if isinstance(card, HiddenCard):
        kingdom_style = Style(color=symbol_style(card.kingdom).color, bgcolor=body.bgcolor, bold=True)
        kind = (_("Resource") if card.kind is CardKind.RESOURCE else _("Gold"), bold)
        lines.append([[kind], [("R" if card.kind is CardKind.RESOURCE else "G", bold)]])
        lines.append(_back_line(card.kingdom, kingdom_style))
    elif isinstance(card, PlayableCard):
        kingdom_style = _kingdom_style(card.kingdom, body, style_mod)
        letter = "G" if card.is_gold else "R"
        name = (f"{letter}{card_id} ", bold)
        lines.append(
            [[name, (symbol_name(card.kingdom), kingdom_style)], [name, (f"({card.kingdom.letter})", kingdom_style)]]
        )
        if side is Side.FRONT:
            lines.append(_short_scoring(card))
            if card.is_gold:
                needs = symbol_letters(card.requires)
                if met is None:
                    lines.append([[(needs, kingdom_style)]])
                else:
                    colour = Style(color="#5fd75f" if met else "#ff5f5f", bold=True, bgcolor=body.bgcolor)
                    verdict = _("ok") if met else _("no")
                    lines.append([[(needs, kingdom_style), (" " + verdict, colour)], [(needs, colour)]])
        else:
            lines.append(_back_line(card.kingdom, kingdom_style))
    else:
        face = _face(card_id, side)
        lines.append([[(_("Start {id}").format(id=card_id), bold)], [(f"#{card_id}", bold)]])
        lines.append([[(side_name(side), None)], []])
        if face.center:
            centre: list[Part] = []
            for symbol in face.center:  # spaced: a run of letters would read as a word
                centre += [(symbol.letter, symbol_style(symbol, None) + Style(bgcolor=body.bgcolor)), (" ", None)]
            lines.append([centre])
    return lines


@dataclass(frozen=True)
class Zoom:
    """One size of the cards on the board: everything the board's geometry follows from it.

    Diagonal neighbours share one corner cell, as the physical cards overlap,
    so the step between them is the card's size less one each way. `name` is a
    message id (translated where shown: the help, a notice)."""

    name: str
    width: int
    height: int
    wording: Wording
    centred: bool
    """Each line of the body centred (the small cards' labels), else from the left."""

    @property
    def step(self) -> tuple[int, int]:
        """Cells between the top-left corners of diagonal neighbours."""
        return self.width - 1, self.height - 1

    def corner(self, pos: Pos) -> tuple[int, int]:
        """Canvas cell of the top-left corner of the card at table position `pos` (y grows upward)."""
        return pos[0] * (self.width - 1), -pos[1] * (self.height - 1)

    def span(self, bounds: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """Canvas cells (left, top, right, bottom; right and bottom exclusive) of the cards at the table
        positions `bounds` (min_x, min_y, max_x, max_y) and every one between."""
        min_x, min_y, max_x, max_y = bounds
        left, top = self.corner((min_x, max_y))
        right, bottom = self.corner((max_x, min_y))
        return left, top, right + self.width, bottom + self.height


SMALL = Zoom(N_("small"), 7, 3, _small_lines, centred=True)
MEDIUM = Zoom(N_("medium"), 10, 4, _medium_lines, centred=True)
LARGE = Zoom(N_("large"), LARGE_W, LARGE_H, _large_lines, centred=False)
ZOOMS = (SMALL, MEDIUM, LARGE)
"""The board's sizes, smallest first."""


def draw_card(
    canvas: Canvas,
    col: int,
    row: int,
    card_id: int,
    side: Side,
    zoom: Zoom,
    style_mod: Style | None = None,
    requirement_met: bool | None = None,
) -> None:
    """A card at `zoom`'s size with its top-left cell at (col, row)."""
    body = _frame(canvas, col, row, zoom.width, zoom.height, card_id, _face(card_id, side), style_mod)
    write_body(canvas, col, row, zoom, card_id, side, body, style_mod, requirement_met)


def write_body(
    canvas: Canvas,
    col: int,
    row: int,
    zoom: Zoom,
    card_id: int,
    side: Side,
    body: Style,
    style_mod: Style | None = None,
    requirement_met: bool | None = None,
) -> None:
    """The words inside a card of `zoom`'s size (its frame drawn or not)."""
    _write_lines(canvas, col, row, zoom, zoom.wording(card_id, side, body, style_mod, requirement_met), body)


def body_style(card_id: int, style_mod: Style | None = None) -> Style:
    """The style of a card's inside (its kingdom's tint), as `_frame` fills it."""
    kind, kingdom = _kind_and_kingdom(card_id)
    body = Style(color="#d0d0d0", bgcolor=tint(kind, kingdom))
    return body + style_mod if style_mod is not None else body


def draw_small(canvas: Canvas, col: int, row: int, card_id: int, side: Side, style_mod: Style | None = None) -> None:
    """A 7x3 card with its top-left cell at (col, row)."""
    draw_card(canvas, col, row, card_id, side, SMALL, style_mod)


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
    draw_card(canvas, col, row, card_id, side, LARGE, style_mod, requirement_met)


def kingdom_after_words(letter: str) -> str:
    """'(F)' after words on a card ("back (F)", "top (F)"); in Chinese '（F）', the full-width
    brackets beside its glyphs (a card drawn too narrow for the words keeps '(F)' alone)."""
    # Translators: a kingdom's letter in brackets after words on a card ("back (F)"); Chinese: full-width brackets.
    return pgettext("a kingdom's letter after words on a card", "({letter})").format(letter=letter)


def _back_line(kingdom: Symbol, kingdom_style: Style) -> Line:
    """'back (F)': the back's permanent resource, the word dropped where it does not fit."""
    beside = kingdom_after_words(kingdom.letter)
    words = tidy_spacing(side_name(Side.BACK) + " " + beside).removesuffix(beside)
    return [[(words, None), (beside, kingdom_style)], [(f"({kingdom.letter})", kingdom_style)]]


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
        top_style = symbol_style(top) + Style(bgcolor=body.bgcolor)
        beside = kingdom_after_words(top.letter)
        # Translators: over the market's deck, the kingdom of its top card ("top (I)"); {kingdom} is "(I)".
        before, _field, after = tidy_spacing(_("top {kingdom}").replace("{kingdom}", beside)).partition(beside)
        lines.append([[(before, None), (beside, top_style), (after, None)], [(f"({top.letter})", top_style)]])
    _write_lines(canvas, col, row, LARGE, lines, body)


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


def _write_lines(canvas: Canvas, col: int, row: int, zoom: Zoom, lines: list[Line], body: Style) -> None:
    inner = zoom.width - 2
    for y, wordings in enumerate(lines[: zoom.height - 2]):
        parts = next((w for w in wordings if sum(cell_len(text) for text, _style in w) <= inner), wordings[-1])
        used = sum(cell_len(text) for text, _style in parts)
        x = col + 1 + (max(0, inner - used) + 1) // 2 if zoom.centred else col + 1
        for text, style in parts:
            x += put_text(canvas, x, row + 1 + y, text, style or body, col + 1 + inner - x)
