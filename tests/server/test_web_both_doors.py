"""One server, both doors (`serve --web-port`): an SSH player and a browser player meet."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from codex_tui.games.codex.rules import Phase
from codex_tui.server.serve import GameServer
from codex_tui.server.sshlib import asyncssh
from tests.server.harness import (
    Terminal,
    choose_setup_by_keys,
    connect,
    create_table_by_keys,
    only_table,
    open_terminal,
    wait_until,
)
from tests.server.web_client import WebClient, process_alive

PASS = "correct horse"


async def test_an_ssh_player_sets_a_browser_passphrase_in_the_lobby(
    both: GameServer, terminals: list[Terminal], browsers: Callable[[GameServer], WebClient]
) -> None:
    browser = browsers(both)
    ada = await open_terminal(terminals, both.port, "ada")
    refused = await browser.sign_in("ada", PASS, PASS)
    assert refused.status == 403, "ada's key owns the name"
    await ada.press("p")
    await ada.wait_for("A passphrase lets you play")
    await ada.press(*"short", "enter", *"short", "enter")
    await ada.wait_for("at least 8 characters")  # the form says so before sending anything
    await ada.press(*PASS, "enter", *PASS, "enter")
    await ada.wait_for("passphrase is set")
    assert (await browser.sign_in("ada", PASS)).status == 303


async def test_a_new_passphrase_from_the_lobby_closes_the_browser_terminals_of_the_old_one(
    both: GameServer, terminals: list[Terminal], browsers: Callable[[GameServer], WebClient]
) -> None:
    browser = browsers(both)
    ada = await open_terminal(terminals, both.port, "ada")
    await ada.press("p")
    await ada.wait_for("A passphrase lets you play")
    await ada.press(*PASS, "enter", *PASS, "enter")
    await ada.wait_for("passphrase is set")
    assert (await browser.sign_in("ada", PASS)).status == 303
    tab = await browser.terminal()
    try:
        await tab.wait_for("you are ada")
        assert both.web is not None
        (pid,) = [app.pid for app in both.web.apps]
        assert pid is not None
        new = "a brand new one"
        await ada.press("p")
        await ada.wait_for("A passphrase lets you play")
        await ada.press(*new, "enter", *new, "enter")

        await wait_until(tab.closed.is_set, what="the browser terminal to close")
        assert "your passphrase has changed. Sign in again with the new one" in tab.text()
        await wait_until(lambda: not process_alive(pid), what="the browser app to end")
        web = both.web
        # the door forgets the terminal once its socket handler has wound down, a step after the process ends
        await wait_until(lambda: not web.apps, what="the door to forget the ended terminal")
        assert (await browser.sign_in("ada", new)).status == 303
    finally:
        await tab.close()


async def test_an_ssh_player_and_a_browser_player_sit_at_one_table(
    both: GameServer, terminals: list[Terminal], browsers: Callable[[GameServer], WebClient]
) -> None:
    browser = browsers(both)
    ada = await open_terminal(terminals, both.port, "ada")
    assert (await browser.sign_in("bo", PASS, PASS)).status == 303
    bo = await browser.terminal()
    try:
        await bo.wait_for("you are bo")
        await create_table_by_keys(ada, ["open"], seed=7)
        await ada.wait_for("waiting for 1 player")
        await bo.wait_for("#1")
        await bo.press("enter")
        await choose_setup_by_keys(ada)
        await choose_setup_by_keys(bo)  # type: ignore[arg-type]  # a WebTerminal reads and types as a Terminal
        table = only_table(both)
        await wait_until(lambda: table.game is not None and table.game.phase is not Phase.SETUP, what="set-up")
        assert table.seat_of("ada") == 0 and table.seat_of("bo") == 1
    finally:
        await bo.close()


async def test_an_ssh_key_cannot_take_a_name_claimed_in_a_browser(
    both: GameServer, browsers: Callable[[GameServer], WebClient]
) -> None:
    browser = browsers(both)
    assert (await browser.sign_in("dee", PASS, PASS)).status == 303
    for name in ("dee", "Dee"):
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(both.port, name)
    assert both.names.keys.bound_key("dee") is None
