"""One test for every registered game, whatever its rules (OpenSpiel's conformance test, for us).

Each game plays a few seeded random games to the end through the contract
only, and every promise of `GameModule` is checked on them: legal actions
apply, replay and undo give the states seen, records, saves, variants and
actions survive their codecs, a seat's view (and its wire bytes) is the same
for every game that seat cannot tell apart, and every bot level answers a
view with a legal move. Nothing here names a game: `game` (conftest.py) runs
over the registry.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import msgpack
import pytest

from codex_tui.core import registry
from codex_tui.core.contract import GameModule, VariantField
from codex_tui.core.errors import IllegalAction, RecordError, ReplayError, SetupError
from codex_tui.core.seats import SPECTATOR
from codex_tui.storage.saves import SavedGame, decode_save, encode_save

MAX_ACTIONS = 5_000
"""Far beyond any game here: a random game still going after this many actions never ends."""
BOT_DECISIONS = 3
"""Decision points per bot level (the start, the middle, the last move): the strongest bots
take seconds a move, and legality does not need more."""


@dataclass(frozen=True)
class Case:
    """One random game: how many seats, which variant, which seed."""

    label: str
    most_players: bool
    varied: bool
    seed: int


CASES = (
    Case("fewest-default", most_players=False, varied=False, seed=101),
    Case("most-varied", most_players=True, varied=True, seed=202),
    Case("fewest-varied", most_players=False, varied=True, seed=303),
)


def changed(field: VariantField) -> int | bool:
    """A value other than the default: the other boolean, or a number within the field's range."""
    if field.kind == "bool":
        return not field.default
    value = (field.low + int(field.default)) // 2
    if value == field.default:
        value = int(field.default) + 1 if field.default < field.high else int(field.default) - 1
    return value


def varied_variant(game: GameModule) -> Any:
    return game.variant_from_dict({field.key: changed(field) for field in game.variant_fields()})


def seat_names(count: int) -> tuple[str, ...]:
    return tuple(f"p{index}" for index in range(count))


@dataclass(frozen=True)
class Played:
    """A random game to its end: every state from the deal on (states[k] after k actions)."""

    states: tuple[Any, ...]

    @property
    def final(self) -> Any:
        return self.states[-1]


@cache
def played(game: GameModule, case: Case) -> Played:
    """The game `case` describes, played at random through `legal_actions` and `apply`."""
    count = game.max_players if case.most_players else game.min_players
    variant = varied_variant(game) if case.varied else game.default_variant()
    state = game.new_game(seat_names(count), case.seed, variant)
    rng = random.Random(case.seed)
    states = [state]
    while not state.is_over:
        assert len(states) <= MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
        states.append(state)
    return Played(tuple(states))


def seats_of(state: Any) -> tuple[int, ...]:
    """Every seat, and the spectator."""
    return (*range(len(state.players)), SPECTATOR)


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def wire_bytes(game: GameModule, state: Any, seat: int) -> bytes:
    """A seat's view as the hub sends it (msgpack, as `net.framing` packs it)."""
    packed: bytes = msgpack.packb(game.encode_view(game.view(state, seat)), use_bin_type=True)
    return packed


@pytest.fixture(params=CASES, ids=[case.label for case in CASES])
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


# ------------------------------------------------------------------- play


def test_random_games_reach_the_end_through_legal_actions(game: GameModule, case: Case) -> None:
    states = played(game, case).states
    for before, after in zip(states, states[1:]):
        to_act = game.players_to_act(before)
        assert to_act and not before.is_over
        legal = list(game.legal_actions(before))
        shares = {seat: list(game.legal_actions_for(before, seat)) for seat in range(len(before.players))}
        for seat, share in shares.items():
            assert all(action.player == seat for action in share)
            assert bool(share) == (seat in to_act), f"seat {seat}: {len(share)} actions, to act: {to_act}"
        assert Counter(legal) == Counter(action for share in shares.values() for action in share)
        for action in legal:
            moved = game.apply(before, action)
            assert moved.actions == (*before.actions, action)
        assert after.actions[:-1] == before.actions and after.actions[-1] in legal
    final = states[-1]
    assert final.is_over
    assert game.players_to_act(final) == () and list(game.legal_actions(final)) == []
    with pytest.raises(IllegalAction):
        game.apply(final, final.actions[-1])


def test_a_seed_deals_the_same_game(game: GameModule, case: Case) -> None:
    start = played(game, case).states[0]
    again = game.new_game(start.players, case.seed, start.variant)
    assert again == start and again.seed == case.seed
    assert registry.game_of(start) is game


