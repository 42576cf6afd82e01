"""Codex Naturalis words for cards, objectives and log entries, as a player reads them.

Kept apart from the widgets so that tests can check the wording and the
widgets stay about layout. Every word is looked up in the player's language
when a function here is called (`codex_tui.games.codex.text`), so log lines and
descriptions are built from the game's data at the moment they are drawn.

Symbols keep their one-cell letters (F P A I, Q K M) in every language, as the
card art prints them; a count goes before the letter ('3F1A'), so a run of
letters is never mistaken for a word.
"""

from __future__ import annotations

import unicodedata
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
from codex_tui.games.codex.rules.symbols import CardKind, Side, Symbol
from codex_tui.games.codex.text import N_, _, ngettext, pgettext
from codex_tui.i18n.numbers import signed
from codex_tui.i18n.spacing import tidy_spacing

SYMBOL_NAMES = {
    Symbol.FUNGI: N_("fungi"),
    Symbol.PLANT: N_("plant"),
    Symbol.ANIMAL: N_("animal"),
    Symbol.INSECT: N_("insect"),
    Symbol.QUILL: N_("quill"),
    Symbol.INKWELL: N_("inkwell"),
    Symbol.MANUSCRIPT: N_("manuscript"),
}
"""A resource (its kingdom) or an object, one of it: the rule sheets' words."""

CARD_NAMES = {
    CardKind.RESOURCE: N_("Resource {id}"),
    CardKind.GOLD: N_("Gold {id}"),
    CardKind.STARTER: N_("Starter {id}"),
    CardKind.OBJECTIVE: N_("Objective {id}"),
}
HIDDEN_NAMES = {
    CardKind.RESOURCE: N_("a resource card ({kingdom})"),
    CardKind.GOLD: N_("a gold card ({kingdom})"),
}
"""A card known only by its back: its kind and kingdom."""


def cells(text: str) -> int:
    """How many terminal cells `text` takes: two for a wide glyph (Chinese), one for the rest
    (what `rich.cells.cell_len` says, without loading Rich outside the screens)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def list_separator() -> str:
    """What goes between the items of a list of phrases: '; ' in English."""
    # Translators: between the items of a list of phrases (French puts a no-break space before ;).
    return pgettext("list separator", "; ")


def details_separator() -> str:
    """What goes between the details of one move ('+4, covered 2 corners'): ', ' in English."""
    # Translators: between the details of a move, as in "+4, covered 2 corners" (Chinese: ，).
    return pgettext("between a move's details", ", ")


def object_separator() -> str:
    """What goes between the objects of a set an objective asks for ('quill + inkwell'): ' + ' in English."""
    # Translators: between the objects of a set, as in "3 pts per set of quill + inkwell + manuscript".
    return pgettext("between the objects of a set", " + ")


def symbol_name(symbol: Symbol | int) -> str:
    """'fungi', 'quill' in the player's language."""
    return _(SYMBOL_NAMES[Symbol(symbol)])


def side_name(side: Side) -> str:
    """'front' or 'back' of a card, in the player's language."""
    # Translators: the side of a card that is up ("recto" in French).
    return pgettext("card side", "front") if side is Side.FRONT else pgettext("card side", "back")


def card_name(card_id: int) -> str:
    """'Resource 12', 'Gold 57', 'Starter 83', 'Objective 91'."""
    card = CATALOG.card(card_id)
    return _(CARD_NAMES[card.kind]).format(id=card_id)


def hidden_name(card_id: int) -> str | None:
    """'a gold card (plant)' for a card the viewer knows only by its back, else None."""
    hidden = HIDDEN_CARDS.get(card_id)
    if hidden is None:
        return None
    return _(HIDDEN_NAMES[hidden.kind]).format(kingdom=symbol_name(hidden.kingdom))


def symbols_text(counts: Sequence[int], joiner: str = " ") -> str:
    """'3F 1A' for a count vector: the compact form used on cards and panels."""
    return joiner.join(f"{n}{Symbol(i).letter}" for i, n in enumerate(counts) if n)


def symbol_letters(counts: Sequence[int]) -> str:
    """'3F1A' for a count vector: a requirement or a set as the cards print it."""
    return symbols_text(counts, "")


def scoring_text(card: PlayableCard) -> str:
    """How the front scores: '1', '3', '2/corner', '1/quill'."""
    if card.scoring is Scoring.CORNERS:
        return _("{n}/corner").format(n=card.points)
    if card.scoring is Scoring.OBJECT:
        assert card.scoring_object is not None
        return f"{card.points}/{symbol_name(card.scoring_object)}"
    return str(card.points)


