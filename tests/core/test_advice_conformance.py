"""Hints and reviews, checked for every registered game (and tic-tac-toe) through the contract.

A hint and an assessment read one seat's view only: for a game the seat
cannot tell apart (its unseen secrets dealt again) they must be the same,
and the view as a remote seat receives it (through the wire codec) must
give the same answer. The review walk must judge each decision exactly as a
direct `assess` from that position does.
"""

from __future__ import annotations

from typing import Any

import msgpack
import pytest

from codex_tui.core import registry
from codex_tui.core.advice import ADVICE_SEED, HINT_LEVEL
from codex_tui.core.contract import GameModule
from codex_tui.core.review import decision_points, review
from tests.core.test_conformance import CASES, played, wire_bytes


def middle_decision(game: GameModule) -> tuple[Any, int, Any]:
    """A state in the middle of a random game where a seat has a real choice, that seat,
    and the action the random game played there."""
    states = played(game, CASES[0]).states
    for index in range(len(states) // 2, len(states) - 1):
        state = states[index]
        for seat in game.players_to_act(state):
            if len(game.legal_actions_for(state, seat)) > 1:
                return state, seat, states[index + 1].actions[-1]
    raise AssertionError("no decision in the second half of the game")


def remote_view(game: GameModule, state: Any, seat: int) -> Any:
    """The view a network seat would get."""
    return game.decode_view(msgpack.unpackb(wire_bytes(game, state, seat), raw=False))


def test_a_hint_is_legal_and_uses_only_the_seats_view(game: GameModule) -> None:
    state, seat, _ = middle_decision(game)
    hint = game.hint(game.view(state, seat))
    assert hint.action in game.legal_actions_for(state, seat)
    assert hint.reason.strip() and "\n" not in hint.reason
    twin = game.hidden_twin(state, seat, seed=11)
    assert game.hint(game.view(twin, seat)) == hint
    assert game.hint(remote_view(game, state, seat)) == hint


def test_an_assessment_compares_the_move_played_with_the_best(game: GameModule) -> None:
    state, seat, action = middle_decision(game)
    if action.player != seat:  # simultaneous choices: judge one of this seat's own
        action = game.legal_actions_for(state, seat)[0]
    view = game.view(state, seat)
    judged = game.assess(view, action, HINT_LEVEL, ADVICE_SEED)
    assert judged.played.action == action
    assert judged.best.action in game.legal_actions_for(state, seat)
    assert judged.best.margin >= judged.played.margin and judged.cost >= 0
    assert judged.played.playouts > 0 and judged.best.playouts > 0
    assert game.assess(view, action, HINT_LEVEL, ADVICE_SEED) == judged
    twin = game.hidden_twin(state, seat, seed=5)
    assert game.assess(game.view(twin, seat), action, HINT_LEVEL, ADVICE_SEED) == judged
    assert game.move_text(view, action).strip()


def test_each_review_entry_is_a_direct_assessment_from_its_position(game: GameModule) -> None:
    """The first two decisions of seat 0 (a short prefix keeps the strongest searches quick)."""
    final = played(game, CASES[0]).final
    seat = 0
    prefix: list[Any] = []
    decisions = 0
    state = game.rebuild(final, ())
    for action in final.actions:
        if decisions == 2:
            break
        if action.player == seat and len(game.legal_actions_for(state, seat)) > 1:
            decisions += 1
        prefix.append(action)
        state = game.apply(state, action)
    short = game.rebuild(final, prefix)
    entries = review(game, short, seat, HINT_LEVEL)
    points = list(decision_points(game, short, seat))
    assert [entry.index for entry in entries] == [point.index for point in points]
    assert len(entries) == decisions == 2
    for entry, point in zip(entries, points, strict=True):
        assert short.actions[entry.index] == point.played
        assert entry.assessment == game.assess(point.view, point.played, HINT_LEVEL, ADVICE_SEED)


def test_progress_counts_every_decision(tictactoe: GameModule) -> None:
    final = played(tictactoe, CASES[0]).final
    seen: list[tuple[int, int]] = []
    entries = review(tictactoe, final, 0, HINT_LEVEL, progress=lambda done, total: seen.append((done, total)))
    total = len(entries)
    assert total > 0
    assert seen == [(done, total) for done in range(total + 1)]


@pytest.mark.parametrize("name", registry.names())
def test_a_review_spread_over_processes_gives_the_same_entries(name: str) -> None:
    """Worker processes look the game up by name in a fresh interpreter: same answers."""
    game = registry.game_named(name)
    final = played(game, CASES[0]).final
    short = game.rebuild(final, final.actions[: min(len(final.actions), 6)])
    seat = short.actions[0].player
    alone = review(game, short, seat, HINT_LEVEL)
    assert alone, "the prefix holds a decision"
    assert review(game, short, seat, HINT_LEVEL, jobs=2) == alone
