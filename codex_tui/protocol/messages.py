"""The hub protocol: every message between the server and an app process.

Each message is one msgpack map with a type in `t` (see `framing`). The app
sends requests and actions up; the hub sends the lobby and *its own seat's*
view down. Everything the hub receives is untrusted: the `parse_*` functions
turn it into typed requests or raise `ProtocolError`, and the hub never looks
at a field they did not check. docs/architecture.md lists the messages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.core.errors import RecordError
from codex_tui.i18n import LANGUAGES
from codex_tui.protocol.chat_line import ChatLine

HUB_ENV = "CODEX_TUI_HUB"
"""Where an app spawned by the server finds the hub socket."""
TOKEN_ENV = "CODEX_TUI_TOKEN"
"""The one-time pass of an app spawned by the server (it removes it once read)."""

PROTOCOL_VERSION = 2
"""The version of this protocol, which a HELLO names in `v` (2: the TABLE message is a `TableState`;
1 was the same protocol before it said its version). A hub refuses an app that speaks another version
with a BYE marked `refused`: an app and its hub must come from the same codex-tui."""

# app -> hub
HELLO = "hello"
"""{v, token} from an app the SSH server spawned, or {v, name} from `codex-tui join`; and {lang}: the
language the app starts in (its player's locale), which the hub uses unless the name chose one."""
CREATE = "create"
"""{game, seats: ["open" | "bot:<level>", ...] for the seats after yours, variant: {...}, seed?, hints?, rated?}.

`variant` is the game's `variant_to_dict` data. A request without `game` is for
the registry's default game; one without `variant` takes the variant's fields
from the top level (the shape before variants travelled whole). `hints` (true:
the players may ask for hints) is off when absent, as older clients send it; so is `rated` (its result
moves the players' ratings), which is refused beside hints or a seed; `pace` is LIVE when absent."""
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
LANGUAGE = "language"
"""{lang}: the player chose the language of their screens (remembered for the name)."""
SET_PASSPHRASE = "set_passphrase"
"""{passphrase}: the player's passphrase for the browser door (its salted hash is kept; see docs/web.md)."""
STAND_IN = "stand_in"
"""{seat, level}: the answer of a player at the table to the offer for an absent seat (the TABLE message's
`absent`): a bot of `level` plays that seat until its player is back, or (level null) wait longer."""
END_TABLE = "end_table"
"""{seat}: the third answer to the offer for an absent seat: the table ends where it stands, unrated."""
CHAT = "chat"
"""Up, {text}: a line for everyone at your table, or a command (`/mute NAME`, `/unmute NAME`, `/mute`).
Down, {table, lines: [[name, time, text, at], ...], all}: lines said at your table (`all`: every recent
line, replacing those you had; else new ones). See `codex_tui.server.chat`."""

# hub -> app
RECORD = "record"
"""{table, game, title, record}: a finished game's record (its JSON export), for the replay viewer."""
WELCOME = "welcome"
"""{name, lang}: who you are, and the language to draw in (the one chosen for the name, else the hello's)."""
LOBBY = "lobby"
"""{tables: [table info, ...]}."""
WAITING = "waiting"
"""{table: table info}: you sit at a table that waits for players."""
TABLE = "table"
"""{table, game, seat, view, tags, waiting_for, hints?, pace?, result?, paused?, absent?}: your seat's view of the
table's game (`hints`: whether its creator allowed hints; off when absent, as older servers send it; `pace`: LIVE
or TURNS, LIVE when absent, which sets the level hints ask; `paused`: the line to show while the server cannot
save the table, which takes no action meanwhile; `absent`: [[seat, name, seconds waited, reason], ...], the
absent seats you may hand to a bot ('away', or 'clock': their time ran out), with `levels`, the game's bot
levels; `clocks`: [[seat, seconds left, running], ...] at a table with a clock, the seconds as the message leaves
the hub; `bot_played`: [[seat, action number], ...], the moves a bot played for an absent player, which the
game's log marks)."""
NOTICE = "notice"
"""{text, level}: something to tell the player ("Bo left the table")."""
BYE = "bye"
"""{text, refused?}: the server is stopping (or, `refused`, will not talk to this app); the app quits
and shows the text."""

LIVE = "live"
"""A table's pace: everyone plays at the table, as at a real one."""
TURNS = "turns"
"""A table's pace: turn-based; players come and go, the lobby lists the tables where it is their move."""
PACES = (LIVE, TURNS)
MOVE_LIMITS = (120, 600, 3600, 86400, 259200)
"""The waits a table may give an absent player's move: 2 and 10 minutes, an hour, a day, three days."""
CLOCKS = ((5, 3), (10, 5), (20, 10))
"""The clocks a real-time table may have: (minutes per player, seconds added after each of their moves)."""
OPEN = "open"
"""A seat kind in a create request: a human seat for whoever joins."""
BOT_PREFIX = "bot:"
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,15}")
"""Player names: what an SSH user name may be here (1-16 characters)."""
MAX_TABLE_ID = 2**31


