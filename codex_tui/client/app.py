"""The app of one network player: sign-in, lobby, waiting room, chat; then the table.

It runs in its own process on the terminal of one SSH session (or of an
OpenSSH login, see `codex-tui join`) and holds no game: the hub sends this
seat's view after every change. This app is the shell (the link to the hub,
the lobby, the waiting room, the chat, the ratings page, replays); a dealt
table is a `RemoteTable` (`client/remote_table.py`), which feeds the local
app's own screens with views (the play screen of the table's game, found in
the registry by the TABLE message's `game`), sends the seat's moves up, and
ends as a local game does (`ui/table_end.py`).
"""

from __future__ import annotations

import contextlib
import fcntl
import select
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen

from codex_tui.client.clock_reading import CLOCK_TICK
from codex_tui.client.hub_client import HubClient
from codex_tui.client.lobby import (
    LanguageChosen,
    LobbyScreen,
    NewTableRequested,
    ReplayRequested,
    TableRequested,
)
from codex_tui.client.new_table import NewTableScreen
from codex_tui.client.passphrase import PassphraseChosen
from codex_tui.client.ratings_page import FinishedReplayRequested, PageRequested, RatingsScreen
from codex_tui.client.remote_table import RemoteTable
from codex_tui.client.waiting_room import WaitingScreen
from codex_tui.core import registry
from codex_tui.core.errors import RecordError, ReplayError, SetupError
from codex_tui.core.seats import SPECTATOR
from codex_tui.i18n import LANGUAGES, language, set_language
from codex_tui.i18n.text import N_, _
from codex_tui.protocol import messages as p
from codex_tui.protocol.chat_line import KEEP_LINES, ChatLine
from codex_tui.protocol.framing import FrameError
from codex_tui.protocol.hubcheck import hub_problem, refused_problem
from codex_tui.protocol.ratings import RATINGS, REPLAY_FINISHED, PlayerPage, ratings_request
from codex_tui.protocol.table_state import TableState
from codex_tui.ui.crash import CalmCrashes
from codex_tui.ui.game_ui import help_screen, screens_of
from codex_tui.ui.key_names import NamedKeys
from codex_tui.ui.messages import ActionChosen, RedoRequested, UndoRequested
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.screens.modals import HelpScreen
from codex_tui.ui.small_terminal import SmallTerminalNotice
from codex_tui.ui.terminal_input import guarded_driver_class
from codex_tui.ui.toasts import OneToastPerMessage
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.chat_field import CHAT_KEY, ChatField, chat_notes

EXIT_NO_SERVER = 3
"""The hub socket could not be reached, or turned this user away."""
EXIT_LOST = 4
"""The connection to the hub broke during play."""
EXIT_HANGUP = 129
"""The player's terminal went away (as a program killed by SIGHUP would end)."""
TERMINAL_CHECK = 0.5
"""Seconds between two looks at whether the player's terminal is still there."""


LEAVING_ACTIONS = frozenset({"app.quit", "quit", "choose('quit')", "end('quit')"})
"""The actions of the q key on a table's screens (the game, the game-over bar, the summary)."""
LOBBY_KEY = N_("Lobby")
"""The key bar's word for q at a table: it goes back to the lobby."""


def terminal_gone(fd: int = 0) -> bool:
    """The other end of our terminal has closed (the SSH client left).

    Textual's input thread takes the end-of-file a hung-up terminal reads as
    "no input yet" and would spin on it; poll() reports the hang-up itself,
    without taking any of the player's keystrokes."""
    poller = select.poll()
    poller.register(fd, 0)  # no events asked for: hang-up and errors are always reported
    return any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in poller.poll(0))


class ConnectingScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_name("connecting.tcss")

    def compose(self) -> ComposeResult:
        yield Prose(_("Connecting to the game server…"))


