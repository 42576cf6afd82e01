"""Seat views as plain data, for the socket between a table and a player's app.

Only views cross process boundaries, never games: a player's process cannot
leak what it never received. That includes which cards other seats placed on
their back: the view names them by back id, and so does the wire. A play
area travels as its placements in order and is rebuilt on arrival with the
engine's own `PlayArea.place`, so the visible counts and open spots are the
engine's, not a copy that could drift.

An Instinkt view is small and travels as it is: the grid as [x, y, owner,
animal] rows, cards as animal names, the log as `instinkt.view` redacted it
(the other's unrevealed pick and kept cards are placeholders, their draws
are None). Nothing is added here that the view did not hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import instinkt
from ..instinkt import record as instinkt_record
from ..instinkt.animals import Animal
from ..instinkt.state import Cell, Piece
from ..instinkt.state import LogEntry as InstinktEntry
from ..rules import CATALOG, LogEntry, PlayArea, SeatView, Side, Symbol, Variant
from ..rules.actions import Action
from ..rules.cards import PlayableCard, StarterCard
from ..rules.engine import PlacementMoves
from ..rules.hidden import HIDDEN_CARDS, HiddenCard
from ..rules.state import EndReason, Phase
from ..rules.symbols import CardKind
from ..rules.view import CardBack, PublicSeat
from ..storage.record import action_from_dict, action_to_dict


class WireError(ValueError):
    """A message that does not decode into a valid view."""


def encode_area(area: PlayArea) -> list[list[Any]]:
    """[x, y, card, side] per card, in the order they were placed."""
    ordered = sorted(area.cards.items(), key=lambda item: item[1].order)
    return [[x, y, placed.card, placed.side.value] for (x, y), placed in ordered]


def _area_card(card_id: int) -> PlayableCard | StarterCard | HiddenCard:
    """A card that can lie in a play area: a catalog card, or one known only by its back."""
    if card_id in HIDDEN_CARDS:
        return HIDDEN_CARDS[card_id]
    card = CATALOG.card(card_id)
    if not isinstance(card, (PlayableCard, StarterCard)):
        raise WireError(f"card {card_id} cannot lie in a play area")
    return card


def decode_area(data: Sequence[Sequence[Any]]) -> PlayArea:
    """The inverse of `encode_area`; another seat's back travels as its back id (`rules.hidden`)."""
    area = PlayArea.empty()
    for x, y, card_id, side_text in data:
        card = _area_card(int(card_id))
        side = Side(side_text)
        area = area.place(card.id, side, card.face(side), (int(x), int(y))).area
    return area


def encode_entry(entry: LogEntry) -> dict[str, Any]:
    return {
        "action": action_to_dict(entry.action),
        "points": entry.points,
        "covered": [list(pos) for pos in entry.covered],
        "drawn": entry.drawn,
        "refill": entry.refill,
        "end": entry.end.value if entry.end else None,
    }


def decode_entry(data: dict[str, Any]) -> LogEntry:
    return LogEntry(
        action=action_from_dict(data["action"], "log"),
        points=int(data["points"]),
        covered=tuple((int(x), int(y)) for x, y in data["covered"]),
        drawn=data["drawn"],
        refill=data["refill"],
        end=EndReason(data["end"]) if data["end"] else None,
    )


def encode_legal(actions: Sequence[Action]) -> dict[str, Any]:
    if isinstance(actions, PlacementMoves):
        return {
            "player": actions.player,
            "options": [[card, side.value] for card, side in actions.options],
            "spots": [list(spot) for spot in actions.spots],
        }
    return {"actions": [action_to_dict(action) for action in actions]}


def decode_legal(data: dict[str, Any]) -> Sequence[Action]:
    if "options" in data:
        options = tuple((int(card), Side(side)) for card, side in data["options"])
        spots = frozenset((int(x), int(y)) for x, y in data["spots"])
        return PlacementMoves(int(data["player"]), options, spots)
    return tuple(action_from_dict(item, "legal") for item in data["actions"])


def encode_view(view: SeatView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "target_score": view.variant.target_score,
        "phase": view.phase.value,
        "current": view.current,
        "first_player": view.first_player,
        "end": view.end.value if view.end else None,
        "turns_left": view.turns_left,
        "seats": [
            {
                "name": seat.name,
                "score": seat.score,
                "area": encode_area(seat.area),
                "starter": seat.starter,
                "starter_side": seat.starter_side.value if seat.starter_side else None,
                "hand_backs": [[back.kind.value, int(back.kingdom)] for back in seat.hand_backs],
                "has_secret": seat.has_secret,
            }
            for seat in view.seats
        ],
        "hand": list(view.hand),
        "secret": view.secret,
        "objective_choices": list(view.objective_choices),
        "market": list(view.market),
        "resource_deck_size": view.resource_deck_size,
        "gold_deck_size": view.gold_deck_size,
        "resource_deck_top": None if view.resource_deck_top is None else int(view.resource_deck_top),
        "gold_deck_top": None if view.gold_deck_top is None else int(view.gold_deck_top),
        "common_objectives": list(view.common_objectives),
        "log": [encode_entry(entry) for entry in view.log],
        "legal": encode_legal(view.legal_actions),
    }


def _symbol(value: Any) -> Symbol | None:
    return None if value is None else Symbol(int(value))