class ProtocolError(ValueError):
    """A message that is not what the protocol allows; the hub drops the peer."""


def valid_name(name: object) -> bool:
    return isinstance(name, str) and NAME_PATTERN.fullmatch(name) is not None


# ------------------------------------------------------------------ requests


@dataclass(frozen=True)
class CreateRequest:
    game: str
    """The registry name of the table's game."""
    others: tuple[str, ...]
    """Per seat after the creator's: OPEN or 'bot:<level>'."""
    variant: dict[str, Any]
    """The game's variant as `variant_to_dict` writes it."""
    seed: int | None
    hints: bool = False
    """Whether the players may ask for hints (`!`): the creator's choice, off unless chosen."""
    spectator_chat: bool = False
    """Whether spectators may write in the table's chat (they always read it); off unless chosen."""
    rated: bool = False
    """Whether its result moves the players' ratings; never with hints or a chosen seed (a known deal)."""
    pace: str = LIVE
    """LIVE (everyone at the table) or TURNS (turn-based: nobody needs to stay; the lobby shows your move)."""
    move_limit: int | None = None
    """Seconds an absent player's move waits before the others are offered a bot (one of MOVE_LIMITS);
    None: the pace's own (`server.absence`)."""
    clock: tuple[int, int] | None = None
    """A real-time table's clock: (minutes banked per player, seconds added after each move), one of
    CLOCKS; None: no clock."""


def _int_field(message: dict[str, Any], key: str, low: int, high: int) -> int:
    value = message.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"{key} must be a whole number from {low} to {high}")
    return value


def create_message(request: CreateRequest) -> dict[str, Any]:
    """The create message a client sends for `request`; `parse_create` reads it back."""
    message: dict[str, Any] = {
        "t": CREATE,
        "game": request.game,
        "seats": list(request.others),
        "variant": dict(request.variant),
    }
    if request.seed is not None:
        message["seed"] = request.seed
    if request.hints:
        message["hints"] = True
    if request.spectator_chat:
        message["spectator_chat"] = True
    if request.rated:
        message["rated"] = True
    if request.pace != LIVE:
        message["pace"] = request.pace
    if request.move_limit is not None:
        message["move_limit"] = request.move_limit
    if request.clock is not None:
        message["clock"] = list(request.clock)
    return message


def game_named(name: object) -> GameModule:
    """The registered game called `name`; ProtocolError if there is none."""
    try:
        return registry.game_named(name)
    except registry.UnknownGame:
        raise ProtocolError(f"game is one of {', '.join(registry.names())}") from None


def checked_variant(module: GameModule, data: object) -> dict[str, Any]:
    """`data` as the game's variant, unset fields at their defaults; ProtocolError names a bad field."""
    if not isinstance(data, dict):
        raise ProtocolError("variant must be a map")
    try:
        variant = module.variant_from_dict(module.variant_to_dict(module.default_variant()) | data)
    except RecordError as error:
        raise ProtocolError(str(error)[:200]) from None
    return module.variant_to_dict(variant)


