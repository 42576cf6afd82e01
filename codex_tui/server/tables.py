"""The tables of a server: the authoritative games, who sits where, the bots.

A table waits until its human seats are taken, then deals a game and keeps
it: every action is checked by the engine, committed to the server's
database with all it changed in one transaction (`live_rows`), written to
the usual save file in the data folder's `tables/`, and only then shown to
anyone. Players' apps
never hold a game, only their seat's view, so this is the one place a game
changes. On start the room reloads every unfinished save, so a restart
resumes every game where it stood, and every table that waited for players
(kept in the store until its save is written) waits again.

A save that cannot be written (a full disk, a folder made read-only) pauses
the table instead of letting play run ahead of its save: the action waits,
unseen, as the table's `unsaved` state; the table takes no other action and
no chat line, every player at it reads the paused line, and the room writes
the waiting state again and again (a little longer apart each time) until
it works, then shows it and play goes on by itself. So whatever a player saw
accepted is in the save, whenever the server is killed.

A table holds any game of the registry; what differs between games is asked
of the table's `GameModule` (`codex_tui.core.contract`), never decided here.

Nothing here knows about sockets: the hub attaches and detaches watchers and
is told about every change through `on_change`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.core.errors import IllegalAction, RecordError
from codex_tui.core.rng import move_seed
from codex_tui.core.seats import SPECTATOR
from codex_tui.i18n.text import N_
from codex_tui.protocol.chat_line import KEEP_LINES, ChatLine
from codex_tui.protocol.messages import OPEN, TURNS, CreateRequest, TableInfo
from codex_tui.protocol.names import name_key
from codex_tui.server.absence import AWAY_LIVE, AWAY_TURNS
from codex_tui.server.botpool import BotPool
from codex_tui.server.chat import write_chat
from codex_tui.server.clocks import Clock
from codex_tui.server.live_rows import KeptClock
from codex_tui.server.ratings import START
from codex_tui.server.store import Store
from codex_tui.server.table import (
    FINISHED_DIR,
    TABLES_DIR,
    ChangeListener,
    Table,
    ended_table,
    table_options,
)
from codex_tui.server.table_keeper import TableKeeper
from codex_tui.server.table_options import write_options
from codex_tui.storage.saves import (
    HUMAN,
    SavedGame,
    SaveError,
    new_save_path,
)

log = logging.getLogger(__name__)

MAX_TABLES = 200
"""Unfinished tables a server keeps at once (each may hold a bot's worker time)."""
MAX_TABLES_PER_PLAYER = 8
"""Unfinished tables one player may sit at: creating tables is cheap to ask for."""
KEEP_FINISHED = 20
"""Finished games stay in the lobby (with their result) until this many newer ones end."""
RETRY_FIRST = 0.5
RETRY_MOST = 30.0
"""Seconds before a paused table writes its save again: RETRY_FIRST, then twice as long each time, up to this."""
PAUSED = N_("Paused: the server cannot save this game just now. Play goes on by itself as soon as it can.")
"""The line every player at a paused table reads over the game."""
NOT_PLAYED = N_("Not played: the server cannot save this game just now. Play goes on by itself as soon as it can.")
NOT_SAID = N_("Not sent: the server cannot save this table's chat just now. Try again once play goes on.")
MOVE_WAITS = N_("Your move waits: it is played as soon as the server can save it.")
ABSENCE_TICK = 5.0
"""Seconds between two looks for absent players."""
CLOCK_MARGIN = 0.05
"""Seconds after a clock's end at which the room looks, so that the end has come by then."""
NOT_KEPT_TABLE = N_("The server cannot write down tables just now; try again in a while.")


class TableError(Exception):
    """A request the room refuses; the message is shown to the player, in their language.

    `message` is the English message id (marked with N_ where raised), `fields`
    what it names; str() is the English text, for logs."""

    def __init__(self, message: str, **fields: object) -> None:
        super().__init__(message.format(**fields))
        self.message = message
        self.fields = fields


class TableRoom:
    """All tables of a server, their saves and their bots."""

    def __init__(self, folder: Path, bots: BotPool, bot_delay: float = 0.7, store: Store | None = None) -> None:
        """`store`: the data folder's database (opened here when not given; StoreError if it cannot be)."""
        self.folder = folder / TABLES_DIR
        self.store = store if store is not None else Store(folder)
        """The data folder's database: the tables' rows, the ratings."""
        self.keeper = TableKeeper(self.folder, self.store)
        """Writes the tables down and reads them back."""
        self.bots = bots
        self.bot_delay = bot_delay
        self.tables: dict[int, Table] = {}
        self.listeners: list[ChangeListener] = []
        self._next_id = 1
        self._closing = False
        self._stopping = asyncio.Event()
        """Set by `close`: a paused table makes its last try at once."""
        self._look_again = asyncio.Event()
        """Set when the clocks that run change, or the room closes: the watch of absences looks at once."""
        self.wall: Callable[[], float] = time.time
        """The clock of absences and waits (Unix time; tests give their own)."""
        self.mono: Callable[[], float] = time.monotonic
        """The time of the tables' clocks (monotonic; tests give their own)."""
        self.started_at = 0.0
        """When `resume_saved` ran: a player not back since counts as gone since then."""
        self._watch_task: asyncio.Task[None] | None = None
        self.ratings: dict[tuple[str, str], float] = {}
        """(name_key, game) -> rating, as the store holds them (read by `resume_saved`): the lobby shows
        them on every change, so they are not read from the database each time."""

    # ------------------------------------------------------------ start, stop

    def resume_saved(self) -> int:
        """Read the ratings, and reload every unfinished game kept here, every table that waited for players
        and the finished ones the lobby listed, each under its own number; returns how many games."""
        self.ratings = self.store.ratings()
        self._next_id = self.store.last_table_number() + 1  # a table kept before numbers were gets a new one
        self.started_at = self.wall()
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        count = 0
        for kept in self.keeper.kept_games():
            game, path = kept.saved.game, kept.path
            # A table written before stand-ins ended a rating (docs/ratings.md) may hold both: not rated.
            rated = kept.options.rated and not kept.absence.bot_played
            if game.is_over:  # left here by a crash, or a disk that refused the move to finished/
                self._file_away(path, registry.game_of(game), game, kept.saved.kinds, rated, kept.options.number)
                continue
            table = Table(
                id=self._new_id() if kept.options.number is None else kept.options.number,
                module=registry.game_of(game),
                variant=game.variant,
                names=list(game.players),
                kinds=list(kept.saved.kinds),
                seed=game.seed,
                hints=kept.options.hints,
                spectator_chat=kept.options.spectator_chat,
                rated=rated,
                pace=kept.options.pace,
                move_limit=kept.options.move_limit,
                turn_since=path.stat().st_mtime if path.exists() else self.started_at,
                chat=kept.chat,
                game=game,
                save_path=path,
                title=kept.saved.title,
                absence=kept.absence,
            )
            self._resume_clock(table, kept.clock)
            table.absence.left_at = {
                seat: self.started_at for seat in range(len(table.names)) if not table.is_bot(seat)
            }
            self.tables[table.id] = table
            self._schedule_bots(table)
            count += 1
        self._resume_waiting()
        self._resume_finished()
        self._watch_task = asyncio.get_running_loop().create_task(self._watch_absences())
        return count

    # --------------------------------------------------------------- absences

    async def _watch_absences(self) -> None:
        """Look for absent players every ABSENCE_TICK seconds, and as a clock runs out (its player is told
        at once), until the room closes."""
        while not self._closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._look_again.wait(), min(ABSENCE_TICK, self._next_clock_out()))
            self._look_again.clear()
            self.check_absences()

    def _next_clock_out(self) -> float:
        """Seconds until the next running clock of a game under way runs out (a little after, so that it
        has; infinity when none is about to: a clock already out was seen by the last look)."""
        now = self.mono()
        lefts = [
            left
            for table in self.tables.values()
            if table.clock is not None and table.state == "playing"
            for seat in table.clock.running
            if (left := table.clock.left(seat, now)) > 0
        ]
        return min(lefts, default=float("inf")) + CLOCK_MARGIN

    def check_absences(self) -> None:
        """Offer the absent seats of every game under way to its other players (`absence.py`)."""
        now = self.wall()
        for table in list(self.tables.values()):
            offered: tuple[int, ...] = ()
            if table.state == "playing" and not table.paused:
                humans = [seat for seat in range(len(table.names)) if not table.is_bot(seat)]
                online = {seat for seat in humans if table.online(seat)}
                limit = table.move_limit or (AWAY_TURNS if table.pace == TURNS else AWAY_LIVE)
                away = table.absence.offered(table.to_act(), humans, online, table.turn_since, now, limit)
                out = [seat for seat in self.clock_out(table) if seat not in table.absence.stand_ins]
                offered = tuple(sorted({*away, *out}))
            if offered != table.offered:
                table.offered = offered
                self._changed(table)

    @staticmethod
    def _clock_seats(table: Table, game: Any) -> tuple[int, ...]:
        """The seats whose clock runs in `game`: the humans to act (not a bot standing in)."""
        if game.is_over:
            return ()
        return tuple(seat for seat in table.module.players_to_act(game) if not table.bot_plays(seat))

    def _clock_follows(self, table: Table) -> None:
        """A bot took a seat or gave it back: the clocks that run now."""
        if table.clock is not None and table.game is not None:
            table.clock.settle(self.mono())
            table.clock.running = self._clock_seats(table, table.game)
            self._look_again.set()

    def _resume_clock(self, table: Table, kept: KeptClock | None) -> None:
        """A resumed table's clock, where it stood (the time the server was down is nobody's)."""
        assert table.game is not None
        table.clock = None if kept is None else Clock.from_kept(kept, self.mono())
        if table.clock is not None:
            table.clock_option = (table.clock.minutes, table.clock.increment)
            table.clock.restart(self.mono(), self._clock_seats(table, table.game))

    def clock_out(self, table: Table) -> tuple[int, ...]:
        """The seats whose time is out (offered to the others like absent ones)."""
        if table.clock is None or table.state != "playing":
            return ()
        return table.clock.out(self.mono())

    def player_left(self, table: Table, seat: int) -> None:
        """The last app at `seat` went (the hub calls it)."""
        table.absence.left_at[seat] = self.wall()

    def player_back(self, table: Table, seat: int) -> list[int] | None:
        """`seat`'s player is at the table again: a bot standing in gives the seat back. Returns the moves
        it played for them (action numbers), or None when none stood in."""
        table.absence.left_at.pop(seat, None)
        if table.absence.stand_ins.pop(seat, None) is None:
            return None
        table.absence.since.pop(seat, None)
        moves = table.absence.stand_in_moves.pop(seat, [])
        self.keeper.keep_absence(table)
        self._clock_follows(table)
        self.check_absences()
        return moves

    def stand_in(self, table: Table, by: str, seat: int, level: str | None) -> None:
        """`by` (seated at `table`) answers the offer for absent `seat`: a bot of `level` plays it until its
        player is back, or (None) they wait one limit more. TableError if it is not offered (any more)."""
        chooser = table.seat_of(by)
        if chooser is None or chooser == seat or table.is_bot(chooser):
            raise TableError(N_("only the other players at the table choose for an absent seat"))
        if seat not in table.offered:
            raise TableError(N_("that seat is not waited for any more"))
        if level is None:
            table.absence.waited_at[seat] = self.wall()
        elif level in table.module.bot_levels():
            self._unrate(table)
            table.absence.stand_ins[seat] = level
            table.absence.since[seat] = len(table.game.actions) if table.game is not None else 0
            table.absence.stand_in_moves[seat] = []
        else:
            raise TableError(N_("there is no such bot level"))
        self.keeper.keep_absence(table)
        self._clock_follows(table)
        self.check_absences()
        self._changed(table)
        self._schedule_bots(table)

    def _unrate(self, table: Table) -> None:
        """A bot is to play an absent player's seat: the table is no longer rated (docs/ratings.md: a rating
        only ever comes from its owner's own moves). Written down before the stand-in is, so no restart
        can find a stand-in at a rated table; TableError (nothing changed) when it cannot be."""
        if not table.rated:
            return
        if table.save_path is not None:
            try:
                write_options(self.store, table.save_path, replace(table_options(table), rated=False))
            except OSError as error:
                log.error("table %s cannot be made unrated for a stand-in: %s", table.id, error)
                raise TableError(NOT_KEPT_TABLE) from None
        table.rated = False

    async def end_table(self, table: Table, by: str, seat: int) -> None:
        """`by` ends the table for good rather than wait for absent `seat`: the game stops where it stands,
        unrated, recorded in the history with nobody winning, and its save is filed with the finished ones
        (`codex-tui play` can still open it). TableError if `seat` is not offered."""
        chooser = table.seat_of(by)
        if chooser is None or chooser == seat or table.is_bot(chooser):
            raise TableError(N_("only the other players at the table choose for an absent seat"))
        if seat not in table.offered:
            raise TableError(N_("that seat is not waited for any more"))
        async with table.lock:
            self._check_here(table)  # two players ending it at once: the second finds it gone
            path, game = table.save_path, table.game
            assert path is not None and game is not None
            record = ended_table(path, table.module, game, tuple(table.kinds), table.id)
            try:
                await asyncio.to_thread(self.keeper.end, path, record)
            except OSError as error:
                log.error("table %s cannot be ended: %s", table.id, error)
                raise TableError(NOT_KEPT_TABLE) from None
            if table.bot_task is not None:
                table.bot_task.cancel()
            self.tables.pop(table.id, None)
        self._changed(table)

    def _resume_waiting(self) -> None:
        """Bring back the tables that waited for players. A row whose save exists is a game that started
        (the server stopped between its save and forgetting the row): the save resumed it. A row with no
        open seat left had its last player sit down: it is dealt now."""
        for row in self.keeper.waiting_rows():
            try:
                module = registry.game_named(row.game)
                variant = module.variant_from_dict(json.loads(row.variant))
            except (registry.UnknownGame, RecordError, ValueError) as error:
                log.warning("not bringing back a waiting table (%s): %s", row.key, error)
                continue
            table = Table(
                id=self._new_id() if row.number is None else row.number,
                module=module,
                variant=variant,
                names=list(row.names),
                kinds=list(row.kinds),
                seed=row.seed,
                hints=row.hints,
                spectator_chat=row.spectator_chat,
                rated=row.rated,
                pace=row.pace,
                move_limit=row.move_limit,
                clock_option=row.clock,
                waiting_key=row.key,
            )
            self.tables[table.id] = table
            if not table.open_seats():
                asyncio.get_running_loop().create_task(self._start(table))

    def _resume_finished(self) -> None:
        """The tables that ended last stay listed in the lobby, under their numbers, as before the restart
        (a row whose save cannot be read is left out, logged)."""
        for filed in self.keeper.filed_games(KEEP_FINISHED):
            game, number = filed.saved.game, filed.number
            table = Table(
                id=self._new_id() if number is None or number in self.tables else number,
                module=registry.game_of(game),
                variant=game.variant,
                names=list(game.players),
                kinds=list(filed.saved.kinds),
                seed=game.seed,
                rated=filed.rated,
                game=game,
                save_path=filed.path,
                title=filed.saved.title,
                ended=not game.is_over,
            )
            self.tables[table.id] = table

    async def close(self) -> None:
        """Stop the bots; a paused table tries its save once more; every write under way ends."""
        self._closing = True
        self._stopping.set()
        self._look_again.set()
        if self._watch_task is not None:
            await asyncio.gather(self._watch_task, return_exceptions=True)
        bots = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in bots:
            task.cancel()
        await asyncio.gather(*bots, return_exceptions=True)
        retries = [t.retry_task for t in self.tables.values() if t.retry_task is not None]
        await asyncio.gather(*retries, return_exceptions=True)
        for table in list(self.tables.values()):  # a chat line or a move being written
            async with table.lock:
                pass

    def _new_id(self) -> int:
        table_id = self._next_id
        self._next_id += 1
        return table_id

    # --------------------------------------------------------------- queries

    def _check_here(self, table: Table) -> None:
        """TableError if `table` is no longer the room's, or is over by its players' choice (they ended it
        while a call waited, or before a restart)."""
        if self.tables.get(table.id) is not table or table.ended:
            raise TableError(N_("there is no table {table} any more"), table=table.id)

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(N_("there is no table {table} any more"), table=table_id)
        return table

    def infos(self, viewer: str) -> list[TableInfo]:
        """The lobby as `viewer` sees it: the tables where it is their move first, then their other
        tables, then open ones, then the rest; finished games last, apart from every live one."""
        order = {"waiting": 1, "playing": 2, "over": 3}
        tables = sorted(
            self.tables.values(),
            key=lambda t: (t.state == "over", not t.your_move(viewer), viewer not in t.names, order[t.state], t.id),
        )
        return [table.info(viewer, self.seat_ratings(table)) for table in tables]

    def rating(self, name: str, game: str) -> float:
        """`name`'s rating at `game` (START before their first rated table of it)."""
        return self.ratings.get((name_key(name), game), START)

    def seat_ratings(self, table: Table) -> list[int | None]:
        """Per seat, the rating the lobby shows beside it: a player's at the table's game, a bot level's
        fixed one, None for an open seat."""
        shown: list[int | None] = []
        for seat, name in enumerate(table.names):
            if name is None:
                shown.append(None)
            elif table.is_bot(seat):
                shown.append(table.module.bot_rating(table.bot_level(seat)))
            else:
                shown.append(round(self.rating(name, table.module.name)))
        return shown

    # --------------------------------------------------------------- changes

    def _changed(self, table: Table) -> None:
        table.version += 1
        if table.state == "over":
            self._forget_old_games()
        for listener in list(self.listeners):
            try:
                listener(table)
            except Exception:
                log.exception("a table listener failed")

    def _forget_old_games(self) -> None:
        """Drop the oldest finished tables nobody looks at (their saves stay on disk)."""
        finished = [t for t in self.tables.values() if t.state == "over" and not t.watchers]
        for table in sorted(finished, key=lambda t: t.id)[: max(0, len(finished) - KEEP_FINISHED)]:
            del self.tables[table.id]

    def presence_changed(self, table: Table) -> None:
        """The hub attached or detached someone: 'away' tags and the lobby change."""
        self._changed(table)

    async def create(self, creator: str, request: CreateRequest) -> Table:
        live = [t for t in self.tables.values() if t.state != "over"]
        if len(live) >= MAX_TABLES:
            raise TableError(N_("the server has as many tables as it can hold; join or watch one"))
        if sum(creator in t.names for t in live) >= MAX_TABLES_PER_PLAYER:
            raise TableError(N_("you already sit at {n} tables; finish or leave one first"), n=MAX_TABLES_PER_PLAYER)
        names: list[str | None] = [creator]
        kinds = [HUMAN]
        for seat, kind in enumerate(request.others, start=2):
            names.append(None if kind == OPEN else f"Bot {seat}")
            kinds.append(HUMAN if kind == OPEN else kind)
        module = registry.game_named(request.game)
        table = Table(
            self._new_id(),
            module,
            module.variant_from_dict(request.variant),
            names,
            kinds,
            seed=request.seed,
            hints=request.hints,
            spectator_chat=request.spectator_chat,
            rated=request.rated,
            pace=request.pace,
            move_limit=request.move_limit,
            clock_option=request.clock,
        )
        if table.open_seats():
            table.waiting_key = secrets.token_hex(8)
            try:
                await asyncio.to_thread(self.keeper.keep_waiting, table)
            except OSError as error:
                log.error("a new table cannot be kept: %s", error)
                raise TableError(NOT_KEPT_TABLE) from None
        self.tables[table.id] = table
        if not table.open_seats():
            await self._start(table)
        self._changed(table)
        return table

    async def join(self, name: str, table_id: int) -> int:
        """Sit `name` at the table: their own seat if they have one, else an open one."""
        table = self.get(table_id)
        seat = table.seat_of(name)
        if seat is not None:
            return seat
        open_seats = table.open_seats()
        if table.game is not None or not open_seats:
            raise TableError(N_("table {table} has no open seat; you can watch it"), table=table_id)
        if sum(name in t.names for t in self.tables.values() if t.state != "over") >= MAX_TABLES_PER_PLAYER:
            raise TableError(N_("you already sit at {n} tables; finish or leave one first"), n=MAX_TABLES_PER_PLAYER)
        seat = open_seats[0]
        table.names[seat] = name
        if len(open_seats) == 1:
            await self._start(table)
        else:
            try:
                await asyncio.to_thread(self.keeper.keep_waiting, table)
            except OSError as error:
                log.error("table %s cannot keep its new player: %s", table.id, error)
                table.names[seat] = None
                raise TableError(NOT_KEPT_TABLE) from None
        self._changed(table)
        return seat

    def give_up_seat(self, name: str, table: Table) -> None:
        """Leaving a table that has not started frees the seat; a game keeps it."""
        seat = table.seat_of(name)
        if table.game is not None or seat is None:
            return
        table.names[seat] = None
        gone = all(table.names[i] is None for i in range(len(table.names)) if not table.is_bot(i))
        if gone:
            del self.tables[table.id]
        if table.waiting_key is not None:
            if gone:
                self.keeper.forget_waiting(table.waiting_key)
            else:
                try:
                    self.keeper.keep_waiting(table)
                except OSError as error:  # a restart would show them seated; they can leave again
                    log.error("table %s cannot write that %s left: %s", table.id, name, error)
        self._changed(table)

    async def say(self, table: Table, name: str, text: str, time: str) -> ChatLine:
        """Keep a chat line (already checked and cleaned by the hub) with the table, before anyone reads it:
        in the store, by its save, while the game is live (before the game, and once it is over, the
        chat stays in memory only). TableError when it cannot be kept: nobody reads it, its sender is told,
        and the table pauses (a line said at a paused table is refused the same way)."""
        async with table.lock:
            self._check_here(table)
            if table.paused:
                raise TableError(NOT_SAID)
            at = 0 if table.game is None else len(table.game.actions)
            line = ChatLine(name, time, text, at)
            kept = await self._keep_chat(table, [*table.chat.lines, line][-KEEP_LINES:])
            if kept:
                table.chat.add(line)
        if not kept:
            self._changed(table)  # its players read that it is paused
            raise TableError(NOT_SAID)
        return line

    async def _keep_chat(self, table: Table, lines: list[ChatLine]) -> bool:
        """Keep `lines` as the table's chat, if it has a save now (the lock held); False (and the table
        paused) when they cannot be written."""
        game, path = table.game, table.save_path
        if game is None or game.is_over or path is None:
            return True
        try:
            await asyncio.to_thread(write_chat, self.store, path, lines)
        except OSError as error:
            self._pause(table, game, error)
            return False
        return True

    async def _start(self, table: Table) -> None:
        """Deal, then write the save and what is kept beside it: options, the chat said while it waited.
        If that cannot be written the game is shown paused, before its first move."""
        names = tuple(name or "" for name in table.names)
        seed = table.seed if table.seed is not None else secrets.randbelow(2**31)
        async with table.lock:
            table.game = table.module.new_game(names, seed, table.variant)
            table.turn_since = self.wall()  # the first move is waited for from the deal, not from 1970
            if table.clock_option is not None:
                minutes, increment = table.clock_option
                running = self._clock_seats(table, table.game)
                table.clock = Clock.new(minutes, increment, len(names), running, self.mono())
            table.save_path = new_save_path(self.folder, names, free_in=[self.folder / FINISHED_DIR])
            await self._commit(table, table.game, beside=True)
        self._schedule_bots(table)

    async def act(self, table: Table, seat: int, action: Any) -> bool:
        """A human's action: True once played (saved, then shown to everyone); False when its save cannot
        be written: the table pauses, and the action is played once it is written. The engine's
        IllegalAction or TableError if refused (NOT_PLAYED while the table is paused).

        Any seat `players_to_act` names may act, in any order: a game may
        let several seats choose at once (secret picks, set-up choices)."""
        if seat == SPECTATOR or action.player != seat:
            raise TableError(N_("you can only play for your own seat"))
        async with table.lock:
            self._check_here(table)  # a move that waited while its players ended the table is not played
            if table.game is None:
                raise TableError(N_("the game has not started"))
            if table.paused:
                raise TableError(NOT_PLAYED)
            played = await self._commit(table, table.module.apply(table.game, action))
        self._changed(table)
        if played:
            self._schedule_bots(table)
        return played

    # ----------------------------------------------------------------- saves

    async def _commit(self, table: Table, game: Any, beside: bool = False, stand_in: int | None = None) -> bool:
        """Make `game` the table's state once its save is written (`beside`: the options and chat
        too; `stand_in`: the seat whose stand-in bot moved, kept with the move), the lock held. False when
        it cannot be written: the table pauses with `game` unsaved."""
        before = table.game
        if table.clock is not None and before is not None and len(game.actions) > len(before.actions):
            table.clock.moved(game.actions[-1].player, self.mono(), self._clock_seats(table, game))
            self._look_again.set()
        try:
            await self._write(table, game, beside, stand_in)
        except (SaveError, OSError) as error:
            table.unsaved_stand_in = stand_in
            self._pause(table, game, error)
            return False
        table.game = game
        table.turn_since = self.wall()
        return True

    async def _write(self, table: Table, game: Any, beside: bool, stand_in: int | None = None) -> None:
        """Commit `game` with what its move changed (the clock, the absent seats; `beside`: the options, the
        chat and the waiting table it was dealt from too) in one transaction, then write its save file
        from the same bytes; in threads, SaveError or OSError when either cannot be. A finished game's
        save is then filed away. `fault_points` names the steps."""
        path = table.save_path
        assert path is not None
        parts = self.keeper.move_parts(table, game, beside, stand_in)
        saved = SavedGame(game, tuple(table.kinds), title=table.title)
        await asyncio.to_thread(self.keeper.commit_move, path, saved, parts)
        if beside:
            table.waiting_key = None
        if game.is_over:  # filed in a thread, its ratings then read on the event loop
            filed = await asyncio.to_thread(
                self.keeper.finish, path, table.module, game, tuple(table.kinds), table.rated, table.id
            )
            table.save_path = self._rated(path, table.module, game, *filed)

    def _pause(self, table: Table, game: Any, error: Exception) -> None:
        """`game` could not be saved: the table waits with it unsaved, and writes it again until it works."""
        log.error("table %s is paused, its save cannot be written: %s", table.id, error)
        table.unsaved = game
        table.retry_task = asyncio.get_running_loop().create_task(self._retry(table))

    async def _retry(self, table: Table) -> None:
        """Write a paused table's unsaved state (with its options and chat) until it works, waiting
        twice as long after each failure, up to RETRY_MOST seconds; then it is the table's state and
        play goes on. Closing the room makes one last try at once."""
        delay = RETRY_FIRST
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), delay)
            delay = min(delay * 2, RETRY_MOST)
            async with table.lock:
                if self.tables.get(table.id) is not table:  # ended by its players meanwhile
                    return
                game, stand_in = table.unsaved, table.unsaved_stand_in
                try:
                    await self._write(table, game, beside=True, stand_in=stand_in)
                except (SaveError, OSError) as error:
                    if self._closing:
                        log.error(
                            "table %s stops unsaved (%s); its save file holds what its players saw", table.id, error
                        )
                        return
                    log.warning("table %s is still paused: %s", table.id, error)
                    continue
                table.game, table.unsaved, table.unsaved_stand_in, table.retry_task = game, None, None, None
                table.turn_since = self.wall()
                if stand_in is not None:
                    table.absence.bot_moved(stand_in, len(game.actions))
            log.warning("table %s is saved again; play goes on", table.id)
            self._changed(table)
            self._schedule_bots(table)
            return

    def _file_away(
        self, path: Path, module: GameModule, game: Any, kinds: Sequence[str], rated: bool, number: int | None
    ) -> Path:
        """A finished game is recorded in the store (its ratings moved if `rated`; its options and chat
        gone), then its save moves to `finished/`, so a restart need not read it again; returns where the
        save is. If either step fails it stays whole where it is (logged), and the next start files it away:
        the store records a save once, so a second try moves nobody's rating twice."""
        return self._rated(path, module, game, *self.keeper.finish(path, module, game, kinds, rated, number))

    def _rated(self, path: Path, module: GameModule, game: Any, target: Path, after: tuple[float | None, ...]) -> Path:
        """The ratings a game filed from `path` moved (`after`, per seat): kept for the lobby, and told to its
        table's players (`rating_changes`); returns where its save is now, `target`."""
        changes = {}
        for seat, (name, rating) in enumerate(zip(game.players, after)):
            if rating is not None:
                changes[seat] = (self.rating(name, module.name), rating)
                self.ratings[(name_key(name), module.name)] = rating
        live = next((t for t in self.tables.values() if t.save_path == path), None)
        if live is not None:
            live.rating_changes = changes
        return target

    # ------------------------------------------------------------------ bots

    def _schedule_bots(self, table: Table) -> None:
        game = table.game
        if self._closing or game is None or game.is_over or table.paused:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        seats = [seat for seat in table.module.players_to_act(game) if table.bot_plays(seat)]
        if seats:
            table.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(table, seats[0], game))

    async def _bot_turn(self, table: Table, seat: int, game: Any) -> None:
        """One bot decision. Humans may act meanwhile (set-up choices and
        secret picks are made in parallel): then this move is
        dropped and the bot looks again. A paused table takes no move."""
        module = table.module
        try:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            seed = move_seed(game.seed, seat, len(game.actions))
            legal = module.legal_actions_for(game, seat)
            action = await self.bots.choose(table.playing_level(seat), seed, module.view(game, seat), module, legal)
            async with table.lock:
                if table.game is not game or table.paused or not table.bot_plays(seat):  # its player came back
                    return
                if self.tables.get(table.id) is not table:  # ended by its players meanwhile
                    return
                try:
                    moved = module.apply(game, action)
                except IllegalAction as error:
                    log.error("table %s: bot %s chose an illegal move (%s)", table.id, seat, error)
                    moved = module.apply(game, legal[0])
                stand_in = seat if seat in table.absence.stand_ins else None
                if await self._commit(table, moved, stand_in=stand_in) and stand_in is not None:
                    table.absence.bot_moved(seat, len(moved.actions))  # kept with the move, in its transaction
            self._changed(table)
        except asyncio.CancelledError:
            table.bot_task = None
            raise
        except Exception:
            log.exception("table %s: the bot at seat %s could not move", table.id, seat)
            table.bot_task = None
            return
        finally:
            if table.bot_task is asyncio.current_task():
                table.bot_task = None
                self._schedule_bots(table)
