"""The hub: a Unix socket where each player's app process meets the tables.

Every app process (one per SSH session, or one per `codex-tui join`) opens
one connection, says who it is, then sends lobby requests and actions; the
hub answers with the lobby or with that seat's view after every change. Only
views leave this process, so an app can show no more than its seat may know.

Each connection has its own reader task and writer task. What is waiting to
be written is bounded: a new screen state replaces an unsent one (only the
latest matters) and notices are capped, so an app that stops reading costs a
few frames of memory and slows nobody else.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import secrets
import socket
import struct
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from codex_tui.core.errors import IllegalAction
from codex_tui.core.seats import SPECTATOR
from codex_tui.i18n import DEFAULT, LANGUAGES
from codex_tui.i18n.lists import and_list
from codex_tui.i18n.numbers import signed
from codex_tui.i18n.text import N_, _, ngettext
from codex_tui.protocol import messages as p
from codex_tui.protocol.chat_line import MAX_LENGTH, ChatLine, clean_text
from codex_tui.protocol.framing import MAX_UP_FRAME, FrameError, pack_frame, read_frame
from codex_tui.protocol.names import name_key
from codex_tui.protocol.passphrase_rules import passphrase_problem
from codex_tui.protocol.ratings import RATINGS, REPLAY_FINISHED, parse_ratings_request, parse_record_id
from codex_tui.protocol.table_state import AWAY, CLOCK_OUT, AbsentSeat, SeatClock, TableState
from codex_tui.server.chat import MuteBook, RateLimit, clock
from codex_tui.server.history import NotInHistory, finished_record, player_page
from codex_tui.server.languages import LanguageBook, speaking
from codex_tui.server.name_book import NameBook
from codex_tui.server.table import Table
from codex_tui.server.tables import MOVE_WAITS, PAUSED, TableError, TableRoom

log = logging.getLogger(__name__)

SOCKET_NAME = "hub.sock"
STAND_IN = N_("{chooser} let a bot ({level}) play for {name} until they are back")
STAND_IN_UNRATED = N_(
    "{chooser} let a bot ({level}) play for {name} until they are back; this table is no longer rated"
)
TIME_OUT = N_(
    "Your time has run out. Your moves still count until another player chooses: "
    "a bot may play your seat, or they wait and you play on."
)
"""The line over the game of a player whose clock ran out (docs/ratings.md, "Clocks")."""
TOKEN_LIFETIME = 60.0
"""Seconds an app process has to present its token after being spawned."""
HELLO_TIMEOUT = 30.0
MAX_NOTICES = 16
MESSAGES_PER_SECOND = 40
"""A human presses keys far slower; a flood is slowed down, not served."""
GOODBYE = N_("The game server is stopping; every game is saved. Connect again later to go on.")
OTHER_VERSION = N_(
    "this app speaks version {theirs} of the server's protocol, the server version {ours}: "
    "play with the codex-tui the server runs (the same version on both sides)"
)
LOBBY_DELAY = 0.1
"""Lobby changes within this many seconds are sent as one update."""
PASSPHRASE_SET = N_("Your browser passphrase is set: sign in on the web page as {name} with it.")
PASSPHRASE_NOT_KEPT = N_("The server could not keep your passphrase; tell its host.")
MOST_MOVES_TOLD = 8
"""The bot's last moves a returning player reads in words (the count is of them all)."""
NOT_IN_HISTORY = N_("This game cannot be replayed: its save is no longer on the server.")
MUTES_NOT_KEPT = N_("Not changed: the server cannot write down whom you mute just now. Try again in a while.")
REFUSED: tuple[type[Exception], ...] = (TableError, IllegalAction)
"""Requests the player is told about (a notice), not dropped for."""
CHAT_NOTICE = "chat"
"""The `about` of a notice that answers a chat line or command (not a move: the app keeps its move state)."""
PREVIEW_LINES = 3
"""Chat lines of each table in the lobby's preview."""
PREVIEW_CHARS = 120
"""The preview shows a line on one row, cut: no more of it travels with every lobby."""


class ChatRefused(TableError):
    """A chat line or command refused: the player is told why (5 lines per 10 s, too long, ...)."""


