"""Whole games played by bots, each seeing only its own seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.games.codex.bots import Bot, make_bot
from codex_tui.games.codex.rules import Game, Variant, apply, new_game, players_to_act, view


def play_out(game: Game, bots: Sequence[Bot]) -> Game:
    """Let the bots play `game` to its end (set-up choices included)."""
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game


def selfplay_game(levels: Sequence[str], seed: int, variant: Variant | None = None) -> Game:
    """One game between bots of the given levels, dealt and played from `seed`."""
    names = tuple(f"{level.capitalize()} {i + 1}" for i, level in enumerate(levels))
    bots = [make_bot(level, seed * 31 + i) for i, level in enumerate(levels)]
    return play_out(new_game(names, seed, variant), bots)