def test_seat_counts_outside_the_range_are_refused(game: GameModule) -> None:
    for count in (game.min_players - 1, game.max_players + 1):
        if count >= 1:
            with pytest.raises(SetupError):
                game.new_game(seat_names(count), 1, game.default_variant())


def test_status_summary_and_winners(game: GameModule, case: Case) -> None:
    states = played(game, case).states
    for state in states:
        status = game.status(state)
        assert isinstance(status, str) and status.strip()
        summary = game.game_summary(state)
        assert summary.finished == state.is_over
        assert len(summary.scores) == len(state.players)
    final = states[-1]
    winners = game.winners(final)
    assert winners and all(0 <= seat < len(final.players) for seat in winners)
    assert game.game_summary(final).winners == winners
    assert game.game_summary(final).end is not None


# ---------------------------------------------------------- replay and undo


def test_every_prefix_replays_to_the_state_reached(game: GameModule, case: Case) -> None:
    states = played(game, case).states
    final = states[-1]
    for count, state in enumerate(states):
        assert game.rebuild(final, final.actions[:count]) == state
    with pytest.raises(ReplayError) as refused:
        game.rebuild(final, (*final.actions, final.actions[-1]))
    assert refused.value.index == len(final.actions)


def test_undo_steps_back_and_refuses_negative_steps(game: GameModule, case: Case) -> None:
    states = played(game, case).states
    final = states[-1]
    assert game.undo(final, 0) == final
    assert game.undo(final) == states[-2]
    assert game.undo(final, 3) == states[-4]
    assert game.undo(final, len(states) + 5) == states[0]
    with pytest.raises(ValueError):
        game.undo(final, -1)


# ---------------------------------------------------------------- records


