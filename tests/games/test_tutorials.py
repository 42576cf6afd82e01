"""Every registered game's tutorial plays through its fixed deal to the end, each move legal."""

from __future__ import annotations

import pytest

from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.core.tutorial import Tutorial, scripted_move

GAMES = [pytest.param(module, id=module.name) for module in registry.games() if module.tutorial() is not None]


def tutorial_of(module: GameModule) -> Tutorial:
    tutorial = module.tutorial()
    assert tutorial is not None
    return tutorial


def test_both_games_have_a_tutorial() -> None:
    assert len(GAMES) == 2


@pytest.mark.parametrize("module", GAMES)
def test_the_script_plays_to_the_end_with_the_learner_winning(module: GameModule) -> None:
    tutorial = tutorial_of(module)
    players = ["You", "Coach"]
    game = module.new_game(players, tutorial.seed, tutorial.variant or module.default_variant())
    moves = {seat: tutorial.moves_of(module, seat) for seat in range(2)}
    while not game.is_over:
        seat = module.players_to_act(game)[-1]  # the other order from the script's, where both choose at once
        move = scripted_move(moves[seat], game, seat)
        assert move is not None, f"the script has no move {len(game.actions)} for seat {seat}"
        assert move in module.legal_actions_for(game, seat)
        game = module.apply(game, move)
    assert module.winners(game) == (tutorial.learner,)
    assert len(game.actions) == len(tutorial.script)


@pytest.mark.parametrize("module", GAMES)
def test_every_lesson_is_at_a_move_of_the_learner(module: GameModule) -> None:
    tutorial = tutorial_of(module)
    learner_moves = len(tutorial.moves_of(module, tutorial.learner))
    assert tutorial.steps and all(0 <= step < learner_moves for step in tutorial.steps)
    assert tutorial.step_number(tutorial.steps[-1]) == len(tutorial.steps)
