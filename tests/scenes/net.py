"""Scenes of network play before a game: the lobby, the new-table form, the waiting room, the language choice.

The remote app is fed the server's messages by the scene (no hub, no SSH):
the same screens, handlers and words as over SSH. The rows' game states are
worded at run time, as the hub words them for each player in theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from codex_tui.client.app import RemoteApp
from codex_tui.core import registry
from codex_tui.games.codex.rules import Phase
from codex_tui.protocol import messages as p
from codex_tui.protocol.chat_line import ChatLine
from codex_tui.protocol.messages import SeatInfo, TableInfo
from codex_tui.protocol.ratings import BoardRow, PastSeat, PastTable, PlayerPage
from codex_tui.ui.widgets.chat_field import CHAT_KEY
from tests.scenes import Scene, settle
from tests.scenes.games import mid_game, played

NET_WORDS = frozenset({"Ada", "Bo", "Cy", "Bot", "pseudo"})
"""Player names, and the pseudo-language's own name in the lobby's title (each language is named in itself)."""
CHAT_WORDS = frozenset({"gg", "good", "luck", "you", "too", "nice", "gold", "card"})
"""What the players say in the scenes' chat: their words, not the app's."""


class SceneApp(RemoteApp):
    """The remote app of Ada, fed `messages()` as if from the hub."""

    def __init__(self, messages: Callable[[], list[dict[str, Any]]]) -> None:
        super().__init__(Path("no-hub.sock"), token="scene")
        self.messages = messages

    async def _talk(self) -> None:
        for message in self.messages():
            await self._handle(message)


def variant(game: str, **fields: Any) -> dict[str, Any]:
    module = registry.game_named(game)
    return module.variant_to_dict(module.default_variant()) | fields


def lobby_rows() -> list[dict[str, Any]]:
    """Ada's game under way (Bo away), a table waiting for players (hints allowed), a finished game."""
    codex = registry.game_named("codex-naturalis")
    instinkt = registry.game_named("instinkt")
    playing, finished = mid_game(Phase.PLACE), played(5, lambda game: False)
    level = instinkt.bot_levels()[0]
    rows = [
        TableInfo(
            3,
            "playing",
            codex.name,
            variant(codex.name),
            (SeatInfo("Ada", "human", True, 1545), SeatInfo("Bo", "human", False, 1488)),
            codex.status(playing),
            mine=True,
            chat=(ChatLine("Bo", "20:14", "good luck!"), ChatLine("Ada", "20:15", "you too")),
            rated=True,
        ),
        TableInfo(
            5,
            "waiting",
            instinkt.name,
            variant(instinkt.name),
            (SeatInfo("Cy", "human", True), SeatInfo(None, "human", False), SeatInfo("Bot 3", f"bot:{level}", True)),
            "",
            mine=False,
            hints=True,
        ),
        TableInfo(
            1,
            "over",
            codex.name,
            variant(codex.name),
            (SeatInfo("Ada", "human", False), SeatInfo("Bo", "human", False)),
            codex.status(finished),
            mine=True,
        ),
    ]
    return [{"t": p.WELCOME, "name": "Ada"}, {"t": p.LOBBY, "tables": [row.to_wire() for row in rows]}]


def ratings_page() -> list[dict[str, Any]]:
    """Ada's page at Codex: five rated tables (the chart), one unrated, and the leaderboard."""
    seats = (PastSeat("Ada", "human", 24, True), PastSeat("Bot 2", "bot:hard", 21, False))
    lost = (PastSeat("Ada", "human", 18, False), PastSeat("Bo", "human", 22, True), PastSeat("Cy", "human", 9, False))
    history = (1516, 1502, 1530, 1521, 1545)
    befores = dict(zip(history, (1500, *history)))
    tables = [
        PastTable(
            9 - number,
            f"2026-11-{30 - 2 * number}T1{number}:30:00+00:00",
            True,
            0,
            lost if number % 2 else seats,
            rating,
            befores[rating],
        )
        for number, rating in enumerate(reversed(history))
    ]
    tables.append(PastTable(3, "2026-11-20T20:05:00+00:00", False, 0, seats, None))
    board = (BoardRow("Bo", 1588, 12, 8), BoardRow("Ada", 1545, 5, 3), BoardRow("Cy", 1421, 7, 1))
    page = PlayerPage("codex-naturalis", "Ada", 1545, 6, 4, history, tuple(tables), board)
    return [*lobby_rows(), page.to_wire()]


