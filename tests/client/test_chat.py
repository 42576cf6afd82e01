"""The chat field of the player app, against a real hub: open, type, send, see it in the log; esc; game keys."""

from __future__ import annotations

import subprocess
import sys

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from codex_tui.client.app import RemoteApp
from codex_tui.client.hub_client import HubClient
from codex_tui.client.lobby import LobbyScreen
from codex_tui.client.waiting_room import WaitingScreen
from codex_tui.games.codex.ui.panels import GameLog
from codex_tui.games.instinkt.module import INSTINKT as INSTINKT_GAME
from codex_tui.games.instinkt.ui.screen import InstinktScreen, SidePanel
from codex_tui.games.instinkt.ui.words import log_lines
from codex_tui.protocol import messages as p
from codex_tui.server.serve import GameServer
from codex_tui.ui.widgets.chat_field import CHAT_KEY, ChatField, notes_at
from tests.server.harness import wait_until

CODEX, INSTINKT = "codex-naturalis", "instinkt"


@pytest.fixture
def server_options() -> dict[str, object]:
    """The bots never move: the board stays as the test leaves it."""
    return {"bot_delay": 60}


async def at_table(app: RemoteApp, pilot: Pilot[None], request: p.CreateRequest) -> None:
    await wait_until(lambda: app.place == "lobby", what="the lobby")
    app.send(p.create_message(request))
    await wait_until(lambda: app.place == "table" and app.game_screen is not None, what="the table")
    await pilot.pause()


async def say(pilot: Pilot[None], text: str) -> None:
    await pilot.press(CHAT_KEY)
    await wait_until(lambda: isinstance(pilot.app.screen, ChatField), what="the chat field")
    await pilot.press(*text)
    await pilot.press("enter")


def codex_log(app: RemoteApp) -> str:
    """The lines of the Codex log panel ('' until the game screen is mounted)."""
    logs = app.game_screen.query(GameLog) if app.game_screen is not None else []
    return "\n".join(line for log in logs for line in log.lines)


def notified(app: RemoteApp, words: str) -> bool:
    return any(words in notification.message for notification in app._notifications)


def instinkt_log(app: RemoteApp) -> str:
    """The lines of the Instinkt side panel's log ('' until the game screen is mounted)."""
    panels = app.game_screen.query(SidePanel) if app.game_screen is not None else []
    return "\n".join(line.plain for panel in panels for line in panel.log_lines)


async def test_a_line_typed_at_an_instinkt_table_shows_in_its_log_and_keys_still_play(server: GameServer) -> None:
    app = RemoteApp(server.hub.path, name="ada")
    async with app.run_test(size=(100, 32)) as pilot:
        await at_table(app, pilot, p.CreateRequest(INSTINKT, ("bot:easy",), {"draft": False}, 3))
        screen = app.game_screen
        assert isinstance(screen, InstinktScreen)
        await pilot.press("2")  # closed, the field takes no key: the game's own keys act
        assert screen.selected == 1
        await say(pilot, "hi bo 2")
        await wait_until(lambda: "ada: hi bo 2" in instinkt_log(app), what="the line in the log")
        assert app.screen is screen and screen.selected == 1  # the 2 typed went to the field, not the hand
        await pilot.press(CHAT_KEY)
        await wait_until(lambda: isinstance(app.screen, ChatField), what="the chat field")
        await pilot.press("x", "escape")  # esc closes and sends nothing
        await wait_until(lambda: app.screen is screen, what="the field closed")
        await pilot.press("1")
        assert screen.selected == 0
        assert [line.text for line in server.room.get(app.table_id or 0).chat.recent()] == ["hi bo 2"]


async def test_a_codex_log_shows_the_other_players_lines_as_they_come(server: GameServer) -> None:
    app = RemoteApp(server.hub.path, name="ada")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(lambda: app.place == "lobby", what="the lobby")
        bo = await HubClient.connect(server.hub.path, name="bo")
        await bo.receive_type(p.LOBBY)
        app.send(p.create_message(p.CreateRequest(CODEX, ("open",), {"target_score": 20}, 4)))
        await wait_until(lambda: isinstance(app.screen, WaitingScreen), what="the waiting room")
        await say(pilot, "waiting for bo")
        waiting = app.screen

        def waiting_text() -> str:
            return str(waiting.query_one("#waiting-text").render()) if waiting.is_attached else ""

        await wait_until(lambda: "ada: waiting for bo" in waiting_text(), what="the line in the waiting room")
        bo.join(app.table_id or 0)
        await wait_until(lambda: app.place == "table", what="the game")
        await pilot.pause()
        bo.chat("here now")
        await wait_until(lambda: "bo: here now" in codex_log(app), what="bo's line in the log")
        assert "ada: waiting for bo" in codex_log(app)  # said before the game: kept
        await bo.close()


