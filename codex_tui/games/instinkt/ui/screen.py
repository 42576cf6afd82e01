"""The Instinkt game screen: pick a card in secret, then place it on the board.

Like the Codex game screen it keeps only interface state (the card under the
cursor, the cell under the cursor, the deer entry on show, the raccoon's
chosen card) and offers only what the view's legal actions allow; a chosen
move goes up to the app as an `ActionChosen` message.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget

from codex_tui.core.advice import Hint
from codex_tui.core.seats import SPECTATOR
from codex_tui.games.instinkt.advice import best_spot, hint_reason, move_text
from codex_tui.games.instinkt.animal_words import animal_name, comma, rule_text
from codex_tui.games.instinkt.coords import at_cell, card_text, cell_name, cell_words, frame_text, line_text
from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.games.instinkt.rules.actions import Action, Axis, Choose, End, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.grid import deer_push, refused_targets
from codex_tui.games.instinkt.rules.history import totals
from codex_tui.games.instinkt.rules.state import Cell, Grid, Phase, Piece
from codex_tui.games.instinkt.rules.view import SeatView
from codex_tui.games.instinkt.text import DOMAIN, N_, _, ngettext
from codex_tui.games.instinkt.ui.board import BoardScene, BoardView, Window, move_arrow, window_for
from codex_tui.games.instinkt.ui.words import card_info, log_lines, scores_text, whose, whose_card
from codex_tui.i18n.spacing import tidy_spacing, tidy_spacing_text
from codex_tui.i18n.text import DOMAIN as SHELL
from codex_tui.ui.derivation import DerivedOnce
from codex_tui.ui.line_breaks import break_lines
from codex_tui.ui.messages import ActionChosen, RedoRequested, UndoRequested
from codex_tui.ui.navigation import step
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.status_line import StatusLine

DIM = Style(color="#8a8a8a")
BOLD = Style(bold=True)


def points_now(grid: Grid) -> tuple[int, int]:
    """Each player's points if the game ended with this grid."""
    return totals(grid)


def deer_result(grid: Grid, entry: Enter, seat: int) -> tuple[dict[Cell, Piece], tuple[tuple[Cell, Cell], ...]]:
    pushed = deer_push(grid, Axis(entry.axis), entry.index, End(entry.end), Piece(seat, Animal.DEER))
    assert pushed is not None  # only legal entries are offered
    return pushed


def same_decision(before: SeatView, after: SeatView) -> bool:
    """The seat faces the same choice in both views: same moves, hand and board."""
    return (
        before.legal_actions == after.legal_actions
        and before.hand == after.hand
        and before.chosen == after.chosen
        and before.grid == after.grid
        and before.round == after.round
    )


def _acted(before: SeatView, after: SeatView) -> bool:
    """The seat played an action between two of its views."""
    return any(entry.action.player == after.seat for entry in after.log[len(before.log) :])


class ScoreHeader(Widget):
    """The players, their points if the game ended now, the round and the frame: two lines."""

    text: reactive[Text] = reactive(Text)

    def render(self) -> Text:
        return self.text


LOG_ROOM = 5
"""Log lines the side panel keeps in sight (or the newest line whole, if longer): it gives up rules for them."""


class SidePanel(Widget):
    """The hand and the preview on top, then as many of the newest log lines as fit whole below."""

    DEFAULT_CSS = "SidePanel { height: 1fr; }"

    body: reactive[Text] = reactive(Text)
    short: reactive[Text] = reactive(Text)
    """The body with fewer rules, shown when the whole one would leave the log fewer than `LOG_ROOM` lines."""
    log_lines: reactive[tuple[Text, ...]] = reactive(tuple)

    def watch_body(self, old: Text, new: Text) -> None:
        """A body of another line count changes the height where it is `auto` (the replay's both hands, a review)."""
        if old.plain.count("\n") != new.plain.count("\n"):
            self.refresh(layout=True)

    def render(self) -> Text:
        width = max(self.size.width, 10)
        height = self.size.height or 1000
        body = hanging(self.body, width)
        newest = len(break_lines(self.log_lines[-1], width)) if self.log_lines else 0
        if len(body) > height - max(LOG_ROOM, newest) and self.short.plain:
            body = hanging(self.short, width)
        used = len(body)
        kept: list[Text] = []
        for line in reversed(self.log_lines):
            rows = break_lines(line, width)
            if len(rows) > height - used and kept:
                break  # only whole lines: a line cut at its start would read wrong in any language
            kept[:0] = rows
            used += len(rows)
        return Text("\n").join([*body, *kept])


