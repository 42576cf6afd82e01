"""Tic-tac-toe views and results as plain data for the hub protocol (msgpack)."""

from __future__ import annotations

from typing import Any

from codex_tui.core.errors import RecordError
from codex_tui.core.recordfields import field, whole_number
from tests.core.tictactoe.record import (
    action_to_dict,
    actions_from_list,
    players_from,
    variant_from_dict,
    variant_to_dict,
)
from tests.core.tictactoe.rules import Game, SeatView, winners


def encode_view(view: SeatView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "players": list(view.players),
        "variant": variant_to_dict(view.variant),
        "first": view.first,
        "board": [-1 if owner is None else owner for owner in view.board],
        "actions": [action_to_dict(action) for action in view.actions],
        "legal": [action_to_dict(action) for action in view.legal_actions],
    }


def _cell(value: Any, where: str) -> int | None:
    owner = whole_number(value, where)
    if owner not in (-1, 0, 1):
        raise RecordError(f"{where}: expected -1, 0 or 1, found {owner}")
    return None if owner == -1 else owner


def decode_view(data: Any) -> SeatView:
    board = field(data, "board", "view")
    if not isinstance(board, list):
        raise RecordError("view.board: expected a list")
    return SeatView(
        seat=whole_number(field(data, "seat", "view"), "view.seat"),
        players=players_from(field(data, "players", "view")),
        variant=variant_from_dict(field(data, "variant", "view")),
        first=whole_number(field(data, "first", "view"), "view.first"),
        board=tuple(_cell(value, f"view.board[{i}]") for i, value in enumerate(board)),
        actions=actions_from_list(field(data, "actions", "view")),
        legal_actions=actions_from_list(field(data, "legal", "view")),
    )


def result_to_wire(game: Game) -> dict[str, Any]:
    return {"winners": list(winners(game))}


def result_from_wire(data: Any) -> tuple[int, ...]:
    found = field(data, "winners", "result")
    if not isinstance(found, list):
        raise RecordError("result.winners: expected a list")
    return tuple(whole_number(seat, f"result.winners[{i}]") for i, seat in enumerate(found))