async def test_the_chat_key_is_for_tables_and_a_refusal_keeps_the_move_state(server: GameServer) -> None:
    app = RemoteApp(server.hub.path, name="ada")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press(CHAT_KEY)  # nothing to chat with in the lobby
        await pilot.pause()
        assert not isinstance(app.screen, ChatField)
        await at_table(app, pilot, p.CreateRequest(INSTINKT, ("bot:easy",), {"draft": False}, 3))
        marker = object()
        assert app.table is not None
        app.table.sent_for = marker
        await say(pilot, "x")
        await wait_until(lambda: not isinstance(app.screen, ChatField), what="the field closed")
        await pilot.press(CHAT_KEY)
        await wait_until(lambda: isinstance(app.screen, ChatField), what="the chat field")
        app.screen.query_one(Input).value = "x" * 201
        await pilot.press("enter")  # the field keeps a line too long, and says so
        await wait_until(lambda: notified(app, "201"), what="the field's warning")
        assert isinstance(app.screen, ChatField) and len(app.screen.query_one(Input).value) == 201
        await pilot.press("escape")
        app.send({"t": p.CHAT, "text": "y" * 201})  # past the field: the server refuses it
        await wait_until(lambda: notified(app, "Not sent"), what="the server's refusal")
        assert app.table.sent_for is marker  # a refused chat line is no refused move


async def test_a_spectator_reads_but_writes_only_where_allowed(server: GameServer) -> None:
    ada = await HubClient.connect(server.hub.path, name="ada")
    await ada.receive_type(p.LOBBY)
    ada.create(["bot:easy"], INSTINKT, {"draft": False}, seed=3)
    table_id = int((await ada.receive_type(p.TABLE))["table"])
    ada.chat("welcome, watchers")
    app = RemoteApp(server.hub.path, name="cy")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        lobby = app.screen
        await wait_until(
            lambda: "welcome, watchers" in str(lobby.query_one("#preview").render()), what="the lobby's preview"
        )
        app.send({"t": p.WATCH, "table": table_id})
        await wait_until(lambda: app.place == "table" and app.game_screen is not None, what="the table")
        await wait_until(lambda: "ada: welcome, watchers" in instinkt_log(app), what="the history in the log")
        await pilot.press(CHAT_KEY)
        await wait_until(lambda: isinstance(app.screen, ChatField), what="the chat field")
        field = app.screen
        assert isinstance(field, ChatField) and not field.may_write
        await pilot.press(*"hello", "enter")
        await wait_until(lambda: notified(app, "Spectators read"), what="the server's refusal")
        assert [line.text for line in server.room.get(table_id).chat.recent()] == ["welcome, watchers"]
    await ada.close()


def test_the_player_app_does_not_load_the_server_s_ssh_library() -> None:
    """Chat's server side (mutes, files) imports identity and so asyncssh; the player app, one process
    per session, takes only the line (`chat_line`) and stays as light as before chat."""
    code = "import sys, codex_tui.client.app; print('asyncssh' in sys.modules, 'codex_tui.server.chat' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_each_game_log_puts_a_line_after_the_moves_played_when_it_was_said() -> None:
    """The chat notes' `at` places them among the moves; talk does not push the moves out of the window."""
    game = INSTINKT_GAME.new_game(("Ada", "Bo"), 4, INSTINKT_GAME.default_variant())
    for _turn in range(6):
        game = INSTINKT_GAME.apply(game, INSTINKT_GAME.legal_actions(game)[0])
    seen = INSTINKT_GAME.view(game, 0)
    moves = log_lines(seen.log, seen.players, 0, 12)
    chat = ((0, "20:00 bo: first"), (2, "20:01 ada: middle"), (99, "20:02 bo: later than the log"))
    lines = log_lines(seen.log, seen.players, 0, 12, (), chat)
    assert [line for line in lines if ": " not in line or line in moves] == moves  # every move still there
    assert lines[0] == "20:00 bo: first" and lines[-1] == "20:02 bo: later than the log"
    assert lines.index("20:01 ada: middle") == 3  # after the two first moves (and the first line)
    assert notes_at(chat, 0, 5) == ["20:00 bo: first"] and notes_at(chat, 5, 5) == ["20:02 bo: later than the log"]
