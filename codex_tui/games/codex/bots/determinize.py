"""Sampling the hidden part of a game from one seat's view.

A search bot may only use its view. To simulate, it still needs a whole
`Game`, so it guesses the hidden part: the others' unseen hand cards (matching
the backs it can see), which cards the others placed on their back (the view
shows only the back: kind and kingdom), the order of both decks (matching the
visible kingdoms of their tops) and the others' secret objectives. Every guess
is drawn from what the view leaves possible, so two games that look the same
to this seat give the same samples for the same random generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from codex_tui.games.codex.bots.cardinfo import ALL_OBJECTIVES, CARDS, GOLD_CARDS, RESOURCE_CARDS
from codex_tui.games.codex.rules import Draw, DrawSource, Game, Place, PlayArea, Pos, Seat, SeatSetup, SeatView, Setup
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS
from codex_tui.games.codex.rules.symbols import CardKind


@dataclass(frozen=True, slots=True)
class HandSlot:
    """One card of a hand as this seat knows it: its id when known, else only its back."""

    card: int | None
    gold: bool
    kingdom: int


@dataclass(frozen=True, slots=True)
class BoardBack:
    """Another seat's card on its back: where it lies and what its back shows, not which card it is."""

    pos: Pos
    gold: bool
    kingdom: int


@dataclass(frozen=True, slots=True)
class MaybePlaced:
    """A card a seat took from the market, then perhaps placed on its back: it is in that
    seat's hand or under one of the backs it placed since, of its kind and kingdom."""

    card: int
    under: tuple[Pos, ...]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a view implies about the hidden cards; computed once per decision."""

    unseen_resources: tuple[int, ...]
    unseen_golds: tuple[int, ...]
    """Cards that may be anywhere hidden (decks, hands, under backs); `maybe_placed` excluded."""
    hands: tuple[tuple[HandSlot, ...], ...]
    """Per seat, its hand in order: a known card (own hand, or taken from the market) or a back to fill."""
    board_backs: tuple[tuple[BoardBack, ...], ...]
    """Per seat, the cards of its area that this seat sees only as backs."""
    maybe_placed: tuple[tuple[MaybePlaced, ...], ...]
    """Per seat, the cards it took from the market and then perhaps placed on its back."""
    unseen_objectives: tuple[int, ...]
    """Objectives that may be another seat's secret or offered choice."""


def _known_market_draws(view: SeatView) -> tuple[list[list[int]], list[dict[int, list[Pos]]]]:
    """Per seat: cards taken from the market and surely still held, and those perhaps placed.

    The log shows both the take and a placement face up. A placement on the
    back shows only kind and kingdom: a held card of that pair may be the one
    placed, so from then on it is only known to be in the hand or under a back
    of that pair placed since (the positions are kept).
    """
    held: list[list[int]] = [[] for _ in view.seats]
    maybe: list[dict[int, list[Pos]]] = [{} for _ in view.seats]
    for entry in view.log:
        action = entry.action
        if isinstance(action, Draw) and action.source is DrawSource.MARKET and action.card is not None:
            held[action.player].append(action.card)
        elif isinstance(action, Place) and action.card in HIDDEN_CARDS:
            back = HIDDEN_CARDS[action.card]
            gold, kingdom = back.is_gold, int(back.kingdom)
            mine, perhaps = held[action.player], maybe[action.player]
            for card in [c for c in mine if CARDS[c].gold == gold and CARDS[c].kingdom == kingdom]:
                mine.remove(card)
                perhaps[card] = []
            for card, under in perhaps.items():
                if CARDS[card].gold == gold and CARDS[card].kingdom == kingdom:
                    under.append(action.pos)
        elif isinstance(action, Place):
            if action.card in held[action.player]:
                held[action.player].remove(action.card)
            maybe[action.player].pop(action.card, None)
    return held, maybe


def _board_backs(area: PlayArea) -> tuple[BoardBack, ...]:
    backs = []
    for pos, placed in sorted(area.cards.items(), key=lambda item: item[1].order):
        hidden = HIDDEN_CARDS.get(placed.card)
        if hidden is not None:
            backs.append(BoardBack(pos, hidden.is_gold, int(hidden.kingdom)))
    return tuple(backs)