def decode_view(data: dict[str, Any]) -> SeatView:
    """Rebuild a SeatView; any malformed field raises WireError."""
    try:
        seats = tuple(
            PublicSeat(
                name=str(seat["name"]),
                score=int(seat["score"]),
                area=decode_area(seat["area"]),
                starter=int(seat["starter"]),
                starter_side=Side(seat["starter_side"]) if seat["starter_side"] else None,
                hand_backs=tuple(CardBack(CardKind(kind), Symbol(int(k))) for kind, k in seat["hand_backs"]),
                has_secret=bool(seat["has_secret"]),
            )
            for seat in data["seats"]
        )
        first, second = data["common_objectives"]
        return SeatView(
            seat=int(data["seat"]),
            variant=Variant(target_score=int(data["target_score"])),
            phase=Phase(data["phase"]),
            current=int(data["current"]),
            first_player=int(data["first_player"]),
            end=EndReason(data["end"]) if data["end"] else None,
            turns_left=data["turns_left"],
            seats=seats,
            hand=tuple(int(c) for c in data["hand"]),
            secret=data["secret"],
            objective_choices=tuple(int(c) for c in data["objective_choices"]),
            market=tuple(None if c is None else int(c) for c in data["market"]),
            resource_deck_size=int(data["resource_deck_size"]),
            gold_deck_size=int(data["gold_deck_size"]),
            resource_deck_top=_symbol(data["resource_deck_top"]),
            gold_deck_top=_symbol(data["gold_deck_top"]),
            common_objectives=(int(first), int(second)),
            log=tuple(decode_entry(entry) for entry in data["log"]),
            legal_actions=decode_legal(data["legal"]),
        )
    except WireError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise WireError(f"malformed view: {type(error).__name__}: {error}") from None


# ------------------------------------------------------------------ Instinkt


def _name(animal: Animal | None) -> str | None:
    return None if animal is None else instinkt_record.animal_name(animal)


def _animal(value: Any) -> Animal:
    return instinkt_record.animal_from(value, "view")


def _maybe(value: Any) -> Animal | None:
    return None if value is None else _animal(value)


def _two(values: Any) -> tuple[Any, Any]:
    """Exactly two items (one per player), or ValueError."""
    first, second = values
    return (first, second)


def encode_instinkt_entry(entry: InstinktEntry) -> dict[str, Any]:
    return {
        "action": instinkt_record.action_to_dict(entry.action),
        "revealed": None if entry.revealed is None else [_name(card) for card in entry.revealed],
        "snake": entry.snake,
        "moved": [[*source, *target] for source, target in entry.moved],
        "token_passed": entry.token_passed,
        "drew": None if entry.drew is None else [_name(card) for card in entry.drew],
    }


def decode_instinkt_entry(data: dict[str, Any]) -> InstinktEntry:
    revealed, drew = data["revealed"], data["drew"]
    return InstinktEntry(
        action=instinkt_record.action_from_dict(data["action"], "log"),
        revealed=None if revealed is None else _two(_animal(card) for card in _two(revealed)),
        snake=bool(data["snake"]),
        moved=tuple(((int(a), int(b)), (int(c), int(d))) for a, b, c, d in data["moved"]),
        token_passed=bool(data["token_passed"]),
        drew=None if drew is None else _two(_maybe(card) for card in _two(drew)),
    )


def encode_instinkt_view(view: instinkt.SeatView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "players": list(view.players),
        "phase": view.phase.value,
        "round": view.round,
        "grid": [[x, y, piece.owner, _name(piece.animal)] for (x, y), piece in view.grid.items()],
        "token": view.token,
        "order": list(view.order),
        "hand": [_name(card) for card in view.hand],
        "chosen": _name(view.chosen),
        "revealed": [_name(card) for card in view.revealed],
        "has_chosen": list(view.has_chosen),
        "hand_sizes": list(view.hand_sizes),
        "pile_sizes": list(view.pile_sizes),
        "log": [encode_instinkt_entry(entry) for entry in view.log],
        "legal": [instinkt_record.action_to_dict(action) for action in view.legal_actions],
    }


def _seat_index(value: Any) -> int:
    seat = int(value)
    if seat not in (0, 1, instinkt.SPECTATOR):
        raise ValueError(f"seat {seat} is not a seat of a 2-player game")
    return seat


def decode_instinkt_view(data: dict[str, Any]) -> instinkt.SeatView:
    """Rebuild an Instinkt SeatView; any malformed field raises WireError."""
    try:
        grid: dict[Cell, Piece] = {}
        for x, y, owner, animal in data["grid"]:
            grid[(int(x), int(y))] = Piece(_seat_index(owner), _animal(animal))
        players = _two(str(name) for name in data["players"])
        return instinkt.SeatView(
            seat=_seat_index(data["seat"]),
            players=players,
            phase=instinkt.Phase(data["phase"]),
            round=int(data["round"]),
            grid=grid,
            token=_seat_index(data["token"]),
            order=tuple(_seat_index(seat) for seat in data["order"]),
            hand=tuple(_animal(card) for card in data["hand"]),
            chosen=_maybe(data["chosen"]),
            revealed=_two(_maybe(card) for card in _two(data["revealed"])),
            has_chosen=_two(bool(chose) for chose in _two(data["has_chosen"])),
            hand_sizes=_two(int(size) for size in _two(data["hand_sizes"])),
            pile_sizes=_two(int(size) for size in _two(data["pile_sizes"])),
            log=tuple(decode_instinkt_entry(entry) for entry in data["log"]),
            legal_actions=tuple(instinkt_record.action_from_dict(item, "legal") for item in data["legal"]),
        )
    except (KeyError, TypeError, ValueError) as error:  # RecordError is a ValueError
        raise WireError(f"malformed view: {type(error).__name__}: {error}") from None


__all__ = ["WireError", "decode_instinkt_view", "decode_view", "encode_instinkt_view", "encode_view"]