def scoring_symbol(card: PlayableCard) -> str:
    """How the front scores in symbols only: '3', '2/└' (per corner covered), '1/Q'."""
    if card.scoring is Scoring.CORNERS:
        return f"{card.points}/└"
    if card.scoring is Scoring.OBJECT:
        assert card.scoring_object is not None
        return f"{card.points}/{card.scoring_object.letter}"
    return str(card.points)


def points(n: int) -> str:
    """'1 pt', '3 pts'."""
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def points_text(card: PlayableCard) -> str:
    """'3 pts', '2/corner', '1/quill': a card's points as a panel shows them."""
    if card.scoring is Scoring.FLAT:
        return points(card.points)
    return scoring_text(card)


def short_name(card_id: int) -> str:
    """'R12', 'G57': how the cards label themselves on screen (the same letters in every language);
    'G(A)' for a card known only by its back (its kind and kingdom, as a hand's backs show)."""
    hidden = HIDDEN_CARDS.get(card_id)
    if hidden is not None:
        return ("G" if hidden.is_gold else "R") + f"({hidden.kingdom.letter})"
    return ("G" if CATALOG.playable[card_id].is_gold else "R") + str(card_id)


def card_summary(card_id: int) -> str:
    """One line: 'Gold 44 (fungi): 2/corner, needs 3F 1A'."""
    card = CATALOG.playable[card_id]
    text = _("{card} ({kingdom})").format(card=card_name(card_id), kingdom=symbol_name(card.kingdom))
    if card.points:
        text = _("{card}: {points}").format(card=text, points=points_text(card))
    if card.kind is CardKind.GOLD:
        text = _("{card}, needs {symbols}").format(card=text, symbols=symbols_text(card.requires))
    return text


def objective_text(objective_id: int) -> str:
    """What the objective asks for and pays, in words."""
    objective = CATALOG.objectives[objective_id]
    pts = points(objective.points)
    if objective.objective_kind is ObjectiveKind.RESOURCES:
        kingdom = symbol_name(objective.needs.index(3))
        return _("{points} per 3 visible {kingdom} resources").format(points=pts, kingdom=kingdom)
    if objective.objective_kind is ObjectiveKind.OBJECTS:
        parts = [symbol_name(i) for i, n in enumerate(objective.needs) for _n in range(n)]
        if len(set(parts)) > 1:
            return _("{points} per set of {objects}").format(points=pts, objects=object_separator().join(parts))
        return _("{points} per pair of {object}").format(points=pts, object=parts[0])
    return _("{points} per {pattern}").format(points=pts, pattern=_pattern_words(objective))


def _pattern_words(objective: ObjectiveCard) -> str:
    kingdoms = [c.kingdom for c in objective.cells]
    if len(set(kingdoms)) == 1:
        first, last = objective.cells[0], objective.cells[-1]
        kingdom = symbol_name(kingdoms[0])
        if (last.dy - first.dy) * (last.dx - first.dx) > 0:
            return _("{kingdom} diagonal (rising)").format(kingdom=kingdom)
        return _("{kingdom} diagonal (falling)").format(kingdom=kingdom)
    pair = max(set(kingdoms), key=kingdoms.count)
    odd = min(set(kingdoms), key=kingdoms.count)
    return _("L: 2 {pair} + 1 {odd}").format(pair=symbol_name(pair), odd=symbol_name(odd))


def objective_short(objective_id: int) -> str:
    """A few cells, symbols only: '3F = 2', '1Q1K1M = 3', '3F / = 2' (a diagonal), 'L 2F+1P = 3'."""
    objective = CATALOG.objectives[objective_id]
    if objective.objective_kind is not ObjectiveKind.PATTERN:
        return f"{symbol_letters(objective.needs)} = {objective.points}"
    kingdoms = [c.kingdom for c in objective.cells]
    if len(set(kingdoms)) == 1:
        first, last = objective.cells[0], objective.cells[-1]
        slant = "/" if (last.dy - first.dy) * (last.dx - first.dx) > 0 else "\\"
        return f"3{kingdoms[0].letter} {slant} = {objective.points}"
    pair = max(set(kingdoms), key=kingdoms.count)
    odd = min(set(kingdoms), key=kingdoms.count)
    return f"L 2{pair.letter}+1{odd.letter} = {objective.points}"


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
    grid = [[" "] * (width * 2) for _row in range(height)]
    for cell in objective.cells:
        grid[height - 1 - cell.dy][cell.dx * 2] = cell.kingdom.letter
    return ["".join(row).rstrip() for row in grid]


