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
from codex_tui.games.codex.describe import points, side_name, symbol_letters, symbol_name
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
from codex_tui.games.codex.rules.preview import preview_placement
from codex_tui.games.codex.rules.symbols import HIDDEN
from codex_tui.games.codex.text import _, ngettext
from codex_tui.i18n.lists import and_list
from codex_tui.i18n.numbers import signed

REASON_WIDTH = 76
"""A hint's reason keeps as many of its points, most important first, as fit one status line of
an 80-column screen (the first point always), measured in terminal cells (a Chinese glyph is two)."""


def card_name(card_id: int) -> str:
    """The screens' name ('Gold 57'); a card known by its back: its kind and kingdom."""
    return describe.hidden_name(card_id) or describe.card_name(card_id)


def move_text(view: SeatView, action: Action) -> str:
    """A move in a few words: 'Gold 57 front at (1,-1)', 'take Resource 12 from the market'."""
    if isinstance(action, Place):
        return _("{card} {side} at ({x},{y})").format(
            card=card_name(action.card), side=side_name(action.side), x=action.x, y=action.y
        )
    if isinstance(action, Draw):
        if action.source is DrawSource.MARKET:
            return _("take {card} from the market").format(card=card_name(action.card or 0))
        if action.source is DrawSource.RESOURCE_DECK:
            return _("draw from the resource deck")
        return _("draw from the gold deck")
    if isinstance(action, ChooseStarter):
        if action.side is Side.FRONT:
            return _("starter on its front")
        return _("starter on its back")
    if isinstance(action, ChooseObjective):
        choices = view.objective_choices
        if action.card in choices:
            return _("secret {objective} ({n} of {count})").format(
                objective=card_name(action.card), n=choices.index(action.card) + 1, count=len(choices)
            )
        return _("secret {objective}").format(objective=card_name(action.card))
    return _("pass: no card fits")


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
        parts = [_("no card in hand fits an open spot, so pass")]
    line = parts[0]
    for part in parts[1:]:
        longer = _("{reasons}; {reason}").format(reasons=line, reason=part)
        if describe.cells(longer) <= REASON_WIDTH:
            line = longer
    return line


def _missing(card: PlayableCard, counts: Sequence[int]) -> list[int]:
    """The symbols a gold front still lacks, as a count vector (all zero when it is playable)."""
    return [max(0, need - have) for need, have in zip(card.requires, counts)]


def _points_words(card: PlayableCard) -> str:
    if card.scoring is Scoring.CORNERS:
        return _("{n} per corner covered").format(n=card.points)
    if card.scoring is Scoring.OBJECT:
        assert card.scoring_object is not None
        return _("{n} per {object}").format(n=card.points, object=symbol_name(card.scoring_object))
    return points(card.points)


def _golds(cards: Sequence[int]) -> list[PlayableCard]:
    return [CATALOG.playable[card] for card in cards if CATALOG.playable[card].is_gold]


def _place_reason(view: SeatView, action: Place) -> list[str]:
    area = view.seats[view.seat].area
    objectives = own_objectives(view)
    preview = preview_placement(area, action.card, action.side, action.pos, objectives)
    parts = [_("+{n} now").format(n=preview.points) if preview.points else _("no points now")]
    for objective, (before, after) in zip(objectives, preview.objective_points, strict=True):
        if after != before:
            parts.append(
                _("{change} from {objective}").format(change=signed(after - before), objective=card_name(objective))
            )
    if len(parts) == 1:
        kingdom = int(CATALOG.playable[action.card].kingdom)
        patterns = [
            card_name(objective)
            for objective in objectives
            if isinstance(pattern := OBJECTIVES[objective], PatternInfo)
            and pattern_gain(area, action.pos, kingdom, [pattern]) > 0
        ]
        if patterns:
            parts.append(_("builds towards {objectives}").format(objectives=and_list(patterns)))
    rest = _golds([card for card in view.hand if card != action.card])
    lacking = [(g, sum(_missing(g, area.counts)), sum(_missing(g, preview.counts_after))) for g in rest]
    unlocked = [g for g, before, after in lacking if before and not after]
    spoiled = [g for g, before, after in lacking if after and not before]
    nearer = [g for g, before, after in lacking if 0 < after < before]
    if unlocked:
        parts.append(_("makes {cards} playable").format(cards=_names(unlocked)))
    elif nearer:
        parts.append(_("brings {cards} nearer").format(cards=_names(nearer)))
    if spoiled:
        spoils = ngettext("but {cards} is no longer playable", "but {cards} are no longer playable", len(spoiled))
        parts.insert(1, spoils.format(cards=_names(spoiled)))
    if action.side is Side.BACK:
        centre = symbol_name(CATALOG.playable[action.card].kingdom)
        parts.append(_("back: +1 {kingdom}, 4 open corners").format(kingdom=centre))
    elif any(preview.gained):
        parts.append(_("shows {symbols}").format(symbols=symbol_letters(preview.gained)))
    return parts


