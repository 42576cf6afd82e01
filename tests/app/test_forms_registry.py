"""The new-game and new-table forms are built from the registry: a game added in a test gets its rows.

The game here borrows Instinkt's rules but has its own name, player counts,
bot levels and variant fields (a number and a yes/no option without named
choices), none of which the forms or the protocol know about.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Input, Select

from codex_tui.app.screens.new_game import NewGameScreen, NewGameSettings
from codex_tui.client.new_table import NewTableScreen, seat_options
from codex_tui.core import registry
from codex_tui.core.contract import VariantField
from codex_tui.core.errors import RecordError
from codex_tui.games.instinkt.module import Instinkt
from codex_tui.protocol.messages import CreateRequest, ProtocolError, TableInfo, create_message, parse_create
from codex_tui.ui.screens.game_form import field_id, game_options, variant_words


@dataclass(frozen=True)
class LongVariant:
    rounds: int
    fast: bool


class LongDuel(Instinkt):
    name = "long-duel"
    title = "Long duel"
    summary = "2-3 players, several rounds"
    min_players = 2
    max_players = 3

    def variant_fields(self) -> tuple[VariantField, ...]:
        return (
            VariantField("rounds", "Rounds", "int", 3, low=1, high=9),
            VariantField("fast", "Fast", "bool", False),
        )

    def default_variant(self) -> LongVariant:
        return LongVariant(3, False)

    def variant_to_dict(self, variant: Any) -> dict[str, Any]:
        return {"rounds": variant.rounds, "fast": variant.fast}

    def variant_from_dict(self, data: Any) -> LongVariant:
        rounds, fast = data.get("rounds"), data.get("fast")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 9:
            raise RecordError("variant.rounds: expected 1 to 9")
        if not isinstance(fast, bool):
            raise RecordError("variant.fast: expected true or false")
        return LongVariant(rounds, fast)

    def variant_text(self, variant: Any) -> str:
        return f"Long duel, {variant.rounds} rounds"

    def bot_levels(self) -> Sequence[str]:
        return ("sleepy", "sharp")


@pytest.fixture
def long_duel() -> Iterator[LongDuel]:
    game = LongDuel()
    with registry.registered(game):
        yield game


class FormApp(App[None]):
    def __init__(self, screen: NewGameScreen | NewTableScreen) -> None:
        super().__init__()
        self.form = screen

    def on_mount(self) -> None:
        self.push_screen(self.form)


async def choose(app: FormApp, pilot: Any, game: LongDuel, count: int, rounds: str, fast: bool) -> None:
    form = app.form
    form.query_one("#game", Select).value = game.name
    await pilot.pause()
    form.query_one("#count", Select).value = count
    rounds_field, fast_field = game.variant_fields()
    form.query_one(f"#{field_id(game.name, rounds_field)}", Input).value = rounds
    form.query_one(f"#{field_id(game.name, fast_field)}", Select).value = fast
    await pilot.pause()


def shown_variant_rows(form: NewGameScreen | NewTableScreen) -> set[str]:
    return {str(row.id) for row in form.query(".variant") if row.display}


async def test_the_new_game_form_offers_a_registered_game_with_its_own_rows(long_duel: LongDuel) -> None:
    app = FormApp(NewGameScreen())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        form = app.form
        assert ("Long duel (2-3 players, several rounds)", long_duel.name) in game_options()
        await choose(app, pilot, long_duel, 3, "7", True)
        assert form.query_one("#count-row").display  # 2-3 players: the count is asked
        assert shown_variant_rows(form) == {f"{field_id(long_duel.name, f)}-row" for f in long_duel.variant_fields()}
        assert [form.query_one(f"#seat-{seat}").display for seat in range(4)] == [True, True, True, False]
        assert form.query_one("#kind-1", Select).value == "bot:sleepy"  # no "normal": its weakest level
        settings = form.settings()
        assert settings == NewGameSettings(
            ("You", "Bot 1", "Bot 2"), ("human", "bot:sleepy", "bot:sleepy"), None, long_duel.name, LongVariant(7, True)
        )
        form.query_one(f"#{field_id(long_duel.name, long_duel.variant_fields()[0])}", Input).value = "12"
        with pytest.raises(ValueError, match="rounds must be a whole number from 1 to 9"):
            form.settings()


async def test_the_new_table_form_sends_a_registered_game_and_the_protocol_checks_it(long_duel: LongDuel) -> None:
    app = FormApp(NewTableScreen())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        form = app.form
        assert seat_options(long_duel.name)[1:] == [("Bot: sleepy", "bot:sleepy"), ("Bot: sharp", "bot:sharp")]
        await choose(app, pilot, long_duel, 2, "", False)  # an empty number: its default
        request = form.settings()
    assert request == CreateRequest(long_duel.name, ("open",), {"rounds": 3, "fast": False}, None)
    assert parse_create(create_message(request)) == request
    with pytest.raises(ProtocolError):
        parse_create({"game": long_duel.name, "seats": ["bot:normal"], "variant": {}})  # not one of its levels
    with pytest.raises(ProtocolError):
        parse_create({"game": long_duel.name, "seats": ["open"] * 3, "variant": {}})  # 4 seats
    info = TableInfo(1, "waiting", long_duel.name, {"rounds": 5, "fast": True}, (), "waiting for 1 player", True)
    assert TableInfo.from_wire(info.to_wire()) == info
    assert info.game_text == "Long duel, 5 rounds"
    assert variant_words(long_duel, info.variant) == "Long duel, rounds 5, fast"


@pytest.mark.parametrize("game", registry.names())
def test_the_forms_offer_one_name_per_level(game: str) -> None:
    """Codex's `greedy` is `normal` under its old name: saves and commands keep it, menus show normal only.
    Every level a menu offers is one a seat may take, in the same order."""
    module = registry.game_named(game)
    offered = [value.removeprefix("bot:") for _label, value in seat_options(game) if value.startswith("bot:")]
    assert offered == list(module.menu_levels())
    assert [level for level in module.bot_levels() if level in offered] == offered
    assert "greedy" not in offered
