"""The game screen: play area, hand or market tray, side panels, score track.

The screen keeps only interface state (selected card, sides shown, cursor,
whose area is on show). What is legal comes from the seat's view, built by
the engine; what a placement would do comes from `rules.preview`. A chosen
move goes up to the app as an `ActionChosen` message.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer

from codex_tui.app.messages import ActionChosen, RedoRequested, UndoRequested
from codex_tui.app.navigation import cycle, nearest, step
from codex_tui.app.screens.live import PlayScreen, drawing
from codex_tui.app.widgets.status_line import StatusLine, fit
from codex_tui.app.words import possessive, with_verb
from codex_tui.games.codex.rules import CATALOG, Draw, DrawSource, Pass, Phase, Place, Pos, SeatView, Side
from codex_tui.games.codex.rules.engine import PlacementMoves, requirement_met
from codex_tui.games.codex.rules.preview import preview_placement
from codex_tui.games.codex.rules.symbols import CardKind
from codex_tui.games.codex.ui.describe import card_name, short_name, symbol_letters, symbols_text
from codex_tui.games.codex.ui.panels import (
    GameLog,
    MarketPanel,
    ObjectivesPanel,
    SymbolsPanel,
    hand_backs_text,
    side_width,
)
from codex_tui.games.codex.ui.play_area import AreaScene, PlayAreaView
from codex_tui.games.codex.ui.score_track import ScoreTrack
from codex_tui.games.codex.ui.tray import CardTray, TrayCard, TrayScene

DRAW_SLOTS = 6
"""Four market slots, then the resource deck and the gold deck."""


class GameScreen(PlayScreen):
    BINDINGS = [
        Binding("enter,space", "place", "Place"),
        Binding("enter,space", "draw", "Draw"),
        Binding("f", "flip", "Flip"),
        Binding("tab", "next_spot", "Spot"),
        Binding("shift+tab", "next_spot(True)", "Previous spot", show=False),
        Binding("left,h", "move('left')", "Left", show=False),
        Binding("right,l", "move('right')", "Right", show=False),
        Binding("up,k", "move('up')", "Up", show=False),
        Binding("down,j", "move('down')", "Down", show=False),
        Binding("shift+left,H", "pan(-1,0)", "Pan", show=False),
        Binding("shift+right,L", "pan(1,0)", "Pan", show=False),
        Binding("shift+up,K", "pan(0,-1)", "Pan", show=False),
        Binding("shift+down,J", "pan(0,1)", "Pan", show=False),
        *[Binding(str(n), f"select({n - 1})", f"Choose {n}", show=False) for n in range(1, DRAW_SLOTS + 1)],
        Binding("c", "recentre", "Centre", show=False),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+r,U", "redo", "Redo"),
        Binding("o", "other_area", "Areas"),
        Binding("escape", "own_area", "Own area"),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    #main { height: 1fr; }
    #side { width: 36; padding: 0 0 0 1; border-left: solid $foreground 25%; }
    #status { color: $text; background: $boost; }
    /* Notifications sit above the hand, over the foot of the side panel:
       never over the preview line or the key bar. */
    GameScreen ToastRack { margin-bottom: 9; }
    GameScreen Toast { padding: 0 1; margin-top: 0; max-width: 45%; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.view: SeatView | None = None
        self.tags: tuple[str, ...] = ()
        self.perspective = 0
        self.viewing = 0
        self.selected = 0
        self.sides: dict[int, Side] = {}
        self.cursor: Pos | None = None
        self.draw_index = 0
        self.can_undo = False
        self.can_redo = False
        self.waiting_for: str | None = None

    def compose(self) -> ComposeResult:
        yield ScoreTrack(id="score")
        with Horizontal(id="main"):
            yield PlayAreaView(id="area")
            with Vertical(id="side"):
                yield SymbolsPanel(id="symbols")
                yield ObjectivesPanel(id="objectives")
                yield MarketPanel(id="market")
                yield GameLog(id="log")
        yield CardTray(id="tray")
        yield StatusLine(id="status")
        yield Footer()

    # -------------------------------------------------------------- state in

    def update_game(
        self,
        view: SeatView,
        tags: Sequence[str],
        can_undo: bool,
        can_redo: bool,
        waiting_for: str | None = None,
    ) -> None:
        """Show a new state. `view` is the perspective seat's view."""
        home = max(view.seat, 0)  # a spectator (seat -1) looks at the first area
        if self.view is None or home != self.perspective:  # the first view may be of any seat
            self.sides.clear()
            self.cursor = None
            self.viewing = home
        self.view = view
        self.tags = tuple(tags)
        self.perspective = home
        if self.viewing >= len(view.seats):
            self.viewing = view.seat
        self.can_undo, self.can_redo, self.waiting_for = can_undo, can_redo, waiting_for
        self.selected = min(self.selected, max(len(view.hand) - 1, 0))
        spots = self._spots()
        if spots and (self.cursor is None or self.cursor not in spots):
            self.cursor = nearest(self.cursor or (0, 0), spots)
        if self._drawing() and not self._draw_enabled(self.draw_index):
            self.draw_index = next((i for i in range(DRAW_SLOTS) if self._draw_enabled(i)), 0)
        self.render_all()

    # ------------------------------------------------------------ helpers

    def _moves(self) -> PlacementMoves | None:
        if self.view is None:
            return None
        moves = self.view.legal_actions
        return moves if isinstance(moves, PlacementMoves) else None

    def _spots(self) -> frozenset[Pos]:
        moves = self._moves()
        return frozenset(moves.spots) if moves is not None and self.viewing == self.perspective else frozenset()

    def _my_turn(self) -> bool:
        return self.view is not None and bool(self.view.legal_actions)

    def _placing(self) -> bool:
        return self._my_turn() and self.view is not None and self.view.phase is Phase.PLACE

    def _drawing(self) -> bool:
        return self._my_turn() and self.view is not None and self.view.phase is Phase.DRAW

    def _must_pass(self) -> bool:
        return self._placing() and self.view is not None and tuple(self.view.legal_actions) == (Pass(self.view.seat),)

    def _selected_card(self) -> tuple[int, Side] | None:
        if self.view is None or not self.view.hand:
            return None
        card = self.view.hand[self.selected]
        return card, self.sides.get(card, Side.FRONT)

    def _chosen_place(self) -> Place | None:
        chosen = self._selected_card()
        if chosen is None or self.cursor is None or self.view is None:
            return None
        return Place(self.view.seat, chosen[0], chosen[1], *self.cursor)

    def _draw_action(self, index: int) -> Draw | None:
        if self.view is None:
            return None
        if index < 4:
            card = self.view.market[index]
            action = Draw(self.view.seat, DrawSource.MARKET, card) if card is not None else None
        else:
            source = DrawSource.RESOURCE_DECK if index == 4 else DrawSource.GOLD_DECK
            action = Draw(self.view.seat, source)
        return action if action is not None and action in self.view.legal_actions else None

    def _draw_enabled(self, index: int) -> bool:
        return self._draw_action(index) is not None

    # ------------------------------------------------------------- render

    @drawing
    def render_all(self) -> None:
        """Redraw everything: after a new state, a resize or another area on show."""
        view = self.view
        if view is None:
            return
        shown = view.seats[self.viewing]
        big = self.size.height >= 36
        self.query_one(ScoreTrack).show(view, self.tags, self.viewing, self.size.width or 80)
        self.query_one(SymbolsPanel).show(shown.area, shown.name)
        own = self.viewing == self.perspective
        self.query_one(ObjectivesPanel).show(view, shown.area, detailed=big, own=own)
        self.query_one(MarketPanel).show(view, view.seats[self.perspective].area)
        self.query_one(GameLog).show(view, view.seat)
        self.render_choice()

    @drawing
    def render_choice(self) -> None:
        """Redraw what a card choice or flip changes: tray, area, status, keys."""
        if self.view is None:
            return
        self.query_one(CardTray).show(self._tray_scene())
        self.render_cursor()
        self.refresh_bindings()

    @drawing
    def render_cursor(self) -> None:
        """Redraw what a cursor move changes: the area and the preview line only.

        This is the path of every arrow press, so it touches nothing else
        (re-laying out the panels or the footer would cost more than the move).
        """
        view = self.view
        if view is None:
            return
        own_area = self.viewing == self.perspective
        ghost = self._selected_card() if own_area and self._placing() and not self._must_pass() else None
        ghost_legal = self._chosen_place() in view.legal_actions if ghost else True
        self.query_one(PlayAreaView).show(
            AreaScene(
                view.seats[self.viewing].area,
                spots=self._spots(),
                cursor=self.cursor if own_area and self._placing() else None,
                ghost=ghost,
                ghost_legal=ghost_legal,
            )
        )
        self.query_one(StatusLine).show(self.status_text(self._status_width()))

    def _tray_scene(self) -> TrayScene:
        view = self.view
        assert view is not None
        counts = view.seats[self.perspective].area.counts
        if self._drawing():
            items = []
            for index, card in enumerate(view.market):
                label = f"{index + 1} market"
                gold = card is not None and CATALOG.playable[card].is_gold
                met = requirement_met(CATALOG.playable[card], counts) if gold and card is not None else None
                items.append(TrayCard(label, card=card, requirement_met=met, enabled=self._draw_enabled(index)))
            items.append(
                TrayCard(
                    "5 deck",
                    deck=CardKind.RESOURCE,
                    deck_top=view.resource_deck_top,
                    deck_size=view.resource_deck_size,
                    enabled=self._draw_enabled(4),
                )
            )
            items.append(
                TrayCard(
                    "6 deck",
                    deck=CardKind.GOLD,
                    deck_top=view.gold_deck_top,
                    deck_size=view.gold_deck_size,
                    enabled=self._draw_enabled(5),
                )
            )
            return TrayScene("Draw a card: ←/→ or 1-6, then enter", tuple(items), self.draw_index)
        items = []
        for index, card in enumerate(view.hand):
            side = self.sides.get(card, Side.FRONT)
            playable = CATALOG.playable[card]
            met = requirement_met(playable, counts) if playable.is_gold and side is Side.FRONT else None
            items.append(TrayCard(f"{index + 1} {side.value}", card=card, side=side, requirement_met=met))
        choosing = self._placing() and self.viewing == self.perspective  # not while looking at another area
        title = "Your hand: 1-3 choose, f flip" if choosing else "Your hand"
        if view.seat < 0:
            title = "Watching: hands stay hidden"
        return TrayScene(title, tuple(items), self.selected if choosing else None)

    def _status_width(self) -> int:
        return self.query_one(StatusLine).size.width or self.size.width or self.app.size.width

    def status_text(self, width: int = 80) -> str:
        """What to do now, or the preview, worded to fit `width` (on two lines if need be)."""
        view = self.view
        if view is None:
            return ""
        if self.viewing != self.perspective:
            other = view.seats[self.viewing]
            backs = hand_backs_text(view, self.viewing).plain
            return f"Viewing {possessive(other.name, capital=False)} area (read-only), hand {backs}· o next · esc back"
        if view.phase is Phase.OVER:
            return "The game is over."
        if not self._my_turn():
            who = self.waiting_for or view.players[view.current]
            return f"{with_verb(who, 'is')} playing…"
        if self._drawing():
            action = self._draw_action(self.draw_index)
            if action is None:
                return "Nothing to take there: choose another card or deck"
            if action.card is not None:
                return f"Take {card_name(action.card)} from the market (enter)"
            return f"Draw the top of the {action.source.value.replace('_', ' ')} (enter)"
        if self._must_pass():
            return "No card can be placed anywhere: press enter to pass"
        return self.preview_text(width)

    def preview_text(self, width: int = 80) -> str:
        """What placing the chosen card at the cursor would do.

        The points and the objectives change come first and are never cut:
        at narrow widths the words around them get shorter, then wrap.
        """
        view = self.view
        chosen = self._selected_card()
        if view is None or chosen is None or self.cursor is None:
            return ""
        card_id, side = chosen
        card = CATALOG.playable[card_id]
        area = view.seats[self.perspective].area
        if side is Side.FRONT and not requirement_met(card, area.counts):
            need = symbols_text(card.requires)
            have = symbols_text([h if n else 0 for h, n in zip(area.counts, card.requires)]) or "none of them"
            return fit(
                (
                    [f"{card_name(card_id)} needs {need} visible, you see {have}", "f flips it to its back"],
                    [f"{short_name(card_id)} needs {need}, you see {have}", "f flips it"],
                ),
                width,
            )
        objectives = (*view.common_objectives, *((view.secret,) if view.secret else ()))
        preview = preview_placement(area, card_id, side, self.cursor, objectives)
        x, y = self.cursor
        points = f"+{preview.points} pt"
        delta = sum(after - before for before, after in preview.objective_points)
        gains = [f"objectives {delta:+d}"] if delta else []
        corners = len(preview.covered)
        lost, gained = symbol_letters(preview.lost), symbol_letters(preview.gained)
        hides = f", hides {lost}" if lost else ""
        shows = [f"shows {gained}"] if gained else []
        return fit(
            (
                [
                    f"{card_name(card_id)} {side.value} at ({x},{y}): {points}",
                    *gains,
                    f"covers {corners} corner{'s' if corners > 1 else ''}{hides}",
                    *shows,
                ],
                [f"{short_name(card_id)} {side.value} ({x},{y}): {points}", *gains, f"covers {corners}{hides}", *shows],
            ),
            width,
        )

    @drawing
    def on_resize(self) -> None:
        """Wider terminals get a wider side panel, so log lines are whole from 120 columns."""
        self.query_one("#side").styles.width = side_width(self.size.width, least=36)
        self.render_all()

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now run and show in the key bar (False hides them)."""
        if self.view is None:
            return False
        own_area = self.viewing == self.perspective
        if action == "place":
            if not self._placing() or not own_area:
                return False
            return self._must_pass() or self._chosen_place() in self.view.legal_actions
        if action == "draw":
            return self._drawing() and self._draw_enabled(self.draw_index)
        if action == "move" and self._drawing():
            return True
        if action in ("flip", "next_spot", "move"):
            return self._placing() and own_area and not self._must_pass()
        if action == "select":
            return (self._placing() and self.viewing == self.perspective) or self._drawing()
        if action == "own_area":
            return not own_area
        if action == "other_area":
            return len(self.view.seats) > 1
        if action == "undo":
            return self.can_undo
        if action == "redo":
            return self.can_redo
        return True

    def action_place(self) -> None:
        if self._must_pass() and self.view is not None:
            self.post_message(ActionChosen(Pass(self.view.seat)))
            return
        place = self._chosen_place()
        if place is not None and self.view is not None and place in self.view.legal_actions:
            self.post_message(ActionChosen(place))

    def action_draw(self) -> None:
        action = self._draw_action(self.draw_index)
        if action is not None:
            self.post_message(ActionChosen(action))

    def action_flip(self) -> None:
        chosen = self._selected_card()
        if chosen is not None:
            card, side = chosen
            self.sides[card] = Side.BACK if side is Side.FRONT else Side.FRONT
            self.render_choice()

    def action_select(self, index: int) -> None:
        if self._drawing():
            self.draw_index = min(index, DRAW_SLOTS - 1)
        elif self.view is not None and index < len(self.view.hand):
            self.selected = index
        self.render_choice()

    def action_move(self, direction: str) -> None:
        if self._drawing():
            if direction in ("left", "right"):
                self.draw_index = (self.draw_index + (1 if direction == "right" else -1)) % DRAW_SLOTS
                self.render_choice()
            return
        spots = self._spots()
        if self.cursor is not None and spots:
            self.cursor = step(self.cursor, direction, spots)
            self.render_cursor()

    def action_next_spot(self, backwards: bool = False) -> None:
        spots = self._spots()
        if self.cursor is not None and spots:
            self.cursor = cycle(self.cursor, spots, backwards)
            self.render_cursor()

    def action_pan(self, dx: int, dy: int) -> None:
        self.query_one(PlayAreaView).pan(dx, dy)

    def action_recentre(self) -> None:
        self.query_one(PlayAreaView).recentre()

    def action_other_area(self) -> None:
        if self.view is not None:
            self.viewing = (self.viewing + 1) % len(self.view.seats)
            self.render_all()
            self.query_one(PlayAreaView).recentre()

    def action_own_area(self) -> None:
        self.viewing = self.perspective
        self.render_all()
        self.query_one(PlayAreaView).recentre()

    def action_undo(self) -> None:
        self.post_message(UndoRequested())

    def action_redo(self) -> None:
        self.post_message(RedoRequested())
