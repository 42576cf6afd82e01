"""The play area: cards as they overlap on the table, legal spots, a cursor, at one of three sizes.

Built on Textual's Line API: the whole area is drawn once per change into a
sparse canvas, and `render_line` cuts the visible window out of it, so panning
and moving the cursor cost only the rows on screen.

The cards' size (`Zoom`: small, medium, large) chooses itself: the largest at
which the whole area fits the widget, worked out again whenever the area or
the widget's size changes; `zoom_choice` fixes one instead (the screens' `+`
and `-`, see `zoom_keys`). Everything drawn and every move of the view
(spots, cursor, marks, extent, pan steps) follows the size shown, `zoom`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from codex_tui.games.codex.rules import PlayArea, Pos, Side
from codex_tui.games.codex.text import _
from codex_tui.games.codex.ui.cardart import SMALL, ZOOMS, Zoom, draw_card, put_text, write_body
from codex_tui.games.codex.ui.theme import Label
from codex_tui.ui.canvas import Canvas

SPOT_STYLE = Style(color="#606060")
CURSOR_STYLE = Style(color="#ffff5f", bold=True)
GHOST_OK = Style(reverse=True)
GHOST_BAD = Style(color="#ff5f5f", bold=True)
"""The outline (and its ×) of a card that may not go where the cursor is."""
UNPLAYABLE_TEXT = Style(color="#a0a0a0")
UNPLAYABLE_MOD = Style(dim=True)
NEWEST_STYLE = Style(color="#5fffff", bold=True)
"""The border (and its *) of another player's last placed card."""
EDGE_STYLE = Style(color="#000000", bgcolor="#ffd75f", bold=True)
"""A mark at an edge of the view behind which the area goes on."""
BLANK = Style()
UNPLAYABLE_MARK = "×"
NEWEST_MARK = "*"

Bounds = tuple[int, int, int, int]
"""Table positions (min_x, min_y, max_x, max_y)."""


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
    """False: the card may not go there (a gold whose requirement is not met): it is drawn ghosted,
    its words dimmed in a red dotted outline, never as if it were placed."""
    marks: tuple[Mark, ...] = ()
    """Labelled previews, drawn in order over everything else."""
    newest: Pos | None = None
    """A card to mark as the newest (another player's last placed card, `newest_card`)."""
    all_spots: bool = True
    """The area's open spots all count in its extent, shown or not: so the view of one's own area
    stays put between the turns that show them and those that do not. False for an area whose
    spots never show (another player's, a replay's): only its cards (and marks) are fitted."""


def newest_card(area: PlayArea) -> Pos | None:
    """Where the card placed last lies (`Placed.order`), None on an empty table."""
    if not area.cards:
        return None
    return max(area.cards.items(), key=lambda item: item[1].order)[0]


def same_board(one: PlayArea, other: PlayArea) -> bool:
    """Whether the two areas are one board at two moments: every card of the smaller lies in the larger,
    at its place (a move, an undo, a step of a replay), not another player's or another game's."""
    small, large = (one, other) if len(one.cards) <= len(other.cards) else (other, one)
    cards = large.cards
    for pos, placed in small.cards.items():
        there = cards.get(pos)
        if there is None or there.card != placed.card or there.order != placed.order:
            return False
    return True


def reach(scene: AreaScene) -> Bounds:
    """The table positions the view must hold: the cards, the open spots (all of them, see
    `AreaScene.all_spots`, else those shown) and the marks."""
    positions = [*scene.area.cards, *(scene.area.open_spots if scene.all_spots else scene.spots)]
    positions += [mark.pos for mark in scene.marks]
    if not positions:
        return (0, 0, 0, 0)
    xs, ys = [p[0] for p in positions], [p[1] for p in positions]
    return min(xs), min(ys), max(xs), max(ys)


def fits(bounds: Bounds, zoom: Zoom, size: Size) -> bool:
    left, top, right, bottom = zoom.span(bounds)
    return right - left <= size.width and bottom - top <= size.height


def auto_zoom(bounds: Bounds, size: Size) -> Zoom:
    """The largest size at which the positions of `bounds` fit in `size` (else the smallest)."""
    return next((zoom for zoom in reversed(ZOOMS) if fits(bounds, zoom, size)), SMALL)