def read_knowledge(view: SeatView) -> Knowledge:
    """Everything the view says about where the unseen cards can be."""
    seen: set[int] = set(view.hand)
    seen.update(card for card in view.market if card is not None)
    for seat in view.seats:
        seen.update(placed.card for placed in seat.area.cards.values())
    drawn, maybe = _known_market_draws(view)
    hands: list[tuple[HandSlot, ...]] = []
    maybe_placed: list[tuple[MaybePlaced, ...]] = []
    for index, seat in enumerate(view.seats):
        if index == view.seat:
            hands.append(tuple(HandSlot(card, CARDS[card].gold, CARDS[card].kingdom) for card in view.hand))
            maybe_placed.append(())
            continue
        known = [card for card in drawn[index] if card not in seen]
        slots = []
        for back in seat.hand_backs:
            gold, kingdom = back.kind is CardKind.GOLD, int(back.kingdom)
            match = next((c for c in known if CARDS[c].gold == gold and CARDS[c].kingdom == kingdom), None)
            if match is not None:
                known.remove(match)
                seen.add(match)
            slots.append(HandSlot(match, gold, kingdom))
        hands.append(tuple(slots))
        perhaps = tuple(MaybePlaced(card, tuple(under)) for card, under in maybe[index].items() if card not in seen)
        seen.update(item.card for item in perhaps)
        maybe_placed.append(perhaps)
    visible_objectives = set(view.common_objectives) | set(view.objective_choices)
    if view.secret is not None:
        visible_objectives.add(view.secret)
    return Knowledge(
        unseen_resources=tuple(c for c in RESOURCE_CARDS if c not in seen),
        unseen_golds=tuple(c for c in GOLD_CARDS if c not in seen),
        hands=tuple(hands),
        board_backs=tuple(_board_backs(seat.area) for seat in view.seats),
        maybe_placed=tuple(maybe_placed),
        unseen_objectives=tuple(o for o in ALL_OBJECTIVES if o not in visible_objectives),
    )


def _take_matching(pool: list[int], kingdom: int, rng: random.Random) -> int | None:
    """Remove and return a random card of this kingdom from the pool (of one kind).

    If the view were inconsistent (no such card left), any card of the kind
    will do: a slightly wrong guess is better than no simulation at all.
    """
    matching = [i for i, card in enumerate(pool) if CARDS[card].kingdom == kingdom]
    if not matching:
        matching = list(range(len(pool)))
    if not matching:
        return None
    index = matching[rng.randrange(len(matching))]
    return pool.pop(index)


def _deck(pool: list[int], size: int, top_kingdom: int | None, rng: random.Random) -> tuple[int, ...]:
    """A deck of `size` cards from the pool, shuffled, with a top of the visible kingdom."""
    rng.shuffle(pool)
    if top_kingdom is not None and pool:
        for index, card in enumerate(pool):
            if CARDS[card].kingdom == top_kingdom:
                pool[0], pool[index] = pool[index], pool[0]
                break
    return tuple(pool[:size])


def _sample_objectives(
    view: SeatView, knowledge: Knowledge, rng: random.Random, weights: Sequence[Sequence[float]] | None
) -> list[tuple[int | None, tuple[int, int]]]:
    """(secret, objective choices) per other seat, drawn without replacement."""
    pool = list(knowledge.unseen_objectives)
    chosen: list[tuple[int | None, tuple[int, int]]] = []
    for index, seat in enumerate(view.seats):
        if index == view.seat:
            choices = view.objective_choices
            pair = (choices[0], choices[1]) if len(choices) == 2 else (0, 0)
            chosen.append((view.secret, pair))
            continue
        if seat.has_secret and weights is not None and len(weights[index]) == len(knowledge.unseen_objectives):
            by_id = dict(zip(knowledge.unseen_objectives, weights[index]))
            secret = rng.choices(pool, [by_id[o] for o in pool])[0]
            pool.remove(secret)
        else:
            secret = pool.pop(rng.randrange(len(pool)))
        other = pool.pop(rng.randrange(len(pool))) if pool else secret
        chosen.append((secret if seat.has_secret else None, (secret, other)))
    return chosen