def _overlap(shows: Sequence[int], wanted: Sequence[int]) -> bool:
    """Whether a face shows any symbol that `wanted` counts."""
    return any(show and want for show, want in zip(shows, wanted))


def _names(cards: Sequence[PlayableCard]) -> str:
    return and_list([card_name(card.id) for card in cards])


def _draw_reason(view: SeatView, action: Draw) -> list[str]:
    if action.source is not DrawSource.MARKET or action.card is None:
        top = view.resource_deck_top if action.source is DrawSource.RESOURCE_DECK else view.gold_deck_top
        resource = action.source is DrawSource.RESOURCE_DECK
        if top is None:
            blind = _("a blind resource card") if resource else _("a blind gold card")
        elif resource:
            blind = _("a blind resource card ({kingdom} on top)").format(kingdom=symbol_name(top))
        else:
            blind = _("a blind gold card ({kingdom} on top)").format(kingdom=symbol_name(top))
        return [blind, _("nothing in the market is worth more")]
    counts = view.seats[view.seat].area.counts
    card = CATALOG.playable[action.card]
    name = card_name(card.id)
    if card.is_gold:
        missing = _missing(card, counts)
        scores = _("{card} scores {points}").format(card=name, points=_points_words(card))
        if not any(missing):
            return [scores, _("you can play it next turn")]
        needs = _("it still needs {symbols}").format(symbols=symbol_letters(missing))
        return [scores, *_worth_waiting_for(view, card, missing), needs]
    shows = card.front.gains
    head = _("{card} ({points})").format(card=name, points=points(card.points)) if card.points else name
    reasons = []
    helped = [g for g in _golds(view.hand) if _overlap(shows, _missing(g, counts))]
    if helped:
        reasons.append(_("helps {cards}").format(cards=_names(helped)))
    counted = []
    shaped = []
    for objective in own_objectives(view):
        target = CATALOG.objectives[objective]
        if target.objective_kind is not ObjectiveKind.PATTERN and _overlap(shows, target.needs):
            counted.append(card_name(objective))
        elif target.objective_kind is ObjectiveKind.PATTERN and card.kingdom in {c.kingdom for c in target.cells}:
            shaped.append(card_name(objective))
    if counted:
        reasons.append(_("counts for {objectives}").format(objectives=and_list(counted)))
    if shaped:
        kingdom = symbol_name(card.kingdom)
        reasons.append(_("{kingdom} for {objectives}").format(kingdom=kingdom, objectives=and_list(shaped)))
    if not reasons:
        reasons.append(_("it shows {symbols}").format(symbols=symbol_letters(shows)))
    return [_("{card}: {reason}").format(card=head, reason=reasons[0]), *reasons[1:]]


def _worth_waiting_for(view: SeatView, card: PlayableCard, missing: Sequence[int]) -> list[str]:
    """Why a gold that cannot be played yet is still the draw to make: cards in hand give what it lacks,
    or another player could play it now (taking it keeps it from them)."""
    reasons = []
    givers = [
        CATALOG.playable[c] for c in view.hand if c != card.id and _overlap(CATALOG.playable[c].front.gains, missing)
    ]
    if givers:
        reasons.append(_("{cards} in hand can give it").format(cards=_names(givers)))
    rivals = [
        seat.name
        for number, seat in enumerate(view.seats)
        if number != view.seat and not any(_missing(card, seat.area.counts))
    ]
    if rivals:
        reasons.append(_("{names} could play it now").format(names=and_list(rivals)))
    return reasons


def _starter_reason(view: SeatView, action: ChooseStarter) -> list[str]:
    face = CATALOG.starters[view.seats[view.seat].starter].face(action.side)
    corners = sum(1 for corner in face.corners if corner != HIDDEN)
    if action.side is Side.FRONT:
        starter = _("starter on its front: shows {symbols}")
    else:
        starter = _("starter on its back: shows {symbols}")
    opened = ngettext("{n} corner open", "{n} corners open", corners).format(n=corners)
    return [starter.format(symbols=symbol_letters(face.gains)), opened]


def _objective_reason(view: SeatView, action: ChooseObjective) -> list[str]:
    target = CATALOG.objectives[action.card]
    if target.objective_kind is ObjectiveKind.PATTERN:
        kingdoms = {cell.kingdom for cell in target.cells}
        fit = sum(1 for card in view.hand if CATALOG.playable[card].kingdom in kingdoms)
        cells = [sum(1 for c in target.cells if c.kingdom == s) for s in range(len(Symbol))]
        asks = _("{points} for a pattern of {symbols}").format(
            points=points(target.points), symbols=symbol_letters(cells)
        )
    else:
        fit = sum(1 for card in view.hand if _overlap(CATALOG.playable[card].front.gains, target.needs))
        asks = _("{points} for each {symbols}").format(
            points=points(target.points), symbols=symbol_letters(target.needs)
        )
    if fit:
        fits = ngettext("{n} card in hand fits it", "{n} cards in hand fit it", fit).format(n=fit)
    else:
        fits = _("no card in hand fits it yet")
    return [_("keep {objective}: {asks}").format(objective=card_name(action.card), asks=asks), fits]