def test_record_export_import_keeps_game_and_result(game: GameModule, case: Case) -> None:
    states = played(game, case).states
    for state in (states[len(states) // 2], states[-1]):
        record = through_json(game.export_record(state))
        assert registry.game_for_record(record) is game
        back = game.import_record(record)
        assert back == state
        assert through_json(game.result_to_dict(back)) == through_json(game.result_to_dict(state))


def test_a_foreign_record_is_refused(game: GameModule) -> None:
    with pytest.raises(RecordError):
        game.import_record({"format": "not-a-game", "version": 1})
    assert registry.game_for_record({"format": "not-a-game"}) is None


def test_save_and_load_give_the_same_game(game: GameModule, case: Case) -> None:
    states = played(game, case).states
    level = game.bot_levels()[0]
    for state in (states[0], states[len(states) // 2], states[-1]):
        kinds = ("human", *(f"bot:{level}",) * (len(state.players) - 1))
        saved = SavedGame(state, kinds, title="conformance")
        loaded = decode_save(encode_save(saved))
        assert loaded.game == state and loaded.game.seed == state.seed
        assert loaded.kinds == kinds and loaded.title == "conformance"
        assert registry.game_of(loaded.game) is game


def test_save_body_round_trip(game: GameModule, case: Case) -> None:
    final = played(game, case).final
    body = through_json(game.save_body(final))
    assert game.load_save_body(body, final.players, final.seed) == final


# --------------------------------------------------------------- variants


def test_variant_fields_defaults_give_the_default_variant(game: GameModule) -> None:
    fields = game.variant_fields()
    defaults = {field.key: field.default for field in fields}
    assert game.variant_from_dict(defaults) == game.default_variant()
    assert game.variant_to_dict(game.default_variant()) == defaults
    for field in fields:
        assert field.label and field.kind in ("int", "bool")
        if field.kind == "int":
            assert field.low <= field.default <= field.high


@pytest.mark.parametrize("varied", [False, True], ids=["default", "varied"])
def test_variant_dict_round_trip(game: GameModule, varied: bool) -> None:
    variant = varied_variant(game) if varied else game.default_variant()
    assert game.variant_from_dict(through_json(game.variant_to_dict(variant))) == variant
    assert (variant == game.default_variant()) != varied or not game.variant_fields()
    assert game.variant_text(variant).strip()


def test_variant_values_out_of_range_are_refused(game: GameModule) -> None:
    defaults: dict[str, Any] = {field.key: field.default for field in game.variant_fields()}
    for field in game.variant_fields():
        bad_values: list[Any] = ["yes", None]
        if field.kind == "int":
            bad_values += [field.low - 1, field.high + 1, True]
        for bad in bad_values:
            with pytest.raises(RecordError):
                game.variant_from_dict({**defaults, field.key: bad})
    with pytest.raises(RecordError):
        game.variant_from_dict("not a variant")


# ---------------------------------------------------------------- actions


def test_every_action_seen_survives_its_codec(game: GameModule, case: Case) -> None:
    states = played(game, case).states
    seen = {action for state in states[:-1] for action in game.legal_actions(state)}
    for action in seen:
        data = through_json(game.action_to_dict(action))
        assert game.action_from_dict(data, "actions[0]") == action
    with pytest.raises(RecordError):
        game.action_from_dict("not an action", "actions[0]")
    with pytest.raises(RecordError):
        game.action_from_dict({}, "actions[0]")


# ------------------------------------------------------------------ views


def test_a_seat_may_send_its_own_legal_moves_only(game: GameModule, case: Case) -> None:
    """What a network client asks before sending (`may_send`, `has_move`), from wire views as it
    gets them: every legal move of the seat, and nothing another seat, a spectator or another
    game could play."""
    others = [other for other in registry.games() if other.name != game.name]
    foreign = [
        other.legal_actions(other.new_game(seat_names(other.min_players), 1, other.default_variant()))[0]
        for other in others
    ]
    for state in played(game, case).states[::7]:
        for seat in seats_of(state):
            seen = game.decode_view(through_json(game.encode_view(game.view(state, seat))))
            own = list(game.legal_actions_for(state, seat)) if seat != SPECTATOR else []
            assert all(game.may_send(seen, action) for action in own)
            assert not game.may_send(seen, object()) and not any(game.may_send(seen, a) for a in foreign)
            theirs = [a for a in game.legal_actions(state) if a.player != seat and a not in own]
            assert not any(game.may_send(seen, action) for action in theirs)
            assert not game.has_move(seen) or own, "a notice for a seat with nothing to do"


def test_views_survive_the_wire(game: GameModule, case: Case) -> None:
    for state in played(game, case).states:
        for seat in seats_of(state):
            data = msgpack.unpackb(wire_bytes(game, state, seat), raw=False)
            assert game.encode_view(game.decode_view(data)) == data


def test_a_view_is_the_same_for_every_game_the_seat_cannot_tell_apart(game: GameModule, case: Case) -> None:
    """The determinisation check: secrets the seat has not seen are dealt again (`hidden_twin`);
    the seat's view and its wire bytes must not change. A view that shows another seat's hand,
    a deck's order or a secret pick changes with the re-deal and fails here."""
    for count, state in enumerate(played(game, case).states):
        for seat in seats_of(state):
            twin = game.hidden_twin(state, seat, seed=count * 31 + seat)
            assert twin.players == state.players and twin.variant == state.variant
            assert len(twin.actions) == len(state.actions)
            assert game.players_to_act(twin) == game.players_to_act(state)
            assert wire_bytes(game, twin, seat) == wire_bytes(game, state, seat), f"after {count} actions, seat {seat}"


def test_a_twin_is_a_real_game_from_the_same_seed(game: GameModule, case: Case) -> None:
    """The twin replays (its record imports) and is the same for the same seed."""
    state = played(game, case).states[len(played(game, case).states) // 2]
    for seat in seats_of(state):
        twin = game.hidden_twin(state, seat, seed=7)
        assert game.hidden_twin(state, seat, seed=7) == twin
        assert game.import_record(through_json(game.export_record(twin))) == twin


def test_finished_games_send_their_result(game: GameModule, case: Case) -> None:
    final = played(game, case).final
    data = msgpack.unpackb(msgpack.packb(game.result_to_wire(final), use_bin_type=True), raw=False)
    game.result_from_wire(data)
    with pytest.raises((RecordError, ValueError)):
        game.result_from_wire("not a result")


# ------------------------------------------------------------------- bots


def decision_points(game: GameModule, states: tuple[Any, ...]) -> list[tuple[Any, int]]:
    """(state, seat to act) at the start, the middle and the last move."""
    picks = (0, (len(states) - 1) // 2, len(states) - 2)[:BOT_DECISIONS]
    return [(states[index], game.players_to_act(states[index])[0]) for index in picks]


def test_every_bot_level_plays_legal_moves_from_wire_views(game: GameModule) -> None:
    """Each bot gets only what a remote seat could: the view, through the wire codec."""
    states = played(game, CASES[0]).states
    levels = game.bot_levels()
    assert levels
    for level in levels:
        bot = game.make_bot(level, 5)
        for state, seat in decision_points(game, states):
            view = game.decode_view(msgpack.unpackb(wire_bytes(game, state, seat), raw=False))
            move = bot(view)
            assert move in game.legal_actions_for(state, seat), f"{level} at seat {seat}: {move!r}"


def test_an_unknown_bot_level_is_refused(game: GameModule) -> None:
    with pytest.raises(ValueError):
        game.make_bot("no-such-level", 1)
