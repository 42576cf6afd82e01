"""The Instinkt board: the cards in their growing 4x4 frame, with cell labels, entrances and previews.

A cell is drawn compact (8x3 characters: the card's colour, number and a
short name on the middle line, its points on the bottom border) or, where
the board has the room (a wide terminal), large (14 to 18 wide, 5 high: the
number and the owner's name, the animal's full name, its points). An arrow
on the top border marks a card a preview moves. A left gutter holds the row
names (and a ▸ where the deer may enter a row from the left), a top gutter
the column letters (and ▾), the right and bottom gutters ◂ and ▴. Cells are
named as everywhere else (`coords.py`): a name never moves. The points drawn
are those of `BoardScene.after`, the grid the move on show leaves, so a
preview shows what each card will score. The drawn window is the grid plus
one row or column on each side where the frame can still grow; the screen
fixes the window for a whole decision so that the board does not move
while previews change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from codex_tui.games.instinkt.animal_words import animal_name
from codex_tui.games.instinkt.coords import column_name, naming_note, row_name
from codex_tui.games.instinkt.rules.actions import Axis, End
from codex_tui.games.instinkt.rules.animals import GRID_SIZE, Animal
from codex_tui.games.instinkt.rules.scoring import scores_by_cell
from codex_tui.games.instinkt.rules.state import Cell, Grid, Piece
from codex_tui.games.instinkt.text import ngettext, pgettext
from codex_tui.i18n import PSEUDO, language
from codex_tui.i18n.pseudo import CLOSE, OPEN, PAD
from codex_tui.ui.canvas import Canvas
from codex_tui.ui.line_breaks import break_lines
from codex_tui.ui.widgets.canvas_renderable import CanvasRenderable

CELL_W, CELL_H = 8, 3
"""A compact cell."""
LARGE_W, LARGE_MIN_W, LARGE_H = 18, 14, 5
"""A large cell: as wide as the room allows between these, five lines high."""
TOP = 1
"""The top gutter (column letters); the left one holds the row names and an entrance arrow."""
OWNER_STYLES = (
    Style(color="#f0f0f0", bgcolor="#303030", bold=True),
    Style(color="#101010", bgcolor="#c8c8c8", bold=True),
)
"""Black's cards light on dark, white's dark on light; the letter B/W says it in monochrome too."""
FRAME = Style(color="#4a4a4a")
FREE = Style(color="#9a9a9a")
CURSOR = Style(color="#ffff5f", bold=True)
HIGHLIGHT = Style(color="#ffaf00", bold=True)
MARKER = Style(color="#5fafff", bold=True)
LABEL = Style(color="#8a8a8a")
REVIEW_STYLES = {
    "played": Style(color="#ff5f5f", bold=True),
    "better": Style(color="#5fd75f", bold=True),
    "both": Style(color="#5fd7ff", bold=True),
}
"""A review's marks: the move played (red), the search's better move (green), a cell both use (cyan)."""


def review_tag(mark: str) -> str:
    """A review's mark on a card's top border: four cells ('play', 'best', 'both')."""
    tags = {
        "played": pgettext("review mark on a card, 4 cells", "play"),
        "better": pgettext("review mark on a card, 4 cells", "best"),
        "both": pgettext("review mark on a card, 4 cells", "both"),
    }
    return fixed(tags[mark], 4).rstrip()


def review_word(mark: str) -> str:
    """A review's mark on an empty cell: six cells, centred ('played', 'better', 'both')."""
    words = {
        "played": pgettext("review mark on an empty cell, 6 cells", "played"),
        "better": pgettext("review mark on an empty cell, 6 cells", "better"),
        "both": pgettext("review mark on an empty cell, 6 cells", "both"),
    }
    return centred(words[mark], CELL_W - 2)


def centred(text: str, cells: int) -> str:
    """`text` centred in `cells` terminal cells (a Chinese glyph takes two), cut if too long."""
    text = fixed(text, min(cell_len(text), cells))
    left = (cells - cell_len(text)) // 2
    return " " * left + text + " " * (cells - cell_len(text) - left)


