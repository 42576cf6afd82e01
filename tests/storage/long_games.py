"""The longest legal games we know how to make, for the replay tests and benchmark.

How long can a game be? Before the end is triggered every turn is a
placement and a draw, except a pass, and a player may only pass when no card
can go anywhere in their area (their hand is never empty while a deck has
cards). Each draw takes one card from a deck, and emptying both decks
triggers the end. So a game is at most: set-up, one turn per card in the
decks, one pass per round for each player who cannot place, then the last
two rounds.

Sealing an area (no open spot left) needs, on its top row, a card hiding
both top corners, and only one card does: gold 79, front side. So at most one
player per game can be sealed, and the others keep drawing until the decks run
out. The longest game is then two players, one sealing their area as early
as possible and passing every turn after that while the other draws all the
remaining cards: about 200 actions. `sealed_game` plays exactly that; no legal
game comes anywhere near 2,000 actions.
"""

from __future__ import annotations

import random

from codex_tui.games.codex.rules import (
    CATALOG,
    ChooseObjective,
    ChooseStarter,
    Draw,
    DrawSource,
    Game,
    Pass,
    Place,
    SeatSetup,
    Setup,
    Side,
    Variant,
    apply,
    legal_actions,
    new_game,
    start,
)
from codex_tui.games.codex.rules.cards import GOLD_IDS

SEALING_STARTER = 81
"""Played on its front, whose four corners all show a symbol."""
SEALING_PLACEMENTS: tuple[tuple[int, int, int], ...] = (
    (9, 1, 1),
    (16, -1, -1),
    (47, 2, 0),
    (49, -2, 0),
    (35, -1, 1),
    (31, 1, -1),
    (78, 0, -2),
    (79, 0, 2),
)
"""(card, x, y), all fronts, in order: after the last, no spot is open. The
golds' requirements are met by the resources placed before them; found by a
search over the engine's own placement rules."""


def random_game(players: int, seed: int, target: int = 1000) -> Game:
    """A random game; with a target nobody reaches it ends when the decks do."""
    rng = random.Random(seed)
    game = new_game([f"P{i}" for i in range(players)], seed, Variant(target))
    while not game.is_over:
        actions = legal_actions(game)
        game = apply(game, actions[rng.randrange(len(actions))])
    return game


def _sealed_setup(seed: int) -> Setup:
    """A deal in which seat 0 can seal its area: each card it needs is on top
    of a deck when seat 0 draws. Seat 1 only draws from the resource deck
    until seat 0 is done, so where its draws fall is known in advance."""
    rng = random.Random(seed)
    needed = [card for card, _, _ in SEALING_PLACEMENTS]
    hand = tuple(needed[:3])  # 9, 16: resources; 47: gold, as a hand is dealt
    to_draw = needed[3:]
    fillers_r = [c for c in CATALOG.resource_ids if c not in needed]
    fillers_g = [c for c in CATALOG.gold_ids if c not in needed]
    rng.shuffle(fillers_r)
    rng.shuffle(fillers_g)
    other_hand = (fillers_r.pop(), fillers_r.pop(), fillers_g.pop())
    market_resource = (fillers_r.pop(), fillers_r.pop())
    market_gold = (fillers_g.pop(), fillers_g.pop())
    resource_deck: list[int] = []
    gold_deck: list[int] = []
    for turn in range(len(SEALING_PLACEMENTS)):
        card = to_draw[turn] if turn < len(to_draw) else None  # seat 0's draw
        if card is None:
            resource_deck.append(fillers_r.pop())
        elif card in GOLD_IDS:
            gold_deck.append(card)
        else:
            resource_deck.append(card)
        resource_deck.append(fillers_r.pop())  # seat 1's draw
    resource_deck += fillers_r
    gold_deck += fillers_g
    objectives = sorted(CATALOG.objectives)
    rng.shuffle(objectives)
    starters = [s for s in sorted(CATALOG.starters) if s != SEALING_STARTER]
    return Setup(
        resource_deck=tuple(resource_deck),
        gold_deck=tuple(gold_deck),
        market_resource=market_resource,
        market_gold=market_gold,
        common_objectives=(objectives[0], objectives[1]),
        first_player=0,
        seats=(
            SeatSetup(SEALING_STARTER, hand, (objectives[2], objectives[3])),
            SeatSetup(rng.choice(starters), other_hand, (objectives[4], objectives[5])),
        ),
    )


def sealed_game(seed: int = 0) -> Game:
    """The longest game we can make: seat 0 seals its area in 8 turns, then
    passes every turn while seat 1 places cards on their backs (no points, so
    the target is never reached) and draws every card left. Default variant."""
    rng = random.Random(seed)
    game = start(("Sealed", "Open"), _sealed_setup(seed), Variant(), seed)
    for player in (0, 1):
        game = apply(game, ChooseStarter(player, Side.FRONT))
        game = apply(game, ChooseObjective(player, game.seats[player].objective_choices[0]))
    placed = 0
    while not game.is_over:
        if game.current == 0:
            if placed < len(SEALING_PLACEMENTS):
                card, x, y = SEALING_PLACEMENTS[placed]
                game = apply(game, Place(0, card, Side.FRONT, x, y))
                placed += 1
                if not game.is_over and game.current == 0:
                    needs = [c for c, _, _ in SEALING_PLACEMENTS[placed:] if c not in game.seats[0].hand]
                    source = DrawSource.GOLD_DECK if needs and needs[0] in GOLD_IDS else DrawSource.RESOURCE_DECK
                    game = apply(game, Draw(0, source))
            else:
                game = apply(game, Pass(0))
            continue
        seat = game.seats[1]
        if not seat.hand or not seat.area.open_spots:
            game = apply(game, Pass(1))
            continue
        card = rng.choice(seat.hand)
        x, y = rng.choice(sorted(seat.area.open_spots))
        game = apply(game, Place(1, card, Side.BACK, x, y))
        if not game.is_over and game.current == 1:
            draws = legal_actions(game)
            decks = [d for d in draws if isinstance(d, Draw) and d.source is not DrawSource.MARKET]
            resource = [d for d in decks if d.source is DrawSource.RESOURCE_DECK]
            game = apply(game, (resource or decks or list(draws))[0])
    return game
