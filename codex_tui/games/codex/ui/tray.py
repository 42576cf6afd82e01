"""A row of large cards: the hand, the market at drawing time, set-up choices."""

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


def draw_tray(scene: TrayScene, width: int = 0) -> Canvas:
    canvas = Canvas()
    put_text(canvas, 0, 0, scene.title, LABEL, max(width, cell_len(scene.title)))
    for index, item in enumerate(scene.items):
        col = index * (LARGE_W + GAP)
        chosen = index == scene.selected
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
    return canvas


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
        width = max(len(self.scene.items) * (LARGE_W + GAP), cell_len(self.scene.title))
        return CanvasRenderable(draw_tray(self.scene), width, LARGE_H + 2)
