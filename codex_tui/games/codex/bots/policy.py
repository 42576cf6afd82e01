"""The playout policy: a fast, noisy, sensible player used inside the search.

A playout is only as informative as the play in it: uniform random moves
throw golds on their backs and never finish a pattern, so every position
looks alike. Greedy's full evaluation of every placement is far too slow to
run thousands of times per move. This policy sits between: it values each
(card, side) from a handful of table look-ups, picks a spot with a cheap rule
(most corners for corner golds, completing a pattern, else covering few useful
symbols) and adds noise so that playouts explore.

Three settings of it exist (`PlayoutPolicy`): FAST, what the hard bot plays
out with; CAREFUL, which judges every spot and lets the spot a card would take
count in choosing the card (it costs about half as much again per playout and
plays better: it beats greedy as a stand-alone player, FAST does not); and
BALANCED, FAST's speed with weights chosen so that its playouts' verdicts
foretell real games best, which the expert bot plays out with. A better player
did not make a better search (the tournaments are in `levels.py`); a better
judge did.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Protocol

from codex_tui.games.codex.bots.cardinfo import (
    CARDS,
    CORNERS,
    KINGDOM_OF,
    OBJECT,
    OBJECTIVES,
    CardInfo,
    PatternInfo,
    SymbolObjectiveInfo,
)
from codex_tui.games.codex.bots.simulate import (
    TableArea,
    corners_of,
    draw,
    end_turn,
    game_of,
    kingdoms_of,
    place,
    table_of,
)
from codex_tui.games.codex.rules import (
    Action,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    Game,
    Pass,
    Phase,
    Place,
    Setup,
    Side,
    apply,
)
from codex_tui.games.codex.rules.area import Placed, Pos

_FRONT, _BACK = Side.FRONT, Side.BACK
_MARKET, _RESOURCE_DECK, _GOLD_DECK = DrawSource.MARKET, DrawSource.RESOURCE_DECK, DrawSource.GOLD_DECK
_PLACE, _DRAW, _OVER = Phase.PLACE, Phase.DRAW, Phase.OVER

NOISE = 0.8
"""Spread of the random term added to every value: enough to vary playouts, not to blunder golds."""


@dataclass(frozen=True, slots=True)
class PlayoutPolicy:
    """How carefully the policy places (see the module's docstring)."""

    careful: bool = False
    """Judge every open spot, not three at random, and add the pattern gain and the symbols lost
    at each card's chosen spot to that card's value before picking the card."""
    noise: float = NOISE
    symbol_base: float = 0.05
    """Worth of one more visible kingdom symbol with nothing else asking for it."""
    objective_symbol: float = 0.3
    """Share of a symbol objective's points spread over the symbols it counts."""
    gold_need: float = 0.35
    """Worth of a symbol that a gold card in hand still lacks."""
    market_points: float = 1.0
    """Weight of a market resource card's own points when choosing a draw."""
    market_symbols: float = 1.0
    """Weight of a market resource card's symbols (at `symbol_weights`) when choosing a draw."""
    market_gold: float = 0.5
    """Worth of a playable market gold beyond the points it would score."""
    gold_deck_holding: float = 0.1
    """Worth of a blind gold draw while a gold is already in hand."""
    gold_deck_without: float = 0.5
    """Worth of a blind gold draw with no gold in hand."""
    gold_bonus: float = 1.0
    """Worth of playing a ready gold beyond its points (it frees the hand for the next one)."""
    gold_back: float = -1.5
    """Worth of a gold played on its back, before its kingdom symbol's weight."""
    resource_back: float = -0.6
    """Worth of a resource card played on its back, before its kingdom symbol's weight."""
    resource_deck: float = 0.35
    """Worth of a blind resource draw."""
    unready_gold: float = 0.6
    """Worth of a market gold the seat cannot play yet, before `unready_gold_missing`."""
    unready_gold_missing: float = 0.4
    """What each symbol still missing takes off an unready market gold's worth."""
    final_weights: float = 1.0
    """Multiplies the symbol weights and `gold_bonus` at a seat's last placement, when no card
    will follow the one played (1.0: that turn is played like any other)."""
    pattern_share: float = 0.5
    """Share of a spot's pattern gain added to its card's value by the careful policy (0.25 to 1.0
    played alike against greedy; `symbols_lost` counts in full)."""
    objective_memo: dict[tuple[int, ...], tuple[float, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """`_objective_weights` by objectives, worked out once for these weights (a playout asks every
    turn; a few hundred objective tuples at most). Not an init field, so `replace` starts a new one."""


FAST = PlayoutPolicy()
CAREFUL = PlayoutPolicy(careful=True)
BALANCED = PlayoutPolicy(symbol_base=0.0, objective_symbol=0.15, gold_need=0.2, market_gold=0.0, gold_deck_holding=0.5)
"""FAST re-weighted so that how its playouts end foretells how real games end: over 3,850
positions of 140 games of hard against itself, the correlation of 32 playouts' mean lead with
the lead the seat really finished with (corrected for the playouts' noise) is 0.6187 against
FAST's 0.5957 (`benchmarks/expert/policy_balance.py --tune`, then noise kept at FAST's). It is no
better a player; it is a better judge, and the search only needs the judge. The largest step
was drawing blind golds while holding one, as searching players do."""


class AreaState(Protocol):
    """What the policy reads of a play area: a `PlayArea`, or a playout's mutable one."""

    @property
    def cards(self) -> Mapping[Pos, Placed]: ...
    @property
    def counts(self) -> Sequence[int]: ...
    @property
    def open_spots(self) -> AbstractSet[Pos]: ...


class SeatState(Protocol):
    """What the policy reads of a seat."""

    @property
    def area(self) -> AreaState: ...
    @property
    def hand(self) -> Sequence[int]: ...
    @property
    def secret(self) -> int | None: ...


class TableState(Protocol):
    """What the policy reads of a game: a `Game`, or a playout's `simulate.Table`."""

    @property
    def setup(self) -> Setup: ...
    @property
    def seats(self) -> Sequence[SeatState]: ...
    @property
    def market(self) -> Sequence[int | None]: ...
    @property
    def resource_drawn(self) -> int: ...
    @property
    def gold_drawn(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def turns_left(self) -> int | None: ...


def requirement_met(info: CardInfo, counts: Sequence[int]) -> bool:
    # A plain loop: `all()` over a generator costs twice as much on this hot path.
    for symbol, need in info.requirement:  # noqa: SIM110
        if counts[symbol] < need:
            return False
    return True


def covered_count(cards: Mapping[Pos, object], pos: Pos) -> int:
    """How many cards a card at `pos` would cover (what a corner gold scores on)."""
    x, y = pos
    return ((x - 1, y + 1) in cards) + ((x + 1, y + 1) in cards) + ((x + 1, y - 1) in cards) + ((x - 1, y - 1) in cards)


def max_cover(area: AreaState, spots: Sequence[Pos]) -> int:
    cards = area.cards
    return max((covered_count(cards, spot) for spot in spots), default=1)


def gold_points(info: CardInfo, counts: Sequence[int], cover: int) -> int:
    """Points a playable gold front would score (objects: ignoring what it covers)."""
    if info.scoring == CORNERS:
        return info.points * cover
    if info.scoring == OBJECT:
        obj = info.scoring_object
        return info.points * (counts[obj] + info.front_gains[obj])
    return info.points


def _objective_weights(objectives: tuple[int, ...], policy: PlayoutPolicy) -> tuple[float, ...]:
    """The part of `symbol_weights` that depends only on the objectives (kept in the policy's memo)."""
    memo = policy.objective_memo
    weights = memo.get(objectives)
    if weights is None:
        kingdom = policy.symbol_base
        base = [kingdom, kingdom, kingdom, kingdom, 0.0, 0.0, 0.0]
        share = policy.objective_symbol
        for objective in objectives:
            target = OBJECTIVES[objective]
            if isinstance(target, SymbolObjectiveInfo):
                for symbol, need in target.needs:
                    base[symbol] += share * target.points / (need * len(target.needs))
        weights = memo[objectives] = tuple(base)
    return weights


def symbol_weights(
    hand: Sequence[int], counts: Sequence[int], objectives: tuple[int, ...], policy: PlayoutPolicy = FAST
) -> list[float]:
    """How much one more visible symbol of each kind is worth to this seat now.

    Symbols a gold in hand still lacks are worth most; symbols the seat's
    resource/object objectives count are worth a little.
    """
    weights = list(_objective_weights(objectives, policy))
    lacking = policy.gold_need
    for card in hand:
        info = CARDS[card]
        if info.gold:
            for symbol, need in info.requirement:
                if counts[symbol] < need:
                    weights[symbol] += lacking
    return weights


def seat_objectives(game: TableState, player: int) -> tuple[int, ...]:
    secret = game.seats[player].secret
    commons = game.setup.common_objectives
    return commons if secret is None else (*commons, secret)


def patterns_of(objectives: Sequence[int]) -> list[PatternInfo]:
    return [target for o in objectives if isinstance(target := OBJECTIVES[o], PatternInfo)]


_PATTERNS: dict[tuple[int, ...], tuple[PatternInfo, ...]] = {}
_RELEVANT: dict[tuple[tuple[int, ...], int], list[PatternInfo]] = {}


def _seat_patterns(objectives: tuple[int, ...]) -> tuple[PatternInfo, ...]:
    """`patterns_of`, kept per objectives (a playout asks it every turn; a few hundred tuples at most)."""
    patterns = _PATTERNS.get(objectives)
    if patterns is None:
        patterns = _PATTERNS[objectives] = tuple(patterns_of(objectives))
    return patterns


def _relevant(objectives: tuple[int, ...], kingdom: int) -> list[PatternInfo]:
    """The seat's patterns a card of `kingdom` can be part of, kept like `_seat_patterns`.
    Nobody changes the list handed out."""
    relevant = _RELEVANT.get((objectives, kingdom))
    if relevant is None:
        relevant = _RELEVANT[objectives, kingdom] = [p for p in _seat_patterns(objectives) if kingdom in p.by_kingdom]
    return relevant


def _pattern_reach(pattern: PatternInfo) -> dict[int, tuple[tuple[int, int, int, int, int, int], ...]]:
    """For a card of each kingdom: per cell it could fill, the other two cells as offsets from that card."""
    reach = {}
    for kingdom, entries in pattern.by_kingdom.items():
        rows = []
        for cx, cy, others in entries:
            (adx, ady, ak), (bdx, bdy, bk) = others
            rows.append((adx - cx, ady - cy, ak, bdx - cx, bdy - cy, bk))
        reach[kingdom] = tuple(rows)
    return reach


_REACH = {o: _pattern_reach(target) for o, target in OBJECTIVES.items() if isinstance(target, PatternInfo)}
"""`pattern_gain`'s table: every pattern objective has three cells."""


def pattern_gain(area: AreaState, pos: Pos, kingdom: int, patterns: Sequence[PatternInfo]) -> float:
    """Pattern value of putting a card of `kingdom` at `pos`: completions count in full, two-thirds a quarter.

    Overlaps are ignored (final scoring counts disjoint occurrences exactly);
    the policy only needs to steer cards towards patterns.
    """
    return pattern_gains(area, (pos,), kingdom, patterns)[0]


def pattern_gains(area: AreaState, spots: Sequence[Pos], kingdom: int, patterns: Sequence[PatternInfo]) -> list[float]:
    """`pattern_gain` at each of `spots` (the same sums, in one pass without a call per spot)."""
    cards = area.cards
    kingdom_of = KINGDOM_OF
    reach = [(pattern.points, _REACH[pattern.id].get(kingdom, ())) for pattern in patterns]
    gains = []
    for x, y in spots:
        gain = 0.0
        for points, rows in reach:
            for ax, ay, ak, bx, by, bk in rows:
                matched = 1
                placed = cards.get((x + ax, y + ay))
                if placed is not None:
                    if kingdom_of.get(placed.card) != ak:
                        continue
                    matched = 2
                placed = cards.get((x + bx, y + by))
                if placed is not None:
                    if kingdom_of.get(placed.card) != bk:
                        continue
                    matched += 1
                if matched == 3:
                    gain += points
                elif matched == 2:
                    gain += 0.25 * points
        gains.append(gain)
    return gains


def _gains(
    kingdoms: Mapping[Pos, int], spots: Sequence[Pos], kingdom: int, patterns: Sequence[PatternInfo]
) -> list[float]:
    """`pattern_gains` over the area's kingdom map. The gains are sums of whole and quarter
    points, exact in floating point, so they do not depend on the order they are added in."""
    reach = [(pattern.points, _REACH[pattern.id].get(kingdom, ())) for pattern in patterns]
    gains = []
    for x, y in spots:
        gain = 0.0
        for points, rows in reach:
            for ax, ay, ak, bx, by, bk in rows:
                found = kingdoms.get((x + ax, y + ay))
                if found is None:
                    matched = 1
                elif found != ak:
                    continue
                else:
                    matched = 2
                found = kingdoms.get((x + bx, y + by))
                if found is not None:
                    if found != bk:
                        continue
                    matched += 1
                if matched == 3:
                    gain += points
                elif matched == 2:
                    gain += 0.25 * points
        gains.append(gain)
    return gains


def symbols_lost(cards: Mapping[Pos, Placed], pos: Pos, weights: Sequence[float]) -> float:
    """Value of the visible corner symbols that a card at `pos` would cover.

    The four neighbours are written out (top-left, top-right, bottom-right,
    bottom-left, as CORNER_OFFSETS): each shows its opposite corner.
    """
    x, y = pos
    lost = 0.0
    placed = cards.get((x - 1, y + 1))
    if placed is not None and (symbol := placed.face.corners[2]) >= 0:
        lost += weights[symbol] + 0.05
    placed = cards.get((x + 1, y + 1))
    if placed is not None and (symbol := placed.face.corners[3]) >= 0:
        lost += weights[symbol] + 0.05
    placed = cards.get((x + 1, y - 1))
    if placed is not None and (symbol := placed.face.corners[0]) >= 0:
        lost += weights[symbol] + 0.05
    placed = cards.get((x - 1, y - 1))
    if placed is not None and (symbol := placed.face.corners[1]) >= 0:
        lost += weights[symbol] + 0.05
    return lost


def shown_around(corners: Mapping[Pos, Sequence[int]], pos: Pos) -> tuple[int, ...]:
    """The symbols a card at `pos` would cover, in `symbols_lost`'s order."""
    x, y = pos
    shown: list[int] = []
    corner = corners.get((x - 1, y + 1))
    if corner is not None and (symbol := corner[2]) >= 0:
        shown.append(symbol)
    corner = corners.get((x + 1, y + 1))
    if corner is not None and (symbol := corner[3]) >= 0:
        shown.append(symbol)
    corner = corners.get((x + 1, y - 1))
    if corner is not None and (symbol := corner[0]) >= 0:
        shown.append(symbol)
    corner = corners.get((x - 1, y - 1))
    if corner is not None and (symbol := corner[1]) >= 0:
        shown.append(symbol)
    return tuple(shown)


def _lost(corners: Mapping[Pos, Sequence[int]], pos: Pos, weights: Sequence[float]) -> float:
    """`symbols_lost` over the area's corner map (the same sum in the same order)."""
    x, y = pos
    lost = 0.0
    shown = corners.get((x - 1, y + 1))
    if shown is not None and (symbol := shown[2]) >= 0:
        lost += weights[symbol] + 0.05
    shown = corners.get((x + 1, y + 1))
    if shown is not None and (symbol := shown[3]) >= 0:
        lost += weights[symbol] + 0.05
    shown = corners.get((x + 1, y - 1))
    if shown is not None and (symbol := shown[0]) >= 0:
        lost += weights[symbol] + 0.05
    shown = corners.get((x - 1, y - 1))
    if shown is not None and (symbol := shown[1]) >= 0:
        lost += weights[symbol] + 0.05
    return lost


def choose_spot(
    area: AreaState,
    info: CardInfo,
    side: Side,
    spots: Sequence[Pos],
    weights: Sequence[float],
    patterns: Sequence[PatternInfo],
    rng: random.Random,
    every_spot: bool = False,
) -> Pos:
    """Most corners for a corner gold; else a spot that completes or extends a pattern;
    else the one of three random spots (or of all, with `every_spot`) that covers the
    least useful symbols."""
    cards = area.cards
    if side is _FRONT and info.scoring == CORNERS and info.gold:
        covers = [covered_count(cards, spot) for spot in spots]
        best = max(covers)
        top = [spot for spot, cover in zip(spots, covers) if cover == best]
        return top[rng.randrange(len(top))]
    kingdom = info.kingdom
    relevant = [p for p in patterns if kingdom in p.by_kingdom]
    if relevant:
        best_gain = 0.0
        top = []
        for spot, gain in zip(spots, pattern_gains(area, spots, kingdom, relevant)):
            if gain > best_gain:
                best_gain, top = gain, [spot]
            elif gain == best_gain and gain > 0:
                top.append(spot)
        if top:
            return top[rng.randrange(len(top))]
    count = len(spots)
    sample = spots if count <= 3 or every_spot else [spots[rng.randrange(count)] for _ in range(3)]
    return min(sample, key=lambda spot: symbols_lost(cards, spot, weights))


class _CarefulSpots:
    """`choose_spot(..., every_spot=True)` for the cards of one hand, with what does not depend
    on the random generator worked out once: the cards share the area, spots and weights.

    The CAREFUL policy asks this for every card in hand; each answer (and each
    draw from the generator) is the one `choose_spot` gives. Spots are passed
    around as indices into `spots`, so the per-spot figures are plain lists.
    """

    __slots__ = (
        "kingdoms",
        "corners",
        "around",
        "spots",
        "weights",
        "objectives",
        "corner_top",
        "pattern_tops",
        "gains",
        "least",
        "lost",
    )

    def __init__(
        self,
        area: AreaState,
        spots: Sequence[Pos],
        weights: Sequence[float],
        objectives: tuple[int, ...],
    ) -> None:
        if isinstance(area, TableArea):
            if area.kingdoms is None:
                area.kingdoms = kingdoms_of(area.cards)
            if area.corners is None:
                area.corners = corners_of(area.cards)
            self.kingdoms: Mapping[Pos, int] = area.kingdoms
            self.corners: Mapping[Pos, Sequence[int]] = area.corners
            self.around: dict[Pos, tuple[int, ...]] = area.around
        else:
            self.kingdoms = kingdoms_of(area.cards)
            self.corners = corners_of(area.cards)
            self.around = {}
        self.spots = spots
        self.weights = weights
        self.objectives = objectives
        self.corner_top: list[int] | None = None
        self.pattern_tops: dict[int, list[int]] = {}
        self.gains: dict[int, list[float]] = {}
        self.least = -1
        self.lost: list[float] | None = None

    def choose(self, info: CardInfo, side: Side, rng: random.Random) -> int:
        """The index of the spot `choose_spot` picks for this card and side."""
        if side is _FRONT and info.scoring == CORNERS and info.gold:
            top = self.corner_top
            if top is None:
                kingdoms = self.kingdoms
                covers = [covered_count(kingdoms, spot) for spot in self.spots]
                best = max(covers)
                top = self.corner_top = [index for index, cover in enumerate(covers) if cover == best]
            return top[rng.randrange(len(top))]
        top = self._pattern_top(info.kingdom)
        if top:
            return top[rng.randrange(len(top))]
        least = self.least
        if least < 0:
            least = self.least = self._least_lost()
        return least

    def _least_lost(self) -> int:
        """The first spot covering the least (as `min`), noting every spot's `symbols_lost`."""
        corners, around = self.corners, self.around
        costs = [weight + 0.05 for weight in self.weights]
        lost = self.lost = []
        for spot in self.spots:
            shown = around.get(spot)
            if shown is None:
                shown = around[spot] = shown_around(corners, spot)
            value = 0.0
            for symbol in shown:
                value += costs[symbol]
            lost.append(value)
        best, best_lost = 0, lost[0]
        for index, value in enumerate(lost):
            if value < best_lost:
                best, best_lost = index, value
        return best

    def _pattern_top(self, kingdom: int) -> list[int]:
        top = self.pattern_tops.get(kingdom)
        if top is None:
            top = []
            relevant = _relevant(self.objectives, kingdom)
            if relevant:
                best_gain = 0.0
                gains = self.gains[kingdom] = _gains(self.kingdoms, self.spots, kingdom, relevant)
                for index, gain in enumerate(gains):
                    if gain > best_gain:
                        best_gain, top = gain, [index]
                    elif gain == best_gain and gain > 0:
                        top.append(index)
            self.pattern_tops[kingdom] = top
        return top

    def pattern_gain(self, kingdom: int, index: int) -> float:
        """`pattern_gain` over all the seat's patterns (those without `kingdom` add nothing)."""
        gains = self.gains.get(kingdom)
        if gains is None:
            self._pattern_top(kingdom)
            gains = self.gains.get(kingdom)
            if gains is None:
                return 0.0
        return gains[index]

    def symbols_lost(self, index: int) -> float:
        lost = self.lost
        if lost is not None:
            return lost[index]
        return _lost(self.corners, self.spots[index], self.weights)


def choose_place(game: Game, rng: random.Random, policy: PlayoutPolicy = FAST) -> Action:
    """The policy's placement for the seat to play (or a pass when nothing fits)."""
    player = game.current
    chosen = placement(game, rng, policy)
    if chosen is None:
        return Pass(player)
    card, side, x, y = chosen
    return Place(player, card, side, x, y)


def placement(game: TableState, rng: random.Random, policy: PlayoutPolicy = FAST) -> tuple[int, Side, int, int] | None:
    """`choose_place` as (card, side, x, y), None for a pass: playouts make no action objects."""
    player = game.current
    seat = game.seats[player]
    area = seat.area
    hand = seat.hand
    if not area.open_spots or not hand:
        return None
    spots = tuple(area.open_spots)
    counts = area.counts
    objectives = seat_objectives(game, player)
    weights = symbol_weights(hand, counts, objectives, policy)
    gold_bonus, gold_back, resource_back = policy.gold_bonus, policy.gold_back, policy.resource_back
    final = policy.final_weights
    if final != 1.0:
        turns_left = game.turns_left
        if turns_left is not None and turns_left < len(game.seats):
            weights = [weight * final for weight in weights]
            gold_bonus *= final
    patterns = _seat_patterns(objectives)
    careful = _CarefulSpots(area, spots, weights, objectives) if policy.careful else None
    noise = policy.noise
    pattern_share = policy.pattern_share
    cover = -1
    best_value = -1e9
    best: tuple[CardInfo, Side, int] | None = None
    for card in hand:
        info = CARDS[card]
        if info.gold:
            if requirement_met(info, counts):
                if info.scoring == CORNERS and cover < 0:
                    cover = max_cover(area, spots)
                value = gold_points(info, counts, cover) + gold_bonus
                side = _FRONT
            else:
                value = gold_back + weights[info.kingdom]
                side = _BACK
        else:
            value = info.points
            for symbol, n in info.front_symbols:
                value += weights[symbol] * n
            side = _FRONT
            back_value = resource_back + weights[info.kingdom]
            if back_value > value:
                value, side = back_value, _BACK
        spot = -1
        if careful is not None:
            spot = careful.choose(info, side, rng)
            if patterns:
                value += pattern_share * careful.pattern_gain(info.kingdom, spot)
            value -= careful.symbols_lost(spot)
        value += noise * rng.random()
        if value > best_value:
            best_value, best = value, (info, side, spot)
    assert best is not None
    info, side, chosen = best
    x, y = spots[chosen] if chosen >= 0 else choose_spot(area, info, side, spots, weights, patterns, rng)
    return info.id, side, x, y


CORNER_GOLD_GUESS = 2
"""Corners a corner gold is assumed to cover when judging a draw (the area will change before it is played)."""


def choose_draw(game: Game, rng: random.Random, policy: PlayoutPolicy = FAST) -> Draw:
    """The policy's draw: a playable gold or useful card from the market, else a deck."""
    source, card = draw_choice(game, rng, policy)
    return Draw(game.current, source, card)


def draw_choice(game: TableState, rng: random.Random, policy: PlayoutPolicy = FAST) -> tuple[DrawSource, int | None]:
    """`choose_draw` as (source, card): playouts make no action objects."""
    noise = policy.noise
    points_weight, symbols_weight = policy.market_points, policy.market_symbols
    player = game.current
    seat = game.seats[player]
    counts = seat.area.counts
    weights = symbol_weights(seat.hand, counts, seat_objectives(game, player), policy)
    best_value = -1e9
    best: tuple[DrawSource, int | None] | None = None
    for card in game.market:
        if card is None:
            continue
        info = CARDS[card]
        if info.gold:
            if requirement_met(info, counts):
                value = gold_points(info, counts, CORNER_GOLD_GUESS) + policy.market_gold
            else:
                missing = 0
                for symbol, need in info.requirement:
                    if counts[symbol] < need:
                        missing += need - counts[symbol]
                value = policy.unready_gold - policy.unready_gold_missing * missing
        else:
            value = points_weight * info.points
            for symbol, n in info.front_symbols:
                value += symbols_weight * weights[symbol] * n
        value += noise * rng.random()
        if value > best_value:
            best_value, best = value, (_MARKET, card)
    if game.resource_drawn < len(game.setup.resource_deck):
        value = policy.resource_deck + noise * rng.random()
        if value > best_value:
            best_value, best = value, (_RESOURCE_DECK, None)
    if game.gold_drawn < len(game.setup.gold_deck):
        has_gold = any(CARDS[card].gold for card in seat.hand)
        value = (policy.gold_deck_holding if has_gold else policy.gold_deck_without) + noise * rng.random()
        if value > best_value:
            best_value, best = value, (_GOLD_DECK, None)
    assert best is not None
    return best


def objective_preference(game: Game, player: int, objective: int) -> float:
    """A rough fit of an offered objective to the seat's hand (set-up only)."""
    target = OBJECTIVES[objective]
    hand = [CARDS[card] for card in game.seats[player].hand]
    if isinstance(target, PatternInfo):
        kingdoms = {k for _, _, k in target.cells}
        return target.points + sum(1 for info in hand if info.kingdom in kingdoms)
    needed = {s for s, _ in target.needs}
    return target.points + sum(info.front_gains[s] for info in hand for s in needed)


def setup_actions(game: Game, player: int, rng: random.Random) -> list[Action]:
    """The set-up choices still open for `player`: a random side, the better-fitting objective."""
    seat = game.seats[player]
    actions: list[Action] = []
    if seat.starter_side is None:
        actions.append(ChooseStarter(player, Side.FRONT if rng.random() < 0.5 else Side.BACK))
    if seat.secret is None:
        first, second = seat.objective_choices
        prefer = objective_preference(game, player, first) - objective_preference(game, player, second)
        pick = first if prefer + rng.uniform(-2, 2) >= 0 else second
        actions.append(ChooseObjective(player, pick))
    return actions


def step(game: Game, rng: random.Random, policy: PlayoutPolicy = FAST) -> Game:
    """One policy action through the engine (during set-up: every open choice of every seat)."""
    phase = game.phase
    if phase is _PLACE:
        return apply(game, choose_place(game, rng, policy))
    if phase is _DRAW:
        return apply(game, choose_draw(game, rng, policy))
    for player in range(len(game.seats)):
        for action in setup_actions(game, player, rng):
            game = apply(game, action)
    return game


def playout(game: Game, rng: random.Random, policy: PlayoutPolicy = FAST) -> Game:
    """Play the policy for every seat until the game is over.

    Past the set-up the turns are played on a mutable `simulate.Table`: the
    result is the game `engine_playout` reaches with the same generator,
    except that its log ends where the playout began.
    """
    return seat_playout(game, rng, (policy,) * len(game.seats))


def seat_playout(game: Game, rng: random.Random, policies: Sequence[PlayoutPolicy]) -> Game:
    """`playout` with a policy for each seat (set-up choices do not depend on the policy): a duel
    between two settings of the weights plays thousands of games a second, which is how
    `benchmarks/expert/policy_tuning.py` tunes them."""
    while game.phase is Phase.SETUP:
        game = step(game, rng, policies[0])
    table = table_of(game)
    while True:
        phase = table.phase
        if phase is _PLACE:
            chosen = placement(table, rng, policies[table.current])
            if chosen is None:
                end_turn(table)
            else:
                place(table, *chosen)
        elif phase is _DRAW:
            source, card = draw_choice(table, rng, policies[table.current])
            draw(table, source, card)
        else:
            return game_of(table)


def engine_playout(game: Game, rng: random.Random, policy: PlayoutPolicy = FAST) -> Game:
    """`playout` through the engine's `apply`, every action checked and logged: what the table must equal."""
    while game.phase is not _OVER:
        game = step(game, rng, policy)
    return game