def short_names() -> dict[Animal, str]:
    """Each animal in three cells for the board ('owl', 'hib', '鸮 '), all different where the animals differ."""
    spider = pgettext("board: 3 cells", "spi")
    names = {
        Animal.RAVEN: pgettext("board: 3 cells", "rav"),
        Animal.BAT: pgettext("board: 3 cells", "bat"),
        Animal.MOTH: pgettext("board: 3 cells", "mot"),
        Animal.SPIDER_4: spider,
        Animal.SPIDER_5: spider,
        Animal.CAT: pgettext("board: 3 cells", "cat"),
        Animal.OWL: pgettext("board: 3 cells", "owl"),
        Animal.WOLF: pgettext("board: 3 cells", "wlf"),
        Animal.WOLPERTINGER: pgettext("board: 3 cells", "wpt"),
        Animal.DEER: pgettext("board: 3 cells", "der"),
        Animal.RACCOON: pgettext("board: 3 cells", "rac"),
        Animal.SNAKE: pgettext("board: 3 cells", "snk"),
    }
    return {animal: fixed(name, 3) for animal, name in names.items()}


def fixed(text: str, cells: int | None = None) -> str:
    """`text` (already translated) for a slot on the board: padded or cut to exactly `cells` terminal cells.

    A fixed slot cannot take the pseudo-language's markers and padding, so
    there the word keeps only its accents: visibly through the catalog, never
    longer than the English. Without `cells`, the word keeps its own width.
    """
    if language() == PSEUDO:
        text = text.strip(OPEN + CLOSE + PAD)
    return text if cells is None else set_cell_size(text, cells)


Entrance = tuple[Axis, int, End]
ARROWS = {
    (Axis.ROW, End.START): "▸",
    (Axis.ROW, End.FINISH): "◂",
    (Axis.COLUMN, End.START): "▾",
    (Axis.COLUMN, End.FINISH): "▴",
}
"""Small triangles: the large ▶ and ◀ have emoji forms that some terminals draw two cells wide."""


def owner_letter(owner: int) -> str:
    """The card's colour in one letter (Chinese: one glyph, two cells): 'B' black, 'W' white."""
    letters = (pgettext("black, on a card: 1 letter", "B"), pgettext("white, on a card: 1 letter", "W"))
    return fixed(letters[owner])


def piece_label(piece: Piece) -> str:
    """Six cells: 'B 7owl', 'W10der', 'B 8wlf', 'B 9wpt'; in Chinese '黑 7鸮' (the colour and the animal one glyph)."""
    colour = owner_letter(piece.owner)
    short = short_names()[piece.animal]
    return fixed(f"{colour}{piece.animal.mark:>2}{short}", CELL_W - 2)


def points_mark(points: int) -> str:
    """A card's points on its bottom border: '3pt'."""
    return fixed(pgettext("points on a card's border", "{n}pt").format(n=points), 4).rstrip()


def full_name(animal: Animal, cells: int) -> str:
    """The animal's name in `cells` terminal cells, centred; a name too long keeps its first word ('papillon')."""
    name = fixed(animal_name(animal))
    if cell_len(name) > cells:
        name = name.split()[0] if " " in name else name
    return centred(name, cells)


def large_label(piece: Piece, names: tuple[str, ...], cells: int) -> tuple[str, str]:
    """A large card's first two lines: ' 7 · Ada' (its number and its owner) and 'owl'."""
    owner = names[piece.owner] if piece.owner < len(names) else owner_letter(piece.owner)
    return fixed(f"{piece.animal.mark:>2} · {fixed(owner)}", cells), full_name(piece.animal, cells)


def large_points(points: int) -> str:
    """A large card's points: '3 points'."""
    return fixed(ngettext("{n} point", "{n} points", points).format(n=points))


def move_arrow(source: Cell, target: Cell) -> str:
    dx, dy = target[0] - source[0], target[1] - source[1]
    if abs(dx) >= abs(dy):
        return "→" if dx > 0 else "←"
    return "↓" if dy > 0 else "↑"


Window = tuple[int, int, int, int]
"""min x, min y, max x, max y of the drawn cells."""


