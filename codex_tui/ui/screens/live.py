"""Screens the app feeds from outside: what they show is held in reactives.

A screen's own keys and timers reach it through its message queue, which
Textual runs only between compose and removal. Other updates do not wait:
a bot's move, an undo, a resume or a server message sets the screen's state
directly, and may arrive before the screen is composed (just pushed) or
after it was popped (a bot finished thinking after the player left the
game). So such screens hold that state in reactives, and their widgets bind
to it (`data_bind`): a widget is given the state when it is mounted and each
time it changes while it exists. A few handlers still touch widgets
themselves (a resize sets the side panel's width); a resize queued before
the pop is still delivered while the children are being removed, so those
run only while the screen is `drawable`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import events
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from codex_tui.core.advice import HINT_LEVEL, Hint
from codex_tui.i18n.text import N_, _
from codex_tui.ui.messages import GameInView, HintShown
from codex_tui.ui.widgets.alert_line import AlertLine
from codex_tui.ui.widgets.chat_field import ChatNote

if TYPE_CHECKING:
    from codex_tui.core.contract import GameModule

ResultType = TypeVar("ResultType")


class LiveScreen(Screen[ResultType]):
    """A screen fed from outside (see the module): `drawable` says whether its widgets exist."""

    _composed = False
    """Set once mounted: the widgets from `compose` exist from then on (but during a recompose)."""

    @property
    def drawable(self) -> bool:
        """The widgets exist: mounted, and not being removed.

        Textual marks a screen as pruning when it is popped and as closing
        when its message loop is asked to end, before any child goes; events
        already queued (a resize) still arrive after that, and so do calls
        from the app. Textual's own `display` reads the same two flags."""
        return self._composed and self.is_running and not (self._pruning or self._closing)

    def on_mount(self) -> None:
        self._composed = True

    async def recompose(self) -> None:
        """New widgets (a change of language): not drawable until they exist (a resize may come
        while the old ones are being removed)."""
        self._composed = False
        try:
            await super().recompose()
        finally:
            self._composed = True


HINT_GROUP = "hint"


