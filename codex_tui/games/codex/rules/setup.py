"""Dealing a new game from a seed, and checking a setup that came from elsewhere."""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.core.errors import SetupError
from codex_tui.core.rng import SplitMix64
from codex_tui.games.codex.rules.area import PlayArea
from codex_tui.games.codex.rules.build import builder
from codex_tui.games.codex.rules.cards import CATALOG, GOLD_IDS, OBJECTIVE_IDS, RESOURCE_IDS, STARTER_IDS
from codex_tui.games.codex.rules.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    Phase,
    Seat,
    SeatSetup,
    Setup,
    Variant,
    game_with_fields,
)

_RESOURCES = CATALOG.resource_ids
_GOLDS = CATALOG.gold_ids
_STARTERS = tuple(sorted(CATALOG.starters))
_OBJECTIVES = tuple(sorted(CATALOG.objectives))
"""The decks in their order before shuffling, worked out once (the catalog never changes)."""
_build_seat = builder(Seat)
_build_seat_setup = builder(SeatSetup)
_build_setup = builder(Setup)


def deal(player_count: int, seed: int) -> Setup:
    """Shuffle and deal as the rulebook's set-up steps 2-6 describe."""
    if not MIN_PLAYERS <= player_count <= MAX_PLAYERS:
        raise SetupError(f"Codex Naturalis is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {player_count}")
    rng = SplitMix64(seed)
    resources = rng.shuffled(_RESOURCES)
    golds = rng.shuffled(_GOLDS)
    starters = rng.shuffled(_STARTERS)
    objectives = rng.shuffled(_OBJECTIVES)
    # Cards are dealt from the top (the front of each shuffled list), as before;
    # taking them by index is the same deal without moving the lists at each card.
    market_resource = (resources[0], resources[1])
    market_gold = (golds[0], golds[1])
    commons = (objectives[0], objectives[1])
    seats = []
    for seat in range(player_count):
        hand = (resources[2 + 2 * seat], resources[3 + 2 * seat], golds[2 + seat])
        choices = (objectives[2 + 2 * seat], objectives[3 + 2 * seat])
        seats.append(_build_seat_setup(starters[seat], hand, choices))
    return _build_setup(
        tuple(resources[2 + 2 * player_count :]),
        tuple(golds[2 + player_count :]),
        market_resource,
        market_gold,
        commons,
        rng.below(player_count),
        tuple(seats),
    )


def check_setup(setup: Setup, player_count: int) -> None:
    """Raise SetupError unless `setup` is a deal the real cards could produce.

    Decks may be shorter than the full 40 (a record may be abridged), but no
    card may appear twice and every card must be of the kind its place needs.
    """
    if len(setup.seats) != player_count:
        raise SetupError(f"setup has {len(setup.seats)} seats for {player_count} players")
    if not 0 <= setup.first_player < player_count:
        raise SetupError(f"first_player {setup.first_player} is not a seat")

    def expect(cards: Sequence[int], ids: range, what: str) -> None:
        for card in cards:
            if not isinstance(card, int) or card not in ids:
                raise SetupError(f"{what}: {card!r} is not a card id in {ids.start}-{ids.stop - 1}")

    playable = list(setup.resource_deck) + list(setup.gold_deck)
    playable += list(setup.market_resource) + list(setup.market_gold)
    expect(setup.resource_deck, RESOURCE_IDS, "resource_deck")
    expect(setup.gold_deck, GOLD_IDS, "gold_deck")
    expect(setup.market_resource, RESOURCE_IDS, "market resource")
    expect(setup.market_gold, GOLD_IDS, "market gold")
    expect(setup.common_objectives, OBJECTIVE_IDS, "common_objectives")
    objectives = list(setup.common_objectives)
    starters = []
    for index, seat in enumerate(setup.seats):
        where = f"seat {index}"
        expect([seat.starter], STARTER_IDS, f"{where} starter")
        if len(seat.hand) != 3:
            raise SetupError(f"{where}: a hand starts with 3 cards, not {len(seat.hand)}")
        expect(seat.hand[:2], RESOURCE_IDS, f"{where} hand (2 resources first)")
        expect(seat.hand[2:], GOLD_IDS, f"{where} hand (1 gold last)")
        expect(seat.objective_choices, OBJECTIVE_IDS, f"{where} objective_choices")
        if len(seat.objective_choices) != 2:
            raise SetupError(f"{where}: 2 objectives are offered, not {len(seat.objective_choices)}")
        playable += list(seat.hand)
        objectives += list(seat.objective_choices)
        starters.append(seat.starter)
    for what, cards in (("card", playable), ("objective", objectives), ("starter", starters)):
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                raise SetupError(f"{what} {card} is dealt twice")
            seen.add(card)


def start(players: Sequence[str], setup: Setup, variant: Variant, seed: int | None = None) -> Game:
    """The game right after dealing, before anyone has chosen anything."""
    names = tuple(players)
    check_setup(setup, len(names))
    return _started(names, setup, variant, seed)


def _started(names: tuple[str, ...], setup: Setup, variant: Variant, seed: int | None) -> Game:
    """`start` for a setup known to be sound (`deal`'s own, or one checked)."""
    if variant.target_score < 1:
        raise SetupError(f"target score must be at least 1, not {variant.target_score}")
    empty = PlayArea.empty()
    seats = tuple(
        _build_seat(seat.starter, None, seat.objective_choices, None, seat.hand, empty, 0) for seat in setup.seats
    )
    # `Game(...)` without its frozen `__init__` (as `apply` makes every later game).
    return game_with_fields(
        {
            "players": names,
            "variant": variant,
            "setup": setup,
            "seats": seats,
            "market": (*setup.market_resource, *setup.market_gold),
            "resource_drawn": 0,
            "gold_drawn": 0,
            "phase": Phase.SETUP,
            "current": setup.first_player,
            "end": None,
            "turns_left": None,
            "log": (),
            "seed": seed,
        }
    )


def new_game(players: Sequence[str], seed: int, variant: Variant | None = None) -> Game:
    """Shuffle, deal and return the game waiting for set-up choices.

    `deal` makes only sound setups, so the check `start` runs on setups from
    elsewhere is skipped: it was a tenth of dealing a game.
    """
    return _started(tuple(players), deal(len(players), seed), variant or Variant(), seed)
