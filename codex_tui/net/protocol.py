"""The hub protocol: every message between the server and an app process.

Each message is one msgpack map with a type in `t` (see `framing`). The app
sends requests and actions up; the hub sends the lobby and *its own seat's*
view down. Everything the hub receives is untrusted: the `parse_*` functions
turn it into typed requests or raise `ProtocolError`, and the hub never looks
at a field they did not check. docs/architecture.md lists the messages.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from codex_tui.games.codex.record import RecordError, action_from_dict, action_to_dict
from codex_tui.games.codex.rules import Action
from codex_tui.games.codex.rules.state import MAX_PLAYERS, MAX_TARGET_SCORE, MIN_PLAYERS
from codex_tui.games.instinkt import record as instinkt_record
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.bots import instinkt_levels
from codex_tui.storage.saves import HUMAN

CODEX, INSTINKT = "codex-naturalis", "instinkt"  # storage names no game now (issue 14)
HUB_ENV = "CODEX_TUI_HUB"
"""Where an app spawned by the server finds the hub socket."""
TOKEN_ENV = "CODEX_TUI_TOKEN"
"""The one-time pass of an app spawned by the server (it removes it once read)."""

# app -> hub
HELLO = "hello"
"""{token} from an app the SSH server spawned, or {name} from `codex-tui join`."""
CREATE = "create"
"""{game?, seats: ["open" | "bot:<level>", ...] for the seats after yours, target_score | draft, seed?}."""
JOIN = "join"
"""{table}: take an open seat, or go back to yours."""
WATCH = "watch"
"""{table}: follow a table as a spectator."""
LEAVE = "leave"
"""Back to the lobby (a waiting table gives your seat up; a game keeps it)."""
ACT = "act"
"""{action}: an action of your seat, as in a save file of the table's game."""
REPLAY = "replay"
"""{table}: the whole record of a finished game, to replay it."""

# hub -> app
RECORD = "record"
"""{table, game, title, record}: a finished game's record (its JSON export), for the replay viewer."""
WELCOME = "welcome"
"""{name}: who you are."""
LOBBY = "lobby"
"""{tables: [table info, ...]}."""
WAITING = "waiting"
"""{table: table info}: you sit at a table that waits for players."""
TABLE = "table"
"""{table, game, seat, view, tags, waiting_for, result?}: your seat's view of the table's game."""
NOTICE = "notice"
"""{text, level}: something to tell the player ("Bo left the table")."""
BYE = "bye"
"""{text}: the server is stopping; the app quits and shows the text."""

OPEN = "open"
"""A seat kind in a create request: a human seat for whoever joins."""
BOT_PREFIX = "bot:"
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,15}")
"""Player names: what an SSH user name may be here (1-16 characters)."""
MAX_TABLE_ID = 2**31
GAMES = (CODEX, INSTINKT)
"""What a table may hold: the save file's `game` names. A create request
without `game` is for Codex Naturalis, as before Instinkt existed."""
INSTINKT_LEVELS = frozenset(instinkt_levels())

AnyAction = Action | instinkt.Action
INSTINKT_ACTIONS = (instinkt.Keep, instinkt.Choose, instinkt.Place, instinkt.Enter, instinkt.Move)
"""Instinkt's moves (its `Place` is not Codex's: which game an action is for matters)."""


class ProtocolError(ValueError):
    """A message that is not what the protocol allows; the hub drops the peer."""


def valid_name(name: object) -> bool:
    return isinstance(name, str) and NAME_PATTERN.fullmatch(name) is not None


# ------------------------------------------------------------------ requests


@dataclass(frozen=True)
class CreateRequest:
    others: tuple[str, ...]
    """Per seat after the creator's: OPEN or 'bot:<level>'."""
    target_score: int
    """Codex Naturalis only (0 at an Instinkt table)."""
    seed: int | None
    game: str = CODEX
    draft: bool = False
    """Instinkt only: draw 5 and keep 3 at the start."""


def _int_field(message: dict[str, Any], key: str, low: int, high: int) -> int:
    value = message.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"{key} must be a whole number from {low} to {high}")
    return value


def create_message(request: CreateRequest) -> dict[str, Any]:
    """The create message a client sends for `request`; `parse_create` reads it back."""
    message: dict[str, Any] = {"t": CREATE, "seats": list(request.others)}
    if request.game == INSTINKT:
        message |= {"game": INSTINKT, "draft": request.draft}
    else:
        message["target_score"] = request.target_score
    if request.seed is not None:
        message["seed"] = request.seed
    return message


