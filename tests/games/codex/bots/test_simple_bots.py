from __future__ import annotations

import pytest

from codex_tui.games.codex.bots import bot_levels, make_bot
from codex_tui.games.codex.bots.selfplay import selfplay_game
from codex_tui.games.codex.rules import result, view
from tests.helpers import started_game


def test_levels_are_listed_with_descriptions() -> None:
    levels = bot_levels()
    assert {"random", "greedy"} <= set(levels)
    assert all(levels.values())


def test_unknown_level_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_bots_choose_legal_actions(level: str) -> None:
    game = started_game(seed=3)
    seat = game.current
    v = view(game, seat)
    assert make_bot(level, 1).choose(v) in v.legal_actions


def test_greedy_beats_random_clearly() -> None:
    wins = 0
    for seed in range(20):
        levels = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        outcome = result(selfplay_game(levels, seed))
        greedy_seat = levels.index("greedy")
        wins += outcome.winners == (greedy_seat,)
    assert wins >= 18
