"""The browser door of a real server (no browser: an HTTP client and textual.js's websocket protocol)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from codex_tui.client.hub_client import HubClient
from codex_tui.protocol import messages as p
from codex_tui.server.invites import InviteBook
from codex_tui.server.name_book import NameBook
from codex_tui.server.serve import GameServer
from codex_tui.server.ssh_server import Limits
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.web import WebDoor
from codex_tui.server.web_options import RemoteRefused
from tests.server.harness import WAIT, invite, start_server, wait_until
from tests.server.web_client import WebClient

PASS = "correct horse"


async def test_a_new_name_is_claimed_then_signed_in_with_its_passphrase(
    web_server: GameServer, browser: WebClient
) -> None:
    status, page = await browser.get("/")
    assert status == 200 and 'action="/sign-in"' in page
    asked = await browser.sign_in("ada", PASS)
    assert asked.status == 200 and not browser.signed_in()
    assert "ada is free" in await asked.text()
    claimed = await browser.sign_in("ada", PASS, PASS)
    assert claimed.status == 303 and claimed.headers["Location"] == "/"
    cookie = claimed.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Secure" not in cookie
    status, page = await browser.get("/")
    assert status == 200 and "textual.js" in page and "ada" in page
    assert "googleapis" not in page, "no external asset"
    await browser.post("/sign-out", {})
    status, page = await browser.get("/")
    assert 'action="/sign-in"' in page
    assert (await browser.sign_in("Ada", PASS)).status == 303, "case does not count"


async def test_a_wrong_passphrase_is_refused_then_rate_limited(
    web_server: GameServer, browser: WebClient, caplog: pytest.LogCaptureFixture
) -> None:
    assert (await browser.sign_in("ada", PASS, PASS)).status == 303
    other = WebClient(browser.url)
    try:
        for _ in range(5):
            wrong = await other.sign_in("ada", "not the one")
            assert wrong.status == 403 and "Wrong name or passphrase" in await wrong.text()
        limited = await other.sign_in("ada", PASS)  # even the right one waits now
        assert limited.status == 403 and not other.signed_in()
        assert "Too many wrong passphrases. Wait" in await limited.text()
    finally:
        await other.close()
    assert "wrong passphrase" in caplog.text and "127.0.0.1" in caplog.text


async def test_a_bad_name_is_answered_with_the_rules_in_the_browser_s_language(browser: WebClient) -> None:
    response = await browser.session.post(
        browser.url + "/sign-in",
        data={"name": "josé", "passphrase": PASS},
        headers={"Origin": browser.url, "Accept-Language": "fr-FR,fr;q=0.9"},
        allow_redirects=False,
    )
    page = await response.text()
    assert response.status == 403 and '<html lang="fr">' in page
    assert 'class="rules"' in page and "16" in page


async def test_the_websocket_needs_the_cookie_and_this_site_s_origin(browser: WebClient) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await browser.terminal()
    assert refused.value.status == 401
    await browser.sign_in("ada", PASS, PASS)
    for origin in ("http://evil.example", None, "null"):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browser.terminal(origin=origin)
        assert refused.value.status == 403, origin


async def test_pages_let_the_browser_name_this_site_as_a_post_s_origin(browser: WebClient) -> None:
    """With `Referrer-Policy: no-referrer` a browser posts forms with `Origin: null`: every sign-in is refused."""
    async with browser.session.get(browser.url + "/") as response:
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert response.headers["X-Frame-Options"] == "DENY"
    refused = await browser.post("/sign-in", {"name": "ada", "passphrase": PASS, "again": PASS}, "null")
    assert refused.status == 403


async def test_a_cross_site_form_post_is_refused(browser: WebClient) -> None:
    response = await browser.post("/sign-in", {"name": "ada", "passphrase": PASS, "again": PASS}, "http://evil.example")
    assert response.status == 403 and not browser.signed_in()


async def test_a_signed_in_browser_gets_the_lobby_over_the_websocket(
    web_server: GameServer, browser: WebClient
) -> None:
    await browser.sign_in("ada", PASS, PASS)
    terminal = await browser.terminal()
    try:
        await terminal.wait_for("codex-tui in your browser · you are ada")
        await terminal.wait_for("No tables yet")
        await terminal.press("n")
        await terminal.wait_for("Create")
        await terminal.press("escape")
        await terminal.wait_for("No tables yet")
        await terminal.press("q")  # the app quits: the websocket closes with it
        await asyncio.wait_for(terminal.closed.wait(), WAIT)
    finally:
        await terminal.close()
    assert web_server.web is not None
    await wait_until(lambda: not web_server.web.apps, what="the app process to go with its websocket")


async def test_an_invite_link_sets_a_passphrase_once(web_server: GameServer, browser: WebClient) -> None:
    token = invite(web_server.data, "bo")  # as `codex-tui invite bo` does, from another process
    status, page = await browser.get(f"/invite/{token}")
    assert status == 200 and "bo" in page and 'name="again"' in page
    short = await browser.post(f"/invite/{token}", {"passphrase": "short", "again": "short"})
    assert short.status == 400 and not browser.signed_in()
    used = await browser.post(f"/invite/{token}", {"passphrase": PASS, "again": PASS})
    assert used.status == 303 and browser.signed_in()
    status, _page = await browser.get(f"/invite/{token}")
    assert status == 404
    again = await browser.post(f"/invite/{token}", {"passphrase": PASS, "again": PASS})
    assert again.status == 404
    other = WebClient(browser.url)
    try:
        assert (await other.sign_in("bo", PASS)).status == 303
    finally:
        await other.close()


async def test_an_expired_invite_is_refused(web_server: GameServer, browser: WebClient) -> None:
    token = invite(web_server.data, "bo", lifetime=-1)
    status, page = await browser.get(f"/invite/{token}")
    assert status == 404 and "expired" in page


async def test_an_ssh_name_opens_to_browsers_only_once_its_owner_sets_a_passphrase(
    web_server: GameServer, browser: WebClient
) -> None:
    assert web_server.names.bind("cy", asyncssh.generate_private_key("ssh-ed25519")) is None
    refused = await browser.sign_in("cy", PASS, PASS)
    assert refused.status == 403 and "belongs to an SSH player" in await refused.text()
    assert web_server.hub.passphrases.owner("cy") is None, "not claimed"
    hub = await HubClient.connect(web_server.hub.path, name="cy")  # cy's app, as after an SSH login
    try:
        await hub.receive_type(p.WELCOME, WAIT)
        hub.send({"t": p.SET_PASSPHRASE, "passphrase": "short"})
        notice = await hub.receive_type(p.NOTICE, WAIT)
        assert "at least" in notice["text"]
        hub.send({"t": p.SET_PASSPHRASE, "passphrase": PASS})
        notice = await hub.receive_type(p.NOTICE, WAIT)
        assert "passphrase is set" in notice["text"]
    finally:
        await hub.close()
    assert (await browser.sign_in("cy", PASS)).status == 303


async def test_the_door_refuses_to_listen_beyond_loopback_without_allow_remote(tmp_path: Path) -> None:
    server = GameServer(tmp_path / "data", port=0, ssh=False, web_port=0, web_host="0.0.0.0")
    with pytest.raises(RemoteRefused, match="--allow-remote"):
        await server.start()
    assert not (tmp_path / "data").exists(), "refused before touching anything"


def test_the_web_command_says_why_it_will_not_listen_beyond_loopback(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "codex_tui", "web", "--host", "0.0.0.0", "--data", str(tmp_path / "d")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--allow-remote" in result.stderr and "TLS" in result.stderr


def test_the_invite_command_prints_a_link_the_server_takes(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "codex_tui", "invite", "ada", "--data", str(tmp_path), "--url", "https://example.org"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    link = result.stdout.split()[0]
    assert link.startswith("https://example.org/invite/")
    store = Store(tmp_path)
    try:
        assert InviteBook(store).peek(link.rsplit("/", 1)[1]) == "ada"
    finally:
        store.close()
    bad = subprocess.run(
        [sys.executable, "-m", "codex_tui", "invite", "josé", "--data", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "not a player name" in bad.stderr


async def test_a_name_s_browser_sessions_count_in_the_server_s_limits(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", ssh=False, web_port=0, limits=Limits(max_sessions_per_player=1))
    assert server.web is not None
    client = WebClient(server.web.url)
    try:
        await client.sign_in("ada", PASS, PASS)
        first = await client.terminal()
        await first.wait_for("you are ada")
        refused = await client.terminal()
        await refused.wait_for("ada already has 1 sessions open here")  # on the page, in words
        await asyncio.wait_for(refused.closed.wait(), WAIT)
        await first.close()
        await wait_until(lambda: server.sessions.total == 0, what="the first session's end")
        second = await client.terminal()
        await second.wait_for("you are ada")
        await second.close()
    finally:
        await client.close()
        await server.close()


async def test_stopping_the_server_ends_every_browser_session(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", ssh=False, web_port=0)
    assert server.web is not None
    client = WebClient(server.web.url)
    try:
        await client.sign_in("ada", PASS, PASS)
        terminal = await client.terminal()
        await terminal.wait_for("you are ada")
        await server.close()
        await asyncio.wait_for(terminal.closed.wait(), WAIT)  # the app quit and its websocket closed
        assert server.web is None
        assert "The game server is stopping; every game is saved" in terminal.text(), "its last words are shown"
    finally:
        await client.close()
        await server.close()


async def test_junk_and_pastes_from_the_websocket_do_not_steer_the_app(browser: WebClient) -> None:
    await browser.sign_in("ada", PASS, PASS)
    terminal = await browser.terminal()
    try:
        await terminal.wait_for("No tables yet")
        socket = terminal.socket
        await socket.send_str("not json")
        await socket.send_str('["resize"]')
        await socket.send_str('["stdin", "\\ud800"]')  # a lone surrogate: no UTF-8 for it
        await socket.send_bytes(b"\xff\xfe")
        await socket.send_str(json.dumps(["stdin", "\x1b[200~q\x1bq\x1b[201~"]))  # a paste is no key: q would quit
        await terminal.press("n")
        await terminal.wait_for("Create")
        assert not terminal.closed.is_set()
    finally:
        await terminal.close()


async def test_a_new_passphrase_signs_out_the_browsers_of_the_old_one(
    web_server: GameServer, browser: WebClient
) -> None:
    assert (await browser.sign_in("ada", PASS, PASS)).status == 303
    status, page = await browser.get("/")
    assert "textual.js" in page
    hub = await HubClient.connect(web_server.hub.path, name="ada")  # ada's app elsewhere changes it
    try:
        await hub.receive_type(p.WELCOME, WAIT)
        hub.send({"t": p.SET_PASSPHRASE, "passphrase": "a brand new one"})
        await hub.receive_type(p.NOTICE, WAIT)
    finally:
        await hub.close()
    status, page = await browser.get("/")
    assert 'action="/sign-in"' in page
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await browser.terminal()
    assert (await browser.sign_in("ada", "a brand new one")).status == 303


async def test_a_request_for_another_site_s_name_is_refused(browser: WebClient) -> None:
    """DNS rebinding: evil.example pointed at 127.0.0.1 must not reach the door through a player's browser."""
    async with browser.session.get(browser.url + "/", headers={"Host": "evil.example"}) as response:
        assert response.status == 421
    async with browser.session.get(browser.url + "/", headers={"Host": "localhost"}) as response:
        assert response.status == 200


def test_behind_a_proxy_only_the_public_name_and_loopback_are_served(store: Store, tmp_path: Path) -> None:
    door = WebDoor(None, NameBook(store), tmp_path, public_url="https://games.example.org")  # type: ignore[arg-type]
    assert door.host_allowed("games.example.org") and door.host_allowed("127.0.0.1:8080")
    assert not door.host_allowed("evil.example") and not door.host_allowed("games.example.org.evil.example")
    remote = WebDoor(None, NameBook(store), tmp_path, host="0.0.0.0")  # type: ignore[arg-type]
    assert remote.host_allowed("192.168.1.5:8080"), "--allow-remote without a public URL: any name"


async def test_an_invite_link_starts_with_the_running_door_s_address(
    web_server: GameServer, browser: WebClient
) -> None:
    result = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "codex_tui", "invite", "eve", "--data", str(web_server.data)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    link = result.stdout.split()[0]
    assert link.startswith(f"{browser.url}/invite/")
    status, page = await browser.get(link[len(browser.url) :])
    assert status == 200 and "eve" in page