def empty_lobby() -> list[dict[str, Any]]:
    return [{"t": p.WELCOME, "name": "Ada"}, {"t": p.LOBBY, "tables": []}]


def waiting_room() -> list[dict[str, Any]]:
    """Ada waits at her Codex table (hints allowed) for one more player; a bot has the third seat."""
    codex = registry.game_named("codex-naturalis")
    seats = (SeatInfo("Ada", "human", True), SeatInfo(None, "human", False), SeatInfo("Bot 3", "bot:greedy", True))
    table = TableInfo(4, "waiting", codex.name, variant(codex.name), seats, "", mine=True, hints=True)
    return [*empty_lobby(), {"t": p.WAITING, "table": table.to_wire(), "seat": 0}]


def chat_at_table() -> list[dict[str, Any]]:
    """Ada at her Codex game against Bo, who has said a few words; Ada's chat field is open."""
    codex = registry.game_named("codex-naturalis")
    game = mid_game(Phase.PLACE)
    at = len(game.actions)
    lines = [
        ChatLine("Bo", "20:14", "good luck!", 0),
        ChatLine("Ada", "20:15", "you too", 0),
        ChatLine("Bo", "20:31", "nice gold card 中文", at),
    ]
    table = {
        "t": p.TABLE,
        "table": 3,
        "game": codex.name,
        "seat": 0,
        "view": codex.encode_view(codex.view(game, 0)),
        "tags": ["", ""],
        "waiting_for": None,
    }
    return [*empty_lobby(), p.chat_message(3, lines, replace=True), table]


def absent_offer() -> list[dict[str, Any]]:
    """Ada at her Codex game; Bo has been away for 3 minutes on his move: Ada is offered a bot for his seat."""
    codex = registry.game_named("codex-naturalis")
    game = mid_game(Phase.PLACE)
    table = {
        "t": p.TABLE,
        "table": 3,
        "game": codex.name,
        "seat": 0,
        "view": codex.encode_view(codex.view(game, 0)),
        "tags": ["", "away"],
        "waiting_for": "Bo (away)",
        "absent": [[1, "Bo", 185]],
        "levels": list(codex.bot_levels()),
    }
    return [*empty_lobby(), table]


async def open_chat(pilot: Pilot[Any]) -> None:
    await press(pilot, CHAT_KEY)
    await pilot.press(*"gg")


def app_of(messages: Callable[[], list[dict[str, Any]]]) -> Callable[[Path, pytest.MonkeyPatch], SceneApp]:
    return lambda tmp_path, monkeypatch: SceneApp(messages)


async def press(pilot: Pilot[Any], key: str) -> None:
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)


async def new_table(pilot: Pilot[Any]) -> None:
    await press(pilot, "n")


async def language_choice(pilot: Pilot[Any]) -> None:
    await press(pilot, "l")


SCENES = [
    Scene("net_lobby", app_of(lobby_rows), data_words=NET_WORDS | CHAT_WORDS),
    Scene("net_lobby_empty", app_of(empty_lobby), data_words=NET_WORDS),
    Scene("net_new_table", app_of(empty_lobby), new_table, data_words=NET_WORDS),
    Scene(
        "net_language", app_of(lobby_rows), language_choice, data_words=NET_WORDS | CHAT_WORDS | {"English", "Français"}
    ),
    Scene("net_waiting_room", app_of(waiting_room), data_words=NET_WORDS),
    Scene("net_ratings", app_of(ratings_page), data_words=NET_WORDS | {"Codex", "Naturalis"}, scrolls=True),
    Scene("net_chat", app_of(chat_at_table), open_chat, data_words=NET_WORDS | CHAT_WORDS),
    Scene("net_absent_offer", app_of(absent_offer), data_words=NET_WORDS),
]
