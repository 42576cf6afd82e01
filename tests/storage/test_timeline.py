"""The replay timeline: every state it gives is the engine's state at that prefix."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.games.codex.record import export_record, import_record
from codex_tui.games.codex.rules import (
    CATALOG,
    Game,
    Pass,
    Phase,
    ReplayError,
    Side,
    Variant,
    legal_actions,
    new_game,
    replay,
)
from codex_tui.games.codex.rules.symbols import HIDDEN
from codex_tui.games.codex.timeline import Timeline, turn_number, turn_starts
from codex_tui.storage.saves import SavedGame, decode_save, encode_save
from tests.helpers import play_random
from tests.storage.long_games import sealed_game


def random_game(players: int, seed: int, target: int = 20, steps: int | None = None) -> Game:
    game = new_game([f"P{i}" for i in range(players)], seed, Variant(target))
    return play_random(game, seed=seed, steps=steps)


def prefix(game: Game, index: int) -> Game:
    return replay(game.players, game.setup, game.variant, game.actions[:index], game.seed)


@settings(max_examples=200, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    target=st.sampled_from([20, 29, 1000]),
    every=st.integers(1, 40),
    data=st.data(),
)
def test_every_seek_equals_replaying_that_prefix(players, seed, target, every, data) -> None:
    game = random_game(players, seed, target)
    timeline = Timeline.of_game(game, every=every)
    assert len(timeline) == len(game.log)
    seeks = data.draw(st.lists(st.integers(0, len(game.log)), min_size=1, max_size=12))
    # a viewer also steps: forward and back one action from where it is
    for index in seeks + [seeks[-1] + 1, seeks[-1] - 1, seeks[-1]]:
        if not 0 <= index <= len(game.log):
            continue
        state = timeline.state_at(index)
        expected = prefix(game, index)
        assert state == expected
        assert state.seed == game.seed
        assert timeline.phase_at(index) is expected.phase
        assert timeline.turn_at(index) == turn_number(expected)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 12)])
def test_all_states_in_order_and_in_reverse(players: int, seed: int) -> None:
    game = random_game(players, seed, target=1000)
    timeline = Timeline.of_game(game, every=5)
    states = [prefix(game, i) for i in range(len(game.log) + 1)]
    assert [timeline.state_at(i) for i in range(len(states))] == states
    assert [timeline.state_at(i) for i in reversed(range(len(states)))] == states[::-1]
    assert timeline.state_at(0) == timeline.start and timeline.state_at(len(game.log)) is timeline.final
    assert timeline.final == game and timeline.final.is_over


def test_turns_map_to_where_each_player_begins() -> None:
    game = random_game(3, 5)
    timeline = Timeline.of_game(game)
    assert timeline.turn_starts == turn_starts(game.actions)
    assert timeline.turn_start(0) == 0
    assert timeline.turns == turn_number(game)  # finished: the last turn played
    for turn in range(1, timeline.turns + 1):
        index = timeline.turn_start(turn)
        state = timeline.state_at(index)
        assert state.phase is Phase.PLACE and turn_number(state) == turn == timeline.turn_at(index)
        assert timeline.action_at(index).player == state.current
    with pytest.raises(IndexError):
        timeline.turn_start(timeline.turns + 1)


def test_set_up_is_turn_zero_and_the_next_turn_shows_between_turns() -> None:
    game = random_game(2, 3, steps=8)
    timeline = Timeline.of_game(game)
    assert [timeline.turn_at(i) for i in range(9)] == [0, 0, 0, 0, 1, 1, 2, 2, 3]


def test_log_entries_and_actions_line_up() -> None:
    game = random_game(2, 9)
    timeline = Timeline.of_game(decode_save(encode_save(SavedGame(game, ("human", "human")))).game)
    for index in range(len(timeline)):
        assert timeline.entry_at(index) == game.log[index]
        assert timeline.action_at(index) == game.actions[index]
        assert timeline.state_at(index + 1).log[-1] == timeline.entry_at(index)


def test_a_record_opens_as_a_timeline() -> None:
    game = random_game(4, 2)
    assert Timeline.of_game(import_record(export_record(game))).final == game


def test_bad_indexes_and_bad_logs_are_refused() -> None:
    game = random_game(2, 4, steps=30)
    timeline = Timeline.of_game(game)
    for bad in (-1, len(game.log) + 1, 1.5, True):
        for lookup in (timeline.state_at, timeline.phase_at, timeline.turn_at):
            with pytest.raises(IndexError):
                lookup(bad)  # type: ignore[arg-type]
    actions = list(game.actions)
    actions[10], actions[11] = actions[11], actions[10]
    with pytest.raises(ReplayError) as error:
        Timeline(game.players, game.setup, game.variant, actions)
    assert error.value.index in (10, 11)
    with pytest.raises(ValueError):
        Timeline.of_game(game, every=0)


def test_branching_saves_the_game_as_it_stood() -> None:
    game = random_game(2, 6)
    timeline = Timeline.of_game(game)
    index = timeline.turn_start(7)
    branch = SavedGame(timeline.state_at(index), ("human", "bot:greedy"))
    assert branch.game == prefix(game, index) and branch.title == "P0 vs P1"
    assert not branch.game.is_over
    again = decode_save(encode_save(branch))
    assert again == branch and len(again.game.log) == index


def test_random_walks_over_long_games() -> None:
    """A scrubbing user: long jumps and short steps mixed, over the longest games."""
    rng = random.Random(0)
    for seed in range(3):
        game = random_game(4, seed, target=1000)
        timeline = Timeline.of_game(game, every=16)
        states = [prefix(game, i) for i in range(len(game.log) + 1)]
        position = 0
        for _ in range(200):
            position = rng.randrange(len(states)) if rng.random() < 0.3 else position
            position = min(len(states) - 1, max(0, position + rng.choice((-1, 1, 2, -3))))
            assert timeline.state_at(position) == states[position]


def test_the_longest_legal_game_replays_turn_by_turn() -> None:
    """200 actions, 55 of them passes by a player whose area has no open spot left."""
    game = sealed_game(0)
    assert not game.seats[0].area.open_spots and game.is_over
    passes = [i for i, action in enumerate(game.actions) if isinstance(action, Pass)]
    assert len(passes) > 40
    saved = decode_save(encode_save(SavedGame(game, ("human", "bot:random"))))
    timeline = Timeline.of_game(saved.game)
    assert timeline.final == game and set(passes) <= set(timeline.turn_starts)
    states = [prefix(game, i) for i in range(len(game.log) + 1)]
    for turn in range(timeline.turns + 1):
        index = timeline.turn_start(turn)
        assert timeline.state_at(index) == states[index]
        assert timeline.turn_at(index) == turn_number(states[index])
    for index in passes[:5]:
        assert legal_actions(states[index]) == (Pass(0),)


def test_only_one_card_can_close_the_top_of_an_area() -> None:
    """long_games.py's argument that no game reaches 2,000 actions rests on this."""
    both_top_corners_hidden = [
        (card.id, side)
        for card in list(CATALOG.playable.values()) + list(CATALOG.starters.values())
        for side in Side
        if card.face(side).corners[0] == HIDDEN and card.face(side).corners[1] == HIDDEN
    ]
    assert both_top_corners_hidden == [(79, Side.FRONT)]
