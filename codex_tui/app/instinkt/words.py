"""What each Instinkt card does, in a few words, and log lines."""

from __future__ import annotations

from collections.abc import Sequence

from ...instinkt.actions import Choose, Enter, Keep, Move, Place
from ...instinkt.animals import Animal
from ...instinkt.state import LogEntry
from ..describe import possessive

RULE_TEXT = {
    Animal.RAVEN: "1 next to a moth, 3 next to both",
    Animal.BAT: "3 beside your raven (not diagonal)",
    Animal.MOTH: "2 in the middle, 3 if the other moth isn't",
    Animal.SPIDER_4: "2 in a corner, 3 each if both spiders are",
    Animal.SPIDER_5: "2 in a corner, 3 each if both spiders are",
    Animal.CAT: "3 on an edge, not a corner",
    Animal.OWL: "1 per card of yours in its row and column",
    Animal.WOLF: "1 per opponent card around it",
    Animal.WOLPERTINGER: "copies your best card beside it",
    Animal.DEER: "enters a line's end, pushes it",
    Animal.RACCOON: "then move one of your cards",
    Animal.SNAKE: "both revealed cards leave the game",
}


def card_text(animal: Animal) -> str:
    """'7 owl' / 'X snake'."""
    return f"{animal.mark} {animal.label}"


def describe(entry: LogEntry, names: Sequence[str], viewer: int) -> str:
    action = entry.action
    who = names[action.player]
    if isinstance(action, Keep):
        return (
            f"{who} kept 3 cards"
            if action.player != viewer
            else f"{who} kept {', '.join(card_text(c) for c in action.cards)}"
        )
    if isinstance(action, Choose):
        text = f"{who} chose a card"
        if entry.revealed is not None:
            shown = " vs ".join(f"{names[p]} {card_text(c)}" for p, c in enumerate(entry.revealed))
            text += f"; revealed: {shown}"
            if entry.snake:
                text += ": a snake, both cards leave the game"
            elif entry.token_passed:
                text += ": tie, the token holder places first"
        return text
    if isinstance(action, Place):
        return f"{who} placed at ({action.x},{action.y})"
    if isinstance(action, Enter):
        where = "left" if action.axis.value == "row" and action.end.value == "start" else "right"
        if action.axis.value == "column":
            where = "top" if action.end.value == "start" else "bottom"
        line = f"{action.axis.value} {action.index}"
        return f"{possessive(who)} deer entered {line} from the {where}, pushing {len(entry.moved)} card(s)"
    if isinstance(action, Move):
        moved = f"({action.from_x},{action.from_y}) to ({action.to_x},{action.to_y})"
        return f"{possessive(who)} raccoon moved a card from {moved}"
    return repr(action)
