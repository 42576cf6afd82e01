"""The small text panels beside the play area: symbols, objectives, market, log.

Each declares what it shows as reactive attributes and renders Rich text
from them when painted: the game screen binds them to its own state, the
replay sets them (`show`). None of them decides anything about the rules.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive, var
from textual.visual import Visual
from textual.widget import Widget

from codex_tui.games.codex.describe import (
    describe_entry,
    last_turn,
    long_turn_cells,
    named,
    objective_progress,
    objective_short,
    objective_text,
    pattern_rows,
    points_text,
    symbol_letters,
)
from codex_tui.games.codex.rules import CATALOG, DrawSource, PlayArea, SeatView, Symbol
from codex_tui.games.codex.rules.engine import requirement_met
from codex_tui.games.codex.rules.objectives import objective_points
from codex_tui.games.codex.rules.symbols import CardKind
from codex_tui.games.codex.text import N_, _
from codex_tui.games.codex.ui.theme import (
    BORDERS,
    GOLD_BORDER,
    PLAIN_BORDER,
    SYMBOL_COLOURS,
    Label,
    corner_glyph,
    symbol_style,
)
from codex_tui.ui.line_breaks import break_lines
from codex_tui.ui.widgets.broken_text import breaking
from codex_tui.ui.widgets.chat_field import ChatNote, notes_at

HEADING = Style(bold=True, color="#d0d0d0")
DIM = Style(color="#8a8a8a")
TALK = Style(color="#d0d0d0")
"""A chat line in the log: brighter than the moves around it."""
WIDEST_SIDE = 66
"""Past this the log's longest lines are whole; the rest goes to the play area."""
LEAST_AREA = 54
"""Columns the play area keeps before the side panel grows past its least width."""
LEAST_LOG_LINES = 3
"""Lines the log keeps on the smallest screens; its heading shows only above them."""


def side_width(screen_width: int, least: int, extra: int = 0) -> int:
    """The side panel's width: `least` on narrow terminals, growing with the screen.

    Everything past 54 columns of play area goes to the panel, up to 66
    (plus `extra`, for what a screen prints before each log line): so from
    120 columns a log line of 64 cells ('Bot 1 took Resource 20 from the
    market; Resource 17 revealed', with room for longer names) is whole, and
    wider screens widen the play area.
    """
    return max(least, min(WIDEST_SIDE, screen_width - LEAST_AREA) + extra)


def symbol_text(symbol: Symbol, count: int | None = None) -> Text:
    label = symbol.letter if count is None else f"{symbol.letter}{count}"
    return Text(label, style=Style(color=SYMBOL_COLOURS[symbol], bold=True, dim=count == 0))


Parts = list[tuple[str, Style]]
"""A line as runs of text and style: appended to a `Text` by the panels, put on a canvas by the tray."""
OK_STYLE = Style(color="#5fd75f")
NO_STYLE = Style(color="#ff5f5f")


def corner_parts(card_id: int) -> Parts:
    """A front's corners as its top and bottom edges, 'F─A ·─┘' (top-left, top-right, then bottom-left,
    bottom-right): a letter for a symbol, '·' for an empty corner, the border's own corner where there
    is none, as the cards on the table draw them."""
    card = CATALOG.playable[card_id]
    border = Style(color=GOLD_BORDER if card.is_gold else PLAIN_BORDER)
    edge = BORDERS[card.kind][0]

    def corner(index: int) -> tuple[str, Style]:
        value = card.front.corners[index]
        return corner_glyph(value, card.kind, index), symbol_style(value) if value >= 0 else border

    return [corner(0), (edge, border), corner(1), (" ", DIM), corner(3), (edge, border), corner(2)]


def market_parts(card_id: int, met: bool | None) -> Parts:
    """One market card on a line: kingdom, id, corners, points, and for a gold its needs and whether
    the viewer's area meets them ('A G64 ·═I A═╝ 2/corner 3A1I no')."""
    card = CATALOG.playable[card_id]
    kind = "G" if card.is_gold else "R"
    parts: Parts = [(card.kingdom.letter, symbol_style(card.kingdom)), (f" {kind}{card_id:<3} ", Style())]
    parts += corner_parts(card_id)
    if card.points:
        parts.append((f" {points_text(card)}", DIM))
    if card.is_gold:
        parts.append((" " + symbol_letters(card.requires), DIM))
        if met is not None:
            parts.append((" " + (_("ok") if met else _("no")), OK_STYLE if met else NO_STYLE))
    return parts


def deck_parts(kind: CardKind, size: int, top: Symbol | None) -> Parts:
    """'R deck 34 I': a deck's cards left and the kingdom of its top card's back."""
    words = _("R deck {n}") if kind is CardKind.RESOURCE else _("G deck {n}")
    parts: Parts = [(words.format(n=size), DIM)]
    if top is not None:
        parts += [(" ", DIM), (top.letter, symbol_style(top))]
    return parts


def append_parts(text: Text, parts: Parts) -> None:
    for words, style in parts:
        text.append(words, style=style)


