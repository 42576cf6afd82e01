"""One table of a server: who sits where, its options, what the lobby and the screens read of it,
and the record the store files of it once its game ends.

The room (`tables.py`) is the one that changes a table; everything here only
reads one, so the hub and the room's watch can ask it without changing it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codex_tui.core.contract import GameModule
from codex_tui.i18n.text import N_, _
from codex_tui.protocol.messages import BOT_PREFIX, LIVE, RECORD, SeatInfo, TableInfo
from codex_tui.server.absence import Absence
from codex_tui.server.chat import ChatLog
from codex_tui.server.clocks import Clock
from codex_tui.server.store_rows import FinishedSeat, FinishedTable, now_text
from codex_tui.server.table_options import TableOptions
from codex_tui.storage.saves import HUMAN

TABLES_DIR = "tables"
FINISHED_DIR = "finished"
PAUSED_STATUS = N_("paused: the server cannot save it")
"""A paused table in the lobby."""


@dataclass(eq=False)
class Table:
    id: int
    module: GameModule
    """The table's game."""
    variant: Any
    """That game's own Variant object."""
    names: list[str | None]
    """Per seat: the player's name; None for an open seat."""
    kinds: list[str]
    """Per seat: 'human' or 'bot:<level>'."""
    seed: int | None = None
    hints: bool = False
    """Its creator allowed hints: the players' screens answer `!`."""
    spectator_chat: bool = False
    """Its creator let spectators write in its chat (everyone at the table reads it)."""
    rated: bool = False
    """Its result moves its players' ratings once it ends (`ratings.py`)."""
    pace: str = LIVE
    """LIVE, or TURNS: turn-based (the lobby lists first the tables where it is your move)."""
    move_limit: int | None = None
    """Seconds an absent player's move waits before the others are offered a bot; None: the pace's own."""
    clock_option: tuple[int, ...] | None = None
    """Its creator's clock, (minutes per player, increment in seconds); None: no clock."""
    clock: Clock | None = None
    """The clock once the game is dealt (`clocks.py`)."""
    turn_since: float = 0.0
    """When the move now awaited began (Unix time: shown as "your move · 3 h"); a restart reads it from
    the save's time, which is written with every move."""
    chat: ChatLog = field(default_factory=ChatLog)
    """What was said at the table: beside its save once it has one, in memory before."""
    game: Any = None
    """The game state (a `GameState` of `module`) once every seat is taken: what everyone sees."""
    unsaved: Any = None
    """The state whose save could not be written, None while the save holds `game`. The table is paused
    meanwhile: it shows `game` and takes no action until the room has written this; then it is `game`."""
    unsaved_stand_in: int | None = None
    """The absent seat whose stand-in bot made the `unsaved` move, if one did: marked once it is written."""
    retry_task: asyncio.Task[None] | None = None
    """Writing `unsaved` again until it works."""
    save_path: Path | None = None
    title: str = ""
    watchers: dict[object, int] = field(default_factory=dict)
    """Attached apps (any hashable key the hub chooses) -> their seat or SPECTATOR."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    version: int = 0
    """Bumped on every change, so the hub can cache what it sends."""
    waiting_key: str | None = None
    """Its row in the store while it waits for players (None once its save holds it)."""
    absence: Absence = field(default_factory=Absence)
    """Its absent seats: when each left, the waits chosen, the bots standing in (`absence.py`)."""
    offered: tuple[int, ...] = ()
    """The absent seats the other players may hand to a bot now (`TableRoom.check_absences`)."""
    ended: bool = False
    """Filed in the history before its game's end (its players ended it rather than wait): over, though
    its game is not, so nobody plays on at it."""
    rating_changes: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Seat -> (rating before, after) once a rated table is filed: the hub tells each player theirs, once."""

    @property
    def paused(self) -> bool:
        return self.unsaved is not None

    @property
    def state(self) -> str:
        if self.game is None:
            return "waiting"
        return "over" if self.game.is_over or self.ended else "playing"

    def seat_of(self, name: str) -> int | None:
        return self.names.index(name) if name in self.names else None

    def is_bot(self, seat: int) -> bool:
        return self.kinds[seat] != HUMAN

    def bot_level(self, seat: int) -> str:
        return self.kinds[seat][len(BOT_PREFIX) :]

    def bot_plays(self, seat: int) -> bool:
        """A bot moves for this seat: a bot's seat, or an absent player's a bot stands in for."""
        return self.is_bot(seat) or seat in self.absence.stand_ins

    def playing_level(self, seat: int) -> str:
        """The level of the bot that moves for `seat` (`bot_plays`)."""
        return self.absence.stand_ins.get(seat) or self.bot_level(seat)

    def online(self, seat: int) -> bool:
        return self.is_bot(seat) or seat in self.watchers.values()

    def open_seats(self) -> list[int]:
        return [i for i, name in enumerate(self.names) if name is None]

    def seat_infos(self, ratings: Sequence[int | None] = ()) -> tuple[SeatInfo, ...]:
        """Each seat for the lobby, with `ratings` (per seat, None for none) when given."""
        shown = list(ratings) or [None] * len(self.names)
        return tuple(
            SeatInfo(name, kind, self.online(i), shown[i], self.absence.stand_ins.get(i))
            for i, (name, kind) in enumerate(zip(self.names, self.kinds))
        )

    def info(self, viewer: str, ratings: Sequence[int | None] = ()) -> TableInfo:
        return TableInfo(
            id=self.id,
            state=self.state,
            game=self.module.name,
            variant=self.module.variant_to_dict(self.variant),
            seats=self.seat_infos(ratings),
            status=self.status(),
            mine=viewer in self.names,
            hints=self.hints,
            spectator_chat=self.spectator_chat,
            rated=self.rated,
            pace=self.pace,
            to_act=self.to_act(),
            since=self.turn_since,
        )

    def to_act(self) -> tuple[int, ...]:
        """The seats whose move it is (none before the deal, once over, or while paused)."""
        if self.game is None or self.game.is_over or self.paused:
            return ()
        return tuple(self.module.players_to_act(self.game))

    def your_move(self, name: str) -> bool:
        seat = self.seat_of(name)
        return seat is not None and seat in self.to_act()

    def record_message(self) -> dict[str, Any]:
        """A finished game for the replay viewer: its whole record (hands and deck
        included; the game is over, nothing is secret any more)."""
        game = self.game
        assert game is not None and game.is_over
        record = self.module.export_record(game)
        return {"t": RECORD, "table": self.id, "game": self.module.name, "title": self.title, "record": record}

    def status(self) -> str:
        game = self.game
        if game is None:
            missing = len(self.open_seats())
            return f"waiting for {missing} player{'s' if missing != 1 else ''}"
        return _(PAUSED_STATUS) if self.paused else self.module.status(game)

    def tags(self) -> tuple[str, ...]:
        """What the score track shows after each name: a bot's level, or 'away'."""
        return tuple(
            self.playing_level(seat) if self.bot_plays(seat) else ("" if self.online(seat) else "away")
            for seat in range(len(self.names))
        )

    def waiting_for(self) -> str | None:
        """Who the table waits for, as the game screen's status line says it (in the language of now:
        the hub makes it for each player in theirs)."""
        game = self.game
        if game is None or game.is_over:
            return None
        labels = []
        for seat in self.module.players_to_act(game):
            name = game.players[seat]
            if self.bot_plays(seat):
                level = self.playing_level(seat)
                labels.append(_("{name} ({level})").format(name=name, level=self.module.translate(level)))
            else:
                labels.append(name if self.online(seat) else _("{name} (away)").format(name=name))
        return _(", ").join(labels) or None


