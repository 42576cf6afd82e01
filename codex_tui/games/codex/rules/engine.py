"""The rules: which actions are legal, and what each one does to a game.

`legal_actions` and `apply` are pure functions over immutable `Game` values.
`apply` checks everything itself (it never trusts that an action came from
`legal_actions`) and says which rule an illegal action breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from codex_tui.core.errors import IllegalAction
from codex_tui.core.history import replay_actions
from codex_tui.games.codex.rules.actions import Action, ChooseObjective, ChooseStarter, Draw, DrawSource, Pass, Place
from codex_tui.games.codex.rules.area import Pos, place_card
from codex_tui.games.codex.rules.build import builder, shadow_class
from codex_tui.games.codex.rules.cards import CATALOG, PlayableCard, Scoring
from codex_tui.games.codex.rules.setup import start
from codex_tui.games.codex.rules.state import (
    MARKET_SLOTS,
    MAX_PLAYERS,
    EndReason,
    Game,
    LogEntry,
    Phase,
    Seat,
    Setup,
    Variant,
    game_with_fields,
)
from codex_tui.games.codex.rules.symbols import Side, Symbol

# Enum members and tables read on every action, bound once: `Phase.PLACE` is a
# class attribute look-up through the enum's metaclass each time (~70 ns).
_SETUP, _PLACE, _DRAW, _OVER = Phase.SETUP, Phase.PLACE, Phase.DRAW, Phase.OVER
_FRONT, _BACK = Side.FRONT, Side.BACK
_CORNERS, _OBJECT = Scoring.CORNERS, Scoring.OBJECT
_MARKET, _GOLD_DECK = DrawSource.MARKET, DrawSource.GOLD_DECK
_DECK_SOURCES = (DrawSource.RESOURCE_DECK, DrawSource.GOLD_DECK)
_PLAYABLE = CATALOG.playable
_build_seat = builder(Seat)
_build_entry = builder(LogEntry)
_SEAT_SHADOW: Any = shadow_class(Seat)
_ENTRY_SHADOW: Any = shadow_class(LogEntry)
_PLACE_SHADOW: Any = shadow_class(Place)
"""Seats, log entries and moves are made as `build.builder` makes them, written out where
they are made on every turn (a call is a fifth of the cost)."""
_EMPTY_MARKETS = tuple((None,) * slots for slots in range(MARKET_SLOTS + 1))
"""An emptied market of each length, to compare with in one step."""

_new_object = object.__new__
_set_attribute = object.__setattr__
_STARTER_CHOICES = tuple((ChooseStarter(p, Side.FRONT), ChooseStarter(p, Side.BACK)) for p in range(MAX_PLAYERS))
_OBJECTIVE_CHOICES = tuple({card: ChooseObjective(p, card) for card in CATALOG.objectives} for p in range(MAX_PLAYERS))
"""Every set-up choice a seat can be offered, made once (the values are immutable)."""
_ORIGIN = (0, 0)
_MARKET_DRAWS = tuple({card: Draw(p, DrawSource.MARKET, card) for card in _PLAYABLE} for p in range(MAX_PLAYERS))
_RESOURCE_DRAWS = tuple(Draw(p, DrawSource.RESOURCE_DECK) for p in range(MAX_PLAYERS))
_GOLD_DRAWS = tuple(Draw(p, DrawSource.GOLD_DECK) for p in range(MAX_PLAYERS))
"""Every draw a seat can be offered, made once: a draw turn offers up to six."""
_OPTIONS = {
    card_id: (card.requirement, ((card_id, _FRONT), (card_id, _BACK)), ((card_id, _BACK),))
    for card_id, card in _PLAYABLE.items()
}
"""Per card: its requirement, its (card, side) options, its back alone; made once (every
placement turn offers them)."""

# ------------------------------------------------------------ legal actions


def playable_options(seat: Seat) -> tuple[tuple[int, Side], ...]:
    """(card, side) pairs the seat may place now, wherever a spot is open.

    Backs are always allowed; a gold front only when its requirement is
    visible before placing.
    """
    options: list[tuple[int, Side]] = []
    counts = seat.area.counts
    for card_id in seat.hand:
        requirement, both, back = _OPTIONS[card_id]
        if requirement:
            # `requirement_met` written out: this runs for every card of every hand, every turn.
            for symbol, need in requirement:
                if counts[symbol] < need:
                    options += back
                    break
            else:
                options += both
        else:
            options += both
    return tuple(options)


def requirement_met(card: PlayableCard, counts: Sequence[int]) -> bool:
    # A plain loop: `all()` over a generator costs twice as much on this hot path.
    for symbol, need in card.requirement:  # noqa: SIM110
        if counts[symbol] < need:
            return False
    return True


class PlacementMoves(Sequence[Place]):
    """Every legal placement, built on demand: options x open spots.

    A play area of 60 cards has ~30 open spots and a hand gives up to 6
    options; materialising 180 action objects per call would dominate the
    cost of a bot's turn, so this sequence only builds the ones asked for.
    """

    __slots__ = ("player", "options", "spots", "_spot_set", "_count")

    def __init__(
        self,
        player: int,
        options: tuple[tuple[int, Side], ...],
        open_spots: frozenset[Pos],
        sorted_spots: tuple[Pos, ...] | None = None,
    ) -> None:
        """`sorted_spots`, when given, is `open_spots` sorted (a play area keeps it so)."""
        self.player = player
        self.options = options
        self.spots = tuple(sorted(open_spots)) if sorted_spots is None else sorted_spots
        self._spot_set = open_spots
        self._count = len(options) * len(self.spots)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Place: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Place]: ...
    def __getitem__(self, index: int | slice) -> Place | Sequence[Place]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        count = self._count
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("placement index out of range")
        spots = self.spots
        spot_count = len(spots)
        option = index // spot_count  # `divmod` is a call, these two are operators
        card, side = self.options[option]
        # `_build_place` written out: a random or playout player asks for one move per turn.
        place = _PLACE_SHADOW()
        place.player = self.player
        place.card = card
        place.side = side
        place.x, place.y = spots[index - option * spot_count]
        place.__class__ = Place
        made: Place = place
        return made

    def __iter__(self) -> Iterator[Place]:
        for card, side in self.options:
            for x, y in self.spots:
                yield Place(self.player, card, side, x, y)

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Place)
            and action.player == self.player
            and (action.card, action.side) in self.options
            and (action.x, action.y) in self._spot_set
        )


def draw_options(game: Game, player: int) -> tuple[Draw, ...]:
    """The market's cards in slot order, then the resource deck, then the gold deck."""
    by_card = _MARKET_DRAWS[player]
    market = game.market
    setup = game.setup
    resource_left = game.resource_drawn < len(setup.resource_deck)
    gold_left = game.gold_drawn < len(setup.gold_deck)
    if resource_left and gold_left and len(market) == MARKET_SLOTS:
        # The usual turn (a full market while both decks last), without building a list.
        first, second, third, fourth = market
        if first is not None and second is not None and third is not None and fourth is not None:
            return (
                by_card[first],
                by_card[second],
                by_card[third],
                by_card[fourth],
                _RESOURCE_DRAWS[player],
                _GOLD_DRAWS[player],
            )
    draws = [by_card[card] for card in market if card is not None]
    if resource_left:
        draws.append(_RESOURCE_DRAWS[player])
    if gold_left:
        draws.append(_GOLD_DRAWS[player])
    return tuple(draws)


