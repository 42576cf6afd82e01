"""The game screen: play area, hand or market tray, side panels, score track.

The screen holds the seat's view and the interface state (selected card,
sides shown, cursor, whose area is on show) as reactives. What each widget
shows is derived from them into reactives of the screen's own (the area's
scene, the tray's, the status line's text), to which the widgets are bound
(`data_bind`): so setting the cursor redraws the play area and the preview
line and nothing else, and state set before the widgets exist (or after they
are gone) needs no guard: the bindings draw it when the widgets mount.
What is legal comes from the seat's view, built by the engine; what a
placement would do comes from `rules.preview`. A chosen move goes up to the
app as an `ActionChosen` message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var

from codex_tui.core.advice import Hint
from codex_tui.core.contract import GameModule
from codex_tui.games.codex.describe import (
    card_name,
    side_name,
)
from codex_tui.games.codex.module import CODEX
from codex_tui.games.codex.rules import (
    CATALOG,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    LogEntry,
    Pass,
    Phase,
    Place,
    PlayArea,
    Pos,
    SeatView,
    Side,
)
from codex_tui.games.codex.rules.engine import PlacementMoves, requirement_met
from codex_tui.games.codex.rules.preview import preview_placement
from codex_tui.games.codex.rules.symbols import CardKind
from codex_tui.games.codex.text import DOMAIN, N_, _
from codex_tui.games.codex.ui.cardart import Zoom
from codex_tui.games.codex.ui.panels import (
    LEAST_AREA,
    GameLog,
    LastMoves,
    ObjectivesPanel,
    SymbolsPanel,
    hand_backs_text,
    side_width,
)
from codex_tui.games.codex.ui.placement_words import placement_text, requirement_text
from codex_tui.games.codex.ui.play_area import AreaScene, PlayAreaView, newest_card
from codex_tui.games.codex.ui.score_track import ScoreTrack
from codex_tui.games.codex.ui.setup import LOOKING, SetupScreen
from codex_tui.games.codex.ui.tray import CardTray, TrayCard, TrayScene
from codex_tui.games.codex.ui.zoom_keys import ZOOM_BINDINGS, ZoomCommands, ZoomKeys
from codex_tui.ui.derivation import DerivedOnce
from codex_tui.ui.messages import ActionChosen, RedoRequested, UndoRequested
from codex_tui.ui.navigation import cycle, nearest, step
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.status_line import SEPARATOR, StatusLine, fit

DRAW_SLOTS = 6
"""Four market slots, then the resource deck and the gold deck."""
SPLIT_COLUMNS = 140
"""The least width that shows another player's area beside one's own (two areas and the side panel)."""

Moment = tuple[int, LogEntry | None, Phase, int]
"""Where a game stands for one seat: log length, last entry, phase, seat (a hint holds for one moment).

The last entry tells apart two positions of one length (an undo, then other moves)."""


def moment(view: SeatView) -> Moment:
    return len(view.log), view.log[-1] if view.log else None, view.phase, view.seat


def draw_slot(view: SeatView, action: Draw) -> int:
    """The tray slot (0-5) that takes `action`: a market card's place, then the two decks."""
    if action.source is DrawSource.MARKET:
        return view.market.index(action.card)
    return 4 if action.source is DrawSource.RESOURCE_DECK else 5


class PreviewLine(StatusLine):
    """The status line with its text as a reactive, bound to the screen's `status`."""

    wording: var[str] = var("", init=False)

    def watch_wording(self, text: str) -> None:
        self.show(text)  # repaints only if the text changed; two lines when it has a line break


PAN_KEYS = "⇧←↑↓→"
"""The pan keys on the key bar: shift with the arrows (H J K L too, as help says)."""


