"""What a player's terminal may send that is not keys: bytes that are not UTF-8
and pastes holding ESC. The session lives on, nothing moves, nothing leaks."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import re
import signal
from pathlib import Path

import pytest

import codex_tui.server.ssh_server as ssh_server
from codex_tui.games.codex.rules import Phase
from codex_tui.protocol.messages import CreateRequest
from codex_tui.server.hub import GOODBYE
from codex_tui.server.serve import GameServer
from codex_tui.server.table import Table
from tests.server.failing_app import SECRET
from tests.server.harness import (
    SEED,
    WAIT,
    Terminal,
    choose_setup_by_keys,
    only_table,
    open_terminal,
    ready_to_place,
    start_server,
    wait_until,
)

PASTE_WITH_ESC = b"\x1b[200~q\x1bq\x1b[201~"
"""Pasting this sent a player back to the lobby: the parser read `ESC q` inside the paste as keys."""
PASTE_OF_KEYS = b"\x1b[200~1\r\x1b\r2\rf\r\x1b[A\x1b[B\r\x1b[201~"
"""Pasted junk that, typed, would choose a card, flip it and place it."""
NOT_UTF8 = [b"\xff", b"\xe9\xbf\x41", b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]
FAILURE = re.compile(r"Traceback|Error|File \"|/site-packages/|\.py\b")
"""What a crash report shows; none of it may reach a player."""


def assert_nothing_leaked_in(text: str) -> None:
    assert not FAILURE.search(text), f"the player was shown a failure:\n{text}"


def assert_nothing_leaked(terminal: Terminal) -> None:
    assert_nothing_leaked_in(terminal.new_text())


async def at_my_turn(server: GameServer, terminals: list[Terminal]) -> tuple[Terminal, Table]:
    """ada at a table with a bot, her card ready to be placed.

    The table is made on the server, not with the new-table form: what is
    tested is the input at the table (the form's keys are `test_play`'s)."""
    ada = await open_terminal(terminals, server.port, "ada")
    await server.room.create("ada", CreateRequest("codex-naturalis", ("bot:random",), {"target_score": 20}, SEED))
    await ada.wait_for("(your seat)")
    await ada.press("enter")  # back to her seat
    await choose_setup_by_keys(ada)
    table = only_table(server)
    await wait_until(lambda: table.game is not None and table.game.phase is not Phase.SETUP, what="set-up")
    await ada.wait_for(ready_to_place)
    return ada, table


async def test_bytes_that_are_not_utf8_leave_the_player_where_she_was(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada, table = await at_my_turn(server, terminals)
    assert table.game is not None
    moves = len(table.game.log)
    ada.new_text()
    for junk in NOT_UTF8:
        ada.process.stdin.write(junk)
    await ada.press("?")  # a key after the junk still works: the help opens
    await ada.wait_for("Placing a card")
    await ada.press("escape")
    await ada.wait_for(ready_to_place)
    assert not ada.closed.is_set()
    assert len(table.game.log) == moves  # nothing placed
    assert_nothing_leaked(ada)


async def test_random_bytes_do_not_end_the_session(server: GameServer, terminals: list[Terminal]) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    noise = random.Random(12)
    allowed = [value for value in range(256) if value not in b"qn\r\x11"]  # q and ctrl+q quit; n, enter open things
    for _ in range(20):
        ada.process.stdin.write(bytes(noise.choice(allowed) for _ in range(200)))
    for _attempt in range(6):  # the app works through 4,000 junk keys first; what they opened, esc closes
        await ada.press("escape", "n")  # (the harness's escape is never read with the next key)
        with contextlib.suppress(AssertionError):
            await ada.wait_for("you take seat 1", timeout=3)
            break
    await ada.wait_for("you take seat 1", timeout=1)  # the session still answers keys
    assert not ada.closed.is_set()
    assert_nothing_leaked(ada)


async def test_a_paste_never_acts_as_keys(server: GameServer, terminals: list[Terminal]) -> None:
    ada, table = await at_my_turn(server, terminals)
    assert table.game is not None
    moves = len(table.game.log)
    ada.new_text()
    for paste in (PASTE_WITH_ESC, PASTE_OF_KEYS, PASTE_WITH_ESC[:9], PASTE_WITH_ESC[9:]):  # the last one cut in two
        ada.process.stdin.write(paste)
    await ada.press("?")
    await ada.wait_for("Placing a card")
    await ada.press("escape")
    text = await ada.wait_for(ready_to_place)
    assert "you are ada" not in text  # still at the table, not sent back to the lobby
    assert not ada.closed.is_set()
    assert len(table.game.log) == moves  # nothing placed, nothing drawn
    assert_nothing_leaked(ada)


async def test_a_paste_in_the_lobby_does_not_quit(server: GameServer, terminals: list[Terminal]) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    ada.process.stdin.write(PASTE_WITH_ESC)
    await ada.press("n")
    await ada.wait_for("you take seat 1")
    assert not ada.closed.is_set()


@pytest.mark.parametrize(("key", "status"), [("x", 1), ("y", 1), ("z", 4)])
async def test_a_failing_app_shows_one_calm_line_and_logs_the_rest(
    server: GameServer,
    terminals: list[Terminal],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    key: str,
    status: int,
) -> None:
    """x: an exception in a key handler; y: a panic (as when the input thread dies);
    z: the app quits with an error status and a text naming a server file."""
    monkeypatch.setattr(ssh_server, "APP_MODULE", "tests.server.failing_app")
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    ada = await open_terminal(terminals, server.port, "ada")
    ada.new_text()
    await ada.press(key)
    await asyncio.wait_for(ada.closed.wait(), WAIT)
    shown = ada.new_text()
    assert ssh_server.CRASH_LINE in shown
    assert SECRET not in shown and "failed on purpose" not in shown and "panicked" not in shown
    assert_nothing_leaked_in(shown.replace(ssh_server.CRASH_LINE, ""))
    assert ada.process.exit_status == 1
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert SECRET in logged  # the details are in the server's log
    assert f"the app of ada failed (exit status {status})" in logged


async def test_an_app_killed_on_the_server_leaves_a_calm_line_and_a_usable_terminal(
    server: GameServer, terminals: list[Terminal], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    ada = await open_terminal(terminals, server.port, "ada")
    (app,) = server.sessions.apps
    assert app.process is not None
    os.kill(app.process.pid, signal.SIGKILL)  # as the kernel's OOM killer would
    await asyncio.wait_for(ada.closed.wait(), WAIT)
    assert ssh_server.CRASH_LINE in ada.new_text()
    assert bytes(ada.received).endswith(ssh_server.TERMINAL_RESET + f"\r\n{ssh_server.CRASH_LINE}\r\n".encode())
    assert ada.process.exit_status == 1
    assert "the app of ada failed (exit status -9)" in caplog.text


async def test_the_servers_goodbye_still_reaches_the_player(tmp_path: Path, terminals: list[Terminal]) -> None:
    """What the app says on a normal end is for the player; only failures are kept from the screen."""
    server = await start_server(tmp_path / "data")
    try:
        ada = await open_terminal(terminals, server.port, "ada")
    finally:
        await server.close()
    await asyncio.wait_for(ada.closed.wait(), WAIT)
    shown = ada.new_text()
    assert GOODBYE in shown.replace("\n", "")
    assert ssh_server.CRASH_LINE not in shown