def legal_actions(game: Game) -> Sequence[Action]:
    """Every action the rules allow now (during set-up, for every seat)."""
    phase = game.phase
    if phase is _PLACE:
        current = game.current
        seat = game.seats[current]
        area = seat.area
        open_spots = area.open_spots
        if not open_spots or not seat.hand:
            return (Pass(current),)
        ordered = area.ordered
        if ordered is None:
            return PlacementMoves(current, playable_options(seat), open_spots)
        # `PlacementMoves.__init__` written out: a call through the class costs more than it does.
        options = playable_options(seat)
        moves = _new_object(PlacementMoves)
        moves.player = current
        moves.options = options
        moves.spots = ordered
        moves._spot_set = open_spots
        moves._count = len(options) * len(ordered)
        return moves
    if phase is _DRAW:
        return draw_options(game, game.current)
    if phase is _SETUP:
        return _setup_actions(game, range(len(game.seats)))
    return ()


def legal_actions_for(game: Game, player: int) -> Sequence[Action]:
    """The actions `player` may take now (empty when it is not their move)."""
    if game.phase is Phase.SETUP:
        return _setup_actions(game, (player,))
    if game.phase is Phase.OVER or game.current != player:
        return ()
    return legal_actions(game)


def players_to_act(game: Game) -> tuple[int, ...]:
    """Seats that have an action to take now (several during set-up)."""
    if game.phase is Phase.SETUP:
        return tuple(i for i, seat in enumerate(game.seats) if seat.starter_side is None or seat.secret is None)
    if game.phase is _OVER:
        return ()
    return (game.current,)