def parse_create(message: dict[str, Any]) -> CreateRequest:
    """A create request checked against its game: seat count, bot levels, variant."""
    module = game_named(message.get("game", registry.unnamed_records_game()))
    seats = message.get("seats")
    low, high = module.min_players - 1, module.max_players - 1
    if not isinstance(seats, list) or not low <= len(seats) <= high:
        counts = str(module.min_players) if low == high else f"{module.min_players}-{module.max_players}"
        raise ProtocolError(f"a {module.title} table has {counts} seats")
    levels = set(module.bot_levels())
    others = []
    for kind in seats:
        if kind == OPEN or (isinstance(kind, str) and kind.startswith(BOT_PREFIX) and kind[4:] in levels):
            others.append(kind)
        else:
            raise ProtocolError(f"a seat is 'open' or a bot level, not {kind!r}"[:120])
    seed = message.get("seed")
    if seed is not None:
        seed = _int_field(message, "seed", 0, 2**63 - 1)
    hints = message.get("hints", False)
    if not isinstance(hints, bool):
        raise ProtocolError("hints must be true or false")
    spectator_chat = message.get("spectator_chat", False)
    if not isinstance(spectator_chat, bool):
        raise ProtocolError("spectator_chat must be true or false")
    rated = message.get("rated", False)
    if not isinstance(rated, bool):
        raise ProtocolError("rated must be true or false")
    if rated and (hints or seed is not None):
        raise ProtocolError("a rated table has no hints and no chosen seed")
    pace = message.get("pace", LIVE)
    if pace not in PACES:
        raise ProtocolError(f"pace is one of {', '.join(PACES)}")
    move_limit = message.get("move_limit")
    if move_limit is not None and (isinstance(move_limit, bool) or move_limit not in MOVE_LIMITS):
        raise ProtocolError(f"move_limit is one of {', '.join(map(str, MOVE_LIMITS))} seconds")
    clock = message.get("clock")
    if clock is not None:
        if not isinstance(clock, list) or tuple(clock) not in CLOCKS or pace != LIVE:
            raise ProtocolError("clock is one of [minutes, increment] the form offers, at a real-time table")
        clock = (int(clock[0]), int(clock[1]))
    if "variant" in message:
        variant = checked_variant(module, message["variant"])
    else:
        keys = [field.key for field in module.variant_fields()]
        variant = checked_variant(module, {key: message[key] for key in keys if key in message})
    return CreateRequest(
        module.name, tuple(others), variant, seed, hints, spectator_chat, rated, pace, move_limit, clock
    )


def parse_language(message: dict[str, Any]) -> str:
    """The language a LANGUAGE (or HELLO) message names; ProtocolError if we do not speak it."""
    code = message.get("lang")
    if not isinstance(code, str) or code not in LANGUAGES:
        raise ProtocolError(f"lang is one of {', '.join(LANGUAGES)}")
    return code


MAX_PASSPHRASE_FIELD = 1024
"""Characters of a passphrase the hub reads at all (the passphrase rules allow fewer)."""


def parse_passphrase(message: dict[str, Any]) -> str:
    """The passphrase of a SET_PASSPHRASE message (its length is checked by the passphrase rules)."""
    passphrase = message.get("passphrase")
    if not isinstance(passphrase, str) or len(passphrase) > MAX_PASSPHRASE_FIELD:
        raise ProtocolError("passphrase must be a short string")
    return passphrase


def parse_chat(message: dict[str, Any]) -> str:
    """The text of a CHAT request, as sent (the hub cleans and checks it: `codex_tui.server.chat`)."""
    text = message.get("text")
    if not isinstance(text, str):
        raise ProtocolError("chat text must be a string")
    return text


def chat_message(table: int, lines: list[ChatLine], replace: bool) -> dict[str, Any]:
    """The CHAT message down: `lines` said at `table` (`replace`: all recent ones)."""
    return {"t": CHAT, "table": table, "lines": [line.to_wire() for line in lines], "all": replace}


def chat_lines(message: dict[str, Any]) -> list[ChatLine]:
    """The lines of a CHAT message down; ProtocolError for a malformed one."""
    lines = message.get("lines")
    if not isinstance(lines, list):
        raise ProtocolError("chat lines must be a list")
    try:
        return [ChatLine.from_wire(line) for line in lines]
    except ValueError as error:
        raise ProtocolError(f"malformed chat line: {error}") from None


def parse_stand_in(message: dict[str, Any], levels: Any) -> tuple[int, str | None]:
    """(seat, level or None to wait) of a STAND_IN request; ProtocolError if malformed."""
    seat = _int_field(message, "seat", 0, 16)
    level = message.get("level")
    if level is not None and level not in levels:
        raise ProtocolError("level is one of the game's bot levels, or null to wait")
    return seat, level


def parse_table_id(message: dict[str, Any]) -> int:
    return _int_field(message, "table", 0, MAX_TABLE_ID)


def parse_action(message: dict[str, Any], game: str) -> Any:
    """An action of `game` (the table's), as its save files write them."""
    try:
        return game_named(game).action_from_dict(message.get("action"), "action")
    except (RecordError, TypeError, ValueError) as error:
        raise ProtocolError(str(error)[:200]) from None