class RemoteApp(OneToastPerMessage, SmallTerminalNotice, NamedKeys, CalmCrashes):
    TITLE = "codex-tui"
    ENABLE_COMMAND_PALETTE = False
    """Its commands (screenshots, themes) would act on the server's files, not the player's."""
    BINDINGS = [
        Binding("question_mark", "help", N_("Help"), show=False),
        Binding(CHAT_KEY, "chat", N_("Chat")),
    ]

    def __init__(
        self, hub_path: Path, token: str | None = None, name: str | None = None, watch_terminal: bool = False
    ) -> None:
        """`watch_terminal`: quit when stdin hangs up (a real terminal; not under tests)."""
        super().__init__(driver_class=guarded_driver_class())
        self.watch_terminal = watch_terminal
        self.hub_path = hub_path
        self.token = token
        self.login_name = name
        self.hub: HubClient | None = None
        self.player = ""
        self.place = "connecting"
        """Where the server has put us: connecting, lobby, waiting or table."""
        self.table_id: int | None = None
        self.lobby: LobbyScreen | None = None
        self.waiting: WaitingScreen | None = None
        self.table: RemoteTable | None = None
        """The dealt table we sit at or watch (None in the lobby and the waiting room)."""
        self.offers_seen: set[tuple[int | None, int]] = set()
        """(table, seat) of the absent seats already offered to this player (asked once per offer)."""
        self.seat = SPECTATOR
        """This app's seat at its table (SPECTATOR when watching)."""
        self.after_review: Callable[[], None] | None = None
        """Set while the replay of the finished table, asked for by the end screen's review, is awaited:
        what to show once that replay is closed."""
        self.chat_table: int | None = None
        """The table whose chat `chat` holds (the hub sends it as we sit down, before the table)."""
        self.chat: list[ChatLine] = []
        self.spectator_chat = False
        """The table lets spectators write in its chat."""

    @property
    def game_screen(self) -> PlayScreen | None:
        """The play screen of the table we are at, if any."""
        return None if self.table is None else self.table.game_screen

    def crash_line(self, logged: bool) -> str:
        """No traceback and no path reach a player: the server's log has the details."""
        return "codex-tui: " + _(
            "the game stopped after an unexpected error. The game is kept: connect again to go on."
        )

    def on_mount(self) -> None:
        self.push_screen(ConnectingScreen())
        self.run_worker(self._talk(), exclusive=True, exit_on_error=False)
        self.set_interval(CLOCK_TICK, self._tick_clocks)
        if self.watch_terminal:
            self.set_interval(TERMINAL_CHECK, self._check_terminal)

    def _tick_clocks(self) -> None:
        if self.place == "table" and self.table is not None:
            self.table.tick_clocks()

    def _check_terminal(self) -> None:
        if terminal_gone():
            self.exit(return_code=EXIT_HANGUP)

    # ------------------------------------------------------------ the link

    async def _talk(self) -> None:
        try:
            self.hub = await HubClient.connect(self.hub_path, self.token, self.login_name, language())
        except OSError as error:
            self.exit(return_code=EXIT_NO_SERVER, message=f"codex-tui join: {hub_problem(self.hub_path, error)}")
            return
        try:
            while True:
                message = await self.hub.receive()
                if message is None:
                    break
                if message["t"] == p.BYE:  # the last word: the end of the link that follows is no loss
                    code = EXIT_NO_SERVER if message.get("refused") is True else 0
                    self.exit(return_code=code, message=f"codex-tui: {str(message.get('text', ''))[:300]}")
                    return
                await self._handle(message)
        except (OSError, FrameError, p.ProtocolError, RecordError) as error:
            self.exit(
                return_code=EXIT_LOST,
                message="codex-tui: " + _("lost the game server ({error}).").format(error=error),
            )
            return
        except (KeyError, TypeError, ValueError) as error:
            self.exit(
                return_code=EXIT_LOST,
                message="codex-tui: "
                + _("the game server sent something this app cannot read ({error}).").format(error=repr(error)),
            )
            return
        if not self.player:
            self.exit(return_code=EXIT_NO_SERVER, message=f"codex-tui join: {refused_problem(self.hub_path)}")
            return
        self.exit(return_code=EXIT_LOST, message="codex-tui: " + _("the game server closed the connection."))

    def send(self, message: dict[str, Any]) -> None:
        if self.hub is not None:
            self.hub.send(message)

    async def _handle(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == p.WELCOME:
            self.player = str(message.get("name", ""))
            code = message.get("lang")
            if code in LANGUAGES and code != language():  # the server chose: remembered, else ours
                await self._redraw_in(str(code))
        elif kind == p.LOBBY:
            await self._show_lobby([p.TableInfo.from_wire(t) for t in message.get("tables", [])])
        elif kind == p.WAITING:
            await self._show_waiting(p.TableInfo.from_wire(message["table"]), int(message.get("seat", SPECTATOR)))
        elif kind == p.TABLE:
            await self._show_table(TableState.from_wire(message))
        elif kind == p.RECORD:
            self._show_replay(message)
        elif kind == RATINGS:
            self._show_ratings(PlayerPage.from_wire(message))
        elif kind == p.CHAT:
            self._take_chat(message)
        elif kind == p.NOTICE:
            level = message.get("level")
            severity: SeverityLevel = (
                "warning" if level == "warning" else "error" if level == "error" else "information"
            )
            self.notify(str(message.get("text", ""))[:300], severity=severity, timeout=6)
            if severity == "warning" and message.get("about") != "chat":  # a refused chat line is no move
                if self.table is not None:
                    self.table.refused()
                self._review_refused()

    async def _go(self, place: str, screen: Screen[Any]) -> None:
        """Replace whatever is shown by `screen` (the server moved us), and wait
        until it is mounted: its widgets must exist before it is given a state."""
        self.place = place
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        await self.push_screen(screen)

    # ---------------------------------------------------------------- lobby

    async def _show_lobby(self, tables: list[p.TableInfo]) -> None:
        if self.place != "lobby" or self.lobby is None:
            self.table_id = None
            self.table = self.waiting = None
            self.after_review = None
            self.lobby = LobbyScreen(self.player)
            await self._go("lobby", self.lobby)
        self.lobby.tables = tuple(tables)

    def on_table_requested(self, message: TableRequested) -> None:
        self.send({"t": p.WATCH if message.watch else p.JOIN, "table": message.table})

    def on_new_table_requested(self, message: NewTableRequested) -> None:
        def chosen(request: p.CreateRequest | None) -> None:
            if request is not None:
                self.send(p.create_message(request))

        self.push_screen(NewTableScreen(), chosen)

    def on_passphrase_chosen(self, message: PassphraseChosen) -> None:
        """The lobby's browser passphrase: the server keeps its hash and says so in a notice."""
        self.send({"t": p.SET_PASSPHRASE, "passphrase": message.passphrase})

    def on_language_chosen(self, message: LanguageChosen) -> None:
        """The lobby's choice: the server remembers it for this name, every screen redraws in it."""
        self.send({"t": p.LANGUAGE, "lang": message.code})
        self.run_worker(self._redraw_in(message.code), group="language")

    async def _redraw_in(self, code: str) -> None:
        """Draw every screen on the stack again, in `code`: their text is made in
        compose (the screens the server feeds bind their new widgets to the state they keep)."""
        set_language(code)
        self._show_chat()  # its lines worded in the new language, before the screens draw them
        for screen in list(self.screen_stack):
            if screen.is_attached:
                with screen._context():  # composed as by the screen itself: its widgets bind to it (`data_bind`)
                    await screen.recompose()
        self.refresh_bindings()

    def on_replay_requested(self, message: ReplayRequested) -> None:
        self.send({"t": p.REPLAY, "table": message.table})

    def on_page_requested(self, message: PageRequested) -> None:
        self.send(ratings_request(message.game, message.name))

    def on_finished_replay_requested(self, message: FinishedReplayRequested) -> None:
        self.send({"t": REPLAY_FINISHED, "id": message.record_id})

    def _show_ratings(self, page: PlayerPage) -> None:
        """The server's answer to the lobby's `r` (or to a key on the page itself): shown over the lobby."""
        if self.place != "lobby":
            return
        if isinstance(self.screen, RatingsScreen):
            self.screen.page = page
            return
        screen = RatingsScreen()
        screen.page = page
        self.push_screen(screen)

    def _show_replay(self, message: dict[str, Any]) -> None:
        """A finished table's record: replay it over the lobby (which goes on updating below),
        or over the table's final board, with this seat's review open, when its end screen asked."""
        reviewing = self.after_review is not None and self.place == "table" and message.get("table") == self.table_id
        if self.place != "lobby" and not reviewing:
            return
        after, self.after_review = self.after_review if reviewing else None, None
        title = str(message.get("title") or _("Table #{id}").format(id=message.get("table")))[:80]
        review_seat = self.seat if after is not None and self.seat != SPECTATOR else None
        try:
            game = registry.game_named(message.get("game", registry.unnamed_records_game()))
            record = game.import_record(message.get("record"))
            players = record.players
            reader = players.index(self.login_name) if self.login_name in players else None
            screen = screens_of(game).replay_screen(record, title, reader, review_seat=review_seat, may_branch=False)
        except (registry.UnknownGame, RecordError, ReplayError, SetupError, ValueError) as error:
            self.notify(_("This game cannot be replayed: {error}").format(error=error), severity="warning")
            if after is not None:
                after()
            return
        self.push_screen(screen, None if after is None else lambda _: after())

    def _ask_review(self, after: Callable[[], None]) -> None:
        """The end screen's `r`: ask the server for the finished table's record; its replay opens
        with this seat's review (`_show_replay`), and `after` runs once it is closed."""
        if self.table_id is None:
            after()
            return
        self.after_review = after
        self.send({"t": p.REPLAY, "table": self.table_id})

    def _review_refused(self) -> None:
        """The server would not send the record (a warning notice says why): back to where r was pressed."""
        after, self.after_review = self.after_review, None
        if after is not None and self.place == "table":
            after()

    async def _show_waiting(self, info: p.TableInfo, seat: int) -> None:
        if self.place != "waiting" or self.waiting is None or self.table_id != info.id:
            self.table_id = info.id
            self.lobby = self.table = None
            self.waiting = WaitingScreen(info, seat)
            await self._go("waiting", self.waiting)
            self._show_chat()
        else:
            self.waiting.info, self.waiting.seat = info, seat
        self.seat = seat
        self.spectator_chat = info.spectator_chat

    # ---------------------------------------------------------------- game

    async def _show_table(self, state: TableState) -> None:
        table = self.table
        if self.place != "table" or table is None or not table.is_for(state):
            self.table_id = state.table
            self.lobby = self.waiting = None
            self.after_review = None
            table = RemoteTable(
                self,
                state,
                send=self.send,
                review=self._ask_review,
                offers_seen=self.offers_seen,
                player=self.player,
            )
            self.table = table
            await self._go("table", table.game_screen)
            self._show_chat()
        self.seat = state.seat
        self.spectator_chat = state.spectator_chat
        table.show(state)
        if table.mark_bot_moves(state.bot_played):
            self._show_chat()

    def on_action_chosen(self, message: ActionChosen) -> None:
        if self.table is not None:
            self.table.action_chosen(message.action)

    def on_undo_requested(self, message: UndoRequested) -> None:
        self.notify(_("There is no undo in a network game."), timeout=3)

    def on_redo_requested(self, message: RedoRequested) -> None:
        pass

    # ----------------------------------------------------------------- chat

    def _take_chat(self, message: dict[str, Any]) -> None:
        """Lines said at a table: all its recent ones as we sit down, then each new one."""
        table = int(message["table"])
        lines = p.chat_lines(message)
        if message.get("all") is True:
            self.chat_table, self.chat = table, lines[-KEEP_LINES:]
        elif table == self.chat_table:
            self.chat = (self.chat + lines)[-KEEP_LINES:]
        else:
            return  # a line of a table we just left
        self._show_chat()

    def _show_chat(self) -> None:
        """The chat of our table to the screen that shows it (the waiting room, the game's log)."""
        table = self.table
        screen = table.game_screen if table is not None else self.waiting
        if screen is not None and self.table_id is not None:
            said = chat_notes(self.chat) if self.table_id == self.chat_table else ()  # not another table's
            bots = table.bot_notes if table is not None else ()
            screen.chat_notes = tuple(sorted((*said, *bots), key=lambda note: note[0]))

    def key_word(self, action: str) -> str | None:
        """q at a table or its end leaves for the lobby (the seat waits): the bar says Lobby, not the game
        screen's Quit (the waiting room's own words, Leave the table, are right: the seat is given up)."""
        return LOBBY_KEY if action in LEAVING_ACTIONS and self.place == "table" else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The chat key is for a table (not the lobby, nor over the help or the chat field itself)."""
        if action == "chat":
            return self.place in ("table", "waiting") and not isinstance(self.screen, (ChatField, HelpScreen))
        return True

    def action_chat(self) -> None:
        if not self.check_action("chat", ()):
            return

        def said(text: str | None) -> None:
            if text:
                self.send({"t": p.CHAT, "text": text})

        # Notices shown now would be drawn twice, by the screen underneath and by the field's own
        # (Textual shows them on the top screen): the player has read them, since they chose to talk.
        self.clear_notifications()
        self.push_screen(ChatField(may_write=self.seat != SPECTATOR or self.spectator_chat), said)

    # ------------------------------------------------------------- commands

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            table = self.table
            self.push_screen(
                help_screen(table.game if table is not None else registry.game_named(registry.first_game()))
            )

    async def action_quit(self) -> None:
        """q at a table goes back to the lobby (your seat waits for you); in the lobby it quits."""
        if self.place in ("table", "waiting"):
            self.send({"t": p.LEAVE})
            return
        self.exit()


# ---------------------------------------------------------------------- the terminal


def take_controlling_terminal() -> None:
    """Make our PTY the controlling terminal, so resizes reach us as SIGWINCH.

    The server starts us in a new session (setsid) with the PTY as stdin;
    claiming it here keeps the server free of pre-exec code in a threaded
    process.
    """
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
