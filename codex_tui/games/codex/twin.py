"""A game one seat cannot tell from another: its hidden cards dealt again.

The conformance test proves views redact by comparing a seat's view of a game
with its view of such a twin: if the bytes differ, the view showed something
the seat may not know. So the twin is built from the rules' own account of
what a seat has seen (never from the view under test): every playable card
the seat has not seen is swapped, through one permutation of the whole game
(setup and actions alike), with another unseen card of the same kind and
kingdom (the only thing its back shows); every objective it has not seen is
swapped with another unseen objective. The swapped game replays: a card on
its back scores nothing and shows only that back, whatever card it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from codex_tui.core.seats import SPECTATOR
from codex_tui.games.codex.rules import (
    CATALOG,
    Action,
    ChooseObjective,
    Draw,
    DrawSource,
    Game,
    Place,
    SeatSetup,
    Setup,
    Side,
    replay,
)


def cards_seen(game: Game, seat: int) -> set[int]:
    """Playable cards `seat` has been shown: the market, its own hand and draws, cards placed face up."""
    setup = game.setup
    seen = {*setup.market_resource, *setup.market_gold}
    if seat != SPECTATOR:
        seen.update(setup.seats[seat].hand)
    for entry in game.log:
        action = entry.action
        if entry.refill is not None:
            seen.add(entry.refill)
        if isinstance(action, Place) and (action.side is Side.FRONT or action.player == seat):
            seen.add(action.card)
        if isinstance(action, Draw) and action.player == seat and entry.drawn is not None:
            seen.add(entry.drawn)
        if isinstance(action, Draw) and action.source is DrawSource.MARKET and action.card is not None:
            seen.add(action.card)
    return seen


def objectives_seen(game: Game, seat: int) -> set[int]:
    """The common objectives and, for a seat, the two it was offered."""
    seen = set(game.setup.common_objectives)
    if seat != SPECTATOR:
        seen.update(game.setup.seats[seat].objective_choices)
    return seen


def _shuffle_within(groups: dict[object, list[int]], rng: random.Random) -> dict[int, int]:
    mapping: dict[int, int] = {}
    for ids in groups.values():
        targets = list(ids)
        rng.shuffle(targets)
        mapping.update(zip(ids, targets))
    return mapping


def hidden_twin(game: Game, seat: int, seed: int) -> Game:
    """`game` with every card and objective `seat` has not seen swapped at random (from `seed`)."""
    rng = random.Random(seed)
    seen = cards_seen(game, seat)
    by_back: dict[object, list[int]] = {}
    for card_id, info in sorted(CATALOG.playable.items()):
        if card_id not in seen:
            by_back.setdefault((info.kind, info.kingdom), []).append(card_id)
    cards = _shuffle_within(by_back, rng)
    unseen_objectives = [o for o in sorted(CATALOG.objectives) if o not in objectives_seen(game, seat)]
    objectives = _shuffle_within({"objective": unseen_objectives}, rng)

    def card(card_id: int) -> int:
        return cards.get(card_id, card_id)

    def objective(objective_id: int) -> int:
        return objectives.get(objective_id, objective_id)

    setup = game.setup
    twin_setup = Setup(
        resource_deck=tuple(map(card, setup.resource_deck)),
        gold_deck=tuple(map(card, setup.gold_deck)),
        market_resource=setup.market_resource,
        market_gold=setup.market_gold,
        common_objectives=setup.common_objectives,
        first_player=setup.first_player,
        seats=tuple(
            SeatSetup(
                starter=s.starter,
                hand=tuple(map(card, s.hand)),
                objective_choices=(objective(s.objective_choices[0]), objective(s.objective_choices[1])),
            )
            for s in setup.seats
        ),
    )
    actions = [_swapped(action, card, objective) for action in game.actions]
    return replay(game.players, twin_setup, game.variant, actions, game.seed)


def _swapped(action: Action, card: Callable[[int], int], objective: Callable[[int], int]) -> Action:
    if isinstance(action, Place):
        return Place(action.player, card(action.card), action.side, action.x, action.y)
    if isinstance(action, Draw) and action.card is not None:
        return Draw(action.player, action.source, card(action.card))
    if isinstance(action, ChooseObjective):
        return ChooseObjective(action.player, objective(action.card))
    return action
