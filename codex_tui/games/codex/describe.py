"""Codex Naturalis words for cards, objectives and log entries, as a player reads them.

Kept apart from the widgets so that tests can check the wording and the
widgets stay about layout.
"""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.games.codex.rules import (
    CATALOG,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    LogEntry,
    Pass,
    Place,
    PlayArea,
)
from codex_tui.games.codex.rules.cards import ObjectiveCard, ObjectiveKind, PlayableCard, Scoring
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS
from codex_tui.games.codex.rules.objectives import times_met
from codex_tui.games.codex.rules.symbols import CardKind, Symbol


def card_name(card_id: int) -> str:
    """'Resource 12', 'Gold 57', 'Starter 83', 'Objective 91'."""
    card = CATALOG.card(card_id)
    return f"{card.kind.value.capitalize()} {card_id}"


def symbols_text(counts: Sequence[int], joiner: str = " ") -> str:
    """'3F 1A' for a count vector: the compact form used on cards and panels."""
    return joiner.join(f"{n}{Symbol(i).letter}" for i, n in enumerate(counts) if n)


def symbol_letters(counts: Sequence[int]) -> str:
    """'FFFA' for a count vector: how cards print a requirement or a set."""
    return "".join(Symbol(i).letter * n for i, n in enumerate(counts))


def scoring_text(card: PlayableCard) -> str:
    """How the front scores: '1', '3', '2/corner', '1/quill'."""
    if card.scoring is Scoring.CORNERS:
        return f"{card.points}/corner"
    if card.scoring is Scoring.OBJECT:
        assert card.scoring_object is not None
        return f"{card.points}/{card.scoring_object.label}"
    return str(card.points)


def points_text(card: PlayableCard) -> str:
    """'3 pt', '2/corner', '1/quill': a card's points as a panel shows them."""
    if card.scoring is Scoring.FLAT:
        return f"{card.points} pt"
    return scoring_text(card)


def short_name(card_id: int) -> str:
    """'R12', 'G57': how the cards label themselves on screen."""
    return ("G" if CATALOG.playable[card_id].is_gold else "R") + str(card_id)


def card_summary(card_id: int) -> str:
    """One line: 'Gold 44 fungi: 2/corner, needs 3F 1A'."""
    card = CATALOG.playable[card_id]
    text = f"{card_name(card_id)} {card.kingdom.label}"
    if card.points:
        text += f": {points_text(card)}"
    if card.kind is CardKind.GOLD:
        text += f", needs {symbols_text(card.requires)}"
    return text


PATTERN_ARROWS = {(1, 1): "rising", (1, -1): "falling"}


def objective_text(objective_id: int) -> str:
    """What the objective asks for and pays, in words."""
    objective = CATALOG.objectives[objective_id]
    return f"{objective.points} pt per {_condition(objective)}"


def _condition(objective: ObjectiveCard) -> str:
    if objective.objective_kind is ObjectiveKind.RESOURCES:
        return f"3 {Symbol(objective.needs.index(3)).label}"
    if objective.objective_kind is ObjectiveKind.OBJECTS:
        parts = [Symbol(i).label for i, n in enumerate(objective.needs) for _ in range(n)]
        return " + ".join(parts) if len(set(parts)) > 1 else f"pair of {parts[0]}s"
    kingdoms = [c.kingdom for c in objective.cells]
    if len(set(kingdoms)) == 1:
        first, last = objective.cells[0], objective.cells[-1]
        direction = "rising" if (last.dy - first.dy) * (last.dx - first.dx) > 0 else "falling"
        return f"{kingdoms[0].label} diagonal ({direction})"
    counts = {k: kingdoms.count(k) for k in kingdoms}
    pair = max(counts, key=lambda k: counts[k])
    odd = min(counts, key=lambda k: counts[k])
    return f"L: 2 {pair.label} + 1 {odd.label}"


