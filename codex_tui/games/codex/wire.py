"""Codex Naturalis views and results as plain data, for the hub protocol.

Only views cross process boundaries, never games: a player's process cannot
leak what it never received. That includes which cards other seats placed on
their back: the view names them by back id, and so does the wire. A play
area travels as its placements in order and is rebuilt on arrival with the
engine's own `PlayArea.place`, so the visible counts and open spots are the
engine's, not a copy that could drift.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from codex_tui.core.errors import RecordError as WireError
from codex_tui.games.codex.record import action_from_dict, action_to_dict
from codex_tui.games.codex.rules import CATALOG, LogEntry, PlayArea, Result, SeatView, Side, Symbol, Variant
from codex_tui.games.codex.rules.actions import Action
from codex_tui.games.codex.rules.cards import PlayableCard, StarterCard
from codex_tui.games.codex.rules.engine import PlacementMoves
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS, HiddenCard
from codex_tui.games.codex.rules.state import EndReason, Phase
from codex_tui.games.codex.rules.symbols import CardKind
from codex_tui.games.codex.rules.view import CardBack, PublicSeat


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


def result_to_wire(outcome: Result, secrets: tuple[int | None, ...]) -> dict[str, Any]:
    """The end-of-game summary. Sent only once the game is over, when every
    secret objective is turned face up and counted, as at a real table."""
    return {
        "end": outcome.end.value if outcome.end else None,
        "placement": list(outcome.placement_points),
        "objectives": [list(points) for points in outcome.objective_points],
        "totals": list(outcome.totals),
        "winners": list(outcome.winners),
        "tie_break": outcome.tie_break,
        "secrets": list(secrets),
    }


def result_from_wire(data: Any) -> tuple[Result, tuple[int | None, ...]]:
    try:
        outcome = Result(
            finished=True,
            end=EndReason(data["end"]) if data["end"] else None,
            placement_points=tuple(int(p) for p in data["placement"]),
            objective_points=tuple((int(a), int(b), int(c)) for a, b, c in data["objectives"]),
            totals=tuple(int(t) for t in data["totals"]),
            winners=tuple(int(w) for w in data["winners"]),
            tie_break=None if data["tie_break"] is None else str(data["tie_break"]),
        )
        secrets = tuple(None if s is None else int(s) for s in data["secrets"])
    except (KeyError, TypeError, ValueError) as error:
        raise WireError(f"malformed result: {error}") from None
    return outcome, secrets
