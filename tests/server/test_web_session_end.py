"""A browser session's terminals end with it: sign-out, a new passphrase, expiry (and the pages' CSP)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from aiohttp.test_utils import make_mocked_request

from codex_tui.server.name_book import NameBook
from codex_tui.server.serve import GameServer
from codex_tui.server.store import Store
from codex_tui.server.web import WebDoor
from tests.server.harness import invite, wait_until
from tests.server.web_client import WebClient, WebTerminal, process_alive

PASS = "correct horse"
NEW = "a brand new one"


def door_of(server: GameServer) -> WebDoor:
    assert server.web is not None
    return server.web


async def app_pids(door: WebDoor, count: int) -> list[int]:
    """The processes of the door's apps, once there are `count` of them."""
    await wait_until(lambda: len([app.pid for app in door.apps if app.pid is not None]) == count, what="the apps")
    return [app.pid for app in door.apps if app.pid is not None]


async def wait_ended(door: WebDoor, terminal: WebTerminal, words: str, pids: list[int]) -> None:
    """`terminal`'s socket has closed with `words` on its screen, its app is gone, and keys reach nothing."""
    await wait_until(terminal.closed.is_set, what="the terminal's socket to close")
    assert words in terminal.text()
    await wait_until(lambda: not any(process_alive(pid) for pid in pids), what="the apps to end")
    # the door forgets a terminal once its socket handler has wound down, a step after its process ends
    await wait_until(lambda: not set(pids) & {app.pid for app in door.apps}, what="the door to forget them")
    received = len(terminal.received)
    with contextlib.suppress(ConnectionError):
        await terminal.press("n")
    assert len(terminal.received) == received


async def signed_in(client: WebClient) -> bool:
    """What the app page asks once its terminal has closed."""
    async with client.session.get(client.url + "/session") as response:
        return bool((await response.json())["signed_in"])


async def test_signing_out_closes_every_terminal_of_that_session_and_no_other(
    web_server: GameServer, browsers: Callable[[GameServer], WebClient]
) -> None:
    door = door_of(web_server)
    ada = browsers(web_server)
    await ada.sign_in("ada", PASS, PASS)
    tabs = [await ada.terminal(), await ada.terminal()]
    pids = await app_pids(door, 2)
    elsewhere = browsers(web_server)  # ada in another browser: a session of its own
    await elsewhere.sign_in("ada", PASS)
    kept = await elsewhere.terminal()
    for terminal in (*tabs, kept):
        await terminal.wait_for("you are ada")

    assert (await ada.post("/sign-out", {})).status == 303  # another request with the same cookie

    for terminal in tabs:
        await wait_ended(door, terminal, "this browser has signed out. Sign in again", pids)
    assert not await signed_in(ada) and await signed_in(elsewhere)
    assert not kept.closed.is_set()
    await kept.press("n")
    await kept.wait_for("Create")
    await kept.close()


async def test_an_invite_that_resets_the_passphrase_closes_the_terminals_of_the_old_one(
    web_server: GameServer, browsers: Callable[[GameServer], WebClient]
) -> None:
    door = door_of(web_server)
    old = browsers(web_server)
    await old.sign_in("bo", PASS, PASS)
    terminal = await old.terminal()
    await terminal.wait_for("you are bo")
    pids = await app_pids(door, 1)
    token = invite(web_server.data, "bo")  # `codex-tui invite bo`, from another process

    invited = browsers(web_server)
    assert (await invited.post(f"/invite/{token}", {"passphrase": NEW, "again": NEW})).status == 303

    await wait_ended(door, terminal, "your passphrase has changed. Sign in again with the new one", pids)
    assert not await signed_in(old)
    fresh = await invited.terminal()  # the invite's own session is the new passphrase's
    await fresh.wait_for("you are bo")
    await fresh.close()


async def test_an_expiring_session_closes_its_terminals_when_it_expires(
    web_server: GameServer, browsers: Callable[[GameServer], WebClient]
) -> None:
    door = door_of(web_server)
    door.sessions.lifetime = 4.0  # long enough to open the socket, however slow the machine
    cy = browsers(web_server)
    await cy.sign_in("cy", PASS, PASS)
    terminal = await cy.terminal()
    pids = await app_pids(door, 1)

    await wait_ended(door, terminal, "your sign-in has expired. Sign in again", pids)
    assert not door.apps


async def test_every_page_has_a_content_security_policy_and_no_inline_script(
    web_server: GameServer, browsers: Callable[[GameServer], WebClient]
) -> None:
    door = door_of(web_server)
    client = browsers(web_server)
    pages = [("GET", "/", None)]
    token = invite(web_server.data, "dee")
    pages += [("GET", f"/invite/{token}", None), ("GET", "/invite/nothing", None)]
    pages += [("POST", "/sign-in", "http://evil.example")]  # the refusal page
    for method, path, origin in pages:
        headers = {"Origin": origin} if origin else {}
        async with client.session.request(method, client.url + path, headers=headers) as response:
            assert response.content_type == "text/html", path
            assert_policy(response.headers["Content-Security-Policy"], door.port)
    await client.sign_in("dee", PASS, PASS)
    async with client.session.get(client.url + "/") as response:
        assert_policy(response.headers["Content-Security-Policy"], door.port)
        page = await response.text()
    assert "textual.js" in page
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    assert len(scripts) == 2 and all('src="' in attributes and not body for attributes, body in scripts)
    assert not re.search(r"\son[a-z]+=", page), "no inline event handler"
    async with client.session.get(client.url + "/page.js") as response:
        assert response.content_type == "text/javascript" and "/session" in await response.text()


def assert_policy(policy: str, port: int) -> None:
    directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    assert directives["default-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert f"ws://127.0.0.1:{port}" in directives["connect-src"]
    assert "script-src" not in directives, "scripts fall back to default-src: no inline script"
    assert directives["object-src"] == ["'none'"] and directives["base-uri"] == ["'none'"]


def test_behind_a_proxy_the_policy_names_the_public_site_and_its_wss(store: Store, tmp_path: Path) -> None:
    door = WebDoor(None, NameBook(store), tmp_path, public_url="https://games.example.org")  # type: ignore[arg-type]
    request = make_mocked_request("GET", "/", headers={"Host": "127.0.0.1:8080"})
    policy = door.content_policy(request)
    assert "default-src 'self' https://games.example.org;" in policy
    assert "connect-src 'self' https://games.example.org wss://games.example.org;" in policy


async def test_a_page_asking_while_the_server_closes_is_told_it_has_gone(
    web_server: GameServer, browsers: Callable[[GameServer], WebClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The door closes its terminals before its site: a page whose terminal closed asked `/session` in
    between, heard "signed in" and said "The session has ended. Start again" while the server went away."""
    door = door_of(web_server)
    client = browsers(web_server)
    await client.sign_in("eve", PASS, PASS)
    assert door.runner is not None and await signed_in(client)
    answers: list[object] = []
    runner_class = type(door.runner)
    cleanup = runner_class.cleanup

    async def ask_first(runner: object) -> None:  # the page's question, between the terminals' close and the site's
        async with client.session.get(client.url + "/session") as response:
            answers.append(await response.json())
        await cleanup(runner)  # type: ignore[arg-type]

    monkeypatch.setattr(runner_class, "cleanup", ask_first)
    await door.close()
    assert answers == [{"signed_in": True, "server_gone": True}]