def _setup_actions(game: Game, players: Iterable[int]) -> tuple[Action, ...]:
    """Per seat still choosing: its starter's front and back, then its two objectives."""
    actions: list[Action] = []
    seats = game.seats
    for player in players:
        seat = seats[player]
        if seat.starter_side is None:
            actions += _STARTER_CHOICES[player]
        if seat.secret is None:
            by_card = _OBJECTIVE_CHOICES[player]
            for card in seat.objective_choices:
                choice = by_card.get(card)
                actions.append(ChooseObjective(player, card) if choice is None else choice)
    return tuple(actions)


# ------------------------------------------------------------------ apply


def apply(game: Game, action: Action) -> Game:
    """The game after `action`. Raises IllegalAction if the rules forbid it."""
    phase = game.phase
    if phase is _OVER:
        raise IllegalAction("End of game", "the game is over; no more actions")
    player = action.player
    if player == game.current and phase is not _SETUP and isinstance(player, int):
        # The common cases first: for these two the checks below come to the same
        # (an int equal to `current` is a seat, and it is that seat's turn).
        if isinstance(action, Place):
            return _place(game, action)
        if isinstance(action, Draw):
            return _draw(game, action)
    if not isinstance(player, int) or not 0 <= player < len(game.seats):
        raise IllegalAction("Players", f"there is no seat {player!r}")
    if isinstance(action, ChooseStarter):
        return _choose_starter(game, action)
    if isinstance(action, ChooseObjective):
        return _choose_objective(game, action)
    if phase is _SETUP:
        raise IllegalAction("Game set-up", "every player must choose a starter side and a secret objective first")
    if player != game.current:
        raise IllegalAction("Turn order", f"it is {game.players[game.current]}'s turn, not {game.players[player]}'s")
    if isinstance(action, Place):
        return _place(game, action)
    if isinstance(action, Draw):
        return _draw(game, action)
    if isinstance(action, Pass):
        return _pass(game, action)
    raise IllegalAction("Actions", f"unknown action {action!r}")


def _with_seat(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:index] + (seat,) + seats[index + 1 :]


def _after_setup_choice(game: Game, seats: tuple[Seat, ...], action: Action) -> Game:
    phase = _PLACE
    for seat in seats:
        if seat.starter_side is None or seat.secret is None:
            phase = _SETUP
            break
    fields = game.__dict__.copy()
    fields["seats"] = seats
    fields["phase"] = phase
    fields["current"] = game.setup.first_player
    fields["log"] = game.log + (_build_entry(action, 0, (), None, None, None),)
    return game_with_fields(fields)


def _choose_starter(game: Game, action: ChooseStarter) -> Game:
    if game.phase is not Phase.SETUP:
        raise IllegalAction("Game set-up", "starter sides are chosen before the first turn")
    seat = game.seats[action.player]
    if seat.starter_side is not None:
        raise IllegalAction("Game set-up", f"{game.players[action.player]} has already placed their starter card")
    if not isinstance(action.side, Side):
        raise IllegalAction("Game set-up", f"a side is front or back, not {action.side!r}")
    side = action.side
    starter = CATALOG.starters[seat.starter]
    area, _ = place_card(seat.area, seat.starter, side, starter.face(side), _ORIGIN)
    new_seat = _build_seat(seat.starter, side, seat.objective_choices, seat.secret, seat.hand, area, seat.score)
    return _after_setup_choice(game, _with_seat(game.seats, action.player, new_seat), action)