class Peer:
    """One connected app process: who it is, where it is, what it still has to receive."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.name: str | None = None
        self.language = DEFAULT
        """What this player reads: the hub words their lobby and notices in it."""
        self.table: Table | None = None
        self.seat: int | None = None
        self._state: bytes | None = None
        self._notices: deque[bytes] = deque(maxlen=MAX_NOTICES)
        self._wake = asyncio.Event()
        self.closed = False
        self.ending = False
        self.writer_task: asyncio.Task[None] | None = None

    def send_state(self, frame: bytes) -> None:
        """The screen the app should show now; replaces one not yet sent."""
        self._state = frame
        self._wake.set()

    def notice(self, text: str, level: str = "information", about: str | None = None) -> None:
        """`about`: what the notice answers when it is not a move (CHAT_NOTICE)."""
        message = {"t": p.NOTICE, "text": text, "level": level}
        if about is not None:
            message["about"] = about
        self.queue(pack_frame(message))

    def say(
        self,
        message: str,
        fields: Mapping[str, object] | None = None,
        level: str = "information",
        about: str | None = None,
    ) -> None:
        """A notice from the shell's catalog (`message` marked with N_, naming `fields`), in this player's language."""
        with speaking(self.language):
            text = _(message).format(**(fields or {}))
        self.notice(text, level, about)

    def queue(self, frame: bytes) -> None:
        """A frame sent in order, before the next screen state (the oldest go when too many wait)."""
        self._notices.append(frame)
        self._wake.set()

    async def write_loop(self) -> None:
        while not self.closed:
            await self._wake.wait()
            self._wake.clear()
            frames = list(self._notices)
            self._notices.clear()
            if self._state is not None:
                frames.append(self._state)
                self._state = None
            if frames:
                self.writer.write(b"".join(frames))
                await self.writer.drain()
            if self.ending:
                return

    def say_goodbye(self, message: str) -> None:
        """The last frame: the app leaves with `message` (its terminal restored first), in the player's language."""
        self.ending = True
        with speaking(self.language):
            text = _(message)
        self.queue(pack_frame({"t": p.BYE, "text": text}))