class GameScreen(ZoomKeys, DerivedOnce, PlayScreen):
    game_module: ClassVar[GameModule] = CODEX
    COMMANDS = {ZoomCommands}

    BINDINGS = [
        Binding("enter,space", "place", N_("Place")),
        Binding("enter,space", "draw", N_("Draw")),
        Binding("f", "flip", N_("Flip")),
        Binding("tab", "next_spot", N_("Spot"), show=False),  # the arrows show in the help; room for the rest
        Binding("shift+tab", "next_spot(True)", N_("Previous spot"), show=False),
        Binding("left,h", "move('left')", N_("Left"), show=False),
        Binding("right,l", "move('right')", N_("Right"), show=False),
        Binding("up,k", "move('up')", N_("Up"), show=False),
        Binding("down,j", "move('down')", N_("Down"), show=False),
        Binding("shift+right,L", "pan(1,0)", N_("Pan"), show=False),
        Binding("shift+up,K", "pan(0,-1)", N_("Pan"), show=False),
        Binding("shift+down,J", "pan(0,1)", N_("Pan"), show=False),
        *[Binding(str(n), f"select({n - 1})", N_("Choose"), show=False) for n in range(1, DRAW_SLOTS + 1)],
        *ZOOM_BINDINGS,
        Binding("u", "undo", N_("Undo")),
        Binding("ctrl+r,U", "redo", N_("Redo")),
        Binding("o", "other_area", N_("Areas"), show=False),  # in the help: the bar holds the rest in French
        Binding("v", "split", N_("Split view")),  # from 140 columns; below, the same key says why not
        Binding("v", "split_unavailable", N_("Split view"), show=False),
        Binding("escape", "own_area", N_("Own area")),
        # While the board is cut (`area_cut`); last of the screen's keys, the first a narrow bar drops.
        Binding("shift+left,H", "pan(-1,0)", N_("Pan"), key_display=PAN_KEYS),
        Binding("c", "recentre", N_("Centre")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    CSS_PATH = "game.tcss"

    # What the app hands in (`update_game`): the seat's view, redrawn whenever it comes.
    view: var[SeatView | None] = var(None, always_update=True, init=False)
    tags: var[tuple[str, ...]] = var((), init=False)
    waiting_for: var[str | None] = var(None, init=False)

    # Interface state: what the player looks at and has chosen.
    viewing: var[int] = var(0, init=False)
    """The seat whose area is on show (the viewer's own while the split view is on)."""
    split: var[bool] = var(False, init=False)
    """The player asked for another player's area beside their own (shown from 140 columns)."""
    beside: var[int] = var(0, init=False)
    """The seat whose area the split view shows (`o` cycles it)."""
    selected: var[int] = var(0, init=False)
    sides: var[dict[int, Side]] = var(dict, init=False)
    """The side each card of the hand shows (front when absent)."""
    cursor: var[Pos | None] = var(None, init=False)
    draw_index: var[int] = var(0, init=False)
    columns: var[int] = var(80, init=False)
    """The screen's width: what the preview and the score track fit to."""
    tall: var[bool] = var(False, init=False)
    """Tall enough to spell out the objectives."""
    zoom_choice: var[Zoom | None] = var(None, init=False)
    """The cards' size on the board the player chose (None: the automatic one); see `zoom_keys`."""

    # What the widgets show, derived from the above (the widgets are bound to these).
    shown_area: var[PlayArea | None] = var(None, always_update=True, init=False)
    shown_name: var[str] = var("", init=False)
    showing_own: var[bool] = var(True, init=False)
    """The area on show is the viewer's own."""
    split_shown: var[bool] = var(False, init=False)
    """The split view is on and the screen is wide enough for it."""
    area_fitted: var[Zoom | None] = var(None, init=False)
    beside_fitted: var[Zoom | None] = var(None, init=False)
    """Each area's automatic size alone (`PlayAreaView.Fitted`)..."""
    area_cap: var[Zoom | None] = var(None, init=False)
    beside_cap: var[Zoom | None] = var(None, init=False)
    """... and the size each may take: while the split view shows, the other's, so both show at one."""
    area_cut: var[bool] = var(False, init=False)
    """The board on show goes on beyond an edge of its view: the key bar offers pan and centre."""
    beside_area: var[PlayArea | None] = var(None, always_update=True, init=False)
    beside_name: var[str] = var("", init=False)
    beside_scene: var[AreaScene] = var(AreaScene(PlayArea.empty()), always_update=True, init=False)
    area_scene: var[AreaScene] = var(AreaScene(PlayArea.empty()), always_update=True, init=False)
    tray_scene: var[TrayScene] = var(TrayScene("", ()), always_update=True, init=False)
    status: var[str] = var("", init=False)
    log_notes: var[tuple[tuple[int, int], ...]] = var((), init=False)
    """The app's `hint_notes` as of the last `update_game`, for the log panel."""
    log_chat: var[tuple[tuple[int, str], ...]] = var((), init=False)
    """The table's `chat_notes`, for the log panel."""

    # A hint: being looked for, or shown (with the moment it is for; it says nothing about any other).
    hinting: var[bool] = var(False, init=False)
    shown_hint: var[tuple[Hint, Moment] | None] = var(None, init=False)

    def __init__(self) -> None:
        super().__init__()
        self.perspective = 0
        """The seat the view is for (the first one for a spectator)."""
        self.can_undo = False
        self.can_redo = False
        self._asked: tuple[tuple[object, ...], SeatView] | None = None
        """The view `hint_view` gave last, with the moment (and set-up step) it is for."""
        self._hint_flip: tuple[int, Side | None] | None = None
        """The card whose side a hint turned, with the side it showed before (None: front):
        picking another card turns it back, as the player did not choose that side."""

    def compose(self) -> ComposeResult:
        """The widgets, bound to the screen's state; what they show is worded again first, so a
        recompose after a change of language redraws every word in the new one."""
        screen = GameScreen
        self._derive()
        yield ScoreTrack(id="score").data_bind(screen.view, screen.tags, screen.viewing, screen.columns)
        with Horizontal(id="main"):
            yield PlayAreaView(id="area").data_bind(
                scene=screen.area_scene, zoom_choice=screen.zoom_choice, zoom_cap=screen.area_cap
            )
            with Vertical(id="beside"):
                yield SymbolsPanel(id="beside-symbols").data_bind(area=screen.beside_area, owner=screen.beside_name)
                yield PlayAreaView(id="beside-area").data_bind(
                    scene=screen.beside_scene, zoom_choice=screen.zoom_choice, zoom_cap=screen.beside_cap
                )
            with Vertical(id="side"):
                yield SymbolsPanel(id="symbols").data_bind(area=screen.shown_area, owner=screen.shown_name)
                yield ObjectivesPanel(id="objectives").data_bind(
                    screen.view, area=screen.shown_area, detailed=screen.tall, own=screen.showing_own
                )
                yield LastMoves(id="last").data_bind(screen.view)
                yield GameLog(id="log").data_bind(screen.view, notes=screen.log_notes, chat=screen.log_chat)
        yield CardTray(id="tray").data_bind(scene=screen.tray_scene)
        yield PreviewLine(id="status").data_bind(wording=screen.status)
        yield KeyBar(DOMAIN)

    # -------------------------------------------------------------- state in

    def watch_chat_notes(self) -> None:
        self.log_chat = self.chat_notes

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
        with self.one_derivation():
            if self.view is None or home != self.perspective:  # the first view may be of any seat
                self.sides, self._hint_flip = {}, None
                self.cursor = None
                self.viewing = home
            self.perspective = home
            self.log_notes = self.hint_notes
            self.tags = tuple(tags)
            self.can_undo, self.can_redo, self.waiting_for = can_undo, can_redo, waiting_for
            self.view = view
            if self.viewing >= len(view.seats):
                self.viewing = view.seat
            self.selected = min(self.selected, max(len(view.hand) - 1, 0))
            spots = self._spots()
            if spots and (self.cursor is None or self.cursor not in spots):
                self.cursor = nearest(self.cursor or (0, 0), spots)
            if self._drawing() and not self._draw_enabled(self.draw_index):
                self.draw_index = next((i for i in range(DRAW_SLOTS) if self._draw_enabled(i)), 0)

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

    # ---------------------------------------------------- what the widgets show

    def watch_view(self) -> None:
        self._derive()

    def watch_viewing(self) -> None:
        self._derive()

    def watch_split(self) -> None:
        self._derive()

    def watch_beside(self) -> None:
        self._derive()

    def watch_split_shown(self, shown: bool) -> None:
        """The second area shows or goes; the side panel narrows to leave both areas room."""
        self.set_class(shown, "-split")
        self._size_side()
        self._cap_areas()

    def watch_selected(self) -> None:
        self._undo_hint_flip()
        self._derive_choice()

    def _undo_hint_flip(self) -> None:
        """Another card picked after a hint turned one: that one shows the side it showed before."""
        flip, chosen = self._hint_flip, self._selected_card()
        if flip is None or (chosen is not None and chosen[0] == flip[0]):
            return
        self._hint_flip = None
        card, before = flip
        sides = {k: v for k, v in self.sides.items() if k != card}
        self.sides = sides if before is None else {**sides, card: before}

    def watch_sides(self) -> None:
        self._derive_choice()

    def watch_draw_index(self) -> None:
        self._derive_choice()

    def watch_cursor(self) -> None:
        self._derive_cursor()

    def watch_waiting_for(self) -> None:
        self._derive_cursor()

    @on(PlayAreaView.Fitted)
    def _area_fitted(self, message: PlayAreaView.Fitted) -> None:
        if message.view.id == "area":
            self.area_fitted = message.zoom
        elif message.view.id == "beside-area":
            self.beside_fitted = message.zoom
        self._cap_areas()

    def _cap_areas(self) -> None:
        """Side by side, both areas at the smaller of their automatic sizes; alone, the area's own."""
        split = self.split_shown
        self.area_cap = self.beside_fitted if split else None
        self.beside_cap = self.area_fitted if split else None

    @on(PlayAreaView.Cut, "#area")
    def _area_cut(self, message: PlayAreaView.Cut) -> None:
        self.area_cut = message.cut

    def watch_area_cut(self) -> None:
        self.refresh_bindings()

    def offers_key(self, action: str) -> bool:
        """Pan and centre only while the board is cut (pressed anyway, they still move the view)."""
        if action in ("pan(-1,0)", "recentre"):
            return self.area_cut
        return super().offers_key(action)

    def watch_columns(self) -> None:
        self._derive()
        self.refresh_bindings()  # the split view's key shows from 140 columns

    def watch_hinting(self) -> None:
        self._derive_cursor()

    def watch_shown_hint(self) -> None:
        self._derive_cursor()

    def _derive(self) -> None:
        """After a new state or another area on show: the side panels, then the choice."""
        view = self.view
        if view is None or self._holding:
            return
        shown = view.seats[self.viewing]
        self.shown_area, self.shown_name = shown.area, shown.name
        self.showing_own = self.viewing == self.perspective
        self.split_shown = self.split and self.columns >= SPLIT_COLUMNS and len(view.seats) > 1
        if self.split_shown:
            other = view.seats[self._beside_seat()]
            self.beside_area, self.beside_name = other.area, other.name
            self.beside_scene = AreaScene(other.area, newest=newest_card(other.area), all_spots=False)
        self._derive_choice()

    def _beside_seat(self) -> int:
        """The seat the split view shows: `beside`, or the next one when that is the viewer's own."""
        assert self.view is not None
        seats = len(self.view.seats)
        return self.beside if self.beside != self.perspective else (self.perspective + 1) % seats

    def _derive_choice(self) -> None:
        """After a card choice or flip: the tray and the keys, then the cursor."""
        if self.view is None or self._holding:
            return
        self.tray_scene = self._tray_scene()
        self._derive_cursor()
        if self.drawable:
            self.refresh_bindings()

    def _derive_cursor(self) -> None:
        """After a cursor move: the play area and the preview line only.

        This is the path of every arrow press, so it touches nothing else
        (re-laying out the panels or the footer would cost more than the move).
        """
        view = self.view
        if view is None or self._holding:
            return
        own_area = self.viewing == self.perspective
        ghost = self._selected_card() if own_area and self._placing() and not self._must_pass() else None
        ghost_legal = self._chosen_place() in view.legal_actions if ghost else True
        self.area_scene = AreaScene(
            view.seats[self.viewing].area,
            spots=self._spots(),
            cursor=self.cursor if own_area and self._placing() else None,
            ghost=ghost,
            ghost_legal=ghost_legal,
            newest=None if own_area else newest_card(view.seats[self.viewing].area),
            all_spots=own_area,
        )
        self.status = self.status_text(self.columns)

    def _market_cards(self, drawing: bool) -> tuple[TrayCard, ...]:
        """The four market cards and the two decks: numbered to choose from while drawing, else plain
        (beside the hand, so their corners and points show at every step)."""
        view = self.view
        assert view is not None
        counts = view.seats[self.perspective].area.counts
        items = []
        for index, card in enumerate(view.market):
            label = _("{n} market").format(n=index + 1) if drawing else ""
            gold = card is not None and CATALOG.playable[card].is_gold
            met = requirement_met(CATALOG.playable[card], counts) if gold and card is not None else None
            enabled = self._draw_enabled(index) if drawing else True
            items.append(TrayCard(label, str(index + 1), card=card, requirement_met=met, enabled=enabled))
        for slot, kind, top, size in (
            (5, CardKind.RESOURCE, view.resource_deck_top, view.resource_deck_size),
            (6, CardKind.GOLD, view.gold_deck_top, view.gold_deck_size),
        ):
            label = _("{n} deck").format(n=slot) if drawing else ""
            enabled = self._draw_enabled(slot - 1) if drawing else True
            items.append(TrayCard(label, str(slot), deck=kind, deck_top=top, deck_size=size, enabled=enabled))
        return tuple(items)

    def _tray_scene(self) -> TrayScene:
        view = self.view
        assert view is not None
        counts = view.seats[self.perspective].area.counts
        if self._drawing():
            return TrayScene(_("Draw a card: ←/→ or 1-6, then enter"), self._market_cards(True), self.draw_index)
        items = []
        for index, card in enumerate(view.hand):
            side = self.sides.get(card, Side.FRONT)
            playable = CATALOG.playable[card]
            met = requirement_met(playable, counts) if playable.is_gold and side is Side.FRONT else None
            label = _("{n} {side}").format(n=index + 1, side=side_name(side))
            items.append(TrayCard(label, str(index + 1), card=card, side=side, requirement_met=met))
        choosing = self._placing() and self.viewing == self.perspective  # not while looking at another area
        title = _("Your hand: 1-3 choose, f flip") if choosing else _("Your hand")
        if view.seat < 0:
            title = _("Watching: hands stay hidden")
        market = self._market_cards(False)
        return TrayScene(title, tuple(items), self.selected if choosing else None, _("Market"), market)

    def status_text(self, width: int = 80) -> str:
        """What to do now, or the preview, worded to fit `width` (on two lines if need be).

        While a hint is looked for, it says so; while the move chosen is the
        hint's, the hint's reason takes the second line (the preview keeps
        the first, points first, so only its last words may be cut)."""
        if self.hinting:
            return _(LOOKING)
        text = self._what_to_do(width)
        reason = self._hint_reason()
        if not reason or not text:
            return text
        one_line = text.replace("\n", SEPARATOR)
        return "{preview}\n{hint}".format(preview=one_line, hint=_("Hint: {reason}").format(reason=reason))

    def _hint_reason(self) -> str | None:
        """The shown hint's reason, while the move chosen on screen is the hint's move."""
        if self.shown_hint is None or self.view is None or self.viewing != self.perspective:
            return None
        hint, when = self.shown_hint
        if when != moment(self.view):
            return None
        if self._drawing():
            chosen: object = self._draw_action(self.draw_index)
        elif self._must_pass():
            chosen = Pass(self.view.seat)
        else:
            chosen = self._chosen_place() if self._placing() else None
        return hint.reason if chosen == hint.action else None

    def _what_to_do(self, width: int) -> str:
        view = self.view
        if view is None:
            return ""
        if self.viewing != self.perspective:
            other = view.seats[self.viewing]
            backs = hand_backs_text(view, self.viewing).plain
            area = _("Viewing {name}'s area (read-only), hand {backs}").format(name=other.name, backs=backs.strip())
            return fit(([area, _("o next"), _("esc back")],), width)
        if view.phase is Phase.OVER:
            return _("The game is over.")
        if not self._my_turn():
            who = self.waiting_for or view.players[view.current]
            return _("{name} is playing…").format(name=who)
        if self._drawing():
            action = self._draw_action(self.draw_index)
            if action is None:
                return _("Nothing to take there: choose another card or deck")
            if action.card is not None:
                return _("Take {card} from the market (enter)").format(card=card_name(action.card))
            if action.source is DrawSource.RESOURCE_DECK:
                return _("Draw the top of the resource deck (enter)")
            return _("Draw the top of the gold deck (enter)")
        if self._must_pass():
            return _("No card can be placed anywhere: press enter to pass")
        return self.preview_text(width)

    def preview_text(self, width: int = 80) -> str:
        """What placing the chosen card at the cursor would do (`placement_words`)."""
        view = self.view
        chosen = self._selected_card()
        if view is None or chosen is None or self.cursor is None:
            return ""
        card_id, side = chosen
        card = CATALOG.playable[card_id]
        area = view.seats[self.perspective].area
        if side is Side.FRONT and not requirement_met(card, area.counts):
            return requirement_text(card, area.counts, width)
        objectives = (*view.common_objectives, *((view.secret,) if view.secret else ()))
        return placement_text(preview_placement(area, card_id, side, self.cursor, objectives), width)

    def on_resize(self) -> None:
        """Wider terminals get a wider side panel, so log lines are whole from 120 columns."""
        if not self.drawable:
            return
        self._size_side()
        self.columns, self.tall = self.size.width, self.size.height >= 36

    def _size_side(self) -> None:
        """The side panel's width; with the split view on, what both areas leave it."""
        if self.drawable:
            room = self.size.width - (LEAST_AREA if self.split_shown else 0)
            self.query_one("#side").styles.width = side_width(room, least=36)

    # ------------------------------------------------------------ hints

    def hint_view(self) -> SeatView | None:
        """The seat's view while it is to act; at set-up, only the choice the set-up screen is on.

        The set-up screen asks for both choices and sends them together, so
        while it shows the objectives the starter is still owed in the view:
        the hint is then asked of the view with only the objectives open.
        The same object is handed out for one moment, so a hint found for it
        is shown even if the app redrew the same state meanwhile.
        """
        view = self.view
        if view is None or view.seat < 0 or not view.legal_actions:
            return None
        key: tuple[object, ...] = moment(view)
        if view.phase is Phase.SETUP:
            setup = self._setup_modal()
            if setup is None:
                return None
            key += (setup.step,)
            if setup.step == "objective":
                chosen = tuple(a for a in view.legal_actions if isinstance(a, ChooseObjective))
                view = replace(view, legal_actions=chosen)
        if self._asked is None or self._asked[0] != key:
            self._asked = (key, view)
        return self._asked[1]

    def _setup_modal(self) -> SetupScreen | None:
        """The set-up screen over this one, if it is open (it takes the keys while it is)."""
        top = self.app.screen
        if isinstance(top, SetupScreen) and self.view is not None and top.view.seat == self.view.seat:
            return top
        return None

    def hint_pending(self, pending: bool) -> None:
        self.hinting = pending
        setup = self._setup_modal()
        if setup is not None:
            setup.hint_pending(pending)

    def show_hint(self, hint: Hint) -> None:
        """Choose the hint's move on screen: the card, its side and spot (so the preview shows what it
        scores), the market card or deck to draw, or the set-up choice; its reason goes under it."""
        view = self.view
        if view is None:
            return
        action: Any = hint.action
        with self.one_derivation():
            self.hinting = False
            if self.viewing != self.perspective:
                self.viewing = self.perspective
            if isinstance(action, Place) and action.card in view.hand:
                self.selected = view.hand.index(action.card)
                before = self.sides.get(action.card)
                if (before or Side.FRONT) is not action.side:
                    self._hint_flip = (action.card, before)
                self.sides = {**self.sides, action.card: action.side}
                self.cursor = action.pos
            elif isinstance(action, Draw):
                self.draw_index = draw_slot(view, action)
            self.shown_hint = (hint, moment(view))
        setup = self._setup_modal()
        if setup is not None and isinstance(action, ChooseStarter | ChooseObjective):
            setup.show_hint(hint)

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
        if action in ("split", "split_unavailable"):  # one key: the view from 140 columns, else why not
            wide = self.columns >= SPLIT_COLUMNS
            return len(self.view.seats) > 1 and wide is (action == "split")
        if action == "undo":
            return self.can_undo
        if action == "redo":
            return self.can_redo
        if action == "hint":  # shown while the seat is to act (pressed where hints are off, it says so)
            return True if self._my_turn() else None
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
            self._hint_flip = None  # the side is the player's choice now
            self.sides = {**self.sides, card: Side.BACK if side is Side.FRONT else Side.FRONT}

    def action_select(self, index: int) -> None:
        if self._drawing():
            self.draw_index = min(index, DRAW_SLOTS - 1)
        elif self.view is not None and index < len(self.view.hand):
            self.selected = index

    def action_move(self, direction: str) -> None:
        if self._drawing():
            if direction in ("left", "right"):
                self.draw_index = (self.draw_index + (1 if direction == "right" else -1)) % DRAW_SLOTS
            return
        spots = self._spots()
        if self.cursor is not None and spots:
            self.cursor = step(self.cursor, direction, spots)

    def action_next_spot(self, backwards: bool = False) -> None:
        spots = self._spots()
        if self.cursor is not None and spots:
            self.cursor = cycle(self.cursor, spots, backwards)

    def action_pan(self, dx: int, dy: int) -> None:
        self.query_one("#area", PlayAreaView).pan(dx, dy)

    def action_recentre(self) -> None:
        self.query_one("#area", PlayAreaView).recentre()

    def action_other_area(self) -> None:
        """The next player's area: in place of one's own, or beside it while the split view is on."""
        if self.view is None:
            return
        seats = len(self.view.seats)
        if self.split_shown:
            after = (self._beside_seat() + 1) % seats
            self.beside = after if after != self.perspective else (after + 1) % seats
            return
        self.viewing = (self.viewing + 1) % seats

    def action_own_area(self) -> None:
        self.viewing = self.perspective

    def action_split(self) -> None:
        """Another player's area beside one's own, or not: the one `o` showed, else the next player's."""
        with self.one_derivation():
            if not self.split:
                if self.viewing != self.perspective:
                    self.beside = self.viewing
                self.viewing = self.perspective
            self.split = not self.split

    def action_split_unavailable(self) -> None:
        self.notify(
            _("The split view needs a terminal {least} columns wide (this one is {n}): o shows the other areas").format(
                least=SPLIT_COLUMNS, n=self.columns
            )
        )

    def action_undo(self) -> None:
        self.post_message(UndoRequested())

    def action_redo(self) -> None:
        self.post_message(RedoRequested())