def _choose_objective(game: Game, action: ChooseObjective) -> Game:
    if game.phase is not Phase.SETUP:
        raise IllegalAction("Game set-up", "secret objectives are chosen before the first turn")
    seat = game.seats[action.player]
    if seat.secret is not None:
        raise IllegalAction("Game set-up", f"{game.players[action.player]} has already chosen a secret objective")
    if action.card not in seat.objective_choices:
        raise IllegalAction(
            "Game set-up", f"objective {action.card} was not offered (the choices are {seat.objective_choices})"
        )
    new_seat = _build_seat(
        seat.starter, seat.starter_side, seat.objective_choices, action.card, seat.hand, seat.area, seat.score
    )
    return _after_setup_choice(game, _with_seat(game.seats, action.player, new_seat), action)


def placement_points(card: PlayableCard, side: Side, covered: int, counts_after: Sequence[int]) -> int:
    """Points scored at once by placing `card` on `side` (rulebook, Card Details)."""
    if side is _BACK:
        return 0
    scoring = card.scoring
    if scoring is _CORNERS:
        return card.points * covered
    if scoring is _OBJECT:
        assert card.scoring_object is not None
        return card.points * counts_after[card.scoring_object]
    return card.points


def _spot_problem(seat: Seat, pos: Pos) -> str:
    """Why a card cannot go at `pos`, for the error message."""
    area = seat.area
    if pos in area.cards:
        return f"{pos} already holds a card"
    if pos in area.blocked:
        return f"{pos} would cover a hidden corner"
    if (pos[0] + pos[1]) % 2:
        return f"{pos} is not on the card grid (a card covers a corner diagonally)"
    return f"{pos} covers no visible corner of a card in the play area"


def _turns_left_when_triggered(game: Game) -> int:
    """Finish the current round (up to the seat before the first player), then one more."""
    count = len(game.seats)
    rest_of_round = (game.setup.first_player - 1 - game.current) % count
    return rest_of_round + count


