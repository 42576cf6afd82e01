"""Games full of cards placed on their back, and which of those cards a seat may not know."""

from __future__ import annotations

import random

from codex_tui.games.codex.rules import CATALOG, Game, Place, Side, apply, legal_actions
from tests.helpers import started_game


def public_cards(game: Game) -> set[int]:
    """Cards everyone has seen: dealt to the market, turned up to refill it, or placed face up."""
    public = {*game.setup.market_resource, *game.setup.market_gold}
    public |= {e.refill for e in game.log if e.refill is not None}
    public |= {e.action.card for e in game.log if isinstance(e.action, Place) and e.action.side is Side.FRONT}
    return public


def back_placed(game: Game, seat: int) -> set[int]:
    """The resource and gold cards `seat` placed on their back."""
    return {p.card for p in game.seats[seat].area.cards.values() if p.side is Side.BACK and p.card in CATALOG.playable}


def backs_game(players: int, seed: int, steps: int) -> Game:
    """A game whose players mostly place on the back (seven times in ten when they can)."""
    rng = random.Random(seed)
    game = started_game(players=players, seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        moves = list(legal_actions(game))
        backs = [m for m in moves if isinstance(m, Place) and m.side is Side.BACK]
        game = apply(game, rng.choice(backs if backs and rng.random() < 0.7 else moves))
    return game
