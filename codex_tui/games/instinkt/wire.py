"""Instinkt views and results as plain data, for the hub protocol.

An Instinkt view is small and travels as it is: the grid as [x, y, owner,
animal] rows, cards as animal names, the log as `instinkt.view` redacted it
(the other's unrevealed pick and kept cards are placeholders, their draws
are None). Nothing is added here that the view did not hold.
"""

from __future__ import annotations

from typing import Any

from codex_tui.core.errors import RecordError as WireError
from codex_tui.games.instinkt import record as instinkt_record
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.state import Cell, Piece
from codex_tui.games.instinkt.rules.state import LogEntry as InstinktEntry


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


def encode_entry(entry: InstinktEntry) -> dict[str, Any]:
    return {
        "action": instinkt_record.action_to_dict(entry.action),
        "revealed": None if entry.revealed is None else [_name(card) for card in entry.revealed],
        "snake": entry.snake,
        "moved": [[*source, *target] for source, target in entry.moved],
        "token_passed": entry.token_passed,
        "drew": None if entry.drew is None else [_name(card) for card in entry.drew],
    }


def decode_entry(data: dict[str, Any]) -> InstinktEntry:
    revealed, drew = data["revealed"], data["drew"]
    return InstinktEntry(
        action=instinkt_record.action_from_dict(data["action"], "log"),
        revealed=None if revealed is None else _two(_animal(card) for card in _two(revealed)),
        snake=bool(data["snake"]),
        moved=tuple(((int(a), int(b)), (int(c), int(d))) for a, b, c, d in data["moved"]),
        token_passed=bool(data["token_passed"]),
        drew=None if drew is None else _two(_maybe(card) for card in _two(drew)),
    )


def encode_view(view: instinkt.SeatView) -> dict[str, Any]:
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
        "log": [encode_entry(entry) for entry in view.log],
        "legal": [instinkt_record.action_to_dict(action) for action in view.legal_actions],
    }


def _seat_index(value: Any) -> int:
    seat = int(value)
    if seat not in (0, 1, instinkt.SPECTATOR):
        raise ValueError(f"seat {seat} is not a seat of a 2-player game")
    return seat


def decode_view(data: dict[str, Any]) -> instinkt.SeatView:
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
            log=tuple(decode_entry(entry) for entry in data["log"]),
            legal_actions=tuple(instinkt_record.action_from_dict(item, "legal") for item in data["legal"]),
        )
    except (KeyError, TypeError, ValueError) as error:  # RecordError is a ValueError
        raise WireError(f"malformed view: {type(error).__name__}: {error}") from None


def result_to_wire(outcome: instinkt.Result) -> dict[str, Any]:
    """The end of an Instinkt game: points, scoring cards and the sums left in
    hand (the last tie-break), never the cards themselves. The board's card-by-
    card breakdown needs nothing more: every placed card is public."""
    return {
        "points": list(outcome.points),
        "scoring_cards": list(outcome.scoring_cards),
        "hand_sums": list(outcome.hand_sums),
        "winners": list(outcome.winners),
        "tie_break": outcome.tie_break,
    }


def result_from_wire(data: Any) -> instinkt.Result:
    def pair(key: str) -> tuple[int, int]:
        first, second = data[key]
        return (int(first), int(second))

    try:
        return instinkt.Result(
            finished=True,
            points=pair("points"),
            scoring_cards=pair("scoring_cards"),
            hand_sums=pair("hand_sums"),
            winners=tuple(int(w) for w in data["winners"]),
            tie_break=None if data["tie_break"] is None else str(data["tie_break"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise WireError(f"malformed result: {error}") from None