def _place_maybe_placed(
    knowledge: Knowledge, seat: int, rng: random.Random, resources: list[int], golds: list[int]
) -> tuple[dict[int, int], dict[int, int]]:
    """Put each card of `maybe_placed` in a free hand slot or board back it may be in, at random.

    Two such cards may share their possible places, so this is a matching
    (augmenting paths, tried in random order): every card finds a place when
    the view allows it. Returns the cards chosen for hand slots and for board
    backs, by index. A card left without a place (an inconsistent view) goes
    back to the pool.
    """
    options: dict[int, list[tuple[str, int]]] = {}
    for maybe in knowledge.maybe_placed[seat]:
        gold, kingdom = CARDS[maybe.card].gold, CARDS[maybe.card].kingdom
        places = [
            ("hand", i)
            for i, slot in enumerate(knowledge.hands[seat])
            if slot.card is None and slot.gold == gold and slot.kingdom == kingdom
        ]
        places += [("board", i) for i, back in enumerate(knowledge.board_backs[seat]) if back.pos in maybe.under]
        rng.shuffle(places)
        options[maybe.card] = places
    holder: dict[tuple[str, int], int] = {}

    def settle(card: int, tried: set[tuple[str, int]]) -> bool:
        for place in options[card]:
            if place not in tried:
                tried.add(place)
                if place not in holder or settle(holder[place], tried):
                    holder[place] = card
                    return True
        return False

    for card in options:
        if not settle(card, set()):
            (golds if CARDS[card].gold else resources).append(card)
    hand_cards = {i: card for (where, i), card in holder.items() if where == "hand"}
    board_cards = {i: card for (where, i), card in holder.items() if where == "board"}
    return hand_cards, board_cards


def _sampled_hand(
    slots: Sequence[HandSlot],
    placed: dict[int, int],
    resources: list[int],
    golds: list[int],
    rng: random.Random,
) -> tuple[int, ...]:
    """A seat's hand: each card known, or placed there by `_place_maybe_placed`, or else an unseen
    card of the slot's deck and kingdom (taken out of `resources` or `golds`)."""
    hand: list[int] = []
    for slot_index, slot in enumerate(slots):
        card = slot.card if slot.card is not None else placed.get(slot_index)
        if card is None:
            card = _take_matching(golds if slot.gold else resources, slot.kingdom, rng)
        if card is not None:
            hand.append(card)
    return tuple(hand)


def _sampled_area(
    area: PlayArea,
    backs: Sequence[BoardBack],
    placed: dict[int, int],
    resources: list[int],
    golds: list[int],
    rng: random.Random,
) -> PlayArea:
    """A seat's area with a card under each back it shows (placed there, or an unseen card of the
    back's deck and kingdom)."""
    if not backs:
        return area
    cards = dict(area.cards)
    for back_index, back in enumerate(backs):
        card = placed.get(back_index)
        if card is None:
            card = _take_matching(golds if back.gold else resources, back.kingdom, rng)
        if card is not None:
            cards[back.pos] = replace(cards[back.pos], card=card)
    return replace(area, cards=cards)


def sample_game(
    view: SeatView,
    knowledge: Knowledge,
    rng: random.Random,
    secret_weights: Sequence[Sequence[float]] | None = None,
) -> Game:
    """One complete game that looks exactly like `view` to its seat.

    `secret_weights` (per seat, aligned with `knowledge.unseen_objectives`)
    biases the others' secrets towards what their play suggests.
    """
    resources = list(knowledge.unseen_resources)
    golds = list(knowledge.unseen_golds)
    rng.shuffle(resources)
    rng.shuffle(golds)
    objectives = _sample_objectives(view, knowledge, rng, secret_weights)
    seats: list[Seat] = []
    seat_setups: list[SeatSetup] = []
    for index, public in enumerate(view.seats):
        hand_cards, board_cards = _place_maybe_placed(knowledge, index, rng, resources, golds)
        hand = _sampled_hand(knowledge.hands[index], hand_cards, resources, golds, rng)
        area = _sampled_area(public.area, knowledge.board_backs[index], board_cards, resources, golds, rng)
        secret, choices = objectives[index]
        seats.append(
            Seat(
                starter=public.starter,
                starter_side=public.starter_side,
                objective_choices=choices,
                secret=secret,
                hand=hand,
                area=area,
                score=public.score,
            )
        )
        seat_setups.append(SeatSetup(starter=public.starter, hand=hand, objective_choices=choices))
    resource_top = None if view.resource_deck_top is None else int(view.resource_deck_top)
    gold_top = None if view.gold_deck_top is None else int(view.gold_deck_top)
    setup = Setup(
        resource_deck=_deck(resources, view.resource_deck_size, resource_top, rng),
        gold_deck=_deck(golds, view.gold_deck_size, gold_top, rng),
        market_resource=(0, 0),
        market_gold=(0, 0),
        common_objectives=view.common_objectives,
        first_player=view.first_player,
        seats=tuple(seat_setups),
    )
    return Game(
        players=view.players,
        variant=view.variant,
        setup=setup,
        seats=tuple(seats),
        market=view.market,
        resource_drawn=0,
        gold_drawn=0,
        phase=view.phase,
        current=view.current,
        end=view.end,
        turns_left=view.turns_left,
        log=(),
    )
