"""The play area: cards as they overlap on the table, legal spots, a cursor.

Built on Textual's Line API: the whole area is drawn once per change into a
sparse canvas, and `render_line` cuts the visible window out of it, so panning
and moving the cursor cost only the rows on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from codex_tui.games.codex.rules import PlayArea, Pos, Side
from codex_tui.games.codex.text import _
from codex_tui.games.codex.ui.cardart import SMALL_H, SMALL_W, STEP_X, STEP_Y, draw_small, put_text
from codex_tui.games.codex.ui.theme import Label
from codex_tui.ui.canvas import Canvas

SPOT_STYLE = Style(color="#606060")
CURSOR_STYLE = Style(color="#ffff5f", bold=True)
GHOST_OK = Style(reverse=True)
GHOST_BAD = Style(color="#ff5f5f", strike=True)
BLANK = Style()


@dataclass(frozen=True)
class Mark:
    """A card drawn as a preview with a label on its top border (a review's move played, or the better one).

    `bottom` labels its bottom border too: when two marked moves share a
    spot, one card is drawn and both labels show on it."""

    pos: Pos
    card: int
    side: Side
    top: Label
    bottom: Label | None = None


@dataclass(frozen=True)
class AreaScene:
    """Everything the play area shows. Set it as a whole; the widget redraws."""

    area: PlayArea
    spots: frozenset[Pos] = frozenset()
    """Spots to mark (the legal ones, when the viewer may place)."""
    cursor: Pos | None = None
    ghost: tuple[int, Side] | None = None
    """The card to preview at the cursor."""
    ghost_legal: bool = True
    marks: tuple[Mark, ...] = ()
    """Labelled previews, drawn in order over everything else."""


def to_screen(pos: Pos) -> tuple[int, int]:
    """Canvas cell of a card's top-left corner (y grows upward on the table)."""
    return pos[0] * STEP_X, -pos[1] * STEP_Y


def draw_base(area: PlayArea, spots: frozenset[Pos]) -> Canvas:
    """Cards in the order they were placed (later ones on top), then open spots."""
    canvas = Canvas()
    for pos, placed in sorted(area.cards.items(), key=lambda item: item[1].order):
        col, row = to_screen(pos)
        draw_small(canvas, col, row, placed.card, placed.side)
    for spot in spots:
        col, row = to_screen(spot)
        for x in range(1, SMALL_W - 1):
            canvas.put(col + x, row, "┄", SPOT_STYLE)
            canvas.put(col + x, row + SMALL_H - 1, "┄", SPOT_STYLE)
        canvas.put(col, row + 1, "┆", SPOT_STYLE)
        canvas.put(col + SMALL_W - 1, row + 1, "┆", SPOT_STYLE)
    return canvas


def draw_cursor(canvas: Canvas, scene: AreaScene) -> None:
    """The cursor's spot in bright dots, with the chosen card previewed in it."""
    if scene.cursor is None:
        return
    col, row = to_screen(scene.cursor)
    for x in range(1, SMALL_W - 1):
        canvas.put(col + x, row, "┄", CURSOR_STYLE)
        canvas.put(col + x, row + SMALL_H - 1, "┄", CURSOR_STYLE)
    canvas.put(col, row + 1, "┆", CURSOR_STYLE)
    canvas.put(col + SMALL_W - 1, row + 1, "┆", CURSOR_STYLE)
    if scene.ghost is not None:
        card, side = scene.ghost
        draw_small(canvas, col, row, card, side, GHOST_OK if scene.ghost_legal else GHOST_BAD)
    else:
        canvas.text(col + 2, row + 1, "[ ]", CURSOR_STYLE)


def draw_mark(canvas: Canvas, mark: Mark) -> None:
    """The card as a preview, its labels centred on its border rows (cells no other card shares)."""
    col, row = to_screen(mark.pos)
    draw_small(canvas, col, row, mark.card, mark.side, GHOST_OK)
    labels = [(mark.top, row)] + ([(mark.bottom, row + SMALL_H - 1)] if mark.bottom else [])
    for (words, style), y in labels:
        label = _(words)
        room = SMALL_W - 2
        label = set_cell_size(label, min(cell_len(label), room))
        left = (room - cell_len(label)) // 2
        put_text(canvas, col + 1, y, " " * left + set_cell_size(label, room - left), style, room)


def draw_scene(scene: AreaScene, base: Canvas | None = None) -> Canvas:
    """The whole scene; `base` (cards and spots of this scene) saves redrawing them."""
    canvas = Canvas(dict((base or draw_base(scene.area, scene.spots)).cells))
    draw_cursor(canvas, scene)
    for mark in scene.marks:
        draw_mark(canvas, mark)
    return canvas


class PlayAreaView(Widget, can_focus=False):
    """Shows one player's area: whatever `scene` holds (the screen owns the cursor)."""

    DEFAULT_CSS = """
    PlayAreaView { height: 1fr; width: 1fr; }
    """

    scene: reactive[AreaScene] = reactive(AreaScene(PlayArea.empty()), init=False)
    """What to show; a game screen binds it to its own, others set it (`show`)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.canvas = Canvas()
        self.origin = (0, 0)
        """Canvas cell shown at the widget's top-left."""
        self._strips: dict[int, Strip] = {}
        self._laid_out_size = Size(0, 0)
        self._base: tuple[PlayArea, frozenset[Pos], Canvas] | None = None

    def show(self, scene: AreaScene) -> None:
        """Show `scene` (for screens that set it rather than bind it)."""
        self.scene = scene

    def watch_scene(self, old: AreaScene, scene: AreaScene) -> None:
        """Draw a new scene; pan so the cursor (or the whole area) stays in view.

        Cards and spots are drawn once per state; a cursor move only redraws
        the cursor and the previewed card on a copy of them. A new area is
        centred when it fits (the first one always), but only once the widget
        has its real size: a centre computed before layout would be a guess,
        and the board would start off to one side (or out of view).
        """
        first = not old.area.cards
        new_area = scene.area is not old.area
        if self._base is None or self._base[0] is not scene.area or self._base[1] != scene.spots:
            self._base = (scene.area, scene.spots, draw_base(scene.area, scene.spots))
        self.canvas = draw_scene(scene, self._base[2])
        if first or (new_area and self._fits()):
            self.recentre()
        elif scene.cursor is not None:
            self._keep_in_view(to_screen(scene.cursor))
        self._strips.clear()  # the reactive repaints the widget

    def recentre(self) -> None:
        """Centre the view on the area and its open spots, then keep the cursor in view.

        Without a size yet (before the first layout) there is nothing to
        centre in: `on_resize` does it once the real size is known.
        """
        if not self.size.area:
            return
        left, top, right, bottom = self._extent()
        width, height = self.size
        self.origin = ((left + right - width) // 2, (top + bottom - height) // 2)
        if self.scene.cursor is not None:
            self._keep_in_view(to_screen(self.scene.cursor))
        self._invalidate()

    def frame(self, spots: tuple[Pos, ...]) -> None:
        """Centre the view on `spots` (a review's two marked moves), then keep the cursor in view.

        Both show whenever they fit in the view together; else the cursor's does."""
        if not self.size.area or not spots:
            return
        corners = [to_screen(spot) for spot in spots]
        left, top = min(c for c, _ in corners), min(r for _, r in corners)
        right, bottom = max(c for c, _ in corners) + SMALL_W, max(r for _, r in corners) + SMALL_H
        width, height = self.size
        self.origin = ((left + right - width) // 2, (top + bottom - height) // 2)
        if self.scene.cursor is not None:
            self._keep_in_view(to_screen(self.scene.cursor))
        self._invalidate()

    def _extent(self) -> tuple[int, int, int, int]:
        """Canvas cells (left, top, right, bottom; right and bottom exclusive) of cards and open spots.

        All open spots count, shown or not, so the centre does not move
        between one's own turn (spots shown) and the others' turns.
        """
        min_x, min_y, max_x, max_y = self.scene.area.bounds()
        left, top = to_screen((min_x, max_y))
        right, bottom = to_screen((max_x, min_y))
        return left, top, right + SMALL_W, bottom + SMALL_H

    def _fits(self) -> bool:
        left, top, right, bottom = self._extent()
        return right - left <= self.size.width and bottom - top <= self.size.height

    def pan(self, dx: int, dy: int) -> None:
        self.origin = (self.origin[0] + dx * STEP_X, self.origin[1] + dy * STEP_Y)
        self._invalidate()

    def _keep_in_view(self, cell: tuple[int, int]) -> None:
        width, height = self.size
        if not width or not height:
            return
        ox, oy = self.origin
        col, row = cell
        margin_x, margin_y = min(STEP_X, max(0, (width - SMALL_W) // 2)), min(1, max(0, (height - SMALL_H) // 2))
        if col - margin_x < ox:
            ox = col - margin_x
        elif col + SMALL_W + margin_x > ox + width:
            ox = col + SMALL_W + margin_x - width
        if row - margin_y < oy:
            oy = row - margin_y
        elif row + SMALL_H + margin_y > oy + height:
            oy = row + SMALL_H + margin_y - height
        self.origin = (ox, oy)

    def _invalidate(self) -> None:
        self._strips.clear()
        self.refresh()

    def on_resize(self) -> None:
        """Keep the board placed sensibly at every new size, cursor in view.

        A board that fits is centred. One that does not keeps the cell that
        was in the middle of the view in the middle (so the part one was
        looking at stays in sight, and a one-row change of the preview line
        does not make it jump); the old top-left corner would leave it off to
        one side, or out of view entirely when the terminal shrinks.
        """
        before, self._laid_out_size = self._laid_out_size, self.size
        if not before.area or self._fits():
            self.recentre()
            return
        (ox, oy), (width, height) = self.origin, self.size
        self.origin = (ox + (before.width - width) // 2, oy + (before.height - height) // 2)
        if self.scene.cursor is not None:
            self._keep_in_view(to_screen(self.scene.cursor))
        self._invalidate()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            width = self.size.width
            segments = self.canvas.segments(self.origin[1] + y, self.origin[0], width, BLANK)
            strip = Strip(segments, width) if segments else Strip([Segment(" " * width)], width)
            self._strips[y] = strip
        return strip
