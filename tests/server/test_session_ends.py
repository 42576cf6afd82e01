"""How sessions end, as the player and the server's log see it: nothing of Python's internals
on the player's stream, and a client that goes away is a normal end (info, at most).

Each door's real server: the SSH terminal and the browser's websocket keep every
byte they received, and `caplog` has all the server logged (the apps' error
pipes included: `app of ada: ...`)."""

from __future__ import annotations

import asyncio
import logging
import re

import pytest

import codex_tui.server.ssh_server as ssh_server
from codex_tui.server.serve import GameServer
from tests.server.harness import WAIT, Terminal, connect, open_terminal, wait_until
from tests.server.noisy_app import NOISE
from tests.server.web_client import WebClient

PYTHON_TALK = re.compile(rb"Warning|Traceback|<frozen|Exception")
"""What Python says when it reports a problem: never for a player's eyes."""
PASS = "correct horse"


def assert_no_python_talk(received: bytes | bytearray) -> None:
    found = PYTHON_TALK.search(received)
    assert found is None, f"the player was sent {bytes(received[max(0, found.start() - 200) : found.end() + 200])!r}"


def troubles(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Every record above info, or with a traceback: a normal end has none."""
    return [
        f"{record.levelname} {record.name}: {record.getMessage()}"
        for record in caplog.records
        if record.levelno > logging.INFO or record.exc_info
    ]


async def session_over(server: GameServer) -> None:
    """Until no session is left and their apps have been stopped and reaped."""
    await wait_until(lambda: not server.sessions.live and not server.sessions.tasks, what="the session's end")


async def test_quitting_leaves_nothing_of_python_on_the_player_s_terminal(
    server: GameServer, terminals: list[Terminal], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    ada = await open_terminal(terminals, server.port, "ada")
    await ada.wait_for("No tables yet")
    await ada.press("q")
    await asyncio.wait_for(ada.closed.wait(), WAIT)
    assert ada.process.exit_status == 0
    assert_no_python_talk(ada.received)
    await session_over(server)
    assert troubles(caplog) == []


async def test_what_python_reports_in_an_app_goes_to_the_log_not_the_terminal(
    server: GameServer, terminals: list[Terminal], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A warning, an exception in a thread and one raised in `__del__`: Python prints them
    on standard error, the player's terminal; they are the server's to read."""
    monkeypatch.setattr(ssh_server, "APP_MODULE", "tests.server.noisy_app")
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    ada = await open_terminal(terminals, server.port, "ada")
    await ada.press("q")
    await asyncio.wait_for(ada.closed.wait(), WAIT)
    assert NOISE.encode() not in ada.received
    assert_no_python_talk(ada.received)
    await session_over(server)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for report in ("RuntimeWarning: noisy on purpose: a warning", "Exception in thread noisy", "raised in __del__"):
        assert report in logged


async def test_a_client_whose_input_ends_ends_its_session(
    server: GameServer, terminals: list[Terminal], caplog: pytest.LogCaptureFixture
) -> None:
    """As `ssh` does when its standard input ends: the session closes and its app stops;
    what the app draws meanwhile goes nowhere, quietly."""
    caplog.set_level(logging.INFO)
    ada = await open_terminal(terminals, server.port, "ada")
    await ada.wait_for("No tables yet")
    (app,) = server.sessions.apps
    ada.process.stdin.write_eof()
    ada.process.change_terminal_size(70, 20)  # the app redraws: for a client that is leaving
    await session_over(server)
    assert app.returncode is not None
    assert troubles(caplog) == []
    assert any(record.getMessage() == "ada left; their app is stopped" for record in caplog.records)


async def test_a_client_that_drops_is_a_normal_end(
    server: GameServer, terminals: list[Terminal], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    ada = await connect(server.port, "ada")
    terminals.append(ada)
    await ada.wait_for("No tables yet")
    (app,) = server.sessions.apps
    for columns in range(60, 90):  # redraw after redraw: the app is writing when its client vanishes
        ada.process.change_terminal_size(columns, 24)
    ada.conn.abort()
    await session_over(server)
    assert app.returncode is not None
    assert troubles(caplog) == []


@pytest.mark.parametrize("how", ["closed", "dropped"])
async def test_a_closed_browser_tab_is_a_normal_end(
    web_server: GameServer, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    """The tab closed (the websocket's closing handshake) or its connection dropped, while the app draws."""
    caplog.set_level(logging.INFO)
    web = web_server.web
    assert web is not None
    browser = WebClient(web.url)
    try:
        await browser.sign_in("ada", PASS, PASS)
        tab = await browser.terminal()
        await tab.wait_for("No tables yet")
        for columns in range(60, 90):
            await tab.socket.send_str(f'["resize", {{"width": {columns}, "height": 24}}]')
        if how == "closed":
            await tab.close()
        else:
            await browser.close()  # its connections closed under it: no closing handshake
        await wait_until(lambda: not web.apps, what="the browser app's end")
        assert_no_python_talk(tab.received)
    finally:
        await browser.close()
    assert troubles(caplog) == []
    assert any(record.getMessage().startswith("the browser app of ada ended") for record in caplog.records)