def window_for(grid: Iterable[Cell], extra: Iterable[Cell] = ()) -> Window:
    """The grid, one more column/row on each side where the frame can still grow, and any `extra` cells."""
    cells = list(grid)
    if not cells:
        return (0, 0, GRID_SIZE - 1, GRID_SIZE - 1)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    grow_x = 1 if max(xs) - min(xs) + 1 < GRID_SIZE else 0
    grow_y = 1 if max(ys) - min(ys) + 1 < GRID_SIZE else 0
    box = [(min(xs) - grow_x, min(ys) - grow_y), (max(xs) + grow_x, max(ys) + grow_y), *extra]
    return (min(x for x, _ in box), min(y for _, y in box), max(x for x, _ in box), max(y for _, y in box))


@dataclass(frozen=True)
class BoardScene:
    grid: Grid
    free: frozenset[Cell] = frozenset()
    """Empty cells to mark (where the card may go)."""
    cursor: Cell | None = None
    ghost: Piece | None = None
    """A card previewed at the cursor."""
    highlight: frozenset[Cell] = frozenset()
    """Cards to pick out (moved by a deer, the raccoon's choice...)."""
    markers: Mapping[Cell, Piece] = field(default_factory=dict)
    """Empty cells a card leaves in the preview (the raccoon's card), by cell: they show its name and →."""
    arrows: Mapping[Cell, str] = field(default_factory=dict)
    """An arrow on the top border of cards a preview moved, by their new cell."""
    entrances: Mapping[Entrance, bool] = field(default_factory=dict)
    """The deer's entrances, shown in the gutters; True for the one on show."""
    after: Grid | None = None
    """The grid once the move on show is played, whose points the cards show (default: `grid`)."""
    names: tuple[str, ...] = ()
    """The players' names, by seat, for large cells (else the colour letter)."""
    window: Window | None = None
    """The cells to draw (default: `window_for` the grid and the marked cells)."""
    review: Mapping[Cell, str] = field(default_factory=dict)
    """A review's marks by cell: "played", "better" or "both" (`REVIEW_STYLES`); an empty cell shows the word."""


@dataclass(frozen=True)
class Layout:
    """How big the cells are drawn: compact or large, and the gutters around them."""

    width: int
    height: int
    left: int
    """The left gutter: the widest row name and the entrance arrow."""

    @property
    def large(self) -> bool:
        return self.height == LARGE_H


