"""Moves and the reasons for them in a player's words: hint lines and review rows.

The search says which move is best, not why; these lines say what the move
does that a player can check on the board: points now, objective points,
golds it makes playable (or spoils), what a drawn card is good for. Cards are
named as the screens name them ('Gold 57', 'Objective 91', from `describe`).
"""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.games.codex import describe
from codex_tui.games.codex.bots.cardinfo import OBJECTIVES, PatternInfo
from codex_tui.games.codex.bots.greedy import own_objectives
from codex_tui.games.codex.bots.policy import pattern_gain
from codex_tui.games.codex.describe import symbol_letters
from codex_tui.games.codex.rules import (
    CATALOG,
    Action,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    Place,
    SeatView,
    Side,
    Symbol,
)
from codex_tui.games.codex.rules.cards import ObjectiveKind, PlayableCard, Scoring
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS
from codex_tui.games.codex.rules.preview import preview_placement
from codex_tui.games.codex.rules.symbols import HIDDEN

REASON_WIDTH = 76
"""A hint's reason keeps as many of its points, most important first, as fit one status line of
an 80-column screen (the first point always)."""


def card_name(card_id: int) -> str:
    """The screens' name ('Gold 57'); a card known by its back: its kind and kingdom."""
    hidden = HIDDEN_CARDS.get(card_id)
    if hidden is not None:
        return f"a {hidden.kind.value} card ({hidden.kingdom.label})"
    return describe.card_name(card_id)


def move_text(view: SeatView, action: Action) -> str:
    """A move in a few words: 'Gold 57 front at (1,-1)', 'take Resource 12 from the market'."""
    if isinstance(action, Place):
        return f"{card_name(action.card)} {action.side.value} at ({action.x},{action.y})"
    if isinstance(action, Draw):
        if action.source is DrawSource.MARKET:
            return f"take {card_name(action.card or 0)} from the market"
        return f"draw from the {_deck(action.source)} deck"
    if isinstance(action, ChooseStarter):
        return f"starter on its {action.side.value}"
    if isinstance(action, ChooseObjective):
        choices = view.objective_choices
        which = f" ({choices.index(action.card) + 1} of {len(choices)})" if action.card in choices else ""
        return f"secret {card_name(action.card)}{which}"
    return "pass: no card fits"


def hint_reason(view: SeatView, action: Action) -> str:
    """One line on what `action` does for the seat of `view`."""
    if isinstance(action, Place):
        parts = _place_reason(view, action)
    elif isinstance(action, Draw):
        parts = _draw_reason(view, action)
    elif isinstance(action, ChooseStarter):
        parts = _starter_reason(view, action)
    elif isinstance(action, ChooseObjective):
        parts = _objective_reason(view, action)
    else:
        parts = ["no card in hand fits an open spot, so pass"]
    line = parts[0]
    for part in parts[1:]:
        if len(line) + 2 + len(part) <= REASON_WIDTH:
            line += "; " + part
    return line


def _deck(source: DrawSource) -> str:
    return "resource" if source is DrawSource.RESOURCE_DECK else "gold"


def _missing(card: PlayableCard, counts: Sequence[int]) -> list[int]:
    """The symbols a gold front still lacks, as a count vector (all zero when it is playable)."""
    return [max(0, need - have) for need, have in zip(card.requires, counts)]


def _points_words(card: PlayableCard) -> str:
    if card.scoring is Scoring.CORNERS:
        return f"{card.points} per corner covered"
    if card.scoring is Scoring.OBJECT:
        assert card.scoring_object is not None
        return f"{card.points} per {card.scoring_object.label}"
    return f"{card.points} pt"


def _golds(cards: Sequence[int]) -> list[PlayableCard]:
    return [CATALOG.playable[card] for card in cards if CATALOG.playable[card].is_gold]


