"""Fingerprint of seeded games: the same code must always play the same moves.

Run: python benchmarks/seeded_moves.py [--games 50] [--out FILE]

The bots read the engine's sets and dicts in their iteration order (the
playout policy picks from `tuple(area.open_spots)`), so a change inside the
rules that keeps every result but changes a container's order still changes
seeded bot moves. Run this on two versions of the code (e.g. with PYTHONPATH
pointing at an export of main, then at the branch) and compare the digests;
`--out` writes every game's action list for a line-by-line diff.

The games: `--games` seeded bot games with rotating line-ups of the cheap
levels (random, easy, normal, greedy) and a small search bot (its playouts
run on `bots/simulate.py`), 2 to 4 players, plus as many uniform random
games through `legal_actions`/`apply`, whose final states are fingerprinted
too (scores, areas in order, open spots in iteration order).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from codex_tui.games.codex.bots.roster import make_bot  # noqa: E402
from codex_tui.games.codex.bots.search import SearchBot, SearchConfig  # noqa: E402
from codex_tui.games.codex.rules import (  # noqa: E402
    Game,
    apply,
    legal_actions,
    new_game,
    players_to_act,
    result,
    view,
)

SMALL_SEARCH = SearchConfig(playouts=40, candidates=4, draw_tree=True)
"""A search bot cheap enough for many games, still playing through `simulate.py`."""
LINEUPS = (
    ("random", "greedy"),
    ("easy", "normal", "search"),
    ("search", "random", "easy", "greedy"),
    ("normal", "search"),
)


def _bot(level: str, seed: int) -> object:
    if level == "search":
        return SearchBot(seed, SMALL_SEARCH, name="search")
    return make_bot(level, seed)


def bot_game(index: int) -> Game:
    levels = LINEUPS[index % len(LINEUPS)]
    bots = [_bot(level, index * 1009 + seat) for seat, level in enumerate(levels)]
    game = new_game([f"{level} {seat}" for seat, level in enumerate(levels)], index)
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))  # type: ignore[attr-defined]
    return game


def random_game(index: int) -> Game:
    rng = random.Random(index)
    game = new_game([f"P{i}" for i in range(2 + index % 3)], index)
    while not game.is_over:
        actions = legal_actions(game)
        game = apply(game, actions[rng.randrange(len(actions))])
    return game


def describe(game: Game) -> str:
    """Every action, then the final state as the bots and the UI read it (orders included)."""
    lines = [repr(entry) for entry in game.log]
    for seat in game.seats:
        area = seat.area
        lines.append(f"hand {seat.hand} score {seat.score} counts {area.counts}")
        lines.append(f"cards {list(area.cards.items())}")
        lines.append(f"open {tuple(area.open_spots)} blocked {tuple(area.blocked)}")
    lines.append(repr(result(game)))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    texts = []
    for index in range(args.games):
        texts.append(f"# bot game {index}\n{describe(bot_game(index))}")
        texts.append(f"# random game {index}\n{describe(random_game(index))}")
    whole = "\n".join(texts) + "\n"
    if args.out:
        args.out.write_text(whole)
    print(f"{args.games} bot games + {args.games} random games: sha256 {hashlib.sha256(whole.encode()).hexdigest()}")


if __name__ == "__main__":
    main()