class Hub:
    def __init__(
        self,
        room: TableRoom,
        path: Path,
        languages: LanguageBook | None = None,
        names: NameBook | None = None,
        mutes: MuteBook | None = None,
    ) -> None:
        self.room = room
        self.path = path
        self.languages = languages if languages is not None else LanguageBook(room.store)
        """The language each player name chose (in the data folder's store, as the room's tables are)."""
        self.names = names if names is not None else NameBook(room.store)
        """Who owns which name: the lobby's `p` sets passphrases."""
        self.passphrases = self.names.passphrases
        self.mutes = mutes if mutes is not None else MuteBook(room.store)
        """Whom each player name mutes in table chat (in the store too)."""
        self.chat_rate = RateLimit()
        self.peers: set[Peer] = set()
        self._tokens: dict[str, tuple[str, float]] = {}
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._lobby_timer: asyncio.TimerHandle | None = None
        self._handlers: dict[str, Callable[[Peer, str, dict[str, Any]], Awaitable[None]]] = {
            p.CREATE: self._create,
            p.JOIN: self._join,
            p.WATCH: self._watch,
            p.LEAVE: self._leave,
            p.LANGUAGE: self._language,
            p.SET_PASSPHRASE: self._passphrase,
            p.REPLAY: self._replay,
            p.STAND_IN: self._stand_in,
            p.END_TABLE: self._end_table,
            RATINGS: self._ratings,
            REPLAY_FINISHED: self._replay_finished,
            p.CHAT: self._chat_message,
            p.ACT: self._act,
        }
        """A signed-in player's message kind -> what the hub does with it."""
        room.listeners.append(self._table_changed)

    # ----------------------------------------------------------- lifecycle

    async def start(self) -> None:
        await self._remove_stale_socket()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        old_umask = os.umask(0o177)  # the socket is created 0600, never briefly open to others
        try:
            self._server = await asyncio.start_unix_server(self._serve, path=str(self.path))
        finally:
            os.umask(old_umask)
        os.chmod(self.path, 0o600)

    async def _remove_stale_socket(self) -> None:
        if not self.path.exists():
            return
        try:
            _, writer = await asyncio.open_unix_connection(str(self.path))
        except OSError:
            self.path.unlink()  # left by a server that died
            return
        writer.close()
        raise OSError(f"{self.path}: another codex-tui server is running with this data folder")

    async def close(self) -> None:
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
        if self._server is not None:
            self._server.close()
        peers = list(self.peers)
        for peer in peers:
            peer.say_goodbye(GOODBYE)
        flushing = [peer.writer_task for peer in peers if peer.writer_task is not None]
        if flushing:
            await asyncio.wait(flushing, timeout=2)
        for peer in peers:
            peer.writer.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def issue_token(self, name: str) -> str:
        """A one-time pass for the app process spawned for `name`'s SSH session."""
        now = time.monotonic()
        for token, (_name, deadline) in list(self._tokens.items()):
            if deadline < now:
                del self._tokens[token]
        token = secrets.token_urlsafe(32)
        self._tokens[token] = (name, now + TOKEN_LIFETIME)
        return token

    def revoke_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    # --------------------------------------------------------- connections

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        peer = Peer(writer)
        writer_task = peer.writer_task = asyncio.create_task(peer.write_loop())
        try:
            if not self._same_user(writer):
                return
            hello = await asyncio.wait_for(read_frame(reader, MAX_UP_FRAME), HELLO_TIMEOUT)
            if hello is None:
                return
            if hello.get("v") != p.PROTOCOL_VERSION:
                await self._refuse_version(writer, hello)
                return
            peer.name = self._authenticate(hello)
            peer.language = self.languages.language_for(peer.name, hello.get("lang"))
            self.peers.add(peer)
            peer.queue(pack_frame({"t": p.WELCOME, "name": peer.name, "lang": peer.language}))
            self._send_lobby(peer)
            self._tell_moves_waiting(peer)
            await self._read_loop(peer, reader)
        except (FrameError, p.ProtocolError) as error:
            log.info("hub: dropping an app: %s", error)
        except (TimeoutError, ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("hub: unexpected error with %s", peer.name)
        finally:
            peer.closed = True
            self.peers.discard(peer)
            self._detach(peer)
            writer_task.cancel()
            writer.close()
            self._tasks.discard(task)

    @staticmethod
    def _same_user(writer: asyncio.StreamWriter) -> bool:
        """Only processes of the server's own user may talk to the hub (the
        socket's mode says so too; this holds if someone loosens it)."""
        sock = writer.get_extra_info("socket")
        try:
            creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        except (OSError, AttributeError):
            return False
        _, uid, _ = struct.unpack("3i", creds)
        return bool(uid == os.getuid())

    @staticmethod
    async def _refuse_version(writer: asyncio.StreamWriter, hello: dict[str, Any]) -> None:
        """An app of another codex-tui: one clear line (in the language it starts in), then the end."""
        spoken = hello.get("lang")
        version = str(hello.get("v", 1))[:10]
        with speaking(spoken if spoken in LANGUAGES else DEFAULT):
            text = _(OTHER_VERSION).format(theirs=version, ours=p.PROTOCOL_VERSION)
        log.info("hub: refusing an app that speaks protocol %s", version)
        writer.write(pack_frame({"t": p.BYE, "text": text, "refused": True}))
        await writer.drain()

    def _authenticate(self, hello: dict[str, Any]) -> str:
        if hello.get("t") != p.HELLO:
            raise p.ProtocolError("the first message must be hello")
        token = hello.get("token")
        if token is not None:
            entry = self._tokens.pop(token, None) if isinstance(token, str) else None
            if entry is None or entry[1] < time.monotonic():
                raise p.ProtocolError("unknown or expired token")
            return entry[0]
        name = hello.get("name")
        if not p.valid_name(name):
            raise p.ProtocolError("hello needs a token or a valid player name")
        assert isinstance(name, str)
        return name

    async def _read_loop(self, peer: Peer, reader: asyncio.StreamReader) -> None:
        window_start, count = time.monotonic(), 0
        while True:
            message = await read_frame(reader, MAX_UP_FRAME)
            if message is None:
                return
            count += 1
            if count > MESSAGES_PER_SECOND:
                elapsed = time.monotonic() - window_start
                if elapsed < 1:
                    await asyncio.sleep(1 - elapsed)
                window_start, count = time.monotonic(), 0
            try:
                await self._dispatch(peer, message)
            except ChatRefused as error:
                peer.say(error.message, error.fields, "warning", CHAT_NOTICE)
            except TableError as error:
                peer.say(error.message, error.fields, "warning")
            except REFUSED as error:
                peer.notice(str(error), "warning")

    async def _dispatch(self, peer: Peer, message: dict[str, Any]) -> None:
        """Run the handler of the message's kind (`_handlers`); ProtocolError for a kind there is none for."""
        kind = message["t"]
        name = peer.name
        assert name is not None
        handler = self._handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise p.ProtocolError(f"unknown message type {str(kind)[:40]!r}")
        await handler(peer, name, message)

    async def _create(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        request = p.parse_create(message)
        self._detach(peer)
        table = await self.room.create(name, request)
        self._attach(peer, table, 0, returning=False)

    async def _join(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        table_id = p.parse_table_id(message)
        self._detach(peer)
        started = self.room.get(table_id).game is not None
        seat = await self.room.join(name, table_id)
        self._attach(peer, self.room.get(table_id), seat, returning=started)

    async def _watch(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        watched = self.room.get(p.parse_table_id(message))
        own = watched.seat_of(name)
        self._detach(peer)
        self._attach(peer, watched, SPECTATOR if own is None else own)

    async def _leave(self, peer: Peer, name: str, _message: dict[str, Any]) -> None:
        left = peer.table
        self._detach(peer)
        if left is not None:
            self.room.give_up_seat(name, left)
        self._send_lobby(peer)

    async def _language(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        peer.language = p.parse_language(message)
        self.languages.choose(name, peer.language)
        if peer.table is None:
            self._send_lobby(peer)
        else:
            peer.send_state(self._state_frame(peer.table, peer.table.watchers[peer], peer.language))

    async def _passphrase(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        await self._set_passphrase(peer, p.parse_passphrase(message))

    async def _replay(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        finished = self.room.get(p.parse_table_id(message))
        if finished.game is None or not finished.game.is_over:
            raise TableError(N_("table {table} is not finished: watch it instead"), table=finished.id)
        peer.queue(pack_frame(finished.record_message()))

    async def _stand_in(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        if peer.table is None or peer.seat is None:
            raise TableError(N_("you are not at a table"))
        seat, level = p.parse_stand_in(message, peer.table.module.bot_levels())
        was_rated = peer.table.rated
        self.room.stand_in(peer.table, name, seat, level)
        if level is not None:
            table = peer.table
            told = STAND_IN_UNRATED if was_rated else STAND_IN
            for other in list(table.watchers):
                if isinstance(other, Peer):
                    with speaking(other.language):  # the level in each reader's words
                        shown = table.module.translate(level)
                    other.say(told, {"chooser": name, "level": shown, "name": table.names[seat]})

    async def _end_table(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        ended = peer.table
        if ended is None or peer.seat is None:
            raise TableError(N_("you are not at a table"))
        seat = p.parse_stand_in(message, ())[0]
        await self.room.end_table(ended, name, seat)
        for other in list(ended.watchers):
            if isinstance(other, Peer):
                self._detach(other)
                other.say(
                    N_("{chooser} ended the table rather than wait for {name}: it is not rated"),
                    {"chooser": name, "name": ended.names[seat]},
                )
                self._send_lobby(other)

    async def _ratings(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        game, who = parse_ratings_request(message)
        page = await asyncio.to_thread(player_page, self.room.store, who or name, game)
        peer.queue(pack_frame(page.to_wire()))

    async def _replay_finished(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        record_id = parse_record_id(message)
        try:
            record = await asyncio.to_thread(finished_record, self.room.store, self.room.folder.parent, record_id)
        except NotInHistory as error:
            log.warning("%s cannot replay: %s", name, error)
            raise TableError(NOT_IN_HISTORY) from None
        peer.queue(pack_frame(record))

    async def _chat_message(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        await self._chat(peer, p.parse_chat(message))

    async def _act(self, peer: Peer, name: str, message: dict[str, Any]) -> None:
        if peer.table is None or peer.seat is None:
            raise TableError(N_("you are not at a table"))
        action = p.parse_action(message, peer.table.module.name)
        if not await self.room.act(peer.table, peer.seat, action):
            peer.say(MOVE_WAITS)  # not refused: the table is paused, every screen says so

    async def _set_passphrase(self, peer: Peer, passphrase: str) -> None:
        """The player's browser passphrase: set (hashed off the loop: scrypt is slow on purpose), or why not."""
        name = peer.name
        assert name is not None
        problem = passphrase_problem(passphrase)
        if problem is not None:
            peer.say(problem.message, problem.fields, "warning")
            return
        try:
            await asyncio.to_thread(self.names.set_passphrase, name, passphrase)
        except OSError as error:
            log.error("cannot keep the browser passphrase of %s: %s", name, error)
            peer.say(PASSPHRASE_NOT_KEPT, {}, "error")
            return
        log.info("%s set a browser passphrase", name)
        peer.say(PASSPHRASE_SET, {"name": self.passphrases.owner(name) or name})

    # ------------------------------------------------------------ presence

    def _attach(self, peer: Peer, table: Table, seat: int, returning: bool = True) -> None:
        """`returning`: to a seat of a game already under way (the last player
        to sit down starts the game; they are not 'back')."""
        was_online = seat != SPECTATOR and table.online(seat)
        peer.table, peer.seat = table, seat
        table.watchers[peer] = seat
        self._send_recent_chat(peer, table)
        stood_in = self.room.player_back(table, seat) if seat != SPECTATOR and not was_online else None
        if stood_in is not None:
            self._tell_stand_in_moves(table, seat, stood_in)
        elif seat != SPECTATOR and not was_online and table.game is not None and returning:
            self._tell_table(table, N_("{name} is back at the table"), exclude=peer, name=peer.name)
        self.room.presence_changed(table)

    def _detach(self, peer: Peer) -> None:
        table, seat = peer.table, peer.seat
        peer.table, peer.seat = None, None
        if table is None or table.watchers.pop(peer, None) is None:
            return
        if seat is not None and seat != SPECTATOR and not table.online(seat):
            self.room.player_left(table, seat)
        if seat is not None and seat != SPECTATOR and not table.online(seat) and table.state == "playing":
            self._tell_table(
                table, N_("{name} left the table; their seat waits for them"), exclude=peer, name=peer.name
            )
        self.room.presence_changed(table)

    def _tell_stand_in_moves(self, table: Table, seat: int, moves: list[int]) -> None:
        """Everyone at the table reads that `seat`'s player is back, and what the bot played for them, each
        move in the game's own words as that seat saw it then, in each reader's language."""
        game, module = table.game, table.module
        if game is None:
            return
        for other in list(table.watchers):
            if not isinstance(other, Peer):
                continue
            with speaking(other.language):
                played = []
                for number in moves[-MOST_MOVES_TOLD:]:
                    if 0 < number <= len(game.actions):
                        before = module.rebuild(game, game.actions[: number - 1])
                        played.append(module.move_text(module.view(before, seat), game.actions[number - 1]))
                text = ngettext(
                    "{name} is back and plays again; the bot played {count} move for them: {moves}",
                    "{name} is back and plays again; the bot played {count} moves for them: {moves}",
                    len(moves),
                ).format(name=table.names[seat], count=len(moves), moves=and_list(played) or "–")
            other.notice(text)

    def _tell_table(self, table: Table, message: str, exclude: Peer | None = None, **fields: object) -> None:
        """A notice to everyone at `table` (but `exclude`), each in their language."""
        for other in table.watchers:
            if other is not exclude and isinstance(other, Peer):
                other.say(message, fields)

    # ------------------------------------------------------------- frames

    def _table_changed(self, table: Table) -> None:
        self._tell_rating_changes(table)
        frames: dict[tuple[int, str], bytes] = {}
        for watcher, seat in list(table.watchers.items()):
            if not isinstance(watcher, Peer):
                continue
            key = (seat, watcher.language)
            if key not in frames:
                frames[key] = self._state_frame(table, seat, watcher.language)
            watcher.send_state(frames[key])
        self._schedule_lobby()

    def _tell_rating_changes(self, table: Table) -> None:
        """Once a rated table is filed, each player at it reads their rating before and after (once)."""
        changes, table.rating_changes = table.rating_changes, {}
        for watcher, seat in list(table.watchers.items()):
            if isinstance(watcher, Peer) and seat in changes:
                before, after = changes[seat]
                with speaking(watcher.language):
                    game = table.module.translate(table.module.title)
                    change = signed(round(after) - round(before))
                watcher.say(
                    N_("Your rating at {game}: {before} → {after} ({change})"),
                    {"game": game, "before": round(before), "after": round(after), "change": change},
                )

    def _state_frame(self, table: Table, seat: int, language: str) -> bytes:
        """What `seat` sees of `table`, the few words the hub makes in `language`."""
        with speaking(language):
            return self._state_message(table, seat)

    def _state_message(self, table: Table, seat: int) -> bytes:
        game = table.game
        if game is None:
            return pack_frame({"t": p.WAITING, "table": table.info("").to_wire(), "seat": seat})
        return pack_frame(self._table_state(table, game, seat).to_wire())

    def _table_state(self, table: Table, game: Any, seat: int) -> TableState:
        """What `seat` sees of `table`, whose game is dealt."""
        module = table.module
        out = self.room.clock_out(table)
        offered = [other for other in table.offered if other != seat]
        absent: tuple[AbsentSeat, ...] = ()
        if offered and seat != SPECTATOR and not table.is_bot(seat):
            now = self.room.wall()
            absent = tuple(
                AbsentSeat(
                    other,
                    table.names[other] or "",
                    round(now - max(table.turn_since, table.absence.left_at.get(other, 0.0))),
                    CLOCK_OUT if other in out else AWAY,
                )
                for other in offered
            )
        clocks: tuple[SeatClock, ...] = ()
        if table.clock is not None and not game.is_over:
            now = self.room.mono()
            clocks = tuple(
                SeatClock(other, max(0, round(table.clock.left(other, now))), other in table.clock.running)
                for other in range(len(table.names))
                if not table.is_bot(other)
            )
        return TableState(
            table=table.id,
            game=module.name,
            seat=seat,
            view=module.encode_view(module.view(game, seat)),
            tags=table.tags(),
            waiting_for=table.waiting_for(),
            hints=table.hints,
            pace=table.pace,
            spectator_chat=table.spectator_chat,
            rated=table.rated,
            result=module.result_to_wire(game) if game.is_over else None,
            paused=_(PAUSED) if table.paused else None,
            time_out=_(TIME_OUT) if seat in out and seat in table.offered else None,
            absent=absent,
            levels=tuple(module.menu_levels()) if absent else (),
            bot_played=tuple(table.absence.bot_played),
            clocks=clocks,
        )

    def _schedule_lobby(self) -> None:
        if self._lobby_timer is None:
            self._lobby_timer = asyncio.get_running_loop().call_later(LOBBY_DELAY, self._flush_lobby)

    def _flush_lobby(self) -> None:
        self._lobby_timer = None
        for peer in list(self.peers):
            if peer.table is None:
                self._send_lobby(peer)

    def _tell_moves_waiting(self, peer: Peer) -> None:
        """A player who comes in is told how many tables wait for their move (listed first in the lobby)."""
        assert peer.name is not None
        waiting = sum(1 for table in self.room.tables.values() if table.your_move(peer.name))
        if waiting:
            with speaking(peer.language):
                text = ngettext(
                    "{n} table waits for your move: it is listed first.",
                    "{n} tables wait for your move: they are listed first.",
                    waiting,
                ).format(n=waiting)
            peer.notice(text, "information")

    def _send_lobby(self, peer: Peer) -> None:
        assert peer.name is not None
        with speaking(peer.language):
            tables = [self._with_chat_preview(info, peer.name).to_wire() for info in self.room.infos(peer.name)]
        peer.send_state(pack_frame({"t": p.LOBBY, "tables": tables}))

    # ---------------------------------------------------------------- chat

    async def _chat(self, peer: Peer, raw: str) -> None:
        """A chat line or command from `peer`: checked, cleaned, kept (written, at a live table), then
        sent to everyone at the table who does not mute its sender. Every refusal is a notice saying why."""
        name = peer.name
        assert name is not None
        table = peer.table
        text = clean_text(raw)
        if text.startswith("/"):
            self._chat_command(peer, text)
            return
        if table is None:
            raise ChatRefused(N_("you are not at a table"))
        if not text:
            return  # nothing left to say once cleaned
        if len(text) > MAX_LENGTH:
            raise ChatRefused(
                N_("Not sent: a chat line holds {most} characters, yours has {count}."),
                most=MAX_LENGTH,
                count=len(text),
            )
        if peer.seat == SPECTATOR and not table.spectator_chat:
            raise ChatRefused(N_("Spectators read this table's chat but may not write in it (its creator chose so)."))
        self._check_chat_rate(name)
        try:
            line = await self.room.say(table, name, text, clock())
        except TableError as error:  # it could not be kept: a chat refusal, the move under way stays
            raise ChatRefused(error.message, **error.fields) from None
        for other in list(table.watchers):
            if isinstance(other, Peer) and other.name is not None and not self.mutes.mutes(other.name, name):
                other.queue(pack_frame(p.chat_message(table.id, [line], replace=False)))
        self._schedule_lobby()  # the lobby's preview

    def _chat_command(self, peer: Peer, text: str) -> None:
        """`/mute NAME`, `/unmute NAME`, `/mute` (who is muted): for the sender only."""
        name = peer.name
        assert name is not None
        command, _space, argument = text.partition(" ")
        argument = argument.strip()
        if command == "/mute" and not argument:
            muted = self.mutes.muted(name)
            if muted:
                peer.say(N_("You mute: {names}."), {"names": ", ".join(muted)}, about=CHAT_NOTICE)
            else:
                peer.say(N_("You mute nobody. /mute NAME hides a player's chat from you."), about=CHAT_NOTICE)
        elif command in ("/mute", "/unmute") and not p.valid_name(argument):
            raise ChatRefused(N_("{name} is not a player name."), name=argument[:20])
        elif command == "/mute":
            if name_key(argument) == name_key(name):
                raise ChatRefused(N_("You cannot mute yourself."))
            self._check_chat_rate(name)
            if not self._change_mutes(self.mutes.mute, name, argument):
                raise ChatRefused(N_("You mute as many players as you can; unmute one first."))
            peer.say(
                N_("{name} is muted: you no longer see their chat (/unmute {name} to undo)."),
                {"name": argument},
                about=CHAT_NOTICE,
            )
        elif command == "/unmute":
            self._check_chat_rate(name)
            if self._change_mutes(self.mutes.unmute, name, argument):
                peer.say(N_("{name} is no longer muted."), {"name": argument}, about=CHAT_NOTICE)
            else:
                raise ChatRefused(N_("{name} was not muted."), name=argument)
        else:
            raise ChatRefused(N_("Chat commands: /mute NAME, /unmute NAME, /mute (who you mute)."))

    def _change_mutes(self, change: Callable[[str, str], bool], muter: str, name: str) -> bool:
        """`MuteBook.mute` or `unmute`; ChatRefused, nothing changed, when the store cannot write it."""
        try:
            return change(muter, name)
        except OSError as error:
            log.warning("cannot change whom %s mutes: %s", muter, error)
            raise ChatRefused(MUTES_NOT_KEPT) from None

    def _check_chat_rate(self, name: str) -> None:
        """Count a line (or a mute, which writes a file) of `name`'s; refused past the rate."""
        wait = self.chat_rate.wait(name)
        if wait:
            raise ChatRefused(
                N_("Not sent: {count} lines per {window} seconds at most; you can write again in {seconds} s."),
                count=self.chat_rate.count,
                window=round(self.chat_rate.window),
                seconds=wait,
            )

    def _visible_chat(self, viewer: str, lines: Iterable[ChatLine]) -> list[ChatLine]:
        """`lines` without those of the names `viewer` mutes."""
        muted = self.mutes.muted_keys(viewer)
        return [line for line in lines if name_key(line.name) not in muted]

    def _send_recent_chat(self, peer: Peer, table: Table) -> None:
        """Someone sits down or starts watching: the recent lines, before the table's state."""
        if peer.name is not None:
            lines = self._visible_chat(peer.name, table.chat.recent())
            peer.queue(pack_frame(p.chat_message(table.id, lines, replace=True)))

    def _with_chat_preview(self, info: p.TableInfo, viewer: str) -> p.TableInfo:
        """A lobby row with its table's last few lines (anyone may watch a table, so read its chat)."""
        table = self.room.tables.get(info.id)
        if table is None:
            return info
        muted = self.mutes.muted_keys(viewer)
        lines: list[ChatLine] = []
        for line in reversed(table.chat.lines):  # the newest first: a long chat is not copied for each row
            if len(lines) == PREVIEW_LINES:
                break
            if name_key(line.name) not in muted:
                lines.insert(0, dataclasses.replace(line, text=line.text[:PREVIEW_CHARS]))
        return dataclasses.replace(info, chat=tuple(lines))