ChangeListener = Callable[[Table], None]


def table_options(table: Table) -> TableOptions:
    """What is kept beside `table`'s save of its creator's options (`table_options.py`)."""
    return TableOptions(table.hints, table.spectator_chat, table.rated, table.pace, table.move_limit, table.id)


def ended_table(path: Path, module: GameModule, game: Any, kinds: Sequence[str], number: int) -> FinishedTable:
    """What the store records of table `number`'s game, which its players ended before its end: unrated,
    nobody winning, the points as they stood."""
    scores = module.game_summary(game).scores
    seats = [FinishedSeat(name, kind, points, False) for name, kind, points in zip(game.players, kinds, scores)]
    return filed_table(path, module, game, False, seats, number)


def finished_table(
    path: Path, module: GameModule, game: Any, kinds: Sequence[str], rated: bool, number: int | None
) -> FinishedTable:
    """What the store records of table `number`'s game that ended, saved at `path` (to be filed in
    `finished/`)."""
    summary = module.game_summary(game)
    points = summary.totals if summary.totals is not None else summary.scores
    winners = set(module.winners(game))
    seats = []
    for seat, (name, kind) in enumerate(zip(game.players, kinds)):
        fixed = None if kind == HUMAN else float(module.bot_rating(kind[len(BOT_PREFIX) :]))
        seats.append(FinishedSeat(name, kind, points[seat], seat in winners, fixed))
    return filed_table(path, module, game, rated, seats, number)


def filed_table(
    path: Path, module: GameModule, game: Any, rated: bool, seats: Sequence[FinishedSeat], number: int | None
) -> FinishedTable:
    """The record of table `number`'s game saved at `path`, filed in `finished/` under the same name,
    ending now."""
    return FinishedTable(
        save=path.name,
        path=f"{TABLES_DIR}/{FINISHED_DIR}/{path.name}",
        game=module.name,
        variant=json.dumps(module.variant_to_dict(game.variant), sort_keys=True),
        rated=rated,
        ended=now_text(),
        seats=tuple(seats),
        number=number,
    )
