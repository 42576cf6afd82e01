"""The registry finds the games through their entry points and names none itself."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from codex_tui.core import registry
from tests.core.tictactoe.module import TICTACTOE


def test_the_installed_games_come_from_the_entry_point_group() -> None:
    group = registry.entry_points(group=registry.ENTRY_POINT_GROUP)
    assert sorted(entry.name for entry in group) == ["codex-naturalis", "instinkt"]
    assert registry.names() == ("codex-naturalis", "instinkt")
    assert registry.unnamed_records_game() == "codex-naturalis"  # saves from before the `game` field


def test_a_game_registered_by_a_test_is_found_by_name_and_gone_after() -> None:
    with registry.registered(TICTACTOE):
        assert registry.game_named(TICTACTOE.name) is TICTACTOE
    with pytest.raises(registry.UnknownGame, match="codex-naturalis, instinkt"):
        registry.game_named(TICTACTOE.name)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("tests.core.tictactoe.module:NOWHERE", "cannot be loaded"),
        ("tests.core.tictactoe.module:TicTacToe", "not a game"),
        ("tests.core.tictactoe.module:TICTACTOE", "gives the game 'tictactoe'"),
    ],
)
def test_an_entry_point_that_gives_no_game_is_named_in_the_error(value: str, said: str) -> None:
    entry = EntryPoint(name="noughts", value=value, group=registry.ENTRY_POINT_GROUP)
    with pytest.raises(registry.BadGameEntry, match=f"noughts = {value}.*{said}"):
        registry._load(entry)
