"""What the player app shows of a table's state that is not the game: a clock run out (told at once, over the
game, and gone once answered), the offer of an absent seat at a rated table (saying a bot ends the rating),
the key bar of a network table (no hint where hints are off, no undo), and a new table's clean log."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets._footer import FooterKey

from codex_tui.client.absent_offer import AbsentOffer
from codex_tui.core import registry
from codex_tui.protocol import messages as p
from codex_tui.server.hub import TIME_OUT
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar
from tests.scenes import settle
from tests.scenes.net import SceneApp, empty_lobby
from tests.server.harness import wait_until

INSTINKT = "instinkt"


def table_message(**fields: Any) -> dict[str, Any]:
    """Ada's seat at an Instinkt table, her move, as the hub sends it (with `fields` added)."""
    module = registry.game_named(INSTINKT)
    game = module.new_game(("Ada", "Bo"), 3, module.default_variant())
    return {
        "t": p.TABLE,
        "table": 3,
        "game": INSTINKT,
        "seat": 0,
        "view": module.encode_view(module.view(game, 0)),
        "tags": ["", ""],
        "waiting_for": None,
        "hints": False,
        "rated": True,
        **fields,
    }


def bar_actions(app: SceneApp) -> set[str]:
    return {key.action for key in app.screen.query_one(KeyBar).query(FooterKey)}


async def test_a_player_out_of_time_reads_it_over_the_game_at_once() -> None:
    app = SceneApp(lambda: [*empty_lobby(), table_message(time_out=TIME_OUT)])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.game_screen is not None and app.game_screen.alert == TIME_OUT
        told = [str(n.message) for n in app._notifications]
        assert told.count(TIME_OUT) == 1
        await app._handle(table_message(time_out=TIME_OUT))  # the same state again: told once
        assert [str(n.message) for n in app._notifications].count(TIME_OUT) == 1
        await app._handle(table_message())  # a bot took the seat, or the move was made
        assert app.game_screen.alert is None


@pytest.mark.parametrize("rated", [True, False])
async def test_the_offer_at_a_rated_table_says_a_bot_ends_the_rating(rated: bool) -> None:
    absent = {"absent": [[1, "Bo", 130, "away"]], "levels": ["easy", "normal"]}
    app = SceneApp(lambda: [*empty_lobby(), table_message(rated=rated, **absent)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait_until(lambda: isinstance(app.screen, AbsentOffer), what="the offer")
        words = " ".join(str(prose.content) for prose in app.screen.query(Prose))
        assert ("If a bot plays Bo's seat, this table is no longer rated." in words) is rated


@pytest.mark.parametrize("hints", [False, True])
async def test_a_network_table_without_hints_shows_neither_hint_nor_undo_in_the_key_bar(hints: bool) -> None:
    app = SceneApp(lambda: [*empty_lobby(), table_message(hints=hints, rated=not hints)])
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await wait_until(lambda: bool(bar_actions(app)), what="the key bar")
        actions = bar_actions(app)
        assert ("hint" in actions) is hints and "undo" not in actions
        await pilot.press("exclamation_mark")  # pressed anyway: it says why
        if not hints:
            await wait_until(lambda: any("Hints are off" in str(n.message) for n in app._notifications))


async def test_the_next_tables_waiting_room_has_none_of_the_last_tables_bot_notes() -> None:
    waiting = p.TableInfo(
        4,
        "waiting",
        INSTINKT,
        registry.game_named(INSTINKT).variant_to_dict(registry.game_named(INSTINKT).default_variant()),
        (p.SeatInfo("Ada", "human", True), p.SeatInfo(None, "human", False)),
        "",
        mine=True,
    )
    app = SceneApp(lambda: [*empty_lobby(), table_message(bot_played=[[1, 2]])])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.table is not None and app.table.bot_notes
        await app._handle({"t": p.WAITING, "table": waiting.to_wire(), "seat": 0})
        await wait_until(lambda: app.waiting is not None and app.waiting.is_attached, what="the waiting room")
        assert app.table is None and all("played by a bot" not in text for _at, text in app.waiting.chat_notes)
