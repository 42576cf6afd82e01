"""The games a server's tables hold, each behind the few functions a table needs.

A table, the hub and a bot worker never branch on the game themselves: they
ask the table's `TableGame` to deal, apply, make a seat's view, put that view
on the wire and say how the game stands. Each function is the game's own
engine (or its save format's), so a rule is decided in one place only. The
names are those of the save file's `game` field, so a resumed save knows its
table's game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from codex_tui.games.codex import record as codex_record
from codex_tui.games.codex import rules
from codex_tui.games.codex import wire as codex_wire
from codex_tui.games.codex.bots import bot_levels, make_bot
from codex_tui.games.codex.wire import decode_view, encode_view
from codex_tui.games.instinkt import record as instinkt_record
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt import wire as instinkt_wire
from codex_tui.games.instinkt.bots import instinkt_levels, make_instinkt_bot
from codex_tui.games.instinkt.rules.engine import legal_actions_for as instinkt_legal_actions_for
from codex_tui.games.instinkt.wire import decode_view as decode_instinkt_view
from codex_tui.games.instinkt.wire import encode_view as encode_instinkt_view

CODEX, INSTINKT = "codex-naturalis", "instinkt"  # storage names no game now (issue 14)
ILLEGAL: tuple[type[Exception], ...] = (rules.IllegalAction, instinkt.IllegalAction)
"""What either engine raises for a move the rules refuse (shown to the player)."""


@dataclass(frozen=True)
class TableGame:
    name: str
    """The save file's `game` field: 'codex-naturalis' or 'instinkt'."""
    apply: Callable[[Any, Any], Any]
    players_to_act: Callable[[Any], tuple[int, ...]]
    view: Callable[[Any, int], Any]
    legal_actions_for: Callable[[Any, int], Sequence[Any]]
    encode_view: Callable[[Any], dict[str, Any]]
    decode_view: Callable[[dict[str, Any]], Any]
    action_to_dict: Callable[[Any], dict[str, Any]]
    action_from_dict: Callable[[Any], Any]
    """Raises ValueError (the save format's RecordError) for a malformed action."""
    status: Callable[[Any], str]
    """A few words for the lobby once the game has started: 'ada to place', 'bo won'."""
    result_to_wire: Callable[[Any], dict[str, Any]]
    """What the end screen needs, sent once the game is over."""
    levels: Callable[[], Collection[str]]
    make_bot: Callable[[str, int], Callable[[Any], Any]]
    """A bot of this level and seed: a seat's view in, an action out."""


def won(players: Sequence[str], winners: Sequence[int]) -> str:
    names = " and ".join(players[i] for i in winners)
    return f"{names} won" if len(winners) == 1 else f"{names} shared the win"


# ------------------------------------------------------------ Codex Naturalis


def _codex_status(game: rules.Game) -> str:
    if game.is_over:
        return won(game.players, rules.result(game).winners)
    if game.phase is rules.Phase.SETUP:
        return "set-up"
    doing = "place" if game.phase is rules.Phase.PLACE else "draw"
    return f"{game.players[game.current]} to {doing}"


def _codex_result(game: rules.Game) -> dict[str, Any]:
    return codex_wire.result_to_wire(rules.result(game), tuple(seat.secret for seat in game.seats))


def _codex_bot(level: str, seed: int) -> Callable[[Any], Any]:
    return make_bot(level, seed).choose


CODEX_GAME = TableGame(
    name=CODEX,
    apply=rules.apply,
    players_to_act=rules.players_to_act,
    view=rules.view,
    legal_actions_for=rules.legal_actions_for,
    encode_view=encode_view,
    decode_view=decode_view,
    action_to_dict=codex_record.action_to_dict,
    action_from_dict=lambda data: codex_record.action_from_dict(data, "action"),
    status=_codex_status,
    result_to_wire=_codex_result,
    levels=lambda: tuple(bot_levels()),
    make_bot=_codex_bot,
)


# ------------------------------------------------------------------ Instinkt


def _instinkt_status(game: instinkt.Game) -> str:
    if game.is_over:
        return won(game.players, instinkt.result(game).winners)
    if game.phase is instinkt.Phase.KEEP:
        return "keeping cards"
    if game.phase is instinkt.Phase.CHOOSE:
        return f"round {game.round}: choosing"
    current = game.current
    assert current is not None
    doing = "move a card" if game.phase is instinkt.Phase.MOVE else "place"
    return f"{game.players[current]} to {doing}"


INSTINKT_GAME = TableGame(
    name=INSTINKT,
    apply=instinkt.apply,
    players_to_act=instinkt.players_to_act,
    view=instinkt.view,
    legal_actions_for=instinkt_legal_actions_for,
    encode_view=encode_instinkt_view,
    decode_view=decode_instinkt_view,
    action_to_dict=instinkt_record.action_to_dict,
    action_from_dict=lambda data: instinkt_record.action_from_dict(data, "action"),
    status=_instinkt_status,
    result_to_wire=lambda game: instinkt_wire.result_to_wire(instinkt.result(game)),
    levels=instinkt_levels,
    make_bot=make_instinkt_bot,
)

TABLE_GAMES = {CODEX: CODEX_GAME, INSTINKT: INSTINKT_GAME}


def table_game(name: str) -> TableGame:
    """The game called `name`; KeyError for a name this server does not know."""
    return TABLE_GAMES[name]


def deal(name: str, players: tuple[str, ...], seed: int, target_score: int, draft: bool) -> Any:
    """A new game: Codex to `target_score`, or Instinkt with or without the draft."""
    if name == INSTINKT:
        return instinkt.new_game(players, seed, instinkt.Variant(draft=draft))
    return rules.new_game(players, seed, rules.Variant(target_score=target_score))