class PlayScreen(LiveScreen[None]):
    """The screen a game is played on (any game): tells the app when it is on top again.

    The app (local or network) drives it with `update_game`, and sets `alert` and `chat_notes`.

    `!` asks the game's search bot for a hint from the seat's own view, in a
    thread so the screen keeps answering; any other key cancels it (the
    search may finish in the background, its answer is dropped). When
    another seat moves meanwhile and the seat still has its move to make
    (set-up choices are made together), the hint is searched again for the
    new state rather than lost. Each game
    says which view a hint is for (`hint_view`) and shows it (`show_hint`).
    """

    BINDINGS = [Binding("exclamation_mark", "hint", N_("Hint"))]
    game_module: ClassVar[GameModule]
    """The game this screen plays (each game's screen sets it)."""
    hints_allowed = True
    """Whether `!` may ask for a hint: always in a local game, at a network table if its creator allowed it."""
    undo_allowed = True
    """Whether `u` and `ctrl+r` may take back and replay moves: in a local game, never at a network table."""
    hint_level = HINT_LEVEL
    """The bot level `!` asks (a turn-based network table asks a slower, stronger one)."""
    hint_notes: tuple[tuple[int, int], ...] = ()
    """(actions played when a hint was shown, seat): the log shows "<name> used a hint" there (local games)."""
    chat_notes: var[tuple[ChatNote, ...]] = var((), init=False)
    """(actions played when it was said, 'HH:MM ada: text'): the table's chat, which each game's log
    shows after that many moves (`chat_field.notes_at`; each game watches it); a local game has none."""
    guide: Callable[[], Sequence[Hint]] | None = None
    """Where `!` takes its hints from instead of the game's search (a tutorial: the moves its step asks
    for, which a search might contradict, each shown where it applies); None or no hint: the search."""
    alert: var[str | None] = var(None, init=False)
    """A line over the game while it cannot be saved (a paused server table, a local autosave that
    failed), worded by the app; None while all is well."""

    def watch_alert(self) -> None:
        if self.drawable:
            self._draw_alert()

    def on_mount(self) -> None:
        """The alert line is mounted over each game's own widgets: an alert set before compose shows now."""
        self._draw_alert()

    async def recompose(self) -> None:
        """The game's widgets again; the alert line over them again too."""
        await super().recompose()
        if self.drawable:
            self._draw_alert()

    def _draw_alert(self) -> None:
        shown = self.query(AlertLine)
        if self.alert is None:
            shown.remove()
        elif shown:
            shown.first().update(self.alert)
        else:
            self.mount(AlertLine(self.alert))

    def offers_key(self, action: str) -> bool:
        """False for the keys this table does not offer at all (hints where they are off, undo at a network
        table): the key bar leaves them out (`KeyBar`), and pressed anyway they say why they do nothing."""
        if action == "hint":
            return self.hints_allowed
        return self.undo_allowed or action not in ("undo", "redo")

    def hint_view(self) -> Any | None:
        """The view a hint is for: the seat's own view while it is to act, else None (each game)."""
        return None

    def show_hint(self, hint: Hint) -> None:
        """Show `hint` as the preview of its move (card, side, spot, points) with its reason (each game)."""
        raise NotImplementedError

    def hint_pending(self, pending: bool) -> None:
        """A hint started (True) or ended without being shown (False): each game may say so on screen."""

    def action_hint(self) -> None:
        if not self.hints_allowed:
            self.notify(_("Hints are off at this table (its creator chose so)."), severity="warning")
            return
        view = self.hint_view()
        if view is None:
            self.notify(_("A hint is for your own move; it is not your turn."))
            return
        module, guide, level = self.game_module, self.guide, self.hint_level
        guided = guide() if guide is not None else ()
        if guided:
            for hint in guided:
                self.show_hint(hint)
            self.post_message(HintShown(view.seat))
            return
        self.hint_pending(True)
        self.run_worker(
            lambda: (view, module.hint(view, level)), thread=True, group=HINT_GROUP, exclusive=True, exit_on_error=False
        )

    def cancel_hint(self) -> None:
        """Drop a hint still being computed."""
        if any(worker.group == HINT_GROUP and worker.is_running for worker in self.workers):
            self.workers.cancel_group(self, HINT_GROUP)
            self.hint_pending(False)

    def on_key(self, event: events.Key) -> None:
        if event.key != "exclamation_mark":
            self.cancel_hint()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != HINT_GROUP or worker.is_cancelled:
            return
        if event.state is WorkerState.ERROR:  # a search that fails costs the hint, never the game
            self.hint_pending(False)
            self.notify(
                _("No hint this time: {error}").format(error=f"{type(worker.error).__name__}: {worker.error}"),
                severity="error",
            )
            return
        if event.state is not WorkerState.SUCCESS:
            return
        answer: tuple[Any, Hint] | None = worker.result
        if answer is None:
            return
        view, hint = answer
        seat: int = view.seat
        current = self.hint_view()
        if view is not current:  # the game moved on while the search ran
            if current is not None:  # another seat's move (a set-up choice): the seat still acts
                self.action_hint()  # so the hint it asked for is searched again, for the game as it is now
            else:
                self.hint_pending(False)
            return
        self.show_hint(hint)
        self.post_message(HintShown(seat))

    def update_game(
        self, view: Any, tags: Sequence[str], can_undo: bool, can_redo: bool, waiting_for: str | None = None
    ) -> None:
        """Show a new state: `view` is the perspective seat's view, `tags` a word per seat (a bot's level),
        `waiting_for` whom the game waits for when that is not the viewer. Each game's screen draws it."""
        raise NotImplementedError

    def on_screen_resume(self) -> None:
        self.post_message(GameInView())
