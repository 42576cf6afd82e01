"""One table at the server as this seat sees it: the network sibling of the local app's `LocalTable`.

The client app (`client/app.py`) is the shell: the link to the hub, the
lobby, the waiting room, the chat, replays. Once the hub seats us at a dealt
table it makes a `RemoteTable` and hands it every TABLE message (a typed
`TableState`); this table feeds the game screen with the seat's view and
tags, keeps the clocks ticking, puts up the server's alert line, offers an
absent player's seat, says when our turn starts, sends the set-up choices and
moves (one per view), and runs the end with the kit's `EndFlow`, as a local
game does. It holds no game: the server decides every move.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from textual.app import App

from codex_tui.client.absent_offer import END, WAIT, AbsentOffer
from codex_tui.client.clock_reading import ClockReading
from codex_tui.client.table_hints import table_hint_level
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.i18n.text import _
from codex_tui.protocol import messages as p
from codex_tui.protocol.table_state import TableState
from codex_tui.ui.game_ui import GameUI, screens_of
from codex_tui.ui.screens.game_over import result_line
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.table_end import EndFlow, TableEnd
from codex_tui.ui.widgets.chat_field import ChatNote


class RemoteTable:
    """A dealt table at the server, on this seat's screen (see the module).

    `send` sends a message up to the hub; `review(back)` asks the hub for the
    finished table's record and opens its replay with this seat's review;
    `offers_seen` is the app's (table, seat) set of absent seats it has asked
    about already (asked once per offer, whether we left the table between)."""

    def __init__(
        self,
        app: App[Any],
        state: TableState,
        *,
        send: Callable[[dict[str, Any]], None],
        review: Callable[[Callable[[], None]], None],
        offers_seen: set[tuple[int | None, int]],
        player: str,
    ) -> None:
        """`player`: our name, the title of the notice that our turn has come."""
        self.app = app
        self.player = player
        self.send = send
        self.review = review
        self.offers_seen = offers_seen
        self.id = state.table
        self.game: GameModule = registry.game_named(state.game)
        self.ui: GameUI = screens_of(self.game)
        self.seat = state.seat
        self.game_screen: PlayScreen = self.ui.play_screen()
        self.game_screen.hints_allowed = state.hints
        self.game_screen.undo_allowed = False
        self.game_screen.hint_level = table_hint_level(state.pace)
        self.view: Any = None
        """This seat's last view of the table's game."""
        self.sent_for: Any = None
        """The view an action was sent for: one action per view, so a second
        enter before the server answers does not send the move twice."""
        self.setup_open = False
        self.setup_sent: list[Any] = []
        """Set-up actions already sent: a view may arrive before the server has them."""
        self.bot_notes: tuple[ChatNote, ...] = ()
        """Notes for the game's log after each move a bot played for an absent player."""
        self.clocks = ClockReading()
        """The table's clocks as last sent (none at a table without a clock)."""
        self.shown: tuple[Any, tuple[str, ...], str | None] | None = None
        """The game screen's last view, tags and waiting line (the clocks redraw them every second)."""
        self.end_shown = False
        self.my_turn = False
        self.paused_shown = False
        """The server's paused line is over the game."""
        self.time_out_told = False
        """This seat has been told its time is out (told again if it runs out again, at a later move)."""

    def is_for(self, state: TableState) -> bool:
        """Whether `state` is of this table and game (else the app makes another table)."""
        return state.table == self.id and state.game == self.game.name

    def show(self, state: TableState) -> None:
        """A TABLE message: the seat's view on the game screen, and what comes with it."""
        view = self.game.decode_view(state.view)
        self.seat = state.seat
        self.view = view
        self.shown = (view, state.tags, state.waiting_for)
        self.clocks = ClockReading.of(state.clocks, time.monotonic())
        self.game_screen.update_game(view, self.clocks.tags(state.tags, time.monotonic()), False, False, self.shown[2])
        self._show_alert(state.paused, state.time_out)
        self._offer_absent(state)
        self._turn_notice(view)
        setup = None if self.setup_open else self.ui.setup_screen(view, self.setup_sent)
        if setup is not None:
            self.setup_open = True
            self.app.push_screen(setup, self._setup_chosen)
        if state.result is not None and not self.end_shown:  # the server sends it once the game is over
            self.end_shown = True
            self._show_end(view, self.game.result_from_wire(state.result))

    def tick_clocks(self) -> None:
        """A table with a clock: the seconds beside each name go down while it is that player's move."""
        if self.clocks.seats and self.shown is not None:
            view, tags, waiting_for = self.shown
            self.game_screen.update_game(view, self.clocks.tags(tags, time.monotonic()), False, False, waiting_for)

    def mark_bot_moves(self, played: Sequence[tuple[int, int]]) -> bool:
        """The moves a bot played for an absent player, as notes after each in the game's log;
        True when they changed (the app then shows the log's notes again)."""
        view = self.view
        notes: list[ChatNote] = []
        for seat, number in played:
            if view is not None and 0 <= seat < len(view.players):
                name = view.players[seat]
                notes.append((number, "  " + _("↑ played by a bot for {name}").format(name=name)))
        if tuple(notes) == self.bot_notes:
            return False
        self.bot_notes = tuple(notes)
        return True

    def _show_end(self, view: Any, outcome: Any) -> None:
        """The end of the table (`EndFlow`): no undo; n and q leave the table for the lobby."""
        ui = self.ui
        names, winners = view.players, ui.result_winners(outcome)
        end = TableEnd(
            over_text=lambda: result_line(names, winners, self.seat, _("q: back to the lobby.")),
            final_scores=lambda: ui.end_screen_from_view(view, outcome),
            review=self.review,
            leave=lambda choice: self.send({"t": p.LEAVE}),
        )
        EndFlow(self.app, end).show()

    def _offer_absent(self, state: TableState) -> None:
        """The server offers an absent player's seat to a bot: ask once while it is offered (esc leaves the
        question until it is offered again); an offer gone (the player back, another player answered)
        closes the question."""
        screen = self.app.screen
        if not state.absent:
            self.offers_seen.clear()
            if isinstance(screen, AbsentOffer):
                screen.dismiss(None)
            return
        first = state.absent[0]
        seat = first.seat
        key = (self.id, seat)
        if isinstance(screen, AbsentOffer) or key in self.offers_seen:
            return
        self.offers_seen.add(key)

        def answered(choice: str | None) -> None:
            if choice == END:
                self.send({"t": p.END_TABLE, "seat": int(seat)})
            elif choice is not None:
                self.send({"t": p.STAND_IN, "seat": int(seat), "level": None if choice == WAIT else choice})

        offer = AbsentOffer(self.game, first.name, float(first.waited), list(state.levels), first.reason, state.rated)
        self.app.push_screen(offer, answered)

    def _show_alert(self, paused: str | None, time_out: str | None) -> None:
        """The server's line over the game (worded by the server, in our language): while it cannot save
        the table, and once it can again a notice says play goes on; else while this seat's time is out,
        which a notice and the bell say the moment it comes."""
        line = paused
        if line is None and self.paused_shown:
            self.app.notify(_("The server can save again: play goes on."), timeout=6)
        self.paused_shown = line is not None
        out = time_out
        if out is not None and not self.time_out_told:
            self.app.notify(out, severity="warning", timeout=8)
            self.app.bell()
        self.time_out_told = out is not None
        self.game_screen.alert = line or out

    def _turn_notice(self, view: Any) -> None:
        """A notice (and the bell) when this seat's turn starts."""
        mine = self.game.has_move(view)
        words = self.ui.turn_words(view) if mine and not self.my_turn else None
        if words is not None:
            self.app.notify(_("Your turn: {what}.").format(what=words), title=self.player, timeout=4)
            self.app.bell()
        self.my_turn = mine

    def _setup_chosen(self, actions: list[Any] | None) -> None:
        self.setup_open = False
        for action in actions or []:
            self.setup_sent.append(action)
            self.send(p.act(action, self.game.name))

    def action_chosen(self, action: Any) -> None:
        """A screen's move, sent once per view and only when the view says this seat may send it."""
        view = self.view
        if view is None or view is self.sent_for or not self.game.may_send(view, action):
            return
        self.sent_for = view
        self.send(p.act(action, self.game.name))

    def refused(self) -> None:
        """The server refused the move just sent: the same view may try again."""
        self.sent_for = None
