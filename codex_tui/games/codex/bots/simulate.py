"""The rules of a turn on mutable seats, for playouts: no checks, no log, no copies.

A playout applies some 60 actions to a game nobody will look at, and the
engine's `apply` spends most of its time on what that does not need: checking
every action, copying the game, its seat and its area, writing the log. Here
the same placements and draws change one mutable `Table` in place. Only the
playout policy's own choices are played, so nothing is checked.

The table follows the engine exactly, down to the order a set of open spots
iterates in (the policy reads that order, so the same seed must see the same
spots): `to_game` gives the very `Game` that `apply` would have reached, bar
the log, which stays as it was when the playout started. tests/games/codex/bots/
test_simulate.py plays seeded playouts both ways and compares the results.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from codex_tui.games.codex.bots.cardinfo import KINGDOM_OF
from codex_tui.games.codex.rules import CATALOG, DrawSource, EndReason, Game, Phase, PlayArea, Seat, Setup, Side
from codex_tui.games.codex.rules.area import NEIGHBOURS, Placed, Pos, neighbours
from codex_tui.games.codex.rules.build import builder
from codex_tui.games.codex.rules.engine import placement_points
from codex_tui.games.codex.rules.symbols import HIDDEN

_PLACE, _DRAW, _OVER = Phase.PLACE, Phase.DRAW, Phase.OVER
_FRONT = Side.FRONT
_MARKET, _GOLD_DECK = DrawSource.MARKET, DrawSource.GOLD_DECK
_PLAYABLE = CATALOG.playable
_KINGDOM = KINGDOM_OF
_build_placed = builder(Placed)
_build_seat = builder(Seat)
_build_area = builder(PlayArea)


@dataclass(slots=True)
class TableArea:
    """A play area that changes in place (`PlayArea`'s fields, mutable)."""

    cards: dict[Pos, Placed]
    counts: list[int]
    open_spots: frozenset[Pos]
    """Rebuilt as the engine rebuilds it, so that it iterates in the same order."""
    blocked: frozenset[Pos]
    kingdoms: dict[Pos, int] | None = None
    """Position -> the kingdom of the card there (-1 for the starter): `cards` as the policy's
    pattern look-ups read it, without going through `Placed` and `KINGDOM_OF` each time."""
    corners: dict[Pos, tuple[int, ...]] | None = None
    """Position -> the corners of the face shown there, for the policy's `symbols_lost`.
    Both maps are made by the careful policy when it first asks (the fast one never does),
    then kept up here."""
    around: dict[Pos, tuple[int, ...]] = field(default_factory=dict)
    """Open spot -> the symbols its neighbours show towards it (top-left, top-right,
    bottom-right, bottom-left): filled by the policy as it asks, dropped here around every
    new card (only a card placed next to a spot changes what the spot would cover)."""


def kingdoms_of(cards: Mapping[Pos, Placed]) -> dict[Pos, int]:
    """`TableArea.kingdoms` of a play area's cards."""
    return {pos: KINGDOM_OF.get(placed.card, -1) for pos, placed in cards.items()}


def corners_of(cards: Mapping[Pos, Placed]) -> dict[Pos, tuple[int, ...]]:
    """`TableArea.corners` of a play area's cards."""
    return {pos: placed.face.corners for pos, placed in cards.items()}


@dataclass(slots=True)
class TableSeat:
    hand: list[int]
    area: TableArea
    score: int
    secret: int | None


@dataclass(slots=True)
class Table:
    """The parts of a `Game` that a turn changes, mutable; the rest stays in `game`."""

    game: Game
    """The game the playout started from (its players, setup, variant and log)."""
    setup: Setup
    seats: list[TableSeat]
    market: list[int | None]
    resource_drawn: int
    gold_drawn: int
    phase: Phase
    current: int
    end: EndReason | None
    turns_left: int | None


def table_of(game: Game) -> Table:
    """A mutable copy of a game past its set-up."""
    seats = [
        TableSeat(
            list(seat.hand),
            TableArea(
                dict(seat.area.cards),
                list(seat.area.counts),
                seat.area.open_spots,
                seat.area.blocked,
            ),
            seat.score,
            seat.secret,
        )
        for seat in game.seats
    ]
    return Table(
        game,
        game.setup,
        seats,
        list(game.market),
        game.resource_drawn,
        game.gold_drawn,
        game.phase,
        game.current,
        game.end,
        game.turns_left,
    )


def game_of(table: Table) -> Game:
    """The `Game` the table stands for (with the log of the game it started from).

    It shares the table's card dicts: the table is not to be played on afterwards.
    """
    game = table.game
    seats = tuple(
        _build_seat(
            old.starter,
            old.starter_side,
            old.objective_choices,
            seat.secret,
            tuple(seat.hand),
            _build_area(seat.area.cards, tuple(seat.area.counts), seat.area.open_spots, seat.area.blocked, None),
            seat.score,
        )
        for old, seat in zip(game.seats, table.seats)
    )
    return game.evolve(
        seats=seats,
        market=tuple(table.market),
        resource_drawn=table.resource_drawn,
        gold_drawn=table.gold_drawn,
        phase=table.phase,
        current=table.current,
        end=table.end,
        turns_left=table.turns_left,
    )


def place(table: Table, card_id: int, side: Side, x: int, y: int) -> None:
    """The current seat places `card_id` (as `engine._place` and `area.place_card`, unchecked)."""
    seat = table.seats[table.current]
    area = seat.area
    cards = area.cards
    counts = area.counts
    card = _PLAYABLE[card_id]
    face = card.front if side is _FRONT else card.back
    pos = (x, y)
    open_spots = set(area.open_spots)
    open_spots.discard(pos)
    blocked = area.blocked
    newly_blocked: list[Pos] = []
    covered = 0
    corners = face.corners
    around = NEIGHBOURS.get(pos)
    if around is None:
        around = neighbours(pos)
    for neighbour_pos, index, opposite in around:
        neighbour = cards.get(neighbour_pos)
        if neighbour is not None:
            covered += 1
            hidden_symbol = neighbour.face.corners[opposite]
            if hidden_symbol >= 0:
                counts[hidden_symbol] -= 1
        elif corners[index] == HIDDEN:
            newly_blocked.append(neighbour_pos)
            open_spots.discard(neighbour_pos)
        elif neighbour_pos not in blocked:
            open_spots.add(neighbour_pos)
    for symbol in face.shown:
        counts[symbol] += 1
    cards[pos] = _build_placed(card_id, side, face, len(cards))
    kingdoms = area.kingdoms
    if kingdoms is not None:
        kingdoms[pos] = _KINGDOM[card_id]
    corners_at = area.corners
    if corners_at is not None:
        corners_at[pos] = corners
    around_spots = area.around
    if around_spots:
        for neighbour_pos, _, _ in around:
            around_spots.pop(neighbour_pos, None)
    area.open_spots = frozenset(open_spots)
    if newly_blocked:
        area.blocked = blocked.union(newly_blocked)
    seat.hand.remove(card_id)
    seat.score += placement_points(card, side, covered, counts)
    if table.end is None and seat.score >= table.game.variant.target_score:
        table.end = EndReason.SCORE
        table.turns_left = _turns_left_when_triggered(table)
    turns_left = table.turns_left
    if (turns_left is not None and turns_left < len(table.seats)) or not _anything_to_draw(table):
        end_turn(table)
    else:
        table.phase = _DRAW


def draw(table: Table, source: DrawSource, card: int | None) -> None:
    """The current seat draws (as `engine._draw`, unchecked)."""
    setup = table.setup
    if source is _MARKET:
        market = table.market
        slot = market.index(card)
        drawn = card
        refill = _take_from_deck(table, gold=slot >= 2)
        if refill is None:
            refill = _take_from_deck(table, gold=slot < 2)
        market[slot] = refill
    else:
        drawn = _take_from_deck(table, gold=source is _GOLD_DECK)
    assert drawn is not None
    table.seats[table.current].hand.append(drawn)
    decks_empty = table.resource_drawn >= len(setup.resource_deck) and table.gold_drawn >= len(setup.gold_deck)
    if table.end is None and decks_empty:
        table.end = EndReason.DECKS
        table.turns_left = _turns_left_when_triggered(table)
    end_turn(table)


def end_turn(table: Table) -> None:
    """The turn passes (also what a pass does): as `engine._next_turn`."""
    turns_left = table.turns_left
    if turns_left == 0:
        table.phase = _OVER
        return
    table.phase = _PLACE
    table.current = (table.current + 1) % len(table.seats)
    if turns_left is not None:
        table.turns_left = turns_left - 1


def _take_from_deck(table: Table, gold: bool) -> int | None:
    setup = table.setup
    if gold:
        if table.gold_drawn < len(setup.gold_deck):
            table.gold_drawn += 1
            return setup.gold_deck[table.gold_drawn - 1]
    elif table.resource_drawn < len(setup.resource_deck):
        table.resource_drawn += 1
        return setup.resource_deck[table.resource_drawn - 1]
    return None


def _anything_to_draw(table: Table) -> bool:
    setup = table.setup
    return (
        table.resource_drawn < len(setup.resource_deck)
        or table.gold_drawn < len(setup.gold_deck)
        or any(card is not None for card in table.market)
    )


def _turns_left_when_triggered(table: Table) -> int:
    count = len(table.seats)
    return (table.setup.first_player - 1 - table.current) % count + count