def objective_short(objective_id: int) -> str:
    """A few cells, letters only: '3F = 2', 'QKM = 3', 'diag FFF / = 2', 'L FF+P = 3'."""
    objective = CATALOG.objectives[objective_id]
    if objective.objective_kind is not ObjectiveKind.PATTERN:
        return f"{symbol_letters(objective.needs)} = {objective.points}"
    kingdoms = [c.kingdom for c in objective.cells]
    if len(set(kingdoms)) == 1:
        first, last = objective.cells[0], objective.cells[-1]
        slant = "/" if (last.dy - first.dy) * (last.dx - first.dx) > 0 else "\\"
        return f"diag {kingdoms[0].letter * 3} {slant} = {objective.points}"
    pair = max(set(kingdoms), key=kingdoms.count)
    odd = min(set(kingdoms), key=kingdoms.count)
    return f"L {pair.letter * 2}+{odd.letter} = {objective.points}"


def pattern_rows(objective_id: int) -> list[str]:
    """The pattern as letters on a small grid, top row first ('' for other kinds).

    Each cell is one card; half-steps (diagonal neighbours) use half columns,
    so the drawing keeps the pattern's shape.
    """
    objective = CATALOG.objectives[objective_id]
    if objective.objective_kind is not ObjectiveKind.PATTERN:
        return []
    width = max(c.dx for c in objective.cells) + 1
    height = max(c.dy for c in objective.cells) + 1
    grid = [[" "] * (width * 2) for _ in range(height)]
    for cell in objective.cells:
        grid[height - 1 - cell.dy][cell.dx * 2] = cell.kingdom.letter
    return ["".join(row).rstrip() for row in grid]


def objective_progress(area: PlayArea, objective_id: int) -> str:
    """'2 sets now = 4 pts' / '1 now = 3 pts' / 'none yet'."""
    objective = CATALOG.objectives[objective_id]
    met = times_met(area, objective)
    if not met:
        return "none yet"
    noun = "set" if objective.objective_kind is not ObjectiveKind.PATTERN else "time"
    plural = "" if met == 1 else "s"
    return f"{met} {noun}{plural} now = {met * objective.points} pts"


def describe_entry(entry: LogEntry, names: Sequence[str], viewer: int | None = None) -> str:
    """One log line, e.g. 'Ada placed Gold 57 front at (2,1): +4, covered 2 corners'."""
    action = entry.action
    who = names[action.player]
    if isinstance(action, ChooseStarter):
        return f"{who} played starter on its {action.side.value}"
    if isinstance(action, ChooseObjective):
        if action.card and action.player == viewer:
            return f"{who} kept Objective {action.card} secret"
        return f"{who} kept a secret objective"
    if isinstance(action, Place):
        text = f"{who} placed {_placed_words(action)} at ({action.x},{action.y})"
        details = [f"+{entry.points}"] if entry.points else []
        if len(entry.covered) > 1:
            details.append(f"covered {len(entry.covered)} corners")
        if details:
            text += ": " + ", ".join(details)
        return text + _end_note(entry, who)
    if isinstance(action, Draw):
        if action.source is DrawSource.MARKET:
            text = f"{who} took {card_name(action.card or 0)} from the market"
            if entry.refill:
                text += f"; {card_name(entry.refill)} revealed"
            elif entry.refill is None:
                text += "; the slot stays empty"
        else:
            deck = "resource deck" if action.source is DrawSource.RESOURCE_DECK else "gold deck"
            drawn = f" ({card_name(entry.drawn)})" if entry.drawn and action.player == viewer else ""
            text = f"{who} drew from the {deck}{drawn}"
        return text + _end_note(entry, who)
    if isinstance(action, Pass):
        return f"{who} passed: no legal spot"
    return repr(action)


def _placed_words(action: Place) -> str:
    """'Gold 57 front', or for a card the viewer knows only by its back, 'a gold card (plant) on its back'."""
    hidden = HIDDEN_CARDS.get(action.card)
    if hidden is not None:
        return f"a {hidden.kind.value} card ({hidden.kingdom.label}) on its back"
    return f"{card_name(action.card)} {action.side.value}"


def _end_note(entry: LogEntry, who: str) -> str:
    if entry.end is None:
        return ""
    if entry.end.value == "score":
        return f". {who} reached the target: the end is near"
    return ". Both decks are empty: the end is near"