def objective_progress(area: PlayArea, objective_id: int) -> str:
    """'2 sets now = 4 pts' / '1 time now = 3 pts' / 'none yet'."""
    objective = CATALOG.objectives[objective_id]
    met = times_met(area, objective)
    if not met:
        return _("none yet")
    total = points(met * objective.points)
    if objective.objective_kind is ObjectiveKind.PATTERN:
        return ngettext("{n} time now = {points}", "{n} times now = {points}", met).format(n=met, points=total)
    return ngettext("{n} set now = {points}", "{n} sets now = {points}", met).format(n=met, points=total)


def named(seat: int, reader: int | None, yours: str, theirs: str) -> str:
    """The message about `seat` for the player reading it: `yours` when they are that seat ('Your
    hand'), else `theirs` ("{name}'s hand"), translated; both are marked with N_ where they are
    written. The seat decides, never the name: a French "Vous" typed as a name is a name."""
    return _(yours) if seat == reader else _(theirs)


def describe_entry(entry: LogEntry, names: Sequence[str], viewer: int | None, reader: int | None) -> str:
    """One log line, e.g. 'Ada placed Gold 57 front at (2,1): +4, covered 2 corners', or 'You
    placed…' when `reader` is the seat that acted. `viewer` is the seat whose secrets the line may
    tell (its kept objective, the card it drew): the reader in play, the actor in a replay."""
    return tidy_spacing(_entry_words(entry, names, viewer, reader))


def _entry_words(entry: LogEntry, names: Sequence[str], viewer: int | None, reader: int | None) -> str:
    action = entry.action
    who = names[action.player]
    seat = action.player

    def said(yours: str, theirs: str) -> str:
        return named(seat, reader, yours, theirs)

    if isinstance(action, ChooseStarter):
        if action.side is Side.FRONT:
            return said(
                N_("You played the starter card on its front"), N_("{name} played the starter card on its front")
            ).format(name=who)
        return said(
            N_("You played the starter card on its back"), N_("{name} played the starter card on its back")
        ).format(name=who)
    if isinstance(action, ChooseObjective):
        if action.card and action.player == viewer:
            return said(N_("You kept {objective} secret"), N_("{name} kept {objective} secret")).format(
                name=who, objective=card_name(action.card)
            )
        return said(N_("You kept a secret objective"), N_("{name} kept a secret objective")).format(name=who)
    if isinstance(action, Place):
        text = said(N_("You placed {card} at ({x},{y})"), N_("{name} placed {card} at ({x},{y})")).format(
            name=who, card=_placed_words(action), x=action.x, y=action.y
        )
        details = [signed(entry.points)] if entry.points else []
        if len(entry.covered) > 1:
            details.append(_("covered {n} corners").format(n=len(entry.covered)))
        if details:
            text = _("{move}: {details}").format(move=text, details=details_separator().join(details))
        return text + _end_note(entry, who, seat == reader)
    if isinstance(action, Draw):
        if action.source is DrawSource.MARKET:
            text = said(N_("You took {card} from the market"), N_("{name} took {card} from the market")).format(
                name=who, card=card_name(action.card or 0)
            )
            if entry.refill:
                text = _("{move}; {card} revealed").format(move=text, card=card_name(entry.refill))
            elif entry.refill is None:
                text = _("{move}; the slot stays empty").format(move=text)
        elif entry.drawn and action.player == viewer:
            if action.source is DrawSource.RESOURCE_DECK:
                text = said(
                    N_("You drew {card} from the resource deck"), N_("{name} drew {card} from the resource deck")
                )
            else:
                text = said(N_("You drew {card} from the gold deck"), N_("{name} drew {card} from the gold deck"))
            text = text.format(name=who, card=card_name(entry.drawn))
        elif action.source is DrawSource.RESOURCE_DECK:
            text = said(N_("You drew from the resource deck"), N_("{name} drew from the resource deck")).format(
                name=who
            )
        else:
            text = said(N_("You drew from the gold deck"), N_("{name} drew from the gold deck")).format(name=who)
        return text + _end_note(entry, who, seat == reader)
    if isinstance(action, Pass):
        return said(N_("You passed: no legal spot"), N_("{name} passed: no legal spot")).format(name=who)
    return repr(action)


