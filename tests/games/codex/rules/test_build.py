"""The engine's fast constructors make the very objects the dataclasses' own constructors make."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, replace
from typing import Any

import pytest

from codex_tui.games.codex.rules import Game, apply, legal_actions, new_game
from codex_tui.games.codex.rules.actions import Draw, Place
from codex_tui.games.codex.rules.area import Placed, PlayArea
from codex_tui.games.codex.rules.build import builder
from codex_tui.games.codex.rules.cards import CATALOG
from codex_tui.games.codex.rules.state import EndReason, LogEntry, Seat
from codex_tui.games.codex.rules.symbols import Side

_CARD = next(iter(CATALOG.playable.values()))
_VALUES = {
    Place: (1, 5, Side.BACK, 2, -2),
    Placed: (5, Side.FRONT, _CARD.front, 3),
    Seat: (81, Side.BACK, (87, 90), 90, (1, 41), PlayArea.empty(), 7),
    LogEntry: (Place(0, 5, Side.FRONT, 1, 1), 3, ((0, 0),), None, None, EndReason.SCORE),
}


@pytest.mark.parametrize("cls", list(_VALUES), ids=lambda cls: cls.__name__)
def test_built_values_are_the_dataclass_values(cls: type) -> None:
    values = _VALUES[cls]
    built: Any = builder(cls)(*values)
    made: Any = cls(*values)
    assert type(built) is cls
    assert built == made and repr(built) == repr(made)
    assert [getattr(built, name) for name in cls.__slots__] == list(values)
    with pytest.raises(FrozenInstanceError):
        built.__setattr__(next(iter(cls.__slots__)), None)


def test_built_area_keeps_every_field() -> None:
    area = builder(PlayArea)({}, (1, 0, 0, 0, 0, 0, 0), frozenset({(1, 1)}), frozenset(), ((1, 1),))
    assert area.open_spots == {(1, 1)} and area.ordered == ((1, 1),) and area.spots_in_order() == ((1, 1),)


def _same_as_constructed(value: Any) -> None:
    """`value` has every slot set, equals what its class's constructor makes of its fields, and is frozen.

    (That the fields hold the right values is what the rules' other tests check.)"""
    cls = type(value)
    made = cls(*(getattr(value, name) for name in cls.__slots__ if name != "ordered"))
    assert made == value and repr(made) == repr(value)
    with pytest.raises(FrozenInstanceError):
        value.__setattr__(next(iter(cls.__slots__)), None)


@pytest.mark.parametrize("players", [2, 4])
def test_the_values_a_game_makes_in_line_are_the_dataclass_values(players: int) -> None:
    """`apply`, `place_card` and the placement moves build their values in line, as `builder` does."""
    rng = random.Random(players)
    game = new_game([f"P{i}" for i in range(players)], players)
    seen: set[type] = set()
    while not game.is_over:
        actions = legal_actions(game)
        action = actions[rng.randrange(len(actions))]
        _same_as_constructed(action)
        game = apply(game, action)
        entry = game.log[-1]
        _same_as_constructed(entry)
        for seat in game.seats:
            _same_as_constructed(seat)
            _same_as_constructed(seat.area)
            for placed in seat.area.cards.values():
                _same_as_constructed(placed)
        seen.update(type(value) for value in (action, entry, *game.seats))
    assert {Place, Draw, LogEntry, Seat} <= seen
    assert game == replace(game) and game == Game(**{name: getattr(game, name) for name in game.__dict__})


def _play_out(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while not game.is_over:
        actions = legal_actions(game)
        game = apply(game, actions[rng.randrange(len(actions))])
    return game


def test_a_game_made_by_its_constructor_plays_on_as_the_dealt_one() -> None:
    """`Game.__post_init__` re-stores the fields in a dict of their own: the game is the same."""
    dealt = new_game(["A", "B"], 7)
    made = Game(**dealt.__dict__)
    assert made == dealt and made.__dict__ == dealt.__dict__ and made.__dict__ is not dealt.__dict__
    finished = _play_out(made, 7)
    assert finished == _play_out(dealt, 7) and finished.seed == 7 and len(finished.log) > 100
