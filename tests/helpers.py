"""Builders for hand-made positions, so rules tests say exactly what they set up."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from codex_tui.games.codex.rules import (
    CATALOG,
    ChooseObjective,
    ChooseStarter,
    Game,
    PlayArea,
    SeatSetup,
    Setup,
    Side,
    Variant,
    apply,
    legal_actions,
    new_game,
    start,
)


def area_of(*cards: tuple[int, Side, tuple[int, int]], starter: int = 83, starter_side: Side = Side.FRONT) -> PlayArea:
    """A play area with the starter at (0, 0) then `cards` placed in order (not checked)."""
    area = PlayArea.empty()
    area = area.place(starter, starter_side, CATALOG.starters[starter].face(starter_side), (0, 0)).area
    for card_id, side, pos in cards:
        area = area.place(card_id, side, CATALOG.playable[card_id].face(side), pos).area
    return area


def finish_setup(game: Game, sides: Sequence[Side] | None = None) -> Game:
    """Every seat takes the given starter side (front by default) and its first objective."""
    for player, seat in enumerate(game.seats):
        side = sides[player] if sides else Side.FRONT
        game = apply(game, ChooseStarter(player, side))
        game = apply(game, ChooseObjective(player, seat.objective_choices[0]))
    return game


def started_game(players: int = 2, seed: int = 1, target: int = 20) -> Game:
    return finish_setup(new_game([f"P{i}" for i in range(players)], seed, Variant(target)))


def with_seat(game: Game, player: int, **changes: object) -> Game:
    """The game with some of one seat's fields replaced (hand, area, score...)."""
    seats = list(game.seats)
    seats[player] = replace(seats[player], **changes)  # type: ignore[arg-type]
    return replace(game, seats=tuple(seats))


def small_setup(
    players: int = 2,
    resource_deck: Iterable[int] = (),
    gold_deck: Iterable[int] = (),
    first_player: int = 0,
) -> Setup:
    """A deal with chosen (possibly tiny) decks; the rest is fixed and legal."""
    resource_deck = tuple(resource_deck)
    gold_deck = tuple(gold_deck)
    used = set(resource_deck) | set(gold_deck)
    resources = [c for c in CATALOG.resource_ids if c not in used]
    golds = [c for c in CATALOG.gold_ids if c not in used]
    objectives = sorted(CATALOG.objectives)
    seats = []
    for i in range(players):
        seats.append(
            SeatSetup(
                starter=81 + i,
                hand=(resources.pop(), resources.pop(), golds.pop()),
                objective_choices=(objectives[2 + 2 * i], objectives[3 + 2 * i]),
            )
        )
    return Setup(
        resource_deck=resource_deck,
        gold_deck=gold_deck,
        market_resource=(resources.pop(), resources.pop()),
        market_gold=(golds.pop(), golds.pop()),
        common_objectives=(objectives[0], objectives[1]),
        first_player=first_player,
        seats=tuple(seats),
    )


def start_small(setup: Setup, target: int = 20) -> Game:
    return finish_setup(start([f"P{i}" for i in range(len(setup.seats))], setup, Variant(target)))


def play_random(game: Game, seed: int = 0, steps: int | None = None) -> Game:
    rng = random.Random(seed)
    count = 0
    while not game.is_over and (steps is None or count < steps):
        actions = legal_actions(game)
        game = apply(game, actions[rng.randrange(len(actions))])
        count += 1
    return game
