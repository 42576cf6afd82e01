"""The Instinkt game record (JSON): export, import and check, as docs/instinkt-record.md describes.

Like the Codex record, it holds the deal (both piles in order, the token's
first holder) and every action, so that anyone can replay and check a game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from codex_tui.core.errors import RecordError
from codex_tui.core.recordfields import field, pair, whole_number
from codex_tui.games.instinkt.rules.actions import Action, Axis, Choose, End, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.engine import replay
from codex_tui.games.instinkt.rules.scoring import result, score_cards
from codex_tui.games.instinkt.rules.state import Game, Setup, Variant

RECORD_FORMAT = "instinkt-record"
RECORD_VERSION = 1


def animal_name(animal: Animal) -> str:
    return animal.name.lower()


def animal_from(value: Any, where: str) -> Animal:
    if not isinstance(value, str) or value.upper() not in Animal.__members__:
        names = ", ".join(a.name.lower() for a in Animal)
        raise RecordError(f"{where}: {value!r} is not an animal ({names})")
    return Animal[value.upper()]


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Keep):
        return {"type": "keep", "player": action.player, "cards": [animal_name(a) for a in action.cards]}
    if isinstance(action, Choose):
        return {"type": "choose", "player": action.player, "card": animal_name(action.card)}
    if isinstance(action, Place):
        return {"type": "place", "player": action.player, "x": action.x, "y": action.y}
    if isinstance(action, Enter):
        return {
            "type": "deer",
            "player": action.player,
            "axis": action.axis.value,
            "index": action.index,
            "end": action.end.value,
        }
    return {
        "type": "move",
        "player": action.player,
        "from": [action.from_x, action.from_y],
        "to": [action.to_x, action.to_y],
    }


def action_from_dict(data: Any, where: str) -> Action:
    kind = field(data, "type", where)
    player = whole_number(field(data, "player", where), f"{where}.player")
    if kind == "keep":
        cards = field(data, "cards", where)
        if not isinstance(cards, list) or len(cards) != 3:
            raise RecordError(f"{where}.cards: expected 3 animals")
        a, b, c = (animal_from(card, f"{where}.cards") for card in cards)
        return Keep(player, (a, b, c))
    if kind == "choose":
        return Choose(player, animal_from(field(data, "card", where), f"{where}.card"))
    if kind == "place":
        return Place(
            player,
            whole_number(field(data, "x", where), f"{where}.x"),
            whole_number(field(data, "y", where), f"{where}.y"),
        )
    if kind == "deer":
        try:
            axis = Axis(field(data, "axis", where))
            end = End(field(data, "end", where))
        except ValueError:
            raise RecordError(f"{where}: axis is row or column, end is start or end") from None
        return Enter(player, axis, whole_number(field(data, "index", where), f"{where}.index"), end)
    if kind == "move":
        source = pair(field(data, "from", where), f"{where}.from")
        target = pair(field(data, "to", where), f"{where}.to")
        return Move(player, *source, *target)
    raise RecordError(f"{where}.type: unknown action type {kind!r}")


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    return {"piles": [[animal_name(a) for a in pile] for pile in setup.piles], "token": setup.token}


def setup_from_dict(data: Any) -> Setup:
    piles = field(data, "piles", "setup")
    if not isinstance(piles, list) or len(piles) != 2 or not all(isinstance(p, list) for p in piles):
        raise RecordError("setup.piles: expected two lists of animals, black's then white's")
    black, white = (tuple(animal_from(a, f"setup.piles[{i}]") for a in pile) for i, pile in enumerate(piles))
    return Setup(piles=(black, white), token=whole_number(field(data, "token", "setup"), "setup.token"))


def result_to_dict(game: Game) -> dict[str, Any]:
    outcome = result(game)
    return {
        "finished": outcome.finished,
        "points": list(outcome.points),
        "scoring_cards": list(outcome.scoring_cards),
        "hand_sums": list(outcome.hand_sums),
        "winners": list(outcome.winners) if outcome.finished else None,
        "tie_break": outcome.tie_break,
        "cards": [
            {"x": s.cell[0], "y": s.cell[1], "player": s.owner, "card": animal_name(s.animal), "points": s.points}
            for s in score_cards(game)
        ]
        if outcome.finished
        else [],
    }


def export_record(game: Game) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "players": list(game.players),
        "variant": {"draft": game.variant.draft},
        "setup": setup_to_dict(game.setup),
        "actions": [action_to_dict(a) for a in game.actions],
        "result": result_to_dict(game),
    }


def record_json(game: Game) -> str:
    return json.dumps(export_record(game), indent=2)


def actions_from_list(data: Any) -> list[Action]:
    if not isinstance(data, list):
        raise RecordError("actions: expected a list")
    return [action_from_dict(item, f"actions[{i}]") for i, item in enumerate(data)]


def players_from(data: Any) -> tuple[str, str]:
    if not isinstance(data, Sequence) or isinstance(data, str) or len(data) != 2:
        raise RecordError("players: expected 2 names")
    if not all(isinstance(name, str) for name in data):
        raise RecordError("players: names are text")
    return (data[0], data[1])


def variant_from(data: Any) -> Variant:
    draft = field(data, "draft", "variant")
    if not isinstance(draft, bool):
        raise RecordError("variant.draft: expected true or false")
    return Variant(draft=draft)


def import_record(data: Any) -> Game:
    """Rebuild a recorded game. RecordError / SetupError for bad data, ReplayError for an illegal action."""
    if field(data, "format", "record") != RECORD_FORMAT:
        raise RecordError(f"format: this is not an {RECORD_FORMAT}")
    if whole_number(field(data, "version", "record"), "version") != RECORD_VERSION:
        raise RecordError(f"version: only version {RECORD_VERSION} records are understood")
    return replay(
        players_from(field(data, "players", "record")),
        setup_from_dict(field(data, "setup", "record")),
        variant_from(field(data, "variant", "record")),
        actions_from_list(field(data, "actions", "record")),
    )
