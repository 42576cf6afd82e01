"""The engine's fast constructors make the very objects the dataclasses' own constructors make."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from codex_tui.games.codex.rules.actions import Place
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