def hanging(text: Text, width: int) -> list[Text]:
    """`text` in lines of `width`, each line's continuation under its first word (a card's rule under its name).

    A line that starts with spaces keeps them as the indent of every line it
    wraps onto; the others wrap from the left edge.
    """
    rows: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        indent = len(line.plain) - len(line.plain.lstrip(" "))
        rows += break_lines(line, width, indent if 0 < indent < width // 2 else 0)
    return rows


class PromptLine(StatusLine):
    """The status line with what it says as a reactive: what to do now, or the move on show and its points."""

    line: reactive[str] = reactive("", repaint=False)

    def watch_line(self, line: str) -> None:
        self.show(line)  # repaints, and takes a second line only when the words need one


OFFERED = ("confirm", "move", "next", "select", "back", "undo", "redo")
"""The screen's own actions whose offer depends on the state (the footer shows the offered ones)."""


class InstinktScreen(DerivedOnce, PlayScreen):
    """The seat's view and its choice in progress are reactives; what each widget shows is derived from them.

    A change to the state (the reactives fed in and the choice) derives the widgets' parts again
    (`header_text`, `scene`, `hand`, `prompt`; `recent_log` only with a new
    view), each a reactive of the screen bound to its widget with `data_bind`:
    a part that comes out equal is not set, so its widget does not repaint (a
    cursor move repaints the board and the prompt line, not the header, the
    hand or the log), and the footer is redrawn only when the `offered`
    actions change. The app feeds states in from outside at any time
    (`update_game`), even before the widgets exist or after they are gone:
    the parts stay on the screen, no widget is queried, and each binding
    hands its part to the widget when the widget mounts.
    """

    BINDINGS = [  # tab, esc, redo, quit: in the help and the prompt, off the key bar (French needs its room)
        Binding("enter,space", "confirm", N_("Confirm")),
        Binding("left,h", "move('left')", N_("Left"), show=False),
        Binding("right,l", "move('right')", N_("Right"), show=False),
        Binding("up,k", "move('up')", N_("Up"), show=False),
        Binding("down,j", "move('down')", N_("Down"), show=False),
        Binding("tab", "next", N_("Next"), show=False),
        *[Binding(str(n), f"select({n - 1})", N_("Card"), show=False) for n in range(1, 6)],
        Binding("escape", "back", N_("Back"), show=False),
        Binding("u", "undo", N_("Undo")),
        Binding("ctrl+r,U", "redo", N_("Redo"), show=False),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit", N_("Quit"), show=False),
    ]
    CSS_PATH = Path(__file__).with_name("screen.tcss")
    """Absolute: Textual resolves a relative path from the file of the instance's class, maybe a subclass's."""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (130, "-wide")]
    """A wider side panel on a wide terminal (the board still has the room for large cells)."""
    game_module = INSTINKT

    # What the app feeds in.
    view: reactive[SeatView | None] = reactive(None, repaint=False, init=False)
    tags: reactive[tuple[str, ...]] = reactive((), repaint=False, init=False)
    can_undo: reactive[bool] = reactive(False, repaint=False, init=False)
    can_redo: reactive[bool] = reactive(False, repaint=False, init=False)
    waiting_for: reactive[str | None] = reactive(None, repaint=False, init=False)
    # The seat's choice in progress.
    selected: reactive[int] = reactive(0, repaint=False, init=False)
    """The card under the cursor when choosing."""
    keep: reactive[frozenset[int]] = reactive(frozenset, repaint=False, init=False)
    """The cards marked to keep (draft)."""
    cursor: reactive[Cell | None] = reactive(None, repaint=False, init=False)
    entry_index: reactive[int] = reactive(0, repaint=False, init=False)
    """The deer's entrance on show."""
    source: reactive[Cell | None] = reactive(None, repaint=False, init=False)
    """The card the raccoon moves, once picked."""
    hint: reactive[Hint | None] = reactive(None, repaint=False, init=False)
    """The last hint shown: its move was put on show, and the prompt gives its reason while that move stays on show."""
    hint_busy: reactive[bool] = reactive(False, repaint=False, init=False)
    """A hint is being looked for."""
    # What the widgets show, derived from the above.
    header_text: reactive[Text] = reactive(Text, repaint=False)
    scene: reactive[BoardScene] = reactive(lambda: BoardScene({}), repaint=False)
    hand: reactive[Text] = reactive(Text, repaint=False)
    short_hand: reactive[Text] = reactive(Text, repaint=False)
    """The side text for a panel too short for all of it: the rule of the hand's card under the cursor only,
    and while placing no rule of the card played, no reveal (the log has it) and no piles."""
    recent_log: reactive[tuple[Text, ...]] = reactive(tuple, repaint=False)
    prompt: reactive[str] = reactive("", repaint=False)
    offered: reactive[frozenset[str]] = reactive(frozenset, repaint=False, bindings=True)
    """The actions of `OFFERED` that `check_action` allows now; the footer is redrawn when they change."""

    def __init__(self) -> None:
        super().__init__()
        self._hint_basis: SeatView | None = None
        self._hinted_spot: tuple[Animal, Cell] | None = None
        """The cell a choice's hint named as the card's best spot: the placing cursor starts there."""
        cls = InstinktScreen
        state = (cls.view, cls.tags, cls.can_undo, cls.can_redo, cls.waiting_for)
        choice = (cls.selected, cls.keep, cls.cursor, cls.entry_index, cls.source, cls.hint, cls.hint_busy)
        for part in (*state, *choice):
            self.watch(self, part.name, self._state_changed, init=False)

    def compose(self) -> ComposeResult:
        self._words()  # a recompose after a change of language: every part again, in the new language
        yield ScoreHeader(id="i-header").data_bind(text=InstinktScreen.header_text)
        with Horizontal(id="i-main"):
            yield BoardView(id="i-board").data_bind(InstinktScreen.scene)
            with Vertical(id="i-side"):
                yield SidePanel(id="i-panel").data_bind(
                    body=InstinktScreen.hand, short=InstinktScreen.short_hand, log_lines=InstinktScreen.recent_log
                )
        yield PromptLine(id="i-status").data_bind(line=InstinktScreen.prompt)
        yield KeyBar(DOMAIN)

    # ------------------------------------------------------------ state in

    def update_game(
        self, view: SeatView, tags: Sequence[str], can_undo: bool, can_redo: bool, waiting_for: str | None = None
    ) -> None:
        before = self.view
        with self.one_derivation():
            if self.view is None or view.phase != self.view.phase or view.round != self.view.round:
                self.keep = frozenset()
                self.source = None
                self.entry_index = 0
            if self.view is not None and not same_decision(self.view, view):
                self.hint = None  # a hint answers one decision (a move of a later round may look the same)
            if self.view is not None and self.is_attached and _acted(self.view, view):
                self.app.clear_notifications()  # a "your turn" notice is stale once the seat has acted
            self.view = view
            self.tags = tuple(tags)
            self.can_undo, self.can_redo, self.waiting_for = can_undo, can_redo, waiting_for
            self.selected = min(self.selected, max(len(view.hand) - 1, 0))
            cells = self._cells()
            if cells and (self.cursor not in self._spots() or not same_decision(before or view, view)):
                self.cursor = self._first_cell(cells)

    def hint_view(self) -> SeatView | None:
        """The seat's view when it asked, for as long as the decision stays the same.

        The other player's secret pick gives a new view in the middle of a
        choice (it tells only that they chose); a hint asked before it still
        answers the same question, so it is shown rather than dropped."""
        view = self.view
        if view is None or view.seat == SPECTATOR or not view.legal_actions:
            return None
        if self._hint_basis is None or not same_decision(self._hint_basis, view):
            self._hint_basis = view
        return self._hint_basis

    def hint_pending(self, pending: bool) -> None:
        self.hint_busy = pending

    def show_hint(self, hint: Hint) -> None:
        """Put the hinted move on show as if the player had picked it: the card, the cell, the entry, the move."""
        view = self.view
        assert view is not None
        action = hint.action
        with self.one_derivation():
            self.hint_busy = False
            self.hint = hint
            if isinstance(action, Keep):
                self.keep = frozenset(view.hand.index(card) for card in action.cards)
            elif isinstance(action, Choose):
                self.selected = view.hand.index(action.card)
                spot = best_spot(view, action.card)[1] if action.card is not Animal.SNAKE else None
                self._hinted_spot = (action.card, spot) if isinstance(spot, tuple) else None
            elif isinstance(action, Place):
                self.cursor = (action.x, action.y)
            elif isinstance(action, Enter):
                self.entry_index = self._entries().index(action)
            elif isinstance(action, Move):
                self.source = (action.from_x, action.from_y)
                self.cursor = (action.to_x, action.to_y)

    def _hinted(self) -> Hint | None:
        """The hint, while its move is the one on show."""
        hint, shown = self.hint, self._chosen_action()
        if hint is None or shown is None:
            return None
        if isinstance(hint.action, Keep) and isinstance(shown, Keep):
            return hint if set(hint.action.cards) == set(shown.cards) else None
        return hint if shown == hint.action else None

    def _state_changed(self) -> None:
        if not self._holding:
            self._derive()

    def watch_view(self, view: SeatView | None) -> None:
        """The log changes only with the view: derive it here rather than on every cursor move."""
        if view is not None:
            lines = log_lines(view.log, view.players, view.seat, 12, self.hint_notes, self.chat_notes)
            said = {text for _at, text in self.chat_notes}
            self.recent_log = tuple(Text(line, style="" if line in said else DIM) for line in lines)

    def watch_chat_notes(self) -> None:
        self.watch_view(self.view)

    def _words(self) -> None:
        """Every part from the state, the log too: the words are drawn in the language of the moment."""
        self.watch_view(self.view)
        self._derive()

    def _derive(self) -> None:
        """Each widget's part from the state; a part that comes out equal leaves its widget as it is."""
        if self.view is None:
            return
        self.header_text = self.header()
        self.scene = self.board_scene()
        self.hand = self.side_text()
        self.short_hand = self.side_text(every_rule=False)
        self.prompt = tidy_spacing(self.status_text())  # 狼（8）d6, not 狼（8） d6
        self.offered = frozenset(name for name in OFFERED if self.check_action(name, ()))

    # ------------------------------------------------------------ helpers

    def _legal(self) -> list[Action]:
        return list(self.view.legal_actions) if self.view is not None else []

    def _kind(self) -> str:
        """What the player is asked now: keep, choose, place, deer, source, target or wait."""
        legal = self._legal()
        if not legal:
            return "wait"
        first = legal[0]
        if isinstance(first, Keep):
            return "keep"
        if isinstance(first, Choose):
            return "choose"
        if isinstance(first, Enter):
            return "deer"
        if isinstance(first, Move):
            return "target" if self.source is not None else "source"
        return "place"

    def _cells(self) -> list[Cell]:
        """Cells the cursor may visit now."""
        legal = self._legal()
        kind = self._kind()
        if kind == "place":
            return [(a.x, a.y) for a in legal if isinstance(a, Place)]
        if kind == "source":
            return sorted({(a.from_x, a.from_y) for a in legal if isinstance(a, Move)})
        if kind == "target":
            return [(a.to_x, a.to_y) for a in legal if isinstance(a, Move) and (a.from_x, a.from_y) == self.source]
        return []

    def _spots(self) -> list[Cell]:
        """Cells the arrows visit now: the legal ones and every card on the board (the cursor on a card tells it)."""
        cells = self._cells()
        if not cells or self.view is None:
            return cells
        return [*cells, *(cell for cell in self.view.grid if cell not in cells)]

    def _first_cell(self, cells: list[Cell]) -> Cell:
        """Where the cursor starts: the cell a choice's hint named for this card, if it may go there; else,
        placing, the cell best for the points now (your gain less theirs; the first such cell), so the
        cursor never starts on a losing cell when another is not."""
        view, hinted = self.view, self._hinted_spot
        chosen = view.chosen if view is not None and self._kind() == "place" else None
        if hinted is not None and hinted[0] is chosen and hinted[1] in cells:
            return hinted[1]
        if view is None or chosen is None:
            return cells[0]
        me, them = view.seat, 1 - view.seat

        def margin(cell: Cell) -> int:
            points = points_now({**view.grid, cell: Piece(me, chosen)})
            return points[me] - points[them]

        return max(cells, key=margin)  # max keeps the first of equals

    def _card_under_cursor(self) -> Cell | None:
        """The card the cursor is on, when it is not a cell the decision may use."""
        view, cursor = self.view, self.cursor
        if self._kind() not in ("place", "source", "target"):
            return None  # no cursor of its own on the board (the deer's is its landing cell)
        if view is None or cursor is None or cursor not in view.grid or cursor in self._cells():
            return None
        if self._kind() == "target" and cursor == self.source:
            return None
        return cursor

    def _entries(self) -> list[Enter]:
        return [a for a in self._legal() if isinstance(a, Enter)]

    def _chosen_action(self) -> Action | None:
        view = self.view
        if view is None:
            return None
        kind = self._kind()
        if kind == "keep":
            if len(self.keep) != 3:
                return None
            cards = tuple(view.hand[i] for i in sorted(self.keep))
            return Keep(view.seat, (cards[0], cards[1], cards[2]))
        if kind == "choose" and view.hand:
            return Choose(view.seat, view.hand[self.selected])
        if kind == "place" and self.cursor is not None and self.cursor in self._cells():
            return Place(view.seat, *self.cursor)
        if kind == "deer":
            entries = self._entries()
            return entries[self.entry_index % len(entries)]
        if kind == "target" and self.source is not None and self.cursor is not None and self.cursor in self._cells():
            return Move(view.seat, *self.source, *self.cursor)
        return None

    # ------------------------------------------------------------ parts

    def header(self) -> Text:
        view = self.view
        assert view is not None
        names = view.players
        now = points_now(view.grid)
        text = Text()
        over = view.phase is Phase.OVER
        # Translators: before the score line; the points move with every card until the game is over.
        label = _("Final:") if over else _("Now:")
        text.append(" " + label, style=DIM)
        for seat, name in enumerate(names):
            level = SHELL.gettext(self.tags[seat]) if seat < len(self.tags) and self.tags[seat] else ""
            colour = (_("black"), _("white"))[seat]
            if level:
                words = ngettext(
                    "{name} ({level}, {colour}) {n} pt", "{name} ({level}, {colour}) {n} pts", now[seat]
                ).format(name=name, level=level, colour=colour, n=now[seat])
            else:
                words = ngettext("{name} ({colour}) {n} pt", "{name} ({colour}) {n} pts", now[seat]).format(
                    name=name, colour=colour, n=now[seat]
                )
            text.append(" " + words + " ", style=BOLD if seat == view.seat else DIM)
        if not over:
            text.append(_("· token: {name}").format(name=names[view.token]), style=DIM)
        line = _("Round {round} · {cards}/16 cards · {frame}").format(
            round=view.round, cards=len(view.grid), frame=frame_text(view.grid)
        )
        text.append("\n " + line, style=DIM)
        return tidy_spacing_text(text)  # 目前：Ada, not 目前： Ada

    def _window(self) -> Window:
        """Every cell this decision's previews can touch, so the board keeps still while they change."""
        view = self.view
        assert view is not None
        extra: list[Cell] = []
        for action in self._legal():
            if isinstance(action, Place):
                extra.append((action.x, action.y))
            elif isinstance(action, Move):
                extra.append((action.to_x, action.to_y))
            elif isinstance(action, Enter):
                extra.extend(deer_result(view.grid, action, view.seat)[0])
        return window_for(view.grid, extra)

    def board_scene(self) -> BoardScene:
        view = self.view
        assert view is not None
        kind = self._kind()
        names = tuple(view.players)
        if kind == "wait" or kind in ("keep", "choose"):
            return BoardScene(view.grid, names=names)
        window = self._window()
        cursor, cells = self.cursor, self._cells()
        if kind == "place" and view.chosen is not None:
            ghost = Piece(view.seat, view.chosen)
            return BoardScene(
                view.grid,
                free=frozenset(cells),
                cursor=cursor,
                ghost=ghost if cursor in cells else None,
                after={**view.grid, cursor: ghost} if cursor in cells else None,
                names=names,
                window=window,
            )
        if kind == "deer":
            entries = self._entries()
            chosen = entries[self.entry_index % len(entries)]
            grid, moved = deer_result(view.grid, chosen, view.seat)
            deer_cell = next(c for c, p in grid.items() if p == Piece(view.seat, Animal.DEER))
            return BoardScene(
                grid,
                highlight=frozenset(target for _source, target in moved) | {deer_cell},
                arrows={target: move_arrow(source, target) for source, target in moved},
                entrances={(Axis(e.axis), e.index, End(e.end)): e == chosen for e in entries},
                cursor=deer_cell,
                names=names,
                window=window,
            )
        if kind == "source":
            return BoardScene(view.grid, highlight=frozenset(cells), cursor=cursor, names=names, window=window)
        if kind == "target" and self.source is not None:
            piece = view.grid[self.source]
            rest = {c: p for c, p in view.grid.items() if c != self.source}
            return BoardScene(
                rest,
                free=frozenset(cells),
                cursor=cursor,
                ghost=piece if cursor in cells else None,
                markers={self.source: piece},
                after={**rest, cursor: piece} if cursor in cells else view.grid,
                names=names,
                window=window,
            )
        return BoardScene(view.grid, names=names)

    def preview(self) -> tuple[str, Grid] | None:
        """What the move on show does, in words, and the grid it leaves (None when nothing is on show)."""
        view = self.view
        if view is None:
            return None
        kind = self._kind()
        action = self._chosen_action()
        if kind == "place" and isinstance(action, Place) and view.chosen is not None:
            cell = (action.x, action.y)
            grid = {**view.grid, cell: Piece(view.seat, view.chosen)}
            words = {
                Animal.RACCOON: _("Place your {animal} {where} (then move one of your other cards)"),
                Animal.DEER: _("Place your {animal} {where} (no line end can take it, so it is placed like any card)"),
            }.get(view.chosen, _("Place your {animal} {where}"))
            return words.format(animal=animal_name(view.chosen), where=at_cell(cell, view.grid)), grid
        if kind == "target" and isinstance(action, Move):
            source, target = (action.from_x, action.from_y), (action.to_x, action.to_y)
            grid = dict(view.grid)
            piece = grid.pop(source)
            grid[target] = piece
            words = _("Move your {animal} from {source} to {target}").format(
                animal=animal_name(piece.animal), source=cell_name(source), target=cell_words(target, view.grid)
            )
            return words, grid
        if kind == "deer" and isinstance(action, Enter):
            grid, moved = deer_result(view.grid, action, view.seat)
            deer_cell = next(c for c, p in grid.items() if p == Piece(view.seat, Animal.DEER))
            pushes = comma().join(
                _("{card} {source}→{target}").format(
                    card=whose(view.grid[a].owner, view.players, view.seat, view.grid[a].animal),
                    source=cell_name(a),
                    target=cell_name(b),
                )
                for a, b in moved
            )
            line, where = line_text(action), at_cell(deer_cell, view.grid)
            if pushes:
                words = _("Deer enters {line} {where}, pushes {cards}").format(line=line, where=where, cards=pushes)
            else:
                words = _("Deer enters {line} {where}, moves no card").format(line=line, where=where)
            return words, grid
        return None

    def side_text(self, every_rule: bool = True) -> Text:
        """The hand, the card chosen, what is revealed, the piles and the preview; the log goes below it."""
        view = self.view
        assert view is not None
        kind = self._kind()
        text = Text(_("Your hand") if view.seat != SPECTATOR else _("Watching: hands stay hidden"), style=BOLD)
        if kind in ("keep", "choose"):
            for index, card in enumerate(view.hand):
                picked = (kind == "choose" and index == self.selected) or (kind == "keep" and index in self.keep)
                marker = "▶" if picked else " "
                text.append(f"\n{marker}{index + 1} {card_text(card)}", style=BOLD if picked else Style())
                if every_rule or index == self.selected:
                    text.append(f"\n  {rule_text(card)}", style=DIM)
        elif view.hand:
            text.append(_(": {cards}").format(cards=comma().join(card_text(c) for c in view.hand)))
        if view.chosen is not None:
            text.append("\n" + _("Your card this round: {card}").format(card=card_text(view.chosen)), style=BOLD)
            if every_rule:
                text.append(f"\n  {rule_text(view.chosen)}", style=DIM)
        revealed = [whose_card(p, view.players, view.seat, c) for p, c in enumerate(view.revealed) if c is not None]
        if revealed and view.phase in (Phase.PLACE, Phase.MOVE) and every_rule:  # short: the log says it too
            text.append("\n" + _("Revealed: {cards}").format(cards=comma().join(revealed)))
        picks = [view.players[p] for p, chose in enumerate(view.has_chosen) if chose]
        if view.phase is Phase.CHOOSE and picks:
            text.append("\n" + _("Chosen already: {names}").format(names=comma().join(picks)), style=DIM)
        if every_rule or kind in ("keep", "choose"):
            piles = _("Piles: {black} / {white}").format(black=view.pile_sizes[0], white=view.pile_sizes[1])
            text.append("\n" + piles, style=DIM)
        under = self._card_under_cursor()
        if under is not None:  # the status line says what it scores now; its rule goes here, where it wraps
            piece = view.grid[under]
            owned = whose(piece.owner, view.players, view.seat, piece.animal)
            text.append("\n" + _("Under the cursor: {card}").format(card=owned), style=BOLD)
            text.append(f"\n  {rule_text(piece.animal)}", style=DIM)
        shown = self.preview()
        if shown is not None and kind in ("deer", "target"):
            words, grid = shown
            before, after = points_now(view.grid), points_now(grid)
            seat = max(view.seat, 0)
            text.append(f"\n{words}", style=BOLD)
            text.append(f"\n  {scores_text(before, after, seat)}", style=BOLD)
        if kind == "target" and self.source is not None:
            self._append_refused(text, view.grid, self.source)
        text.append("\n" + _("Log"), style=BOLD)
        return text

    @staticmethod
    def _append_refused(text: Text, grid: Grid, source: Cell) -> None:
        """Why a free cell drawn beside the cards is not offered to the card the raccoon moves (the rules'
        reason, one line each: the frame, or the cards parted)."""
        left, top, right, bottom = window_for(grid)
        reasons = (
            N_("Not offered (the grid would pass 4×4): {cells}"),
            N_("Not offered (the cards would no longer all touch): {cells}"),
        )
        for reason, cells in zip(reasons, refused_targets(grid, source), strict=True):
            drawn = [cell_name(cell) for cell in cells if left <= cell[0] <= right and top <= cell[1] <= bottom]
            if drawn:
                text.append("\n" + _(reason).format(cells=comma().join(drawn)), style=DIM)

    def status_text(self) -> str:
        view = self.view
        if view is None:
            return ""
        kind = self._kind()
        if view.phase is Phase.OVER:
            return _("The game is over.")
        if kind == "wait":
            return self._waiting_text(view)
        if self.hint_busy:
            return _("Looking for a hint… (any other key stops it)")
        hinted = self._hinted()
        if hinted is not None:
            # The key comes before the reason: a line too long for the screen loses the end of the reason
            # (cut with "…"), never what to press.
            return _("Hint (enter plays it): {move} — {reason}").format(
                move=move_text(view, hinted.action), reason=hint_reason(view, hinted.action)
            )  # the reason put in words now, in the language of the moment (the hint's own is in the language then)
        if kind == "keep":
            return _("Keep 3 of your 5 cards: 1-5 to mark them ({n} marked), enter to keep").format(n=len(self.keep))
        if kind == "choose":
            card = view.hand[self.selected]
            # Its rule is under it in the hand: a whole sentence does not fit the two lines here.
            return _("Choose your card in secret: ←/→ or 1-3, enter. Under the cursor: {card}").format(
                card=card_text(card)
            )
        under = self._card_under_cursor()
        if under is not None:
            info = card_info(view.grid, under, view.players, view.seat)
            return _("{card} · arrows or tab: a cell you may use").format(card=info)
        if kind == "source":
            if self.cursor is None or self.cursor not in view.grid:
                return _("Raccoon: choose one of your cards to move (arrows, enter)")
            piece = view.grid[self.cursor]
            where = cell_name(self.cursor)
            return _("Raccoon: move your {animal} at {cell}? enter, then choose where (arrows or tab)").format(
                animal=animal_name(piece.animal), cell=where
            )
        shown = self.preview()
        if shown is None:
            return ""
        words, grid = shown
        effect = scores_text(points_now(view.grid), points_now(grid), view.seat)
        if kind == "deer" and isinstance(self._chosen_action(), Enter):
            entry = self._chosen_action()
            assert isinstance(entry, Enter)
            total = len(self._entries())
            return _("Deer {n}/{total}: {line}: {points} · tab/arrows: next entry · enter").format(
                n=self.entry_index % total + 1,
                total=total,
                line=line_text(entry),
                points=effect,
            )
        if kind == "target":
            return _("{move}: {points} · enter · esc: another card").format(move=words, points=effect)
        return _("{move}: {points} · enter").format(move=words, points=effect)

    def _waiting_text(self, view: SeatView) -> str:
        """Whom the seat waits for, and for what."""
        who = self.waiting_for
        if view.seat == SPECTATOR:
            doing = {
                Phase.KEEP: _("Watching: {name} to keep cards"),
                Phase.CHOOSE: _("Watching: {name} to choose"),
                Phase.PLACE: _("Watching: {name} to place"),
                Phase.MOVE: _("Watching: {name} to move a card"),
            }.get(view.phase, _("Watching: {name} to play"))
            return doing.format(name=who or _("the other player"))
        if view.phase is Phase.CHOOSE and view.chosen is not None:
            if who is None:
                return _("You chose {card}. Waiting for the other player to choose…").format(
                    card=card_text(view.chosen)
                )
            return _("You chose {card}. Waiting for {name} to choose…").format(card=card_text(view.chosen), name=who)
        if who is None:
            return _("The other player is playing…")
        return _("{name} is playing…").format(name=who)

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.view is None:
            return None
        kind = self._kind()
        if action == "confirm":
            if kind == "source":  # enter picks the raccoon's card; the move comes with the target
                return True if self.cursor in self._cells() else None
            return True if self._chosen_action() is not None else None
        if action in ("move", "next"):
            return True if kind != "wait" else None
        if action == "select":
            return True if kind in ("keep", "choose") else None
        if action == "back":
            return kind == "target"  # shown only when it does something: the bar is full
        if action == "undo":
            return True if self.can_undo else None
        if action == "redo":
            return True if self.can_redo else None
        return True

    def action_confirm(self) -> None:
        kind = self._kind()
        if kind == "source":
            if self.cursor not in self._cells():
                return
            with self.one_derivation():
                self.source = self.cursor
                cells = self._cells()
                self.cursor = cells[0] if cells else None
            return
        action = self._chosen_action()
        if action is not None and action in self._legal():
            self.post_message(ActionChosen(action))

    def action_select(self, index: int) -> None:
        view = self.view
        if view is None or index >= len(view.hand):
            return
        if self._kind() == "keep":
            self.keep ^= {index}
        else:
            self.selected = index

    def action_move(self, direction: str) -> None:
        kind = self._kind()
        view = self.view
        if view is None:
            return
        if kind == "choose":
            if direction in ("left", "right", "up", "down"):
                delta = -1 if direction in ("left", "up") else 1
                self.selected = (self.selected + delta) % max(len(view.hand), 1)
        elif kind == "deer":
            self.entry_index += -1 if direction in ("left", "up") else 1
        elif self.cursor is not None:
            # Board rows grow downward; navigation's "up" means +y, so flip y both ways.
            flipped = [(x, -y) for x, y in self._spots()]
            x, y = step((self.cursor[0], -self.cursor[1]), direction, flipped)
            self.cursor = (x, -y)

    def action_next(self) -> None:
        kind = self._kind()
        if kind == "deer":
            self.entry_index += 1
        elif kind == "choose" and self.view is not None:
            self.selected = (self.selected + 1) % max(len(self.view.hand), 1)
        else:
            cells = self._cells()
            if cells:
                self.cursor = cells[(cells.index(self.cursor) + 1) % len(cells)] if self.cursor in cells else cells[0]

    def action_back(self) -> None:
        with self.one_derivation():
            self.source = None
            cells = self._cells()
            self.cursor = cells[0] if cells else None

    def action_undo(self) -> None:
        self.post_message(UndoRequested())

    def action_redo(self) -> None:
        self.post_message(RedoRequested())
