"""Dealing an Instinkt game from a seed."""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.core.errors import SetupError
from codex_tui.core.rng import SplitMix64
from codex_tui.games.instinkt.rules.animals import ALL_ANIMALS, Animal
from codex_tui.games.instinkt.rules.state import Game, Phase, Seat, Setup, Variant

HAND = 3
DRAFT = 5


def deal(seed: int) -> Setup:
    """Each player shuffles their own twelve cards; the token lands on a random player."""
    rng = SplitMix64(seed)
    black = tuple(rng.shuffled(ALL_ANIMALS))
    white = tuple(rng.shuffled(ALL_ANIMALS))
    return Setup(piles=(black, white), token=rng.below(2))


def check_setup(setup: Setup) -> None:
    if len(setup.piles) != 2:
        raise SetupError("Instinkt is for exactly 2 players")
    for colour, pile in enumerate(setup.piles):
        if sorted(pile) != sorted(ALL_ANIMALS):
            raise SetupError(f"player {colour}'s pile must hold each of the 12 animals once")
    if setup.token not in (0, 1):
        raise SetupError(f"token holder {setup.token!r} is not a player")


def start(players: Sequence[str], setup: Setup, variant: Variant, seed: int | None = None) -> Game:
    names = tuple(players)
    if len(names) != 2:
        raise SetupError(f"Instinkt is for 2 players, not {len(names)}")
    check_setup(setup)
    drawn = DRAFT if variant.draft else HAND
    seats = tuple(Seat(hand=pile[:drawn], pile=pile[drawn:], chosen=None, played=()) for pile in setup.piles)
    return Game(
        players=(names[0], names[1]),
        variant=variant,
        setup=setup,
        seats=(seats[0], seats[1]),
        grid={},
        token=setup.token,
        phase=Phase.KEEP if variant.draft else Phase.CHOOSE,
        order=(),
        round=1,
        log=(),
        seed=seed,
    )


def new_game(players: Sequence[str], seed: int, variant: Variant | None = None) -> Game:
    return start(players, deal(seed), variant or Variant(), seed)


__all__ = ["Animal", "SetupError", "deal", "new_game", "start"]
