"""The app: owns the game session, moves between screens, runs the bots.

Screens send `ActionChosen` / `UndoRequested` / `RedoRequested` up; this is
the only place that calls the session, and after every change it hands the
game screen the perspective seat's view again (attributes down). It knows no
game: the session's `GameModule` (from the registry) plays it, and that
game's `GameUI` gives the screens.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

from rich.text import Text
from textual import work
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import ModalScreen, Screen
from textual.theme import ThemeProvider
from textual.timer import Timer

from codex_tui.app.learning import TutorialRun
from codex_tui.app.opening import Replayable, open_replayable
from codex_tui.app.resume import latest_unfinished
from codex_tui.app.screens.confirm import ConfirmScreen
from codex_tui.app.screens.new_game import NewGameScreen, NewGameSettings
from codex_tui.app.screens.resume import ResumeScreen
from codex_tui.app.screens.saves_browser import BrowserChoice, SavesBrowser
from codex_tui.app.screens.unsaved import UnsavedScreen
from codex_tui.app.session import BOT_PREFIX, GameSession, bot_level
from codex_tui.core import registry
from codex_tui.core.advice import Hint
from codex_tui.core.contract import GameAction, GameModule
from codex_tui.core.errors import IllegalAction
from codex_tui.i18n import set_language
from codex_tui.i18n.text import N_, Later, _
from codex_tui.i18n.words import BOT, YOU, new_game_title
from codex_tui.storage.saves import (
    HUMAN,
    SavedGame,
    SaveError,
    clean_title,
    default_title,
    load_save,
    new_save_path,
    write_save,
)
from codex_tui.storage.settings import Settings, SettingsError, save_settings
from codex_tui.ui.commands import language_commands, textual_commands
from codex_tui.ui.crash import CRASH_LOG_NAME, CalmCrashes
from codex_tui.ui.game_ui import GameUI, help_screen, screens_of
from codex_tui.ui.key_names import NamedKeys
from codex_tui.ui.messages import ActionChosen, GameInView, HintShown, RedoRequested, UndoRequested
from codex_tui.ui.paging import PageSafeCommandPalette
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.screens.modals import HelpScreen, PassDeviceScreen
from codex_tui.ui.screens.replay import ReplayExit
from codex_tui.ui.small_terminal import SmallTerminalNotice
from codex_tui.ui.table_end import EndFlow, TableEnd
from codex_tui.ui.terminal_input import guarded_driver_class
from codex_tui.ui.toasts import OneToastPerMessage
from codex_tui.ui.widgets.coach_panel import POINTED_CSS, show_coaching

T = TypeVar("T")

BOT_DELAY = 0.7
"""Seconds a bot waits before moving, so a player can follow what happens."""
SAVE_RETRY = 5.0
"""Seconds between two tries of an autosave that failed (each move tries too)."""


def shown_path(path: Path) -> str:
    """A path as the player would type it: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class CodexApp(OneToastPerMessage, SmallTerminalNotice, NamedKeys, CalmCrashes):
    TITLE = "codex-tui"
    BINDINGS = [
        Binding("question_mark", "help", N_("Help"), show=False),
        Binding("escape", "leave_tutorial", N_("Leave the tutorial"), show=False),  # where no screen takes esc
    ]
    CSS = POINTED_CSS
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        saves_dir: Path,
        save: Path | None = None,
        bot_delay: float = BOT_DELAY,
        offer_resume: bool = True,
        mode: str = "play",
        notices: tuple[Later, ...] = (),
        learn: str | None = None,
    ) -> None:
        """`mode`: 'play' (new game or resume `save`), 'saves' (the browser), 'replay' (`save`) or
        'learn' (the tutorial of the game `learn`); `notices`: problems found before the app started
        (a bad settings file), shown as it opens."""
        super().__init__(driver_class=guarded_driver_class())
        self.saves_dir = saves_dir
        self.initial_save = save
        self.mode = mode
        self.bot_delay = bot_delay
        self.offer_resume = offer_resume
        self.session: GameSession | None = None
        self.game_screen: PlayScreen | None = None
        self.revealed: int | None = None
        """The human who last passed the privacy screen (hot-seat)."""
        self.modal_open = False
        self.advance_held = False
        """`advance` waited for the game screen to be on top again."""
        self.setup_shown: Screen[Any] | None = None
        """The set-up choice open over the game (a redo closes it: what it asks was chosen already)."""
        self.ending: EndFlow | None = None
        """The end of the game on show, once it is over."""
        self.bot_timer: Timer | None = None
        self.save_retry: Timer | None = None
        """Trying the failed autosave again, every SAVE_RETRY seconds, until it works."""
        self.crash_log_path = saves_dir / CRASH_LOG_NAME
        self.notices = notices
        self.learn = learn
        self.learning: TutorialRun | None = None
        """The tutorial being played (its session is `session`), or None in any other game."""

    def crash_line(self, logged: bool) -> str:
        """What happened, where the game is, how to go on, where the details are."""
        log_path = self.crash_log_path
        where = ""
        if logged and log_path is not None:
            where = " " + _("The details are in {path}.").format(path=shown_path(log_path))
        path = self.session.save_path if self.session is not None else None
        if path is None:
            return _("codex-tui stopped after an unexpected error.") + where
        saved = _("Your game is saved in {path}: resume it with `codex-tui play {path}`.").format(path=shown_path(path))
        if self.session is not None and self.session.save_problem is not None:
            saved = _("Your game's last autosave failed; {path} holds it as it was before.").format(
                path=shown_path(path)
            )
        return _("codex-tui stopped after an unexpected error.") + " " + saved + where

    # ---------------------------------------------------------- start-up

    def on_mount(self) -> None:
        self.call_after_refresh(self.show_notices)
        if self.mode == "saves":
            self.browse_saves()
            return
        if self.mode == "learn" and self.learn is not None:
            self.start_tutorial(self.learn)
            return
        if self.mode == "replay" and self.initial_save is not None:
            self.open_replay(self.initial_save)
            return
        if self.initial_save is not None:
            self.open_save(self.initial_save)
            return
        last = latest_unfinished(self.saves_dir) if self.offer_resume else None
        if last is None:
            self.ask_new_game()
            return

        def answered(resume: bool | None) -> None:
            if resume:
                self.open_save(last.path)
            else:
                self.ask_new_game(last.game)

        self.push_screen(ResumeScreen(last), answered)

    def show_notices(self) -> None:
        """What went wrong before the app started, over its first screen (a terminal line printed
        before would be gone under it)."""
        for notice in self.notices:
            self.notify(notice.text(), severity="warning", timeout=20)

    def ask_new_game(self, game: str | None = None) -> None:
        """The new-game form, set to `game`: by default the game on show (a player who just
        played Instinkt and presses n wants Instinkt again), else the registry's first."""
        session = self.session
        if game is None and session is not None:
            game = session.rules.name
        kinds = session.kinds if session is not None and session.rules.name == game else ()
        self.once_saved(lambda: self._new_game_form(game, kinds))

    def _new_game_form(self, game: str | None = None, kinds: tuple[str, ...] = ()) -> None:
        """`kinds`: the seats of the game just played, whose bots' levels the form keeps."""
        self._leave_game()
        self.push_screen(NewGameScreen(game, kinds), self.start_new_game)

    def start_new_game(self, settings: NewGameSettings | None) -> None:
        if settings is None:
            return
        if settings.tutorial:
            self.start_tutorial(settings.game)
            return
        seed = settings.seed if settings.seed is not None else secrets.randbelow(2**31)
        module = registry.game_named(settings.game)
        game = module.new_game(settings.names, seed, settings.variant)
        path = new_save_path(self.saves_dir, settings.names)
        title = clean_title(new_game_title(module.translate(module.title), settings.names, date.today()))
        session = GameSession(game, settings.kinds, path, title=title)
        session.autosave()  # one that fails is shown over the game, and tried again
        self.begin(session)

    def open_save(self, path: Path) -> None:
        self.once_saved(lambda: self._open_save(path))

    def _open_save(self, path: Path) -> None:
        try:
            saved = load_save(path)
        except SaveError as error:
            self.notify(error.later.text(), severity="error", timeout=10)
            self._new_game_form()
            return
        self.begin(GameSession(saved.game, saved.kinds, path, title=saved.title, hints=saved.hints))

    def begin(self, session: GameSession) -> None:
        self._leave_game()
        self.session = session
        self.game_screen = screens_of(session.rules).play_screen()
        self.push_screen(self.game_screen)
        self.call_after_refresh(self.advance)

    def _leave_game(self) -> None:
        """Stop the game on show and pop every screen: the game is saved, and no
        bot move, privacy screen or summary of it may turn up over what comes next."""
        self._cancel_bot()
        if self.save_retry is not None:
            self.save_retry.stop()
            self.save_retry = None
        self.session = None
        self.learning = None
        self.game_screen = None
        self.revealed = None
        self.modal_open = False
        self.advance_held = False
        self.setup_shown = None
        self.ending = None
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # ---------------------------------------------------------- the loop

    def perspective(self) -> int:
        """Whose eyes the game screen uses: the human at the keyboard."""
        session = self.session
        assert session is not None
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
        assert self.session is not None
        return tuple(bot_level(kind) or "" for kind in self.session.kinds)

    def refresh_game(self, waiting_for: str | None = None) -> None:
        session, screen = self.session, self.game_screen
        if session is None or screen is None:
            return
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
        if session is None:
            return
        problem = session.save_problem
        line = None if problem is None else self._unsaved_line(problem)
        if screen is not None:
            screen.alert = line
        if line is not None and self.save_retry is None:
            self.save_retry = self.set_interval(SAVE_RETRY, self._retry_save)
            if self.screen is not screen:  # a set-up choice, the privacy screen: said there at once too
                self.notify(line, severity="error", timeout=10)
        elif problem is None and self.save_retry is not None:
            self.save_retry.stop()
            self.save_retry = None
            if session.save_path is not None:
                self.notify(_("Saved again: {path}").format(path=shown_path(session.save_path)))

    @staticmethod
    def _unsaved_line(problem: SaveError) -> str:
        return _(
            "Not saved: {error}. The game goes on in memory; saving is tried again after every move and "
            "every few seconds, and quitting asks first."
        ).format(error=problem.later.text())

    def _retry_save(self) -> None:
        if self.session is not None:
            self.session.autosave()
        self.show_saving()

    def once_saved(self, then: Callable[[], None], quitting: bool = False) -> None:
        """Run `then` (quit, or leave this game for another) once the game's save holds it. While its
        autosave fails, the player chooses first: try again, back to the game, or leave it unsaved."""
        session = self.session
        if session is None or session.save_problem is None or session.autosave():
            then()
            return
        if isinstance(self.screen, UnsavedScreen):
            return  # asking already (ctrl+q pressed over the question)
        self.show_saving()
        problem = session.save_problem
        assert problem is not None

        def retry() -> SaveError | None:
            session.autosave()
            self.show_saving()
            return session.save_problem

        def chosen(leave: bool | None) -> None:
            if leave:
                then()

        self.push_screen(UnsavedScreen(problem, retry, quitting), chosen)

    async def action_quit(self) -> None:
        """q, ctrl+q, the palette's Quit: at once while the game is saved, else after asking."""
        self.once_saved(self.exit, quitting=True)

    def advance(self) -> None:
        """Decide what happens next: a bot move, a privacy screen, set-up, or the end."""
        session = self.session
        if session is None or self._paused():
            return
        if self.game_screen is not None and self.screen is not self.game_screen:
            # Help, the palette or the saves browser is open over the game: nothing is
            # stacked on it, and no bot moves under it; `GameInView` goes on.
            self.advance_held = True
            self.refresh_game()
            return
        game = session.game
        self.call_after_refresh(self._coach)  # once the screens below are in place (a set-up screen, the bar)
        if game.is_over:
            self.refresh_game()
            self._show_end(game)
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
        setup = self._ui().setup_screen(session.view_for(seat))
        if setup is not None:
            self.setup_shown = setup
            self._open_modal(setup, self._setup_chosen)

    def _paused(self) -> bool:
        """A screen the loop waits on is open: a set-up choice, the privacy screen, the end of the game."""
        return self.modal_open or (self.ending is not None and self.ending.open)

    def on_game_in_view(self, message: GameInView) -> None:
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

        self.push_screen(screen, closed)

    def _game(self) -> GameModule:
        """The game on show, or the default game while none is (for its help)."""
        session = self.session
        return session.rules if session is not None else registry.game_named(registry.first_game())

    def _ui(self) -> GameUI:
        """The screens of the game on show, or the default game's while none is."""
        return screens_of(self._game())

    def _setup_chosen(self, actions: list[Any] | None) -> None:
        self.setup_shown = None
        for action in actions or []:
            if not self.apply_action(action, advance=False):
                break  # the rest was chosen after it (a tutorial asks again from the refused one)

    def _show_end(self, game: Any) -> None:
        """The end of this game (`EndFlow`: the bar over the final board, the scores, the review)."""
        ui, seat = self._ui(), self.perspective()

        def over_text() -> Text:
            session = self.session  # its game, under the names of the language read now
            return ui.game_over_text(session.game if session is not None else game, seat)

        end = TableEnd(
            over_text=over_text,
            final_scores=lambda: ui.end_screen(game, seat, offer_undo=self._undo_offered(), to_board=True),
            may_undo=self._undo_offered,
            undo=lambda: self.on_undo_requested(UndoRequested()),
            review=self._review,
            leave=self._leave_end,
            shown=self._coach,
        )
        self.ending = EndFlow(self, end)
        self.ending.show()

    def _undo_offered(self) -> bool:
        return self.session is not None and self.session.can_undo()

    def _leave_end(self, choice: str) -> None:
        """n at the end: a new game (after a tutorial, the real game it offers); q: quit."""
        if choice == "new" and self.learning is not None:
            self.real_game(self.learning)
        elif choice == "new":
            self.ask_new_game()
        else:
            self.once_saved(self.exit, quitting=True)

    def _review(self, back: Callable[[], None]) -> None:
        """The finished game's replay with the review of the player's turns open on it; "play from
        here" there plays on in a new save, as from any replay."""
        session = self.session
        if session is None:
            return
        game, seat = session.game, self.perspective()
        title = session.title or default_title(game.players)

        def closed(outcome: ReplayExit | None) -> None:
            if self.session is not session:
                return
            if outcome is not None and outcome.action == "branch":
                self.branch(Replayable(game, session.kinds, title), outcome.index)
            else:
                back()

        self.push_screen(self._ui().replay_screen(game, title, seat, review_seat=seat), closed)

    # ------------------------------------------------- saves and replays

    def action_browse_saves(self) -> None:
        self.browse_saves()

    def _over_nothing(self) -> bool:
        """Whether only the app's blank default screen is under the screen about to open."""
        return len(self.screen_stack) <= 1

    def browse_saves(self) -> None:
        """The saves browser; closing it goes back to what was under it, or quits when nothing was.

        Decided from the screen stack when it opens, so however the browser was
        reached (at start, from a replay, from a game) closing it never leaves
        the blank default screen.
        """
        over_nothing = self._over_nothing()

        def chosen(choice: BrowserChoice | None) -> None:
            if choice is None or choice.action == "close":
                if over_nothing:
                    self.exit()
                return
            if choice.action == "new":
                self.ask_new_game()
            elif choice.path is not None and choice.action == "resume":
                self.open_save(choice.path)
            elif choice.path is not None:
                self.open_replay(choice.path, back_to_browser=True)

        self.push_screen(SavesBrowser(self.saves_dir), chosen)

    def open_replay(self, path: Path, back_to_browser: bool = False) -> None:
        """The replay viewer; closing it goes back to the browser (if it came from there, or nothing is under it)."""
        over_nothing = self._over_nothing()
        try:
            opened = open_replayable(path)
        except SaveError as error:
            self.notify(error.later.text(), severity="error", timeout=10)
            if back_to_browser or over_nothing:
                self.browse_saves()
            return
        game = opened.game

        def closed(outcome: ReplayExit | None) -> None:
            if outcome is not None and outcome.action == "branch":
                self.branch(opened, outcome.index)
            elif back_to_browser or over_nothing:
                self.browse_saves()

        screen = screens_of(registry.game_of(game)).replay_screen(game, opened.title, opened.reader)
        self.push_screen(screen, closed)

    def branch(self, opened: Replayable, index: int) -> None:
        """Play on from a moment of a replay, in a new save (the original is untouched)."""
        self.once_saved(lambda: self._branch(opened, index))

    def _branch(self, opened: Replayable, index: int) -> None:
        title = _("{title} (from action {index})").format(title=opened.title, index=index)
        game = opened.game
        earlier = registry.game_of(game).rebuild(game, list(game.actions[:index]))
        saved = SavedGame(earlier, opened.kinds, title=title)
        path = new_save_path(self.saves_dir, saved.game.players)
        try:
            write_save(path, saved)
        except SaveError as error:
            self.notify(error.later.text(), severity="error", timeout=10)
            return
        self.notify(_("Playing on from action {index}, saved as {file}").format(index=index, file=path.name))
        self.begin(GameSession(saved.game, saved.kinds, path, title=saved.title))

    # -------------------------------------------------------------- bots

    def _schedule_bot(self, seat: int, game: Any, delay: float) -> None:
        self._cancel_bot()
        if delay > 0:
            self.bot_timer = self.set_timer(delay, lambda: self.think(seat, game))
        else:
            self.call_later(self.think, seat, game)

    def _cancel_bot(self) -> None:
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None
        self.workers.cancel_group(self, "bot")

    @work(thread=True, exclusive=True, group="bot")
    def think(self, seat: int, game: Any) -> None:
        """Run the bot off the event loop; search bots take a while."""
        session = self.session
        if session is None or session.game is not game:
            return
        action = session.bot_action(seat, game)
        self.call_from_thread(self._bot_moved, game, action)

    def _bot_moved(self, game: Any, action: GameAction) -> None:
        if self.session is None or self.session.game is not game:
            return  # undone or replaced while the bot was thinking
        self.apply_action(action)

    # ------------------------------------------------------------ changes

    def apply_action(self, action: GameAction, advance: bool = True) -> bool:
        """Play `action`; False if it was not played (against the rules, or not the tutorial's move)."""
        assert self.session is not None
        played = True
        answer = None if self.learning is None else self.learning.answer(self.session.game, action)
        if answer is not None:
            self.notify(answer, severity="warning", timeout=5)
            played = False
        else:
            try:
                self.session.act(action)
            except IllegalAction as error:
                self.notify(str(error), severity="error")
                played = False
        if advance:
            self.advance()
        return played

    def on_action_chosen(self, message: ActionChosen) -> None:
        session = self.session
        if session is None or session.seat_to_act() != message.action.player:
            return
        self.apply_action(message.action)

    def on_hint_shown(self, message: HintShown) -> None:
        """Note the hint in the save and for the log (drawn with the next update: the hint stays on screen)."""
        session = self.session
        if session is None:
            return
        session.note_hint(message.seat)
        if self.game_screen is not None:
            self.game_screen.hint_notes = session.hints
        self.show_saving()

    def on_undo_requested(self, message: UndoRequested) -> None:
        if self.session is not None and self.session.can_undo():
            self._cancel_bot()
            self.session.undo()
            self.notify(_("Undone"), timeout=1.5)
            self.advance()

    def on_redo_requested(self, message: RedoRequested) -> None:
        if self.session is not None and self.session.can_redo():
            self._cancel_bot()
            self._close_setup()
            self.session.redo()
            self.advance()

    def _close_setup(self) -> None:
        """An undo back into the set-up left its choice open: a redo replays what was chosen there."""
        setup = self.setup_shown
        if setup is not None and self.screen is setup:
            self.setup_shown = None
            self.modal_open = False
            self.pop_screen()

    # ----------------------------------------------------------- tutorial

    def start_tutorial(self, game: str) -> None:
        """The guided first game of `game` (the registry's name); a game without one says so."""
        run = TutorialRun.of(registry.game_named(game))
        if run is None:
            self.notify(_("This game has no tutorial yet."), severity="warning")
            self.ask_new_game(game)
            return
        self.once_saved(lambda: self._start_tutorial(run))

    def _start_tutorial(self, run: TutorialRun) -> None:
        self.begin(run.new_session())
        self.learning = run  # after `begin`, which leaves the game before (and its tutorial)

    def _coach(self) -> None:
        """The tutorial's step over the screen on top, and the move it asks for put on show."""
        run, session, screen = self.learning, self.session, self.screen
        if run is None or session is None or isinstance(screen, HelpScreen | CommandPalette):
            return
        board = self.game_screen
        over_the_board = isinstance(screen, ModalScreen) and board is not None and board in self.screen_stack
        # Over the game-over bar the panel goes on the board under it, which gives it the rows: nothing is covered.
        target: Screen[Any] = board if over_the_board and board is not None else screen
        show_coaching(target, run.coaching(session.game, summary=session.game.is_over and not over_the_board))
        if board is None:
            return
        board.guide = self._guided_hints
        if session.seat_to_act() == run.learner:
            for hint in self._guided_hints():  # a set-up screen takes two at once
                board.show_hint(hint)

    def _guided_hints(self) -> list[Hint]:
        """The tutorial's moves that may be made now, as hints (also what `!` shows in a tutorial)."""
        run, session = self.learning, self.session
        if run is None or session is None:
            return []
        return [Hint(move, _("the move this step asks for")) for move in run.moves_now(session.game)]

    def action_leave_tutorial(self) -> None:
        """esc in a tutorial asks first (an esc meant for something else would end it half way)."""
        run = self.learning
        if run is None or isinstance(self.screen, ConfirmScreen):
            return

        def answered(leave: bool | None) -> None:
            if leave and self.learning is run:
                self.notify(_("You left the tutorial. The new-game form's Learn to play starts it again."), timeout=8)
                self._new_game_form(run.module.name)

        self.push_screen(ConfirmScreen(lambda: _("Leave the tutorial? It starts again from its first step.")), answered)

    def real_game(self, run: TutorialRun) -> None:
        """After the tutorial: the learner against the bot it offers, on a new deal, saved as any game."""
        names = (_(YOU), _(BOT).format(number=1))
        kinds = (HUMAN, BOT_PREFIX + run.tutorial.offer_level)
        module = run.module
        self.start_new_game(NewGameSettings(names, kinds, None, module.name, module.default_variant()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_tutorial":
            return self.learning is not None
        return True

    # ----------------------------------------------------------- commands

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(help_screen(self._game()))

    def save_copy(self) -> None:
        session = self.session
        if session is None:
            self.notify(_("No game to save yet."))
            return
        path = new_save_path(self.saves_dir, session.game.players)
        try:
            write_save(path, SavedGame(session.game, session.kinds, hints=session.hints))
        except SaveError as error:
            self.notify(error.later.text(), severity="error")
            return
        self.notify(_("Saved a copy as {path}").format(path=path))

    # ----------------------------------------------------------- language

    def switch_language(self, code: str) -> None:
        """Show every screen in `code` from now on, and remember it in the settings.

        A settings file the player must look at first (not JSON, say) is kept as
        it is: the app says so and switches for this run only."""
        set_language(code)
        self.show_saving()  # its line, in the new language
        try:
            save_settings(Settings(language=code))
        except SettingsError as error:
            self.notify(
                _("The language is not remembered: {problem}").format(problem=error.later.text()),
                severity="error",
                timeout=15,
            )
        self._names_in_language()
        self.redraw_all()

    def _names_in_language(self) -> None:
        """The game's default names in the new language; a bot that was thinking on the game
        under its old names is asked again (its move would be dropped as stale)."""
        session = self.session
        if session is None or not session.show_names_in_reader_language():
            return
        self._cancel_bot()
        if self._paused():
            self.refresh_game()
        else:
            self.advance()

    def redraw_all(self) -> None:
        """Compose every screen on the stack again (under the top one too: a modal's background,
        the game under its help), so all of them draw in the language of now. The key bar is
        told of the bindings once the screens are composed again: told before, it stays empty."""
        for screen in self.screen_stack:
            if not isinstance(screen, CommandPalette):
                screen.refresh(recompose=True)
        self.call_after_refresh(self.refresh_bindings)
        self.call_after_refresh(self._coach)  # its words again, over the screen composed anew

    def action_command_palette(self) -> None:
        """Textual's palette, with page keys that wait for its list (see `paging`).

        Without Textual's fixed id: a palette that has just run a command
        (help, say) is still being removed when ctrl+p may open the next one,
        and two screens with one id ended the app (DuplicateIds)."""
        if self.use_command_palette and not any(isinstance(s, CommandPalette) for s in self.screen_stack):
            self.push_screen(PageSafeCommandPalette(placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        """Textual's theme list (the palette's Theme command), its search line in the player's language."""
        self.push_screen(PageSafeCommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's own commands (in the player's language), ours, and one per language."""
        yield from textual_commands(self, screen)
        yield SystemCommand(
            _("Save a copy"), _("Write this game to a new save file (it is autosaved anyway)"), self.save_copy
        )
        yield SystemCommand(
            _("Saves"), _("Browse saved games: resume, replay, rename, delete"), self.action_browse_saves
        )
        yield SystemCommand(_("New game"), _("Start a new game (this one stays saved)"), self.ask_new_game)
        yield SystemCommand(_("Keys and symbols"), _("Show the help screen"), self.action_help)
        yield from language_commands(self.switch_language)
