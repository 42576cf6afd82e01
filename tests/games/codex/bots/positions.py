"""Positions for bot tests: seeded games played some steps in by greedy bots."""

from __future__ import annotations

from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.rules import Game, apply, new_game, players_to_act, view


def greedy_midgame(seed: int, steps: int, players: int = 2) -> Game:
    """The game after `steps` greedy actions from the deal of `seed` (set-up choices included)."""
    game = new_game([f"P{i}" for i in range(players)], seed)
    bots = [make_bot("greedy", i) for i in range(players)]
    for _ in range(steps):
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game