def _place_reason(view: SeatView, action: Place) -> list[str]:
    area = view.seats[view.seat].area
    objectives = own_objectives(view)
    preview = preview_placement(area, action.card, action.side, action.pos, objectives)
    parts = [f"+{preview.points} now" if preview.points else "no points now"]
    for objective, (before, after) in zip(objectives, preview.objective_points, strict=True):
        if after != before:
            parts.append(f"{after - before:+d} from {card_name(objective)}")
    if len(parts) == 1:
        kingdom = int(CATALOG.playable[action.card].kingdom)
        patterns = [
            card_name(objective)
            for objective in objectives
            if isinstance(pattern := OBJECTIVES[objective], PatternInfo)
            and pattern_gain(area, action.pos, kingdom, [pattern]) > 0
        ]
        if patterns:
            parts.append(f"builds towards {' and '.join(patterns)}")
    rest = _golds([card for card in view.hand if card != action.card])
    lacking = [(g, sum(_missing(g, area.counts)), sum(_missing(g, preview.counts_after))) for g in rest]
    unlocked = [g for g, before, after in lacking if before and not after]
    spoiled = [g for g, before, after in lacking if after and not before]
    nearer = [g for g, before, after in lacking if 0 < after < before]
    if unlocked:
        parts.append(f"makes {_names(unlocked)} playable")
    elif nearer:
        parts.append(f"brings {_names(nearer)} nearer")
    if spoiled:
        parts.insert(1, f"but {_names(spoiled)} {'is' if len(spoiled) == 1 else 'are'} no longer playable")
    if action.side is Side.BACK:
        parts.append(f"back: +1 {CATALOG.playable[action.card].kingdom.label}, 4 open corners")
    elif any(preview.gained):
        parts.append(f"shows {symbol_letters(preview.gained)}")
    return parts


def _overlap(shows: Sequence[int], wanted: Sequence[int]) -> bool:
    """Whether a face shows any symbol that `wanted` counts."""
    return any(show and want for show, want in zip(shows, wanted))


def _names(cards: Sequence[PlayableCard]) -> str:
    return " and ".join(card_name(card.id) for card in cards)


def _draw_reason(view: SeatView, action: Draw) -> list[str]:
    if action.source is not DrawSource.MARKET or action.card is None:
        top = view.resource_deck_top if action.source is DrawSource.RESOURCE_DECK else view.gold_deck_top
        shown = f" ({top.label} on top)" if top is not None else ""
        return [f"a blind {_deck(action.source)} card{shown}", "nothing in the market is worth more"]
    counts = view.seats[view.seat].area.counts
    card = CATALOG.playable[action.card]
    name = card_name(card.id)
    if card.is_gold:
        missing = _missing(card, counts)
        if not any(missing):
            return [f"{name} scores {_points_words(card)}", "you can play it next turn"]
        return [f"{name} scores {_points_words(card)}", f"it still needs {symbol_letters(missing)}"]
    shows = card.front.gains
    head = f"{name} ({card.points} pt)" if card.points else name
    reasons = []
    helped = [g for g in _golds(view.hand) if _overlap(shows, _missing(g, counts))]
    if helped:
        reasons.append(f"helps {_names(helped)}")
    counted = []
    shaped = []
    for objective in own_objectives(view):
        target = CATALOG.objectives[objective]
        if target.objective_kind is not ObjectiveKind.PATTERN and _overlap(shows, target.needs):
            counted.append(card_name(objective))
        elif target.objective_kind is ObjectiveKind.PATTERN and card.kingdom in {c.kingdom for c in target.cells}:
            shaped.append(card_name(objective))
    if counted:
        reasons.append(f"counts for {' and '.join(counted)}")
    if shaped:
        reasons.append(f"{card.kingdom.label} for {' and '.join(shaped)}")
    if not reasons:
        reasons.append(f"it shows {symbol_letters(shows)}")
    return [f"{head}: {reasons[0]}", *reasons[1:]]


def _starter_reason(view: SeatView, action: ChooseStarter) -> list[str]:
    face = CATALOG.starters[view.seats[view.seat].starter].face(action.side)
    corners = sum(1 for corner in face.corners if corner != HIDDEN)
    return [f"starter on its {action.side.value}: shows {symbol_letters(face.gains)}", f"{corners} corners open"]


def _objective_reason(view: SeatView, action: ChooseObjective) -> list[str]:
    target = CATALOG.objectives[action.card]
    if target.objective_kind is ObjectiveKind.PATTERN:
        kingdoms = {cell.kingdom for cell in target.cells}
        fit = sum(1 for card in view.hand if CATALOG.playable[card].kingdom in kingdoms)
        cells = [sum(1 for c in target.cells if c.kingdom == s) for s in range(len(Symbol))]
        asks = "a pattern of " + symbol_letters(cells)
    else:
        fit = sum(1 for card in view.hand if _overlap(CATALOG.playable[card].front.gains, target.needs))
        asks = f"each {symbol_letters(target.needs)}"
    fits = "no card in hand fits it yet" if not fit else f"{fit} card{'' if fit == 1 else 's'} in hand fit it"
    return [f"keep {card_name(action.card)}: {target.points} pt for {asks}", fits]