def _place(game: Game, action: Place) -> Game:
    """Place a card: check it, score it, and make the next game.

    Whole on purpose (90 lines): every self-play, playout and replay runs it once a turn, and the
    helpers it would call (`_build_seat`, `_build_entry`, `game_with_fields`) are written out in it,
    each marked: split again into calls, it would be slower by a call per step (`benchmarks/engine.py`
    measures self-play).
    Read top to bottom, it is the rule book's order: the checks, the card, the seat, the end, the log."""
    if game.phase is not _PLACE:
        raise IllegalAction("Turn order", "this turn's card is placed; now draw a card")
    player = action.player
    seat = game.seats[player]
    card_id = action.card
    hand = seat.hand
    if card_id not in hand:
        raise IllegalAction("Play a card", f"card {card_id} is not in {game.players[player]}'s hand")
    side = action.side
    if side is not _FRONT and side is not _BACK:
        raise IllegalAction("Play a card", f"a side is front or back, not {side!r}")
    pos = (action.x, action.y)
    area = seat.area
    if pos not in area.open_spots:
        raise IllegalAction("Placement rule", _spot_problem(seat, pos))
    card = _PLAYABLE[card_id]
    if side is _FRONT:
        counts = area.counts
        for symbol, need in card.requirement:
            if counts[symbol] < need:
                raise IllegalAction(
                    "Gold cards rule",
                    f"gold {card.id} needs {describe_counts(card.requires)} visible before it is placed",
                )
        area, covered = place_card(area, card_id, side, card.front, pos)
        # `placement_points` written out for a front.
        scoring = card.scoring
        if scoring is _CORNERS:
            points = card.points * len(covered)
        elif scoring is _OBJECT:
            points = card.points * area.counts[card.scoring_object]  # type: ignore[index]
        else:
            points = card.points
    else:
        area, covered = place_card(area, card_id, side, card.back, pos)
        points = 0
    score = seat.score + points
    # `_build_seat` written out (this is every other action).
    new_seat = _SEAT_SHADOW()
    new_seat.starter = seat.starter
    new_seat.starter_side = seat.starter_side
    new_seat.objective_choices = seat.objective_choices
    new_seat.secret = seat.secret
    if len(hand) == 3:
        # `_without` written out for the usual hand.
        first, second, third = hand
        if first == card_id:
            new_seat.hand = (second, third)
        else:
            new_seat.hand = (first, third) if second == card_id else (first, second)
    else:
        new_seat.hand = _without(hand, card_id)
    new_seat.area = area
    new_seat.score = score
    new_seat.__class__ = Seat
    seats = list(game.seats)
    seats[player] = new_seat
    # The next game's fields: a copy of this one's, storing only what changes.
    fields = game.__dict__.copy()
    fields["seats"] = tuple(seats)
    turns_left = game.turns_left
    triggered = None
    if score >= game.variant.target_score and game.end is None:
        fields["end"] = triggered = EndReason.SCORE
        fields["turns_left"] = turns_left = _turns_left_when_triggered(game)
    if (turns_left is not None and turns_left < len(seats)) or not (
        # `_anything_to_draw` written out, the likeliest first.
        game.resource_drawn < len(game.setup.resource_deck)
        or game.gold_drawn < len(game.setup.gold_deck)
        or game.market != _EMPTY_MARKETS[len(game.market)]
    ):
        fields["phase"], fields["current"], fields["turns_left"] = _next_turn(game, turns_left)
    else:
        fields["phase"] = _DRAW
    # `_build_entry` written out.
    entry = _ENTRY_SHADOW()
    entry.action = action
    entry.points = points
    entry.covered = covered
    entry.drawn = None
    entry.refill = None
    entry.end = triggered
    entry.__class__ = LogEntry
    # Concatenation copies the log once; `(*log, entry)` went through a list.
    fields["log"] = game.log + (entry,)
    # `game_with_fields` written out.
    new_game = _new_object(Game)
    _set_attribute(new_game, "__dict__", fields)
    return new_game