def layout_for(window: Window, room: tuple[int, int] | None) -> Layout:
    """Large cells if the window fits `room` (width, height) with them, else compact ones."""
    min_x, min_y, max_x, max_y = window
    left = max(len(row_name(y)) for y in range(min_y, max_y + 1)) + 1
    columns, rows = max_x - min_x + 1, max_y - min_y + 1
    if room is not None:
        width = min(LARGE_W, (room[0] - left - 1) // columns)
        if width >= LARGE_MIN_W and TOP + rows * LARGE_H + 1 <= room[1]:
            return Layout(width, LARGE_H, left)
    return Layout(CELL_W, CELL_H, left)


def draw_board(scene: BoardScene, room: tuple[int, int] | None = None) -> tuple[Canvas, int, int]:
    """The canvas and its size in characters; `room` (the widget's size) lets the cells grow large."""
    painter = BoardPainter(scene, room)
    painter.labels()
    painter.empty_cells()
    painter.pieces()
    painter.cursor()
    painter.note_below()
    return painter.canvas, painter.width, painter.height


class BoardPainter:
    """One drawing of a board: its geometry (the window of cells, the cells' size), then each layer in
    turn, later ones over earlier ones: labels and entrances, the empty cells, the cards, the cursor."""

    def __init__(self, scene: BoardScene, room: tuple[int, int] | None) -> None:
        self.scene = scene
        self.room = room
        self.canvas = Canvas()
        extra = [*scene.free, *scene.markers, *scene.review, *([scene.cursor] if scene.cursor else [])]
        self.window = scene.window or window_for(scene.grid, extra)
        min_x, min_y, max_x, max_y = self.window
        self.cells = layout_for(self.window, room)
        self.inner = self.cells.width - 2
        columns, rows = max_x - min_x + 1, max_y - min_y + 1
        self.width = self.cells.left + columns * self.cells.width + 1
        self.height = TOP + rows * self.cells.height + 1
        after = scene.after if scene.after is not None else scene.grid
        self.points = {cell: s.points for cell, s in scores_by_cell(after).items()}

    def at(self, cell: Cell) -> tuple[int, int]:
        """The top left character of `cell`'s frame."""
        min_x, min_y, _, _ = self.window
        return self.cells.left + (cell[0] - min_x) * self.cells.width, TOP + (cell[1] - min_y) * self.cells.height

    def box(
        self,
        cell: Cell,
        style: Style,
        label: str,
        dotted: bool = False,
        bottom: str = "",
        top: str = "",
        accent: Style = HIGHLIGHT,
        lines: tuple[str, ...] = (),
    ) -> None:
        """A cell's frame; `label` on its middle line, or `lines` from its first inner line (large cells)."""
        canvas, cell_w, cell_h = self.canvas, self.cells.width, self.cells.height
        col, row = self.at(cell)
        last = row + cell_h - 1
        horizontal, vertical = ("┄", "┆") if dotted else ("─", "│")
        canvas.put(col, row, "┌", style)
        canvas.put(col + cell_w - 1, row, "┐", style)
        canvas.put(col, last, "└", style)
        canvas.put(col + cell_w - 1, last, "┘", style)
        for x in range(1, cell_w - 1):
            canvas.put(col + x, row, horizontal, style)
            canvas.put(col + x, last, horizontal, style)
        for y in range(row + 1, last):
            canvas.put(col, y, vertical, style)
            canvas.put(col + cell_w - 1, y, vertical, style)
            put_text(canvas, col + 1, y, " " * self.inner, style)
        shown = lines or (label,)
        first = row + 1 if lines else row + cell_h // 2
        for offset, text in enumerate(shown):
            put_text(canvas, col + 1, first + offset, fixed(text, self.inner), style)
        if bottom:
            put_text(canvas, col + cell_w - 1 - cell_len(bottom), last, bottom, style)
        if top:
            put_text(canvas, col + 2, row, top, style + accent)

    def card(self, cell: Cell, piece: Piece, style: Style, top: str = "", accent: Style = HIGHLIGHT) -> None:
        """A card in its cell: number, name and points on a large cell; its short label on a compact one."""
        score = self.points.get(cell, 0)
        if self.cells.large:
            number, name = large_label(piece, self.scene.names, self.inner)
            points_text = large_points(score) if score else ""
            shown = " " * (self.inner - cell_len(points_text)) + points_text  # right-aligned in cells (2 per glyph)
            self.box(cell, style, "", top=top, accent=accent, lines=(number, name, shown))
        else:
            label = piece_label(piece)
            self.box(cell, style, label, bottom=points_mark(score) if score else "", top=top, accent=accent)

    def word(self, text: str) -> str:
        """A word on an empty cell, centred (a large cell's middle line)."""
        return centred(text, self.inner)

    def labels(self) -> None:
        """The columns' and rows' names, and the entrance arrows at the edges."""
        min_x, min_y, max_x, max_y = self.window
        left, cell_w, cell_h = self.cells.left, self.cells.width, self.cells.height
        for x in range(min_x, max_x + 1):
            put_text(self.canvas, left + (x - min_x) * cell_w + cell_w // 2 - 1, 0, column_name(x), LABEL)
        for y in range(min_y, max_y + 1):
            name = row_name(y)
            put_text(self.canvas, left - 1 - len(name), TOP + (y - min_y) * cell_h + cell_h // 2, name, LABEL)
        for (axis, index, end), chosen in self.scene.entrances.items():
            style = CURSOR if chosen else MARKER
            arrow = ARROWS[(axis, end)]
            if axis is Axis.ROW:
                col = left - 1 if end is End.START else self.width - 1
                self.canvas.put(col, TOP + (index - min_y) * cell_h + cell_h // 2, arrow, style)
            else:
                row = 0 if end is End.START else self.height - 1
                self.canvas.put(left + (index - min_x) * cell_w + cell_w // 2, row, arrow, style)

    def empty_cells(self) -> None:
        """Cells in reach (dotted), the free ones offered, the markers of cards gone and the review's marks."""
        scene = self.scene
        min_x, min_y, max_x, max_y = self.window
        for x in range(min_x, max_x + 1):
            for y in range(min_y, max_y + 1):
                if (x, y) not in scene.grid and _in_reach((x, y), scene.grid):
                    self.box((x, y), FRAME, "", dotted=True)
        for cell in scene.free:
            self.box(cell, FREE, "", dotted=True)
        for cell, gone in scene.markers.items():
            name = full_name(gone.animal, self.inner - 1).strip() if self.cells.large else short_names()[gone.animal]
            self.box(cell, MARKER, self.word(f"{name}→"), dotted=True)
        for cell, mark in scene.review.items():
            if cell not in scene.grid:
                self.box(cell, REVIEW_STYLES[mark], self.word(review_word(mark)))

    def pieces(self) -> None:
        """The cards, in their owner's colour, marked where highlighted, under the cursor or judged."""
        scene = self.scene
        for cell, piece in scene.grid.items():
            style = OWNER_STYLES[piece.owner]
            if cell in scene.highlight:
                style = style + Style(underline=True, color=HIGHLIGHT.color)
            if cell == scene.cursor and scene.ghost is None:
                style = style + CURSOR
            top, accent = scene.arrows.get(cell, ""), HIGHLIGHT
            judged = scene.review.get(cell)
            if judged is not None:
                style, top, accent = style + REVIEW_STYLES[judged], review_tag(judged), REVIEW_STYLES[judged]
            self.card(cell, piece, style, top, accent)

    def cursor(self) -> None:
        """The cursor on an empty cell: the card about to be placed there, or "here"."""
        scene = self.scene
        if scene.cursor is None or scene.cursor in scene.grid:
            return
        if scene.ghost is not None:
            self.card(scene.cursor, scene.ghost, OWNER_STYLES[scene.ghost.owner] + Style(reverse=True))
        elif scene.cursor not in scene.markers:
            here = centred(pgettext("the cursor on an empty cell, 6 cells", "here"), 6)
            self.box(scene.cursor, CURSOR, self.word(here.strip()), dotted=True)

    def note_below(self) -> None:
        """Under the board, where the lines are free: why the labels are not a-d / 1-4."""
        if self.room is None:
            return
        lines = wrapped(fixed(naming_note()), max(self.width, 24))
        if self.room[1] >= self.height + len(lines):
            for line in lines:
                put_text(self.canvas, 0, self.height, line, LABEL)
                self.width, self.height = max(self.width, cell_len(line)), self.height + 1


def wrapped(text: str, cells: int) -> list[str]:
    """`text` in lines of at most `cells` terminal cells (`line_breaks` rules)."""
    return [line.plain for line in break_lines(Text(text), cells)]


def put_text(canvas: Canvas, col: int, row: int, text: str, style: Style) -> None:
    """`text` from `col`, one canvas cell per terminal cell: a wide glyph (Chinese) fills its second cell with ''."""
    for char in text:
        canvas.put(col, row, char, style)
        if cell_len(char) == 2:
            canvas.put(col + 1, row, "", style)
        col += cell_len(char)


def _in_reach(cell: Cell, grid: Grid) -> bool:
    """The cell could still hold a card: it fits in a 4x4 square with every card on the grid."""
    if not grid:
        return True
    xs = [cell[0], *(x for x, _ in grid)]
    ys = [cell[1], *(y for _, y in grid)]
    return max(xs) - min(xs) < GRID_SIZE and max(ys) - min(ys) < GRID_SIZE


class BoardView(Widget):
    """Draws its `scene`, a reactive: setting a different scene repaints the board, an equal one does not."""

    DEFAULT_CSS = "BoardView { width: 1fr; height: 1fr; content-align: center middle; }"

    scene: reactive[BoardScene] = reactive(lambda: BoardScene({}))

    def __init__(self, scene: BoardScene | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        if scene is not None:
            self.set_reactive(BoardView.scene, scene)

    def render(self) -> CanvasRenderable:
        canvas, width, height = draw_board(self.scene, (self.size.width, self.size.height))
        return CanvasRenderable(canvas, width, height)
