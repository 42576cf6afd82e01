"""Garbage, stalls and resizes: one client's trouble stays its own."""

from __future__ import annotations

import asyncio
import os
import random
import struct

import pytest

import codex_tui.server.ssh_server as ssh_server
from codex_tui.client.hub_client import HubClient
from codex_tui.protocol.framing import MAX_UP_FRAME
from codex_tui.server.pty_bridge import READ_CHUNK
from codex_tui.server.serve import GameServer
from codex_tui.server.sshlib import asyncssh
from tests.server.harness import Terminal, key_for, open_terminal, wait_until
from tests.waiting import key_gap


async def test_garbage_keystrokes_hurt_nobody_else(server: GameServer, terminals: list[Terminal]) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    bo = await open_terminal(terminals, server.port, "bo")
    noise = random.Random(6)
    junk = bytes(noise.randrange(256) for _ in range(200_000))
    junk += b"\x1b[" + b"9" * 5000 + b"\x1b]" + b"x" * 5000 + b"\x1b[<0;99999;99999M" * 50
    for start in range(0, len(junk), 8192):
        ada.process.stdin.write(junk[start : start + 8192])
    await bo.press("n")
    await bo.wait_for("New table")  # bo's session answers as usual
    await bo.press("escape")
    await bo.wait_for("No tables yet")
    late = await open_terminal(terminals, server.port, "cy")  # and the server still takes logins
    await late.wait_for("No tables yet")


class StalledSession(asyncssh.SSHClientSession[bytes]):
    """A client that never reads what the server sends."""

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:  # type: ignore[override]
        self.chan = chan
        chan.pause_reading()


async def test_a_stalled_client_is_paused_and_slows_nobody(
    server: GameServer, terminals: list[Terminal], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ssh_server, "OUTPUT_HIGH_WATER", 4096)
    conn = await asyncssh.connect(
        "127.0.0.1", server.port, username="zed", client_keys=[key_for("zed")], known_hosts=None, config=[]
    )
    try:
        chan, session = await conn.create_session(
            StalledSession, term_type="xterm-256color", term_size=(120, 40), encoding=None, window=2048
        )
        await wait_until(lambda: len(server.sessions.apps) == 1, what="the stalled app")
        (app,) = server.sessions.apps
        for size in range(30):  # each resize asks the app for a whole new screen
            chan.change_terminal_size(100 + size, 30 + size % 10)
            await key_gap()  # spaced as a hand drags a window's corner
        await wait_until(lambda: app.output_paused, what="the server to stop reading the stalled app")
        (stalled,) = server.sessions.of("zed")
        server_chan = stalled.chan
        assert server_chan is not None
        assert server_chan.get_write_buffer_size() <= 4096 + READ_CHUNK

        bo = await open_terminal(terminals, server.port, "bo")  # meanwhile, everyone else plays on
        await bo.press("n")
        await bo.wait_for("New table")

        session.chan.resume_reading()  # the client wakes up: its app goes on
        await wait_until(lambda: not app.output_paused, what="the stalled app to resume")
    finally:
        conn.close()
        await conn.wait_closed()


async def test_the_terminal_size_follows_the_client(server: GameServer, terminals: list[Terminal]) -> None:
    ada = await open_terminal(terminals, server.port, "ada", size=(100, 30))
    ada.resize(60, 20)
    await ada.wait_for(lambda text: "you are ada" in text and "Quit" in text.splitlines()[-1])
    ada.resize(200, 60)
    await ada.wait_for(lambda text: "you are ada" in text and "Quit" in text.splitlines()[-1])


async def test_the_hub_drops_garbage_and_strangers(server: GameServer) -> None:
    path = str(server.hub.path)
    for junk in (
        struct.pack(">I", MAX_UP_FRAME + 1) + b"x" * 100,  # too big
        struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1",  # not msgpack
        struct.pack(">I", 1) + b"\x01",  # not a map
    ):
        reader, writer = await asyncio.open_unix_connection(path)
        writer.write(junk)
        assert await reader.read() == b""  # closed on us
        writer.close()
    stranger = await HubClient.connect(path, token="made-up")
    assert await stranger.receive() is None
    await stranger.close()
    friend = await HubClient.connect(path, name="ada")
    assert (await friend.receive_type("welcome"))["name"] == "ada"
    await friend.close()
    assert os.stat(path).st_mode & 0o777 == 0o600
