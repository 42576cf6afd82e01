"""The local app: the shell around the game on show.

It opens games (a new one from the form, a save, a tutorial, a branch of a
replay), offers to resume the last one, browses saves and replays, switches
languages and carries the palette's commands. The game itself is a
`LocalTable` (`app/local_table.py`): its session, its bots and its screens'
flow; the app hands it the messages its screens send up. It knows no game:
the session's `GameModule` (from the registry) plays it, and that game's
`GameUI` gives the screens.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path

from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import ThemeProvider

from codex_tui.app.learning import TutorialRun
from codex_tui.app.local_table import BOT_DELAY, LocalTable, shown_path
from codex_tui.app.opening import Replayable, open_replayable
from codex_tui.app.resume import latest_unfinished
from codex_tui.app.screens.confirm import ConfirmScreen
from codex_tui.app.screens.new_game import NewGameScreen, NewGameSettings
from codex_tui.app.screens.resume import ResumeScreen
from codex_tui.app.screens.saves_browser import BrowserChoice, SavesBrowser
from codex_tui.app.screens.unsaved import UnsavedScreen
from codex_tui.app.session import BOT_PREFIX, GameSession
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.i18n import set_language
from codex_tui.i18n.text import N_, Later, _
from codex_tui.i18n.words import BOT, YOU
from codex_tui.storage.saves import (
    HUMAN,
    SavedGame,
    SaveError,
    load_save,
    new_save_path,
    write_save,
)
from codex_tui.storage.settings import Settings, SettingsError, save_settings
from codex_tui.storage.titles import day_title
from codex_tui.ui.commands import language_commands, textual_commands
from codex_tui.ui.crash import CRASH_LOG_NAME, CalmCrashes
from codex_tui.ui.game_ui import help_screen, screens_of
from codex_tui.ui.key_names import NamedKeys
from codex_tui.ui.messages import ActionChosen, GameInView, HintShown, RedoRequested, UndoRequested
from codex_tui.ui.paging import PageSafeCommandPalette
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.screens.modals import HelpScreen
from codex_tui.ui.screens.replay import ReplayExit
from codex_tui.ui.small_terminal import SmallTerminalNotice
from codex_tui.ui.terminal_input import guarded_driver_class
from codex_tui.ui.toasts import OneToastPerMessage
from codex_tui.ui.widgets.coach_panel import POINTED_CSS


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
        self.table: LocalTable | None = None
        """The game on show (its session, bots, screens), or None."""
        self.crash_log_path = saves_dir / CRASH_LOG_NAME
        self.notices = notices
        self.learn = learn

    @property
    def session(self) -> GameSession | None:
        """The session of the game on show."""
        return None if self.table is None else self.table.session

    @property
    def game_screen(self) -> PlayScreen | None:
        return None if self.table is None else self.table.game_screen

    @property
    def learning(self) -> TutorialRun | None:
        """The tutorial being played, or None in any other game."""
        return None if self.table is None else self.table.learning

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
        today = date.today()
        title = day_title(module, settings.names, today)
        session = GameSession(game, settings.kinds, path, title=title, titled_on=today)
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
        self.begin(
            GameSession(
                saved.game,
                saved.kinds,
                path,
                title=saved.title,
                hints=saved.hints,
                titled_on=saved.titled_on,
                branch_at=saved.branch_at,
            )
        )

    def begin(self, session: GameSession, learning: TutorialRun | None = None) -> None:
        self._leave_game()
        self.table = LocalTable(
            self, session, bot_delay=self.bot_delay, leave=self._leave_end, branch=self.branch, learning=learning
        )
        self.table.start()

    def _leave_game(self) -> None:
        """Stop the game on show and pop every screen: the game is saved, and no
        bot move, privacy screen or summary of it may turn up over what comes next."""
        if self.table is not None:
            self.table.stop()
        self.table = None
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def once_saved(self, then: Callable[[], None], quitting: bool = False) -> None:
        """Run `then` (quit, or leave this game for another) once the game's save holds it. While its
        autosave fails, the player chooses first: try again, back to the game, or leave it unsaved."""
        session = self.session
        if session is None or session.save_problem is None or session.autosave():
            then()
            return
        if isinstance(self.screen, UnsavedScreen):
            return  # asking already (ctrl+q pressed over the question)
        table = self.table
        assert table is not None
        table.show_saving()
        problem = session.save_problem
        assert problem is not None

        def retry() -> SaveError | None:
            session.autosave()
            table.show_saving()
            return session.save_problem

        def chosen(leave: bool | None) -> None:
            if leave:
                then()

        self.push_screen(UnsavedScreen(problem, retry, quitting), chosen)

    async def action_quit(self) -> None:
        """q, ctrl+q, the palette's Quit: at once while the game is saved, else after asking."""
        self.once_saved(self.exit, quitting=True)

    # ------------------------------------------ the game on show, told by its screens

    def on_game_in_view(self, message: GameInView) -> None:
        if self.table is not None:
            self.table.game_in_view()

    def on_action_chosen(self, message: ActionChosen) -> None:
        if self.table is not None:
            self.table.action_chosen(message.action)

    def on_hint_shown(self, message: HintShown) -> None:
        if self.table is not None:
            self.table.hint_shown(message.seat)

    def on_undo_requested(self, message: UndoRequested) -> None:
        if self.table is not None:
            self.table.undo()

    def on_redo_requested(self, message: RedoRequested) -> None:
        if self.table is not None:
            self.table.redo()

    def _game(self) -> GameModule:
        """The game on show, or the default game while none is (for its help)."""
        session = self.session
        return session.rules if session is not None else registry.game_named(registry.first_game())

    def _leave_end(self, choice: str) -> None:
        """n at the end: a new game (after a tutorial, the real game it offers); q: quit."""
        if choice == "new" and self.learning is not None:
            self.real_game(self.learning)
        elif choice == "new":
            self.ask_new_game()
        else:
            self.once_saved(self.exit, quitting=True)

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
        game = opened.game
        earlier = registry.game_of(game).rebuild(game, list(game.actions[:index]))
        source = opened.saved
        if source is None:  # a record: its title is its players' names
            saved = SavedGame(earlier, opened.kinds, title=opened.title, branch_at=index)
        else:  # the original's title, as its parts: shown in the reader's language (`shown_title`)
            saved = SavedGame(earlier, opened.kinds, title=source.title, titled_on=source.titled_on, branch_at=index)
        path = new_save_path(self.saves_dir, saved.game.players)
        try:
            write_save(path, saved)
        except SaveError as error:
            self.notify(error.later.text(), severity="error", timeout=10)
            return
        self.notify(_("Playing on from action {index}, saved as {file}").format(index=index, file=path.name))
        self.begin(
            GameSession(
                saved.game, saved.kinds, path, title=saved.title, titled_on=saved.titled_on, branch_at=saved.branch_at
            )
        )

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
        self.begin(run.new_session(), learning=run)

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
            write_save(path, session.saved())  # its title too: a copy listed as "Ada vs Bo" was found by its date only
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
        if self.table is not None:
            self.table.show_saving()  # its line, in the new language
        try:
            save_settings(Settings(language=code))
        except SettingsError as error:
            self.notify(
                _("The language is not remembered: {problem}").format(problem=error.later.text()),
                severity="error",
                timeout=15,
            )
        if self.table is not None:
            self.table.names_in_language()
        self.redraw_all()

    def redraw_all(self) -> None:
        """Compose every screen on the stack again (under the top one too: a modal's background,
        the game under its help), so all of them draw in the language of now. The key bar is
        told of the bindings once the screens are composed again: told before, it stays empty."""
        for screen in self.screen_stack:
            if not isinstance(screen, CommandPalette):
                screen.refresh(recompose=True)
        self.call_after_refresh(self.refresh_bindings)
        if self.table is not None:
            self.call_after_refresh(self.table.coach)  # its words again, over the screen composed anew

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
