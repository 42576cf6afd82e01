"""A row of large cards: the hand, the market at drawing time, set-up choices.

Beside the hand the game screen puts the market (`aside`), so that its cards'
corners and points show at every step, not only when drawing: as large cards
where the row has room, else one line a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from textual.reactive import reactive
from textual.widget import Widget

from codex_tui.games.codex.rules import Side, Symbol
from codex_tui.games.codex.rules.symbols import CardKind
from codex_tui.games.codex.text import _
from codex_tui.games.codex.ui.cardart import LARGE_H, LARGE_W, draw_deck, draw_large, put_text
from codex_tui.games.codex.ui.panels import Parts, deck_parts, market_parts
from codex_tui.ui.canvas import Canvas
from codex_tui.ui.widgets.canvas_renderable import CanvasRenderable

GAP = 1
SELECTED = Style(color="#ffff5f", bold=True)
LABEL = Style(color="#a0a0a0")
DIM_MOD = Style(dim=True)


@dataclass(frozen=True)
class TrayCard:
    """A face-up card (`card` set) or a deck (`deck` set), with its label (`short` where it does not fit)."""

    label: str
    short: str = ""
    card: int | None = None
    side: Side = Side.FRONT
    requirement_met: bool | None = None
    deck: CardKind | None = None
    deck_top: Symbol | None = None
    deck_size: int = 0
    enabled: bool = True


@dataclass(frozen=True)
class TrayScene:
    title: str
    items: tuple[TrayCard, ...]
    selected: int | None = None
    aside_title: str = ""
    aside: tuple[TrayCard, ...] = ()
    """Cards to show after the items, apart (the market beside the hand): nothing of them is chosen."""


ASIDE_GAP = 3
"""Columns between the items and the cards aside."""


def cards_width(count: int) -> int:
    return max(count * (LARGE_W + GAP) - GAP, 0)


def items_shift(scene: TrayScene, width: int) -> int:
    """Columns the items move left so that the chosen one shows whole in `width` (0 when they all fit, or
    nothing is chosen): at 60 columns the market's six choices are wider than the screen."""
    if not width or scene.selected is None or scene.aside:
        return 0
    chosen_right = cards_width(scene.selected + 1)
    return max(0, chosen_right - width)


def draw_tray(scene: TrayScene, width: int = 0) -> Canvas:
    """The items, then the cards aside: large where `width` has room for them, else a line each. Items
    wider than `width` move left as far as the chosen one needs (`items_shift`)."""
    canvas = Canvas()
    start = cards_width(len(scene.items)) + ASIDE_GAP if scene.aside else 0
    room = max(width - start, 0)
    title = put_text(canvas, 0, 0, scene.title, LABEL, max(width, cell_len(scene.title)))
    draw_items(canvas, -items_shift(scene, width), scene.items, scene.selected)
    if scene.aside:
        at = max(start, title + 2)  # a long title pushes the other one along
        put_text(canvas, at, 0, scene.aside_title, LABEL, max(width - at, 0))
        if cards_width(len(scene.aside)) <= room:
            draw_items(canvas, start, scene.aside, None)
        else:
            draw_lines(canvas, start, scene.aside, room)
    return canvas


def aside_lines(items: tuple[TrayCard, ...]) -> list[Parts]:
    """The cards aside as lines: the decks on one, then a card a line (corners and points, as the cards show them)."""
    decks: Parts = []
    for item in items:
        if item.deck is not None:
            decks += [("  ", LABEL)] if decks else []
            decks += deck_parts(item.deck, item.deck_size, item.deck_top)
    lines = [decks] if decks else []
    for item in items:
        if item.card is not None:
            lines.append(market_parts(item.card, item.requirement_met))
        elif item.deck is None:
            lines.append([(_("(empty slot)"), LABEL)])
    return lines


def draw_lines(canvas: Canvas, col: int, items: tuple[TrayCard, ...], width: int) -> None:
    """The cards aside, a line each under their title (each line cut at `width`, never past it)."""
    for row, parts in enumerate(aside_lines(items), 1):
        used = 0
        for words, style in parts:
            used += put_text(canvas, col + used, row, words, style, width - used)


def draw_items(canvas: Canvas, start: int, items: tuple[TrayCard, ...], selected: int | None) -> None:
    for index, item in enumerate(items):
        col = start + index * (LARGE_W + GAP)
        chosen = index == selected
        mod = None if item.enabled else DIM_MOD
        if item.card is not None:
            draw_large(canvas, col, 1, item.card, item.side, mod, item.requirement_met)
        elif item.deck is not None:
            draw_deck(canvas, col, 1, item.deck, item.deck_top, item.deck_size, mod)
        else:
            put_text(canvas, col + 1, 3, _("(empty)"), LABEL, LARGE_W - 2)
        label = item.label if cell_len(item.label) < LARGE_W or not item.short else item.short
        label = set_cell_size(("▶" if chosen else " ") + label, LARGE_W)
        put_text(canvas, col, 1 + LARGE_H, label, SELECTED if chosen else LABEL, LARGE_W)


class CardTray(Widget):
    """A row of large cards: whatever `scene` holds."""

    DEFAULT_CSS = """
    CardTray { height: 7; width: 1fr; }
    """

    scene: reactive[TrayScene] = reactive(TrayScene("", ()))
    """What to show; a game screen binds it to its own, others set it (`show`)."""

    def show(self, scene: TrayScene) -> None:
        """Show `scene` (for screens that set it rather than bind it)."""
        self.scene = scene

    def render(self) -> CanvasRenderable:
        scene = self.scene
        width = max(len(scene.items) * (LARGE_W + GAP), cell_len(scene.title))
        if scene.aside:
            width = max(self.size.width, width)
        canvas = draw_tray(scene, width if scene.aside else min(width, self.size.width or width))
        return CanvasRenderable(canvas, width, LARGE_H + 2)
