"""For bot tests: seeded games played some steps in by greedy bots, and a reweighted policy."""

from __future__ import annotations

from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.bots.policy import PlayoutPolicy
from codex_tui.games.codex.rules import Game, apply, new_game, players_to_act, view

REWEIGHTED = PlayoutPolicy(
    careful=True,
    symbol_base=0.1,
    objective_symbol=1.0,
    gold_need=0.2,
    market_points=0.5,
    market_symbols=2.0,
    market_gold=1.0,
    gold_deck_holding=0.9,
    gold_deck_without=0.2,
    gold_bonus=0.5,
    gold_back=-1.0,
    resource_back=-0.3,
    resource_deck=0.5,
    unready_gold=0.4,
    unready_gold_missing=0.5,
    final_weights=0.0,
)
"""CAREFUL with every weight moved, so that the tests cover the weights as well as the defaults."""


def greedy_midgame(seed: int, steps: int, players: int = 2) -> Game:
    """The game after `steps` greedy actions from the deal of `seed` (set-up choices included)."""
    game = new_game([f"P{i}" for i in range(players)], seed)
    bots = [make_bot("greedy", i) for i in range(players)]
    for _ in range(steps):
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game
