"""Everything but one interactive terminal per connection is refused."""

from __future__ import annotations

import asyncio
import logging

import pytest

from codex_tui.server.serve import GameServer
from codex_tui.server.ssh_server import Limits
from codex_tui.server.sshlib import asyncssh
from tests.server.harness import Terminal, connect, key_for, open_terminal, start_server


async def login(server: GameServer, name: str = "ada") -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username=name,
        client_keys=[key_for(name)],
        known_hosts=None,
        agent_path=None,
        config=[],
    )


async def test_commands_subsystems_and_bare_sessions_are_refused(
    server: GameServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    requests: list[tuple[dict[str, str], str]] = [
        ({"command": "cat /etc/passwd", "term_type": "xterm"}, "refused exec 'cat /etc/passwd' for ada"),
        ({"subsystem": "sftp"}, "refused subsystem 'sftp' for ada"),
        ({}, "refused a shell without a terminal for ada"),
    ]
    for request, logged in requests:
        async with await login(server) as conn:  # one connection each: a second session is refused anyway
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process(**request)
        assert logged in caplog.text


async def test_no_forwarding_of_ports_or_sockets(server: GameServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    async with await login(server) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelOpenError):  # the hub would skip the login's name
            await conn.create_unix_connection(asyncssh.SSHUNIXSession, str(server.hub.path))
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_path(str(server.data / "elsewhere.sock"), str(server.hub.path))
    for line in (
        f"refused forwarding to '127.0.0.1' port {server.port} for ada",
        "refused forwarding to socket",
        "refused remote forwarding from '127.0.0.1' port 0 for ada",
        "refused remote forwarding from socket",
    ):
        assert line in caplog.text


async def test_one_terminal_per_connection(
    server: GameServer, terminals: list[Terminal], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    ada = await open_terminal(terminals, server.port, "ada")
    with pytest.raises(asyncssh.ChannelOpenError):
        await ada.conn.create_process(term_type="xterm")
    assert "refused a second session on one connection for ada" in caplog.text
    await ada.press("n")
    await ada.wait_for("New table")  # the first one still works


async def test_a_full_server_says_so_and_closes_the_session(tmp_path) -> None:
    server = await start_server(tmp_path / "data", limits=Limits(max_sessions=1))
    try:
        first = await connect(server.port, "ada")
        await first.wait_for("you are ada")
        second = await connect(server.port, "bo")
        await second.closed.wait()
        assert "The server is full" in second.new_text()
        assert second.process.exit_status == 1
        await asyncio.gather(first.close(), second.close())
    finally:
        await server.close()
