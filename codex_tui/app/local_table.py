"""One game played at this keyboard: its session, its bots, the privacy screen between humans,
set-up choices, the autosave's alert and the end.

The app (`app/app.py`) is the shell around it: it opens games (new, from a
save, a tutorial, a branch of a replay), browses saves and replays, switches
languages. While a game is on show, the app hands each screen message about it
(`ActionChosen`, `HintShown`, undo and redo, `GameInView`) to this table, and
this table alone calls the session; after every change it hands the game
screen the perspective seat's view again (attributes down). Its end is the
kit's `EndFlow`, the one the network client uses too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from rich.text import Text
from textual.app import App
from textual.command import CommandPalette
from textual.screen import ModalScreen, Screen
from textual.timer import Timer

from codex_tui.app.learning import TutorialRun
from codex_tui.app.opening import Replayable
from codex_tui.app.session import GameSession, bot_level
from codex_tui.core.advice import Hint
from codex_tui.core.contract import GameAction
from codex_tui.core.errors import IllegalAction
from codex_tui.i18n.text import _
from codex_tui.storage.saves import SaveError
from codex_tui.ui.game_ui import GameUI, screens_of
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.screens.modals import HelpScreen, PassDeviceScreen
from codex_tui.ui.screens.replay import ReplayExit
from codex_tui.ui.table_end import EndFlow, TableEnd
from codex_tui.ui.widgets.coach_panel import show_coaching

T = TypeVar("T")

BOT_DELAY = 0.7
"""Seconds a bot waits before moving, so a player can follow what happens."""
SAVE_RETRY = 5.0
"""Seconds between two tries of an autosave that failed (each move tries too)."""


class LocalTable:
    """A game on show in the local app (see the module): `start` it once, `stop` it when the app leaves it.

    `leave`: what the app does on the end's n and q ('new', 'quit'); `branch`:
    play on from a moment of the finished game's replay, in a new save."""

    def __init__(
        self,
        app: App[Any],
        session: GameSession,
        *,
        bot_delay: float,
        leave: Callable[[str], None],
        branch: Callable[[Replayable, int], None],
        learning: TutorialRun | None = None,
    ) -> None:
        self.app = app
        self.session = session
        self.bot_delay = bot_delay
        self.leave = leave
        self.branch = branch
        self.learning = learning
        """The tutorial this game is (its coach speaks over every screen), or None."""
        self.ui: GameUI = screens_of(session.rules)
        self.game_screen: PlayScreen = self.ui.play_screen()
        self.revealed: int | None = None
        """The human who last passed the privacy screen (hot-seat)."""
        self.modal_open = False
        self.advance_held = False
        """`advance` waited for the game screen to be on top again."""
        self.setup_shown: Screen[Any] | None = None
        """The set-up choice open over the game (a redo closes it: what it asks was chosen already)."""
        self.ending: EndFlow | None = None
        """The end of the game, once it is over."""
        self.bot_timer: Timer | None = None
        self.save_retry: Timer | None = None
        """Trying the failed autosave again, every SAVE_RETRY seconds, until it works."""
        self.left = False
        """The app has left this game: what was scheduled for it (a bot's move, a redraw) is dropped."""

    def start(self) -> None:
        self.app.push_screen(self.game_screen)
        self.app.call_after_refresh(self.advance)

    def stop(self) -> None:
        """No bot move or autosave retry of this game may come after it is left."""
        self.left = True
        self._cancel_bot()
        if self.save_retry is not None:
            self.save_retry.stop()
            self.save_retry = None

    # ---------------------------------------------------------- the view

    def perspective(self) -> int:
        """Whose eyes the game screen uses: the human at the keyboard."""
        session = self.session
        humans = session.humans
        if not humans:
            return 0
        acting = session.seat_to_act()
        if acting is not None and session.is_human(acting) and (len(humans) == 1 or self.revealed == acting):
            return acting
        if self.revealed is not None:
            return self.revealed
        return humans[0]

    def tags(self) -> tuple[str, ...]:
        return tuple(bot_level(kind) or "" for kind in self.session.kinds)

    def refresh_game(self, waiting_for: str | None = None) -> None:
        session, screen = self.session, self.game_screen
        screen.hint_notes = session.hints
        screen.update_game(
            session.view_for(self.perspective()),
            self.tags(),
            session.can_undo(),
            session.can_redo(),
            waiting_for,
        )
        self.show_saving()

    # ---------------------------------------------------- a failed autosave

    def show_saving(self) -> None:
        """While the autosave fails: a line over the game saying so (which file, why, what to do), and a
        try every SAVE_RETRY seconds. Once it works again, the line goes and a notice says so."""
        session, screen = self.session, self.game_screen
        problem = session.save_problem
        line = None if problem is None else unsaved_line(problem)
        screen.alert = line
        if line is not None and self.save_retry is None:
            self.save_retry = self.app.set_interval(SAVE_RETRY, self._retry_save)
            if self.app.screen is not screen:  # a set-up choice, the privacy screen: said there at once too
                self.app.notify(line, severity="error", timeout=10)
        elif problem is None and self.save_retry is not None:
            self.save_retry.stop()
            self.save_retry = None
            if session.save_path is not None:
                self.app.notify(_("Saved again: {path}").format(path=shown_path(session.save_path)))

    def _retry_save(self) -> None:
        self.session.autosave()
        self.show_saving()

    # ---------------------------------------------------------- the loop

    def advance(self) -> None:
        """Decide what happens next: a bot move, a privacy screen, set-up, or the end."""
        session, app = self.session, self.app
        if self.left or self.paused():
            return
        if app.screen is not self.game_screen:
            # Help, the palette or the saves browser is open over the game: nothing is
            # stacked on it, and no bot moves under it; `GameInView` goes on.
            self.advance_held = True
            self.refresh_game()
            return
        game = session.game
        app.call_after_refresh(self.coach)  # once the screens below are in place (a set-up screen, the bar)
        if game.is_over:
            self.refresh_game()
            self._show_end()
            return
        seat = session.seat_to_act()
        assert seat is not None
        if not session.is_human(seat):
            level = bot_level(session.kinds[seat])
            name = f"{game.players[seat]} ({level})" if level else game.players[seat]  # a tutorial's coach has none
            self.refresh_game(waiting_for=name)
            self._schedule_bot(seat, game, delay=0 if session.choosing_together() else self.bot_delay)
            return
        if len(session.humans) > 1 and self.revealed != seat:
            self.refresh_game(waiting_for=game.players[seat])
            self._open_modal(PassDeviceScreen(game.players[seat]), lambda _: self._revealed(seat))
            return
        self.refresh_game()
        setup = self.ui.setup_screen(session.view_for(seat))
        if setup is not None:
            self.setup_shown = setup
            self._open_modal(setup, self._setup_chosen)

    def paused(self) -> bool:
        """A screen the loop waits on is open: a set-up choice, the privacy screen, the end of the game."""
        return self.modal_open or (self.ending is not None and self.ending.open)

    def game_in_view(self) -> None:
        """The game screen is on top again: what `advance` held back goes on."""
        if self.advance_held:
            self.advance_held = False
            self.advance()

    def _revealed(self, seat: int) -> None:
        self.revealed = seat

    def _open_modal(self, screen: Screen[T], then: Callable[[T | None], None]) -> None:
        """Show a screen that pauses the game loop until it is dismissed."""
        self.modal_open = True

        def closed(value: T | None) -> None:
            self.modal_open = False
            then(value)
            self.advance()

        self.app.push_screen(screen, closed)

    def _setup_chosen(self, actions: list[Any] | None) -> None:
        self.setup_shown = None
        for action in actions or []:
            if not self.apply_action(action, advance=False):
                break  # the rest was chosen after it (a tutorial asks again from the refused one)

    # ------------------------------------------------------------- the end

    def _show_end(self) -> None:
        """The end of this game (`EndFlow`: the bar over the final board, the scores, the review)."""
        ui, seat = self.ui, self.perspective()

        def over_text() -> Text:  # the game of now, under the names of the language read now
            return ui.game_over_text(self.session.game, seat)

        end = TableEnd(
            over_text=over_text,
            final_scores=lambda: ui.end_screen(
                self.session.game, seat, offer_undo=self.session.can_undo(), to_board=True
            ),
            may_undo=self.session.can_undo,
            undo=self.undo,
            review=self._review,
            leave=self.leave,
            shown=self.coach,
        )
        self.ending = EndFlow(self.app, end)
        self.ending.show()

    def _review(self, back: Callable[[], None]) -> None:
        """The finished game's replay with the review of the player's turns open on it; "play from
        here" there plays on in a new save, as from any replay."""
        session = self.session
        game, seat = session.game, self.perspective()
        saved = session.saved()
        title = saved.shown_title()

        def closed(outcome: ReplayExit | None) -> None:
            if self.left:
                return
            if outcome is not None and outcome.action == "branch" and self.ending is not None:
                self.ending.close()
                self.branch(Replayable(game, session.kinds, title, saved), outcome.index)
                # Not played on (its save could not be written, or the player went back to this game
                # from the unsaved question): the end again, now or once the game is on top.
                self.advance()
            else:
                back()

        self.app.push_screen(self.ui.replay_screen(game, title, seat, review_seat=seat), closed)

    # -------------------------------------------------------------- bots

    def _schedule_bot(self, seat: int, game: Any, delay: float) -> None:
        self._cancel_bot()
        if delay > 0:
            self.bot_timer = self.app.set_timer(delay, lambda: self.think(seat, game))
        else:
            self.app.call_later(self.think, seat, game)

    def _cancel_bot(self) -> None:
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None
        self.app.workers.cancel_group(self.app, "bot")

    def think(self, seat: int, game: Any) -> None:
        """Run the bot off the event loop (search bots take a while); one at a time."""
        if self.left:
            return  # queued before the game was left: no search for it, and no cancelling the next game's
        self.app.run_worker(partial(self._think, seat, game), thread=True, exclusive=True, group="bot")

    def _think(self, seat: int, game: Any) -> None:
        if self.left or self.session.game is not game:
            return
        action = self.session.bot_action(seat, game)
        self.app.call_from_thread(self._bot_moved, game, action)

    def _bot_moved(self, game: Any, action: GameAction) -> None:
        if self.left or self.session.game is not game:
            return  # undone, replaced or left while the bot was thinking
        self.apply_action(action)

    # ------------------------------------------------------------ changes

    def apply_action(self, action: GameAction, advance: bool = True) -> bool:
        """Play `action`; False if it was not played (against the rules, or not the tutorial's move)."""
        played = True
        answer = None if self.learning is None else self.learning.answer(self.session.game, action)
        if answer is not None:
            self.app.notify(answer, severity="warning", timeout=5)
            played = False
        else:
            try:
                self.session.act(action)
            except IllegalAction as error:
                self.app.notify(str(error), severity="error")
                played = False
        if advance:
            self.advance()
        return played

    def action_chosen(self, action: GameAction) -> None:
        """A screen's move: played if it is the acting seat's."""
        if self.session.seat_to_act() == action.player:
            self.apply_action(action)

    def hint_shown(self, seat: int) -> None:
        """Note the hint in the save and for the log (drawn with the next update: the hint stays on screen)."""
        self.session.note_hint(seat)
        self.game_screen.hint_notes = self.session.hints
        self.show_saving()

    def undo(self) -> None:
        if self.session.can_undo():
            self._cancel_bot()
            self.session.undo()
            self.app.notify(_("Undone"), timeout=1.5)
            self.advance()

    def redo(self) -> None:
        if self.session.can_redo():
            self._cancel_bot()
            self._close_setup()
            self.session.redo()
            self.advance()

    def _close_setup(self) -> None:
        """An undo back into the set-up left its choice open: a redo replays what was chosen there."""
        setup = self.setup_shown
        if setup is not None and self.app.screen is setup:
            self.setup_shown = None
            self.modal_open = False
            self.app.pop_screen()

    def names_in_language(self) -> None:
        """After a language switch: the game's default names in the new language; a bot that was
        thinking on the game under its old names is asked again (its move would be dropped as stale)."""
        if not self.session.show_names_in_reader_language():
            return
        self._cancel_bot()
        if self.paused():
            self.refresh_game()
        else:
            self.advance()

    # ----------------------------------------------------------- tutorial

    def coach(self) -> None:
        """The tutorial's step over the screen on top, and the move it asks for put on show."""
        run, session, screen, board = self.learning, self.session, self.app.screen, self.game_screen
        if self.left or run is None or isinstance(screen, HelpScreen | CommandPalette):
            return
        over_the_board = isinstance(screen, ModalScreen) and board in self.app.screen_stack
        # Over the game-over bar the panel goes on the board under it, which gives it the rows: nothing is covered.
        target: Screen[Any] = board if over_the_board else screen
        show_coaching(target, run.coaching(session.game, summary=session.game.is_over and not over_the_board))
        board.guide = self.guided_hints
        if session.seat_to_act() == run.learner:
            for hint in self.guided_hints():  # a set-up screen takes two at once
                board.show_hint(hint)

    def guided_hints(self) -> list[Hint]:
        """The tutorial's moves that may be made now, as hints (also what `!` shows in a tutorial)."""
        run = self.learning
        if run is None:
            return []
        return [Hint(move, _("the move this step asks for")) for move in run.moves_now(self.session.game)]


def unsaved_line(problem: SaveError) -> str:
    """The line over the game while its autosave fails."""
    return _(
        "Not saved: {error}. The game goes on in memory; saving is tried again after every move and "
        "every few seconds, and quitting asks first."
    ).format(error=problem.later.text())


def shown_path(path: Path) -> str:
    """A path as the player would type it: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