class SymbolsPanel(Widget):
    """Visible resources and objects of the area being shown."""

    DEFAULT_CSS = "SymbolsPanel { height: auto; }"

    area: reactive[PlayArea | None] = reactive(None, layout=True)
    owner: reactive[str] = reactive("", layout=True)

    def show(self, area: PlayArea, owner: str) -> None:
        """Set what to show (for screens that set it rather than bind it)."""
        self.area, self.owner = area, owner

    def render(self) -> Visual:
        if self.area is None:
            return breaking(self, Text())
        text = Text(_("{name}: ").format(name=self.owner), style=DIM)
        for symbol in Symbol:
            text.append_text(symbol_text(symbol, self.area.counts[symbol]))
            text.append(" " if symbol != Symbol.INSECT else " │ ")
        return breaking(self, text)


class ObjectivesPanel(Widget):
    """The two common objectives and a secret one, with progress on the area shown.

    On the viewer's own area the secret is the viewer's; on another player's
    area (`own` false) it is theirs, shown as hidden, as at the table: the
    viewer's secret scored on someone else's cards would mean nothing.
    """

    DEFAULT_CSS = "ObjectivesPanel { height: auto; }"

    view: reactive[SeatView | None] = reactive(None, layout=True)
    area: reactive[PlayArea | None] = reactive(None, layout=True)
    """The area the progress is counted on (the one on show)."""
    detailed: reactive[bool] = reactive(False, layout=True)
    """Each objective in words, with its pattern (on tall terminals)."""
    own: reactive[bool] = reactive(True, layout=True)

    def show(self, view: SeatView, area: PlayArea, detailed: bool, own: bool = True) -> None:
        """Set what to show (for screens that set it rather than bind it)."""
        self.view, self.area, self.detailed, self.own = view, area, detailed, own

    def render(self) -> Visual:
        view, area = self.view, self.area
        if view is None or area is None:
            return breaking(self, Text())
        # Translators: the heading of the objectives panel; C and S below stand for common and secret.
        text = Text(_("Objectives  (C common, S secret)"), style=HEADING)
        entries = [("C", o) for o in view.common_objectives]
        if self.own and view.secret is not None:
            entries.append(("S", view.secret))
        for label, objective in entries:
            points = objective_points(area, objective)
            text.append("\n")
            text.append(f"{label} {objective:>3} ", style=DIM)
            text.append(objective_short(objective))
            text.append("  ")
            text.append(_("now {points}").format(points=points), style=Style(bold=bool(points), dim=not points))
            if self.detailed:
                words = _("{objective}: {progress}").format(
                    objective=objective_text(objective), progress=objective_progress(area, objective)
                )
                text.append(f"\n    {words}", style=DIM)
                for row in pattern_rows(objective):
                    text.append(f"\n      {row}", style=DIM)
        if not self.own:
            text.append("\nS   ?  ", style=DIM)
            text.append(_("secret, hidden"), style=DIM)
        return breaking(self, text)


class MarketPanel(Widget):
    """The four face-up cards and the two decks, one line each."""

    DEFAULT_CSS = "MarketPanel { height: auto; }"

    view: reactive[SeatView | None] = reactive(None, layout=True)
    area: reactive[PlayArea | None] = reactive(None, layout=True)
    """The area gold requirements are checked against (the viewer's own)."""
    marks: reactive[tuple[tuple[int | DrawSource, Label], ...]] = reactive((), layout=True)
    """Labels after a market card (by id) or a deck (by source): a review's draw played, or the better one."""

    def show(self, view: SeatView, area: PlayArea, marks: tuple[tuple[int | DrawSource, Label], ...] = ()) -> None:
        """Set what to show (for screens that set it rather than bind it)."""
        self.view, self.area, self.marks = view, area, marks

    def _append_marks(self, text: Text, what: int | DrawSource) -> None:
        for marked, (words, style) in self.marks:
            if marked == what:
                text.append(" ")
                text.append(_(words), style=style)

    def render(self) -> Visual:
        view, area = self.view, self.area
        if view is None or area is None:
            return breaking(self, Text())
        text = Text(_("Market") + "  ", style=HEADING)
        append_parts(text, deck_parts(CardKind.RESOURCE, view.resource_deck_size, view.resource_deck_top))
        self._append_marks(text, DrawSource.RESOURCE_DECK)
        text.append("  ")
        append_parts(text, deck_parts(CardKind.GOLD, view.gold_deck_size, view.gold_deck_top))
        self._append_marks(text, DrawSource.GOLD_DECK)
        for card_id in view.market:
            text.append("\n ")
            if card_id is None:
                text.append(_("(empty slot)"), style=DIM)
                continue
            card = CATALOG.playable[card_id]
            append_parts(text, market_parts(card_id, requirement_met(card, area.counts) if card.is_gold else None))
            self._append_marks(text, card_id)
        return breaking(self, text)