def parse_create(
    message: dict[str, Any], levels: Collection[str], instinkt_levels: Collection[str] = INSTINKT_LEVELS
) -> CreateRequest:
    """`levels`: the Codex bot levels; an Instinkt table's bots have their own."""
    game = message.get("game", CODEX)
    if game not in GAMES:
        raise ProtocolError(f"game is one of {', '.join(GAMES)}")
    seats = message.get("seats")
    if game == INSTINKT:
        if not isinstance(seats, list) or len(seats) != 1:
            raise ProtocolError("an Instinkt table has 2 seats")
        allowed = instinkt_levels
    else:
        if not isinstance(seats, list) or not MIN_PLAYERS - 1 <= len(seats) <= MAX_PLAYERS - 1:
            raise ProtocolError(f"a table has {MIN_PLAYERS}-{MAX_PLAYERS} seats")
        allowed = levels
    others = []
    for kind in seats:
        if kind == OPEN or (isinstance(kind, str) and kind.startswith(BOT_PREFIX) and kind[4:] in allowed):
            others.append(kind)
        else:
            raise ProtocolError(f"a seat is 'open' or a bot level, not {kind!r}"[:120])
    seed = message.get("seed")
    if seed is not None:
        seed = _int_field(message, "seed", 0, 2**63 - 1)
    if game == INSTINKT:
        draft = message.get("draft", False)
        if not isinstance(draft, bool):
            raise ProtocolError("draft is true or false")
        return CreateRequest(tuple(others), 0, seed, game=INSTINKT, draft=draft)
    target = _int_field(message, "target_score", 1, MAX_TARGET_SCORE)
    return CreateRequest(tuple(others), target, seed)


def parse_table_id(message: dict[str, Any]) -> int:
    return _int_field(message, "table", 0, MAX_TABLE_ID)


def parse_action(message: dict[str, Any], game: str = CODEX) -> AnyAction:
    """An action of `game` (the table's), as its save files write them."""
    data = message.get("action")
    try:
        if game == INSTINKT:
            return instinkt_record.action_from_dict(data, "action")
        return action_from_dict(data, "action")
    except (RecordError, TypeError, ValueError) as error:
        raise ProtocolError(str(error)[:200]) from None


def action_dict(action: AnyAction) -> dict[str, Any]:
    """An action of either game as its save files write it."""
    if isinstance(action, INSTINKT_ACTIONS):
        return instinkt_record.action_to_dict(action)
    return action_to_dict(action)


def act(action: AnyAction) -> dict[str, Any]:
    return {"t": ACT, "action": action_dict(action)}


# ---------------------------------------------------------------- the lobby


@dataclass(frozen=True)
class SeatInfo:
    name: str | None
    """None for an open seat."""
    kind: str
    """'human' or 'bot:<level>'."""
    online: bool
    """A human with a connected app at this table (bots always are)."""

    @property
    def label(self) -> str:
        if self.name is None:
            return "(open)"
        if self.kind != HUMAN:
            return f"{self.name} ({self.kind[len(BOT_PREFIX) :]})"
        return self.name if self.online else f"{self.name} (away)"


@dataclass(frozen=True)
class TableInfo:
    """One row of the lobby."""

    id: int
    state: str
    """'waiting' for players, 'playing' or 'over'."""
    target_score: int
    """Codex Naturalis only (0 at an Instinkt table)."""
    seats: tuple[SeatInfo, ...]
    status: str
    """A few words: 'waiting for 1 player', 'ada to place', 'bo won'."""
    mine: bool
    """The player who receives this sits at the table."""
    game: str = CODEX
    draft: bool = False
    """Instinkt's draw-5-keep-3 variant."""

    @property
    def game_text(self) -> str:
        """The lobby's Game column: 'Codex to 20', 'Instinkt', 'Instinkt, draft'."""
        if self.game == INSTINKT:
            return "Instinkt, draft" if self.draft else "Instinkt"
        return f"Codex to {self.target_score}"

    def to_wire(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "state": self.state,
            "target_score": self.target_score,
            "seats": [[s.name, s.kind, s.online] for s in self.seats],
            "status": self.status,
            "mine": self.mine,
            "game": self.game,
            "draft": self.draft,
        }

    @classmethod
    def from_wire(cls, data: Any) -> TableInfo:
        try:
            return cls(
                id=int(data["id"]),
                state=str(data["state"]),
                target_score=int(data["target_score"]),
                seats=tuple(
                    SeatInfo(None if name is None else str(name), str(kind), bool(online))
                    for name, kind, online in data["seats"]
                ),
                status=str(data["status"]),
                mine=bool(data["mine"]),
                game=str(data.get("game", CODEX)),
                draft=bool(data.get("draft", False)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"malformed table: {error}") from None