def _steps(cells: int, step: int) -> int:
    """Card steps needed to cover `cells` hidden cells (0 for none)."""
    return -(-cells // step) if cells > 0 else 0


def _shown_from(origin: int, start: int, size: int, view: int, margin: int, low: int, high: int) -> int:
    """Along one axis: the view's first cell nearest `origin` that shows the cells [start, start + size)
    and up to `margin` more each side, as far as the area reaches ([low, high))."""
    before, after = min(margin, max(0, start - low)), min(margin, max(0, high - start - size))
    if start - before < origin:
        return start - before
    if start + size + after > origin + view:
        return start + size + after - view
    return origin


def _outline(canvas: Canvas, col: int, row: int, zoom: Zoom, style: Style) -> None:
    """A dotted box on a card's border cells, its corners left to the neighbours that share them."""
    for x in range(1, zoom.width - 1):
        canvas.put(col + x, row, "┄", style)
        canvas.put(col + x, row + zoom.height - 1, "┄", style)
    for y in range(1, zoom.height - 1):
        canvas.put(col, row + y, "┆", style)
        canvas.put(col + zoom.width - 1, row + y, "┆", style)


def draw_base(area: PlayArea, spots: frozenset[Pos], zoom: Zoom) -> Canvas:
    """Cards in the order they were placed (later ones on top), then open spots."""
    canvas = Canvas()
    for pos, placed in sorted(area.cards.items(), key=lambda item: item[1].order):
        col, row = zoom.corner(pos)
        draw_card(canvas, col, row, placed.card, placed.side, zoom)
    for spot in spots:
        col, row = zoom.corner(spot)
        _outline(canvas, col, row, zoom, SPOT_STYLE)
    return canvas


def draw_unplayable(canvas: Canvas, col: int, row: int, card: int, side: Side, zoom: Zoom) -> None:
    """A card that may not go here: its words dimmed inside a red dotted outline with a × on top.

    No frame, no tint, no corners: nothing reads as placed, and the corners of
    the neighbours it would cover still show."""
    for x in range(1, zoom.width - 1):
        for y in range(1, zoom.height - 1):
            canvas.put(col + x, row + y, " ", BLANK)
    write_body(canvas, col, row, zoom, card, side, UNPLAYABLE_TEXT + UNPLAYABLE_MOD, UNPLAYABLE_MOD)
    _outline(canvas, col, row, zoom, GHOST_BAD)
    canvas.put(col + zoom.width // 2, row, UNPLAYABLE_MARK, GHOST_BAD)


def draw_cursor(canvas: Canvas, scene: AreaScene, zoom: Zoom) -> None:
    """The cursor's spot in bright dots, with the chosen card previewed in it (ghosted where it may not go)."""
    if scene.cursor is None:
        return
    col, row = zoom.corner(scene.cursor)
    _outline(canvas, col, row, zoom, CURSOR_STYLE)
    if scene.ghost is None:
        canvas.text(col + (zoom.width - 3) // 2, row + (zoom.height - 1) // 2, "[ ]", CURSOR_STYLE)
    elif scene.ghost_legal:
        draw_card(canvas, col, row, *scene.ghost, zoom, GHOST_OK)
    else:
        draw_unplayable(canvas, col, row, *scene.ghost, zoom)


def draw_newest(canvas: Canvas, pos: Pos, zoom: Zoom) -> None:
    """The card's border (not its corners: they show symbols) in a bright colour, a * in its top border."""
    col, row = zoom.corner(pos)
    cells = canvas.cells
    border = [(col + x, y) for x in range(1, zoom.width - 1) for y in (row, row + zoom.height - 1)]
    border += [(x, row + y) for y in range(1, zoom.height - 1) for x in (col, col + zoom.width - 1)]
    for cell in border:
        char, style = cells.get(cell, (" ", BLANK))
        cells[cell] = (char, style + NEWEST_STYLE)
    middle = (col + zoom.width // 2, row)
    cells[middle] = (NEWEST_MARK, cells[middle][1])


def draw_mark(canvas: Canvas, mark: Mark, zoom: Zoom) -> None:
    """The card as a preview, its labels centred on its border rows (cells no other card shares)."""
    col, row = zoom.corner(mark.pos)
    draw_card(canvas, col, row, mark.card, mark.side, zoom, GHOST_OK)
    labels = [(mark.top, row)] + ([(mark.bottom, row + zoom.height - 1)] if mark.bottom else [])
    for (words, style), y in labels:
        label = _(words)
        room = zoom.width - 2
        label = set_cell_size(label, min(cell_len(label), room))
        left = (room - cell_len(label)) // 2
        put_text(canvas, col + 1, y, " " * left + set_cell_size(label, room - left), style, room)


def draw_scene(scene: AreaScene, zoom: Zoom = SMALL, base: Canvas | None = None) -> Canvas:
    """The whole scene at `zoom`; `base` (cards and spots of this scene, at that size) saves redrawing them."""
    canvas = Canvas(dict((base or draw_base(scene.area, scene.spots, zoom)).cells))
    draw_cursor(canvas, scene, zoom)
    if scene.newest is not None and scene.newest in scene.area.cards:
        draw_newest(canvas, scene.newest, zoom)
    for mark in scene.marks:
        draw_mark(canvas, mark, zoom)
    return canvas


class PlayAreaView(Widget, can_focus=False):
    """Shows one player's area: whatever `scene` holds (the screen owns the cursor), at the size `zoom`."""

    DEFAULT_CSS = """
    PlayAreaView { height: 1fr; width: 1fr; }
    """

    scene: reactive[AreaScene] = reactive(AreaScene(PlayArea.empty()), init=False)
    """What to show; a game screen binds it to its own, others set it (`show`)."""
    zoom_choice: reactive[Zoom | None] = reactive(None, init=False)
    """The size the player chose; None: the automatic one (`auto_zoom`)."""
    zoom_cap: reactive[Zoom | None] = reactive(None, init=False)
    """The largest automatic size allowed (the split view's other area's `Fitted` size: two areas side by
    side show their cards at one size, the smaller of what each would take alone); None: no cap."""

    class News(Message):
        """Something about how this view shows its area changed (its screen picks it by the view's id)."""

        def __init__(self, view: PlayAreaView) -> None:
            super().__init__()
            self.view = view

        @property
        def control(self) -> PlayAreaView:
            return self.view

    class Cut(News):
        """The view began, or stopped, hiding part of the area: its screen offers pan and centre on the
        key bar only while it does."""

        def __init__(self, view: PlayAreaView, cut: bool) -> None:
            super().__init__(view)
            self.cut = cut

    class Fitted(News):
        """The automatic size for this view's area alone changed (what the split view's other area is capped
        at)."""

        def __init__(self, view: PlayAreaView, zoom: Zoom) -> None:
            super().__init__(view)
            self.zoom = zoom

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cut = False
        """Part of the area lies beyond an edge of the view (as `Cut` last said)."""
        self.fitted: Zoom | None = None
        """The automatic size for this area alone, as `Fitted` last said (None before the first layout)."""
        self.canvas = Canvas()
        self.origin = (0, 0)
        """Canvas cell shown at the widget's top-left."""
        self.zoom: Zoom = SMALL
        """The size the cards are drawn at now."""
        self._strips: dict[int, Strip] = {}
        self._laid_out_size = Size(0, 0)
        self._base: tuple[PlayArea, frozenset[Pos], Zoom, Canvas] | None = None
        self._reach: tuple[AreaScene, Bounds] | None = None

    def show(self, scene: AreaScene) -> None:
        """Show `scene` (for screens that set it rather than bind it)."""
        self.scene = scene

    # ------------------------------------------------------------ drawing

    def _bounds(self) -> Bounds:
        """`reach` of the scene, kept while the area, its spots and marks stay (a cursor move keeps them)."""
        scene = self.scene
        kept = self._reach
        if kept is None or not (
            kept[0].area is scene.area
            and kept[0].all_spots == scene.all_spots
            and kept[0].marks == scene.marks
            and (scene.all_spots or kept[0].spots == scene.spots)
        ):
            kept = self._reach = (scene, reach(scene))
        return kept[1]

    def _choose_zoom(self) -> bool:
        """Set `zoom` to the chosen size, or the automatic one for this area and size; whether it changed.

        Before the first layout there is no size to fit: the small size stands
        in, and `on_resize` chooses again once the real size is known."""
        before = self.zoom
        if self.zoom_choice is not None:
            self.zoom = self.zoom_choice
        elif self.size.area:
            fitted = auto_zoom(self._bounds(), self.size)
            if fitted is not self.fitted:
                self.fitted = fitted
                self.post_message(self.Fitted(self, fitted))
            cap = self.zoom_cap
            self.zoom = fitted if cap is None else ZOOMS[min(ZOOMS.index(fitted), ZOOMS.index(cap))]
        return self.zoom is not before

    def _draw(self) -> None:
        """The canvas of the scene at `zoom`: cards and spots drawn once per state and size, a cursor
        move only redraws the cursor and the previewed card on a copy of them."""
        scene, zoom = self.scene, self.zoom
        base = self._base
        if base is None or base[0] is not scene.area or base[1] != scene.spots or base[2] is not zoom:
            base = self._base = (scene.area, scene.spots, zoom, draw_base(scene.area, scene.spots, zoom))
        self.canvas = draw_scene(scene, zoom, base[3])
        self._strips.clear()

    def watch_scene(self, old: AreaScene, scene: AreaScene) -> None:
        """Draw a new scene; place the view so the board is centred or the cursor stays in view.

        Another board (the first one, another player's, another moment of a
        replay that is not this board grown or shrunk) is centred, with the
        cursor or its newest card in view: the old view belonged to a board no
        longer shown. The same board, grown by a move, is centred when it fits;
        else the view stays put (where one panned to), the cursor in view. A
        centre is only worked out once the widget has its real size: before
        layout it would be a guess, and `on_resize` does it then.
        """
        new_area = scene.area is not old.area
        another = not old.area.cards or (new_area and not same_board(old.area, scene.area))
        before = self.zoom
        self._choose_zoom()
        self._draw()
        if another or (new_area and self.fits()):
            self.recentre()
        elif self.zoom is not before:
            self._rezoomed(before, self.size)
        else:
            self._keep_focus_in_view()
            self._note_cut()

    def watch_zoom_choice(self) -> None:
        """Another size chosen (or the automatic one again): redrawn, the cursor kept in view."""
        before = self.zoom
        if self._choose_zoom():
            self._draw()
            self._rezoomed(before, self.size)

    def watch_zoom_cap(self) -> None:
        """The other area's size changed (or the split view ended): as another size chosen."""
        self.watch_zoom_choice()

    def _rezoomed(self, before: Zoom, size: Size) -> None:
        """After a change of size (of the cards, of the view, or both; `before` and `size` are the cards'
        and the view's sizes until then): a board that fits is centred; one that does not keeps the
        table point that was in the middle of the view in the middle, then the cursor in view."""
        if self.fits():
            self.recentre()
            return
        zoom, (ox, oy) = self.zoom, self.origin
        table_x = (ox + size.width // 2 - before.width / 2) / before.step[0]  # in card steps
        table_y = (oy + size.height // 2 - before.height / 2) / before.step[1]
        middle = (round(table_x * zoom.step[0] + zoom.width / 2), round(table_y * zoom.step[1] + zoom.height / 2))
        self.origin = (middle[0] - self.size.width // 2, middle[1] - self.size.height // 2)
        self._keep_focus_in_view()
        self._invalidate()

    # ------------------------------------------------------------ placing the view

    def recentre(self) -> None:
        """Centre the view on the area and its open spots, then keep the cursor (or the newest card) in view.

        Without a size yet (before the first layout) there is nothing to
        centre in: `on_resize` does it once the real size is known.
        """
        if not self.size.area:
            return
        bounds = self._bounds()
        left, top, right, bottom = self.zoom.span(bounds)
        width, height = self.size
        self.origin = ((left + right - width) // 2, (top + bottom - height) // 2)
        self._keep_focus_in_view()
        self._invalidate()

    def frame(self, spots: tuple[Pos, ...]) -> None:
        """Centre the view on `spots` (a review's two marked moves), then keep the cursor in view.

        Both show whenever they fit in the view together; else the cursor's does."""
        if not self.size.area or not spots:
            return
        xs, ys = [spot[0] for spot in spots], [spot[1] for spot in spots]
        left, top, right, bottom = self.zoom.span((min(xs), min(ys), max(xs), max(ys)))
        width, height = self.size
        self.origin = ((left + right - width) // 2, (top + bottom - height) // 2)
        self._keep_focus_in_view()
        self._invalidate()

    def fits(self) -> bool:
        """Whether the whole area (`reach`) fits in the view at the size shown."""
        return fits(self._bounds(), self.zoom, self.size)

    def pan(self, dx: int, dy: int) -> None:
        step_x, step_y = self.zoom.step
        self.origin = (self.origin[0] + dx * step_x, self.origin[1] + dy * step_y)
        self._invalidate()

    def _keep_focus_in_view(self) -> None:
        """The cursor, else the newest card, in view."""
        focus = self.scene.cursor if self.scene.cursor is not None else self.scene.newest
        if focus is not None:
            self._keep_in_view(self.zoom.corner(focus))

    def _keep_in_view(self, cell: tuple[int, int]) -> None:
        """Pan the least that shows the card at `cell` with a margin around it (its neighbours' spots).

        The margin stops at the edge of the area: showing empty table beyond it
        would only cut the other side of a board that fits (a centred board
        whose newest card lies at its edge was pushed off the view's far side)."""
        width, height = self.size
        if not width or not height:
            return
        zoom = self.zoom
        left, top, right, bottom = zoom.span(self._bounds())
        margin_x = min(zoom.step[0], max(0, (width - zoom.width) // 2))
        margin_y = min(1, max(0, (height - zoom.height) // 2))
        self.origin = (
            _shown_from(self.origin[0], cell[0], zoom.width, width, margin_x, left, right),
            _shown_from(self.origin[1], cell[1], zoom.height, height, margin_y, top, bottom),
        )

    def _invalidate(self) -> None:
        self._strips.clear()
        self.refresh()
        self._note_cut()

    def _note_cut(self) -> None:
        """Tell the screen when the view starts or stops hiding part of the area (`Cut`)."""
        cut = any(self.hidden())
        if cut != self.cut:
            self.cut = cut
            self.post_message(self.Cut(self, cut))

    def on_resize(self) -> None:
        """Keep the board placed sensibly at every new size, cursor in view.

        The automatic size is chosen again for the new view. A board that fits
        is centred. One that does not keeps the cell that was in the middle of
        the view in the middle (so the part one was looking at stays in sight,
        and a one-row change of the preview line does not make it jump); the
        old top-left corner would leave it off to one side, or out of view
        entirely when the terminal shrinks.
        """
        before, self._laid_out_size = self._laid_out_size, self.size
        zoom = self.zoom
        if self._choose_zoom():
            self._draw()
        if not before.area:
            self.recentre()
            return
        self._rezoomed(zoom, before)

    # ------------------------------------------------------------ Line API

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            width = self.size.width
            segments = self.canvas.segments(self.origin[1] + y, self.origin[0], width, BLANK)
            strip = Strip(segments, width) if segments else Strip.blank(width)
            strip = self._edge_marks(strip, y)
            self._strips[y] = strip
        return strip

    # ------------------------------------------------------------ what lies beyond the view

    def hidden(self) -> tuple[int, int, int, int]:
        """How many card steps of the area (its open spots included) lie beyond each edge of the view:
        left, top, right and bottom, 0 where the area ends inside it."""
        if not self.size.area:
            return 0, 0, 0, 0
        left, top, right, bottom = self.zoom.span(self._bounds())
        (x, y), (width, height) = self.origin, self.size
        step_x, step_y = self.zoom.step
        return (
            _steps(x - left, step_x),
            _steps(y - top, step_y),
            _steps(right - (x + width), step_x),
            _steps(bottom - (y + height), step_y),
        )

    def _edge_marks(self, strip: Strip, y: int) -> Strip:
        """`strip` (row `y` of the view) with a mark at each edge the area goes on behind: an arrow and
        how many card steps are out of sight ("◀2" in the middle of the left edge, "▲1" in the middle
        of the top), so that a cut card never looks like the board's end."""
        width, height = self.size
        if width < 12 or height < 3 or y not in (0, height // 2, height - 1):
            return strip
        left, top, right, bottom = self.hidden()
        marks: list[tuple[int, str]] = []
        if y == height // 2:
            if left:
                marks.append((0, f"◀{left}"))
            if right:
                text = f"{right}▶"
                marks.append((width - len(text), text))
        if y == 0 and top:
            text = f"▲{top}"
            marks.append(((width - len(text)) // 2, text))
        if y == height - 1 and bottom:
            text = f"▼{bottom}"
            marks.append(((width - len(text)) // 2, text))
        for x, text in marks:
            mark = Strip([Segment(text, EDGE_STYLE)], len(text))
            strip = Strip.join([strip.crop(0, x), mark, strip.crop(x + len(text), width)])
        return strip
