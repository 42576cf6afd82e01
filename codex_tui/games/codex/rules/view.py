"""What one seat may know. The app, bots and network play only ever get these.

Hidden information is removed here, by construction: a view holds no deck
order, no other hand's card ids, no other secret objective and no id of a
card another seat placed on its back (only that back: see `hidden.py`), so
nothing downstream can leak them by accident.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, replace

from codex_tui.core.seats import SPECTATOR
from codex_tui.games.codex.rules.actions import Action, ChooseObjective, Draw, DrawSource, Place
from codex_tui.games.codex.rules.area import Placed, PlayArea, Pos
from codex_tui.games.codex.rules.cards import CATALOG
from codex_tui.games.codex.rules.engine import legal_actions_for
from codex_tui.games.codex.rules.hidden import BACK_ID_OF
from codex_tui.games.codex.rules.state import EndReason, Game, LogEntry, Phase, Variant
from codex_tui.games.codex.rules.symbols import CardKind, Side, Symbol


@dataclass(frozen=True, slots=True)
class CardBack:
    """What the back of a card tells: its kind and kingdom."""

    kind: CardKind
    kingdom: Symbol

    @classmethod
    def of(cls, card_id: int) -> CardBack:
        card = CATALOG.playable[card_id]
        return cls(card.kind, card.kingdom)


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """A seat as everyone at the table sees it."""

    name: str
    score: int
    area: PlayArea
    starter: int
    starter_side: Side | None
    hand_backs: tuple[CardBack, ...]
    has_secret: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    """Whose view this is; -1 for a spectator, who sees no hand at all."""
    variant: Variant
    phase: Phase
    current: int
    first_player: int
    end: EndReason | None
    turns_left: int | None
    seats: tuple[PublicSeat, ...]
    hand: tuple[int, ...]
    secret: int | None
    objective_choices: tuple[int, ...]
    market: tuple[int | None, ...]
    resource_deck_size: int
    gold_deck_size: int
    resource_deck_top: Symbol | None
    gold_deck_top: Symbol | None
    common_objectives: tuple[int, int]
    log: tuple[LogEntry, ...]
    legal_actions: Sequence[Action]
    """This seat's legal actions now (empty when it is not its move)."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def is_last_turn(self) -> bool:
        return self.turns_left is not None and self.turns_left < len(self.seats)


def _redact(entry: LogEntry, seat: int) -> LogEntry:
    action = entry.action
    if action.player == seat:
        return entry
    if isinstance(action, ChooseObjective):
        return replace(entry, action=ChooseObjective(action.player, 0))
    if isinstance(action, Draw) and action.source is not DrawSource.MARKET:
        return replace(entry, drawn=None)
    if isinstance(action, Place) and action.side is Side.BACK:
        hidden = Place(action.player, BACK_ID_OF[action.card], Side.BACK, action.x, action.y)
        return LogEntry(hidden, entry.points, entry.covered, entry.drawn, entry.refill, entry.end)
    return entry


_log_cache: dict[int, tuple[tuple[LogEntry, ...], tuple[LogEntry, ...]]] = {}
"""Per seat, the last log redacted for it and the result: the next view is usually of the same
game one action on, whose log begins with the very same entries."""


def _redacted_log(log: tuple[LogEntry, ...], seat: int) -> tuple[LogEntry, ...]:
    """The log as `seat` may see it. Redacting the whole log for each view made a game's views
    quadratic in its length (nine tenths of a bots-only game's time); the entries of a log that
    begins with the one redacted last (checked entry by entry, by identity) are reused."""
    cached = _log_cache.get(seat)
    start = 0
    redacted: tuple[LogEntry, ...] = ()
    if cached is not None:
        source, done = cached
        if len(source) <= len(log) and all(map(operator.is_, source, log)):
            if len(source) == len(log):
                return done
            start, redacted = len(source), done
    redacted += tuple(_redact(entry, seat) for entry in log[start:])
    _log_cache[seat] = (log, redacted)
    return redacted


_SHOWN_CACHE_SIZE = 256
_shown_cache: dict[int, tuple[PlayArea, PlayArea]] = {}
"""Recent areas holding backs (by id, each kept alive beside its shown copy) as others see them."""


def _shown_backs(area: PlayArea) -> PlayArea:
    """The area as others see it: each resource or gold card on its back only as that back.

    The hidden card has the same face, so the counts, open spots and blocked
    spots are unchanged; the area is rebuilt only when it holds such a card.
    Starters are public on either side (and have no back id). An unchanged
    area gives the same shown object in every view (the play area widget
    redraws and recentres only for a new area), from a small cache.
    """
    cached = _shown_cache.get(id(area))
    if cached is not None and cached[0] is area:
        return cached[1]
    back_ids = BACK_ID_OF
    shown: dict[Pos, Placed] | None = None
    for pos, placed in area.cards.items():
        if placed.side is Side.BACK and placed.card in back_ids:
            if shown is None:
                shown = dict(area.cards)
            shown[pos] = Placed(back_ids[placed.card], placed.side, placed.face, placed.order)
    if shown is None:
        return area
    if len(_shown_cache) >= _SHOWN_CACHE_SIZE:
        _shown_cache.clear()
    result = PlayArea(shown, area.counts, area.open_spots, area.blocked)
    _shown_cache[id(area)] = (area, result)
    return result


def _top_kingdom(deck: Sequence[int], drawn: int) -> Symbol | None:
    return CATALOG.playable[deck[drawn]].kingdom if drawn < len(deck) else None


def view(game: Game, seat: int) -> SeatView:
    """Everything `seat` may know (SPECTATOR for someone with no seat).

    A redacted objective choice keeps its action with card 0, so that the log
    still says that a choice was made. Another seat's card placed on its back
    keeps its place, side and face, with the back id of its kind and kingdom
    instead of its own, in the area and in the log; this holds after the end
    too (only a replay of the saved game shows it).
    """
    if seat != SPECTATOR and not 0 <= seat < len(game.seats):
        raise ValueError(f"there is no seat {seat}")
    mine = game.seats[seat] if seat != SPECTATOR else None
    public = tuple(
        PublicSeat(
            name=name,
            score=s.score,
            area=s.area if index == seat else _shown_backs(s.area),
            starter=s.starter,
            starter_side=s.starter_side,
            hand_backs=tuple(CardBack.of(card) for card in s.hand),
            has_secret=s.secret is not None,
        )
        for index, (name, s) in enumerate(zip(game.players, game.seats))
    )
    setup = game.setup
    return SeatView(
        seat=seat,
        variant=game.variant,
        phase=game.phase,
        current=game.current,
        first_player=setup.first_player,
        end=game.end,
        turns_left=game.turns_left,
        seats=public,
        hand=mine.hand if mine else (),
        secret=mine.secret if mine else None,
        objective_choices=mine.objective_choices if mine else (),
        market=game.market,
        resource_deck_size=len(setup.resource_deck) - game.resource_drawn,
        gold_deck_size=len(setup.gold_deck) - game.gold_drawn,
        resource_deck_top=_top_kingdom(setup.resource_deck, game.resource_drawn),
        gold_deck_top=_top_kingdom(setup.gold_deck, game.gold_drawn),
        common_objectives=setup.common_objectives,
        log=_redacted_log(game.log, seat),
        legal_actions=legal_actions_for(game, seat) if mine else (),
    )