class LastMoves(Widget):
    """What each other player did on their last turn, a line each: the card placed, where, its
    points, and what they drew: in the long wording when a usual move fits the line (a longer one
    wraps), else in the short one for every turn (`long_turn_cells`), wrapped if even that does not fit.

    Always in view, whatever the log shows: at 80x24 the log holds only a few lines, and a bot's
    placement scrolled out of it behind its draw."""

    DEFAULT_CSS = "LastMoves { height: auto; }"

    view: reactive[SeatView | None] = reactive(None, layout=True)
    """The viewer's view: every other seat gets a line, in turn order after the viewer's (a
    spectator's: every seat)."""

    def rows(self, width: int) -> list[str]:
        view = self.view
        if view is None or width <= 0:
            return []
        count = len(view.seats)
        others = [(view.seat + offset) % count for offset in range(1, count)] if view.seat >= 0 else range(count)
        rows: list[str] = []
        long = all(long_turn_cells(view.players, seat) <= width for seat in others)  # one wording for all
        for seat in others:
            forms = last_turn(view.log, view.players, seat, view.seat)
            forms = forms[:1] if long else (forms[1:] or forms)
            line = next((form for form in forms if cell_len(form) <= width), None)
            rows += [line] if line is not None else wrap_cells(forms[-1], width)
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width))

    def render(self) -> Text:
        text = Text(style=DIM)
        for index, row in enumerate(self.rows(self.size.width)):
            text.append(("\n" if index else "") + row)
        return text


class GameLog(Widget):
    """The newest lines of the game log that fit, newest at the bottom.

    The lines are chosen when rendering, from the real size, so the newest
    entry is never cut off whatever the panels above it take; a line wider
    than the panel wraps (indented) instead of losing its end, where the
    points are. Entries are worded for the view's own seat (hidden draws
    stay hidden).
    """

    DEFAULT_CSS = "GameLog { height: 1fr; }"

    view: var[SeatView | None] = var(None)
    notes: var[tuple[tuple[int, int], ...]] = var(())
    """(actions played, seat): "<name> used a hint" goes after that many entries."""
    chat: var[tuple[ChatNote, ...]] = var(())
    """A network table's chat, (actions played, the line in words): each line goes after that many entries."""
    lines: reactive[tuple[str, ...]] = reactive(())
    """The newest 60 entries in words; the widget repaints only when they change (a recompose
    after a change of language words them again: `on_mount`)."""

    def on_mount(self) -> None:
        self._reword()

    def watch_view(self) -> None:
        self._reword()

    def watch_notes(self) -> None:
        self._reword()

    def watch_chat(self) -> None:
        self._reword()

    def _reword(self) -> None:
        view = self.view
        if view is None:
            return
        start = max(len(view.log) - 60, 0)
        notes = sorted(note for note in self.notes if note[0] >= start)
        lines: list[str] = []
        end = len(view.log)

        def used_a_hint(seat: int) -> str:
            return named(seat, view.seat, N_("You used a hint"), N_("{name} used a hint")).format(
                name=view.players[seat]
            )

        for index, entry in enumerate(view.log[start:], start):
            lines += [used_a_hint(seat) for at, seat in notes if at == index]
            lines += notes_at(self.chat, index, end)
            lines.append(describe_entry(entry, view.players, view.seat, view.seat))
        lines += [used_a_hint(seat) for at, seat in notes if at >= end]
        lines += notes_at(self.chat, end, end)
        self.lines = tuple(lines[-60:])

    def render(self) -> Text:
        height = self.size.height
        heading = height > LEAST_LOG_LINES  # a short log gives its heading's row to a line
        room = max(height - 1 if heading else height, 0)
        width = max(self.size.width, 20)
        said = {words for _at, words in self.chat}  # the chat stands out from the moves
        rows: list[tuple[str, Style]] = []
        for line in reversed(self.lines):
            style = TALK if line in said else DIM
            wrapped = [(row, style) for row in wrap_cells(line, width)]
            if len(rows) + len(wrapped) > room:
                if not rows and room:  # the newest line shows, as much of it as fits, its cut marked
                    rows = wrapped[:room]
                    last, last_style = rows[-1]
                    rows[-1] = (set_cell_size(last, width - 1).rstrip() + "…", last_style)
                break
            rows[:0] = wrapped
        text = Text(_("Log"), style=HEADING) if heading else Text()
        for index, (row, style) in enumerate(rows):
            text.append("\n" + row if heading or index else row, style=style)
        return text


def wrap_cells(line: str, width: int, indent: int = 2) -> list[str]:
    """`line` in rows of at most `width` terminal cells, later rows indented (`line_breaks` rules)."""
    return [row.plain for row in break_lines(Text(line), width, indent)]


def hand_backs_text(view: SeatView, seat: int) -> Text:
    """Another player's hand as the backs show it: kind and kingdom, 'G(F) R(P)'."""
    text = Text()
    for back in view.seats[seat].hand_backs:
        text.append("G" if back.kind.value == "gold" else "R", style=DIM)
        text.append("(", style=DIM)
        text.append_text(symbol_text(back.kingdom))
        text.append(") ", style=DIM)
    return text