def action_dict(action: Any, game: str) -> dict[str, Any]:
    """An action of `game` as its save files write it (the game's actions do not say whose they are)."""
    return registry.game_named(game).action_to_dict(action)


def act(action: Any, game: str) -> dict[str, Any]:
    return {"t": ACT, "action": action_dict(action, game)}


# ---------------------------------------------------------------- the lobby


@dataclass(frozen=True)
class SeatInfo:
    name: str | None
    """None for an open seat."""
    kind: str
    """'human' or 'bot:<level>'."""
    online: bool
    """A human with a connected app at this table (bots always are)."""
    rating: int | None = None
    """The seat's rating at the table's game (a bot's: its level's); None for an open seat, or from an
    older server."""
    stand_in: str | None = None
    """The level of a bot playing an absent player's seat until they are back; None when none does."""


def seat_from_wire(data: Any) -> SeatInfo:
    """A lobby seat from the hub: [name, kind, online] and, from a server that rates, the rating."""
    name, kind, online, *rest = data
    rating = rest[0] if rest else None
    if rating is not None and (not isinstance(rating, int) or isinstance(rating, bool)):
        raise ValueError("a seat's rating is a whole number")
    stand_in = rest[1] if len(rest) > 1 and isinstance(rest[1], str) else None
    return SeatInfo(None if name is None else str(name), str(kind), bool(online), rating, stand_in)


@dataclass(frozen=True)
class TableInfo:
    """One row of the lobby."""

    id: int
    state: str
    """'waiting' for players, 'playing' or 'over'."""
    game: str
    """The registry name of the table's game."""
    variant: dict[str, Any]
    """Its variant as `variant_to_dict` writes it."""
    seats: tuple[SeatInfo, ...]
    status: str
    """A few words, in the language of the player it is sent to: 'ada to place', 'bo won'
    (a waiting table's is made by the app from its open seats)."""
    mine: bool
    """The player who receives this sits at the table."""
    hints: bool = False
    """Its creator allowed hints (`!`); a row from an older server has no such field: off."""
    spectator_chat: bool = False
    """Its creator let spectators write in its chat; off when absent."""
    chat: tuple[ChatLine, ...] = ()
    """The last few chat lines, for the lobby's preview (those of names the viewer mutes left out)."""
    rated: bool = False
    """Its result moves its players' ratings; off when absent."""
    pace: str = LIVE
    """LIVE or TURNS; LIVE when absent."""
    to_act: tuple[int, ...] = ()
    """The seats whose move it is (a game under way)."""
    since: float = 0.0
    """When their move began (Unix time, the server's clock): the lobby's "your move · 3 h"."""

    @property
    def module(self) -> GameModule:
        return registry.game_named(self.game)

    @property
    def game_text(self) -> str:
        """The lobby's Game column, in the game's own words (its `variant_text`)."""
        module = self.module
        return module.variant_text(module.variant_from_dict(self.variant))

    def to_wire(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "state": self.state,
            "game": self.game,
            "variant": dict(self.variant),
            "seats": [[s.name, s.kind, s.online, s.rating, s.stand_in] for s in self.seats],
            "status": self.status,
            "mine": self.mine,
            "hints": self.hints,
            "spectator_chat": self.spectator_chat,
            "chat": [line.to_wire() for line in self.chat],
            "rated": self.rated,
            "pace": self.pace,
            "to_act": list(self.to_act),
            "since": self.since,
        }

    @classmethod
    def from_wire(cls, data: Any) -> TableInfo:
        """A lobby row from the hub; ProtocolError for an unknown game or a malformed field."""
        try:
            module = game_named(data.get("game", registry.unnamed_records_game()))
            return cls(
                id=int(data["id"]),
                state=str(data["state"]),
                game=module.name,
                variant=checked_variant(module, data["variant"]),
                seats=tuple(seat_from_wire(seat) for seat in data["seats"]),
                status=str(data["status"]),
                mine=bool(data["mine"]),
                hints=data.get("hints", False) is True,
                spectator_chat=data.get("spectator_chat", False) is True,
                chat=tuple(ChatLine.from_wire(line) for line in data.get("chat", ())),
                rated=data.get("rated", False) is True,
                pace=TURNS if data.get("pace") == TURNS else LIVE,
                to_act=tuple(int(seat) for seat in data.get("to_act", ())),
                since=float(data.get("since", 0.0)),
            )
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"malformed table: {error}") from None