def _draw(game: Game, action: Draw) -> Game:
    """Draw a card: from a deck or the market (refilled), then the next turn.

    Whole on purpose, as `_place`: it runs once a turn in every game the bots play out, with the
    helpers it would call written out in it."""
    if game.phase is not _DRAW:
        raise IllegalAction("Turn order", "place a card before drawing")
    source = action.source
    setup = game.setup
    resource_deck, gold_deck = setup.resource_deck, setup.gold_deck
    resource_drawn, gold_drawn = game.resource_drawn, game.gold_drawn
    drawn: int | None = action.card
    refill = None
    # The next game's fields: a copy of this one's, storing only what changes.
    fields = game.__dict__.copy()
    # The deck tops are taken inline: this runs on every other action.
    if source is _MARKET:
        market = game.market
        if drawn is None or drawn not in market:
            raise IllegalAction("Draw a card", f"card {action.card} is not face up in the market")
        slot = market.index(drawn)
        # The slot refills from its own row's deck, else from the other deck.
        if slot >= 2 and gold_drawn < len(gold_deck):
            refill = gold_deck[gold_drawn]
            fields["gold_drawn"] = gold_drawn = gold_drawn + 1
        elif resource_drawn < len(resource_deck):
            refill = resource_deck[resource_drawn]
            fields["resource_drawn"] = resource_drawn = resource_drawn + 1
        elif gold_drawn < len(gold_deck):
            refill = gold_deck[gold_drawn]
            fields["gold_drawn"] = gold_drawn = gold_drawn + 1
        new_market = list(market)
        new_market[slot] = refill
        fields["market"] = tuple(new_market)
    elif source in _DECK_SOURCES:
        if drawn is not None:
            raise IllegalAction("Draw a card", "a deck draw takes the top card; it names no card")
        if source is _GOLD_DECK:
            if gold_drawn < len(gold_deck):
                drawn = gold_deck[gold_drawn]
                fields["gold_drawn"] = gold_drawn = gold_drawn + 1
        elif resource_drawn < len(resource_deck):
            drawn = resource_deck[resource_drawn]
            fields["resource_drawn"] = resource_drawn = resource_drawn + 1
        if drawn is None:
            raise IllegalAction("Draw a card", f"the {source.value.replace('_', ' ')} is empty")
    else:
        raise IllegalAction("Draw a card", f"unknown source {source!r}")
    player = action.player
    seats = game.seats
    seat = seats[player]
    # `_build_seat` written out (this is every other action).
    new_seat = _SEAT_SHADOW()
    new_seat.starter = seat.starter
    new_seat.starter_side = seat.starter_side
    new_seat.objective_choices = seat.objective_choices
    new_seat.secret = seat.secret
    new_seat.hand = seat.hand + (drawn,)
    new_seat.area = seat.area
    new_seat.score = seat.score
    new_seat.__class__ = Seat
    new_seats = list(seats)
    new_seats[player] = new_seat
    fields["seats"] = tuple(new_seats)
    triggered = None
    turns_left = game.turns_left
    decks_empty = resource_drawn >= len(resource_deck) and gold_drawn >= len(gold_deck)
    if turns_left is None and not decks_empty:
        # `_next_turn` written out for the usual turn: the next seat places.
        current = player + 1
        fields["current"] = 0 if current == len(seats) else current
        fields["phase"] = _PLACE
    else:
        if decks_empty and game.end is None:
            fields["end"] = triggered = EndReason.DECKS
            turns_left = _turns_left_when_triggered(game)
        fields["phase"], fields["current"], fields["turns_left"] = _next_turn(game, turns_left)
    entry = _ENTRY_SHADOW()
    entry.action = action
    entry.points = 0
    entry.covered = ()
    entry.drawn = drawn
    entry.refill = refill
    entry.end = triggered
    entry.__class__ = LogEntry
    fields["log"] = game.log + (entry,)
    new_game = _new_object(Game)
    _set_attribute(new_game, "__dict__", fields)
    return new_game


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """`hand` without (the first) `card`, which it holds: a placing hand has three cards."""
    if len(hand) == 3:
        first, second, third = hand
        if first == card:
            return (second, third)
        return (first, third) if second == card else (first, second)
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _pass(game: Game, action: Pass) -> Game:
    if game.phase is not _PLACE:
        raise IllegalAction("Turn order", "a pass replaces placing a card")
    seat = game.seats[action.player]
    if seat.area.open_spots and seat.hand:
        raise IllegalAction("Play a card", "a player may only pass when no card can be placed anywhere")
    phase, current, turns_left = _next_turn(game, game.turns_left)
    return game.evolve(log=game.log + (LogEntry(action),), phase=phase, current=current, turns_left=turns_left)


def _next_turn(game: Game, turns_left: int | None) -> tuple[Phase, int, int | None]:
    """(phase, current, turns_left) once the current turn ends, given the turns left after it."""
    if turns_left is None:
        return _PLACE, (game.current + 1) % len(game.seats), None
    if turns_left == 0:
        return _OVER, game.current, 0
    return _PLACE, (game.current + 1) % len(game.seats), turns_left - 1


# ------------------------------------------------------------ log helpers


def replay(
    players: Sequence[str],
    setup: Setup,
    variant: Variant,
    actions: Iterable[Action],
    seed: int | None = None,
) -> Game:
    """Rebuild a game from its setup and actions; ReplayError names the first bad one."""
    return replay_actions(start(players, setup, variant, seed), actions, apply)


def describe_counts(counts: Sequence[int]) -> str:
    """'3 fungi + 1 animal' for a requirement vector."""
    parts = [f"{need} {Symbol(i).label}" for i, need in enumerate(counts) if need]
    return " + ".join(parts) if parts else "nothing"
