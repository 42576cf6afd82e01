"""The game record of ../shared/reference/record-format.md: export, import, check.

Import is strict and explains itself: every field is checked for type and
range before the setup is used, and the actions are replayed through the
engine, so a record that loads is a game the rules allow.
"""

from __future__ import annotations

import json
from typing import Any

from codex_tui.core.errors import RecordError
from codex_tui.core.recordfields import field, pair, text, whole_number, whole_numbers
from codex_tui.games.codex.rules import (
    Action,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    Game,
    Pass,
    Place,
    ReplayError,
    SeatSetup,
    Setup,
    SetupError,
    Side,
    Variant,
    replay,
    result,
)
from codex_tui.games.codex.rules.state import MAX_PLAYERS, MIN_PLAYERS

RECORD_FORMAT = "codex-naturalis-record"
RECORD_VERSION = 1


# ------------------------------------------------------------------ export


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, ChooseStarter):
        return {"type": "starter", "player": action.player, "side": action.side.value}
    if isinstance(action, ChooseObjective):
        return {"type": "objective", "player": action.player, "card": action.card}
    if isinstance(action, Place):
        return {
            "type": "place",
            "player": action.player,
            "card": action.card,
            "side": action.side.value,
            "x": action.x,
            "y": action.y,
        }
    if isinstance(action, Draw):
        data: dict[str, Any] = {"type": "draw", "player": action.player, "source": action.source.value}
        if action.source is DrawSource.MARKET:
            data["card"] = action.card
        return data
    return {"type": "pass", "player": action.player}


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    return {
        "resource_deck": list(setup.resource_deck),
        "gold_deck": list(setup.gold_deck),
        "market": {"resource": list(setup.market_resource), "gold": list(setup.market_gold)},
        "common_objectives": list(setup.common_objectives),
        "first_player": setup.first_player,
        "seats": [
            {
                "starter": seat.starter,
                "hand": list(seat.hand),
                "objective_choices": list(seat.objective_choices),
            }
            for seat in setup.seats
        ],
    }


def result_to_dict(game: Game) -> dict[str, Any]:
    outcome = result(game)
    return {
        "finished": outcome.finished,
        "end": outcome.end.value if outcome.end else None,
        "placement_points": list(outcome.placement_points),
        "objective_points": [list(points) for points in outcome.objective_points],
        "totals": list(outcome.totals),
        "winners": list(outcome.winners) if outcome.finished else None,
    }


def export_record(game: Game) -> dict[str, Any]:
    """The whole game as a record dict, `result` included."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "players": list(game.players),
        "target_score": game.variant.target_score,
        "setup": setup_to_dict(game.setup),
        "actions": [action_to_dict(action) for action in game.actions],
        "result": result_to_dict(game),
    }


def record_json(game: Game) -> str:
    return json.dumps(export_record(game), indent=2)


# ------------------------------------------------------------------ import


def setup_from_dict(data: Any) -> Setup:
    market = field(data, "market", "setup")
    seats_data = field(data, "seats", "setup")
    if not isinstance(seats_data, list):
        raise RecordError("setup.seats: expected a list")
    seats = []
    for index, seat in enumerate(seats_data):
        where = f"setup.seats[{index}]"
        seats.append(
            SeatSetup(
                starter=whole_number(field(seat, "starter", where), f"{where}.starter"),
                hand=whole_numbers(field(seat, "hand", where), f"{where}.hand", 3),
                objective_choices=pair(field(seat, "objective_choices", where), f"{where}.objective_choices"),
            )
        )
    return Setup(
        resource_deck=whole_numbers(field(data, "resource_deck", "setup"), "setup.resource_deck"),
        gold_deck=whole_numbers(field(data, "gold_deck", "setup"), "setup.gold_deck"),
        market_resource=pair(field(market, "resource", "setup.market"), "setup.market.resource"),
        market_gold=pair(field(market, "gold", "setup.market"), "setup.market.gold"),
        common_objectives=pair(field(data, "common_objectives", "setup"), "setup.common_objectives"),
        first_player=whole_number(field(data, "first_player", "setup"), "setup.first_player"),
        seats=tuple(seats),
    )


def _side(value: Any, where: str) -> Side:
    try:
        return Side(value)
    except ValueError:
        raise RecordError(f"{where}: side must be 'front' or 'back', not {value!r}") from None


def action_from_dict(data: Any, where: str) -> Action:
    kind = text(field(data, "type", where), f"{where}.type")
    player = whole_number(field(data, "player", where), f"{where}.player")
    if kind == "starter":
        return ChooseStarter(player, _side(field(data, "side", where), f"{where}.side"))
    if kind == "objective":
        return ChooseObjective(player, whole_number(field(data, "card", where), f"{where}.card"))
    if kind == "place":
        return Place(
            player,
            whole_number(field(data, "card", where), f"{where}.card"),
            _side(field(data, "side", where), f"{where}.side"),
            whole_number(field(data, "x", where), f"{where}.x"),
            whole_number(field(data, "y", where), f"{where}.y"),
        )
    if kind == "draw":
        source_text = text(field(data, "source", where), f"{where}.source")
        try:
            source = DrawSource(source_text)
        except ValueError:
            raise RecordError(
                f"{where}.source: must be market, resource_deck or gold_deck, not {source_text!r}"
            ) from None
        card = whole_number(field(data, "card", where), f"{where}.card") if source is DrawSource.MARKET else None
        return Draw(player, source, card)
    if kind == "pass":
        return Pass(player)
    raise RecordError(f"{where}.type: unknown action type {kind!r}")


def actions_from_list(data: Any, where: str = "actions") -> list[Action]:
    if not isinstance(data, list):
        raise RecordError(f"{where}: expected a list of actions")
    return [action_from_dict(item, f"{where}[{i}]") for i, item in enumerate(data)]


def players_from_list(data: Any) -> tuple[str, ...]:
    if not isinstance(data, list) or not MIN_PLAYERS <= len(data) <= MAX_PLAYERS:
        raise RecordError(f"players: expected a list of {MIN_PLAYERS}-{MAX_PLAYERS} names")
    return tuple(text(name, f"players[{i}]") for i, name in enumerate(data))


def import_record(data: Any) -> Game:
    """Rebuild the game a record describes (its `result` is ignored).

    Raises RecordError for a malformed record (SetupError for an impossible
    deal) and ReplayError, with the action's index, for an illegal action.
    """
    if field(data, "format", "record") != RECORD_FORMAT:
        raise RecordError(f"format: this is not a {RECORD_FORMAT} (found {data.get('format')!r})")
    version = whole_number(field(data, "version", "record"), "version")
    if version != RECORD_VERSION:
        raise RecordError(f"version: only version {RECORD_VERSION} records are understood, not {version}")
    players = players_from_list(field(data, "players", "record"))
    target = whole_number(field(data, "target_score", "record"), "target_score")
    setup = setup_from_dict(field(data, "setup", "record"))
    actions = actions_from_list(field(data, "actions", "record"))
    return replay(players, setup, Variant(target_score=target), actions)


__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "ReplayError",
    "SetupError",
    "action_from_dict",
    "action_to_dict",
    "export_record",
    "import_record",
    "record_json",
    "result_to_dict",
    "setup_from_dict",
    "setup_to_dict",
]
