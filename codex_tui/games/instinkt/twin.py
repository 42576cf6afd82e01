"""A game one seat cannot tell from another: its hidden cards dealt again.

The conformance test proves views redact by comparing a seat's view of a game
with its view of such a twin: if the bytes differ, the view showed something
the seat may not know. So the twin is built from the rules' own account of
what a seat has seen (never from the view under test). Each player owns the
same twelve animals, so hiding is per owner: of each player's cards, those the
seat has not seen (the other's hand, unrevealed pick and pile; the seat's own
undrawn pile) are relabelled among themselves through one permutation of the
whole game, setup and actions alike. An unrevealed card has had no effect yet,
so the relabelled game replays.
"""

from __future__ import annotations

import random

from codex_tui.games.instinkt.rules import Action, Animal, Choose, Game, Keep, Setup, replay
from codex_tui.games.instinkt.rules.animals import ALL_ANIMALS
from codex_tui.games.instinkt.rules.setup import DRAFT, HAND


def animals_seen(game: Game, seat: int, owner: int) -> set[Animal]:
    """`owner`'s animals that `seat` (or SPECTATOR) has been shown: every reveal, and its own hand and draws."""
    seen = {entry.revealed[owner] for entry in game.log if entry.revealed is not None}
    if seat == owner:
        seen.update(game.setup.piles[owner][: DRAFT if game.variant.draft else HAND])
        for entry in game.log:
            drawn = entry.drew[owner] if entry.drew is not None else None
            if drawn is not None:
                seen.add(drawn)
    return seen


def hidden_twin(game: Game, seat: int, seed: int) -> Game:
    """`game` with each player's animals that `seat` has not seen relabelled at random (from `seed`)."""
    rng = random.Random(seed)
    relabel: list[dict[Animal, Animal]] = []
    for owner in (0, 1):
        seen = animals_seen(game, seat, owner)
        unseen = [animal for animal in ALL_ANIMALS if animal not in seen]
        targets = list(unseen)
        rng.shuffle(targets)
        relabel.append(dict(zip(unseen, targets)))
    piles = tuple(tuple(relabel[owner].get(a, a) for a in game.setup.piles[owner]) for owner in (0, 1))
    setup = Setup(piles=(piles[0], piles[1]), token=game.setup.token)
    actions = [_relabelled(action, relabel[action.player]) for action in game.actions]
    return replay(game.players, setup, game.variant, actions, game.seed)


def _relabelled(action: Action, relabel: dict[Animal, Animal]) -> Action:
    if isinstance(action, Choose):
        return Choose(action.player, relabel.get(action.card, action.card))
    if isinstance(action, Keep):
        a, b, c = (relabel.get(card, card) for card in action.cards)
        return Keep(action.player, (a, b, c))
    return action
