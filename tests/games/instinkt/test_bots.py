"""Instinkt bots: legal, blind to hidden cards, and the search bot beats the random one."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from codex_tui.games.instinkt.bots import HalvingSearchBot, SearchBot, make_instinkt_bot
from codex_tui.games.instinkt.rules import Phase, apply, legal_actions, new_game, players_to_act, result, view


def play(levels: tuple[str, str], seed: int, light: bool = False):
    """A seeded game; `light` gives the search bot a small budget, to keep the test quick."""

    def bot(level: str, bot_seed: int):
        if light and level == "hard":
            return SearchBot(bot_seed, samples=6, width=4)
        if light and level == "expert":
            return HalvingSearchBot(bot_seed, playouts=48, width=4)
        return make_instinkt_bot(level, bot_seed)

    bots = [bot(levels[0], seed), bot(levels[1], seed + 1)]
    game = new_game(("A", "B"), seed)
    while not game.is_over:
        player = players_to_act(game)[0]
        action = bots[player](view(game, player))
        assert action in legal_actions(game)
        game = apply(game, action)
    return game


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "greedy", "expert"])
def test_every_level_plays_legal_moves_to_the_end(level: str) -> None:
    assert play((level, "normal"), 3, light=True).is_over


def test_a_bot_decides_the_same_whatever_the_hidden_cards() -> None:
    rng = random.Random(5)
    game = new_game(("A", "B"), 5)
    while game.phase is not Phase.PLACE or game.order[0] != 0:
        moves = legal_actions(game)
        game = apply(game, moves[rng.randrange(len(moves))])
    other = game.seats[1]
    shuffled = replace(other, pile=tuple(reversed(other.pile)))
    hidden_changed = replace(game, seats=(game.seats[0], shuffled))
    assert view(game, 0) == view(hidden_changed, 0)
    for level in ("normal", "hard", "expert"):
        assert make_instinkt_bot(level, 9)(view(game, 0)) == make_instinkt_bot(level, 9)(view(hidden_changed, 0))


def test_hard_beats_random_clearly() -> None:
    wins = 0
    for seed in range(12):
        levels = ("hard", "easy") if seed % 2 == 0 else ("easy", "hard")
        outcome = result(play(levels, seed, light=True))
        wins += outcome.winners == (levels.index("hard"),)
    assert wins >= 10