def last_turn(log: Sequence[LogEntry], names: Sequence[str], seat: int, viewer: int | None = None) -> list[str]:
    """What `seat` did on its last turn, in wordings from the longest to the shortest (the screen
    shows the longest that fits): the card it placed, where, its points, then what it drew.

    'Bo placed Resource 19 front at (2,1): +3, took Resource 20' down to 'Bo: R19 (2,1) +3, took
    R20'; a back scores nothing, so no points are said for it, and a card known only by its back
    ('G(P) back') may lose its side word last. `log` is the viewer's own (a card placed on its back
    is known by its back, a card drawn from a deck is not known)."""
    return [tidy_spacing(form) for form in _last_turn_forms(log, names, seat, viewer)]


def long_turn_cells(names: Sequence[str], seat: int) -> int:
    """The cells the long wording of `last_turn` takes for a usual move of `seat` (a front placed a few
    steps out, scoring, then the longest draw, in the language now): a place that holds it shows every
    turn in the long wording (wrapping a rare longer one, a card known only by its back), one that does
    not shows every turn in the short one, so its lines never switch between the two."""
    widest = 0
    for card in (WIDEST_RESOURCE, WIDEST_GOLD):
        for source in DrawSource:
            placed = LogEntry(Place(seat, card, Side.FRONT, -5, -5), points=5)
            drawn = LogEntry(Draw(seat, source, WIDEST_GOLD if source is DrawSource.MARKET else None))
            widest = max(widest, cells(last_turn((placed, drawn), names, seat)[0]))
    return widest


WIDEST_RESOURCE, WIDEST_GOLD = 40, 80
"""The resource and gold cards with the most digits (every card name is its kind and number)."""


def _last_turn_forms(log: Sequence[LogEntry], names: Sequence[str], seat: int, viewer: int | None) -> list[str]:
    who = names[seat]
    turn = next((i for i in range(len(log) - 1, -1, -1) if _is_turn(log[i], seat)), None)
    if turn is None:
        return [_("{name}: nothing placed yet").format(name=who)]
    entry = log[turn]
    action = entry.action
    if not isinstance(action, Place):
        return [describe_entry(entry, names, viewer, viewer)]
    drawn = next((e for e in log[turn + 1 :] if e.action.player == seat and isinstance(e.action, Draw)), None)
    long = _("{name} placed {card} at ({x},{y})").format(name=who, card=_placed_words(action), x=action.x, y=action.y)
    if action.side is Side.FRONT:
        long = _("{move}: {details}").format(move=long, details=signed(entry.points))
    cards = [short_name(action.card)]  # 'G(P)' alone is a card known by its back: the side word may go last
    if action.side is Side.BACK:
        cards.insert(0, _("{card} {side}").format(card=cards[0], side=side_name(action.side)))
    forms = [long]
    for card in cards:
        short = _("{name}: {card} ({x},{y})").format(name=who, card=card, x=action.x, y=action.y)
        # Translators: a short move, then its points: "Bo: R19 (2,1) +3".
        scored = pgettext("a short move and its points", "{move} {points}")
        forms.append(scored.format(move=short, points=signed(entry.points)) if action.side is Side.FRONT else short)
    if drawn is None:
        return forms
    return [
        _("{move}, {draw}").format(move=move, draw=_drawn_words(drawn, short=index > 0))
        for index, move in enumerate(forms)
    ]


def _is_turn(entry: LogEntry, seat: int) -> bool:
    """The entry starts one of `seat`'s turns: a placement or a pass."""
    return entry.action.player == seat and isinstance(entry.action, Place | Pass)


def _drawn_words(entry: LogEntry, short: bool) -> str:
    """'took Resource 20' / 'drew from the gold deck', or 'took R20' / 'drew gold' when `short`."""
    action = entry.action
    assert isinstance(action, Draw)
    if action.source is DrawSource.MARKET:
        card = action.card or 0
        return _("took {card}").format(card=short_name(card) if short else card_name(card))
    if action.source is DrawSource.RESOURCE_DECK:
        return _("drew resource") if short else _("drew from the resource deck")
    return _("drew gold") if short else _("drew from the gold deck")


def _placed_words(action: Place) -> str:
    """'Gold 57 front', or for a card the viewer knows only by its back, 'a gold card (plant) on its back'."""
    hidden = hidden_name(action.card)
    if hidden is not None:
        return _("{card} on its back").format(card=hidden)
    return _("{card} {side}").format(card=card_name(action.card), side=side_name(action.side))


def _end_note(entry: LogEntry, who: str, yours: bool) -> str:
    if entry.end is None:
        return ""
    if entry.end.value == "score":
        if yours:
            return _(". You reached the target: the end is near")
        return _(". {name} reached the target: the end is near").format(name=who)
    return _(". Both decks are empty: the end is near")
