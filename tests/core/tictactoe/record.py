"""Tic-tac-toe's JSON record, its action and variant codecs, and its result as `check` prints it.

Every read goes through `codex_tui.core.recordfields`, so bad data is a
`RecordError` that says where it is, as in the real games' records.
"""

from __future__ import annotations

from typing import Any

from codex_tui.core.errors import RecordError
from codex_tui.core.recordfields import field, text, whole_number
from tests.core.tictactoe.rules import MAX_SIZE, MIN_SIZE, Game, Mark, Variant, replay, winners

RECORD_FORMAT = "tictactoe-record"
RECORD_VERSION = 1
MARKS = "XO"
"""How the result draws a seat's cells."""


def action_to_dict(action: Mark) -> dict[str, Any]:
    return {"type": "mark", "player": action.player, "cell": action.cell}


def action_from_dict(data: Any, where: str) -> Mark:
    if field(data, "type", where) != "mark":
        raise RecordError(f"{where}.type: expected 'mark'")
    return Mark(
        whole_number(field(data, "player", where), f"{where}.player"),
        whole_number(field(data, "cell", where), f"{where}.cell"),
    )


def actions_from_list(data: Any) -> tuple[Mark, ...]:
    if not isinstance(data, list):
        raise RecordError("actions: expected a list")
    return tuple(action_from_dict(item, f"actions[{index}]") for index, item in enumerate(data))


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    return {"board_size": variant.board_size, "misere": variant.misere}


def variant_from_dict(data: Any) -> Variant:
    size = whole_number(field(data, "board_size", "variant"), "variant.board_size")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise RecordError(f"variant.board_size: expected {MIN_SIZE} to {MAX_SIZE}, found {size}")
    misere = field(data, "misere", "variant")
    if not isinstance(misere, bool):
        raise RecordError("variant.misere: expected true or false")
    return Variant(board_size=size, misere=misere)


def players_from(data: Any) -> tuple[str, str]:
    if not isinstance(data, list) or len(data) != 2:
        raise RecordError("players: expected 2 names")
    return (text(data[0], "players[0]"), text(data[1], "players[1]"))


def seed_from(data: Any) -> int | None:
    return None if data is None else whole_number(data, "seed")


def export_record(game: Game) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "players": list(game.players),
        "seed": game.seed,
        "variant": variant_to_dict(game.variant),
        "first": game.first,
        "actions": [action_to_dict(action) for action in game.actions],
        "result": result_to_dict(game),
    }


def import_record(data: Any) -> Game:
    if field(data, "format", "record") != RECORD_FORMAT:
        raise RecordError(f"format: this is not a {RECORD_FORMAT}")
    if whole_number(field(data, "version", "record"), "version") != RECORD_VERSION:
        raise RecordError(f"version: only version {RECORD_VERSION} records are understood")
    return replay(
        players_from(field(data, "players", "record")),
        whole_number(field(data, "first", "record"), "first"),
        variant_from_dict(field(data, "variant", "record")),
        actions_from_list(field(data, "actions", "record")),
        seed_from(data.get("seed")),
    )


def board_rows(game: Game) -> list[str]:
    size = game.variant.board_size
    cells = ["." if owner is None else MARKS[owner] for owner in game.board]
    return ["".join(cells[row * size : (row + 1) * size]) for row in range(size)]


def result_to_dict(game: Game) -> dict[str, Any]:
    return {
        "finished": game.is_over,
        "winners": list(winners(game)) if game.is_over else None,
        "board": board_rows(game),
    }
