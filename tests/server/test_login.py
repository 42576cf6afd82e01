"""Logging in: any ssh client with a key reaches the lobby; names belong to their first key."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pty
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from codex_tui.server.identity import key_text
from codex_tui.server.pty_bridge import set_size
from codex_tui.server.serve import GameServer
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store_schema import DB_FILE
from tests.server.harness import WAIT, Terminal, connect, key_for, open_terminal, start_server, stored_keys, wait_until
from tests.server.vt import Screen

SSH = "/usr/bin/ssh"


async def test_an_asyncssh_client_reaches_the_lobby_and_owns_its_name(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    await ada.wait_for("No tables yet")
    assert stored_keys(server.data)["ada"] == key_text(key_for("ada"))
    database = server.data / DB_FILE
    state = [database, database.with_name(DB_FILE + "-wal"), database.with_name(DB_FILE + "-shm")]
    for private in (*state, server.data / "ssh_host_ed25519_key", server.hub.path):
        assert stat.S_IMODE(private.stat().st_mode) == 0o600, private


async def test_a_name_refuses_every_key_but_its_first(
    server: GameServer, terminals: list[Terminal], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    await open_terminal(terminals, server.port, "ada")
    assert f"ada logged in with key {key_for('ada').get_fingerprint()}" in caplog.text
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "ada", key=stranger)
    refused = f"login as 'ada' from 127.0.0.1 refused: key {stranger.get_fingerprint()}, name bound to another key"
    await wait_until(lambda: refused in caplog.text, what="the refused login in the log")
    again = await open_terminal(terminals, server.port, "ada")  # the right key still works
    await again.wait_for("No tables yet")


@pytest.mark.parametrize("name", ["bad name", "", "x" * 17, "-dash", "ümlaut"])
async def test_names_that_cannot_be_shown_safely_are_refused(
    server: GameServer, name: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, name, key=key_for("someone"))
    if name:  # (an empty name never reaches the server's checks)
        refused = f"login as {name!r} from 127.0.0.1 refused: key {key_for('someone').get_fingerprint()}, not a valid"
        await wait_until(lambda: refused in caplog.text, what="the refused login in the log")


async def test_there_is_no_password_login(server: GameServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="ada",
            password="secret",
            client_keys=None,
            known_hosts=None,
            agent_path=None,
            config=[],
        )
    refused = "login as 'ada' from 127.0.0.1 refused: no public key offered"
    await wait_until(lambda: refused in caplog.text, what="the refused login in the log")


async def test_authorized_keys_admit_only_the_keys_listed(tmp_path: Path) -> None:
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(key_for("ada").export_public_key())
    server = await start_server(tmp_path / "data", authorized_keys=listed)
    try:
        ada = await connect(server.port, "ada")
        await ada.wait_for("you are ada")
        await ada.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, "bo")
    finally:
        await server.close()


# --------------------------------------------------- the real thing: `serve` and ssh


def write_client_key(folder: Path) -> Path:
    path = folder / "id_ed25519"
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.write_bytes(key.export_private_key())
    path.chmod(0o600)
    return path


async def read_until(fd: int, screen: Screen, text: str, timeout: float = WAIT) -> str:
    """Feed what the terminal shows into `screen` until `text` is on it."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes] = asyncio.Queue()

    def readable() -> None:
        try:
            queue.put_nowait(os.read(fd, 65536))
        except OSError:
            queue.put_nowait(b"")

    loop.add_reader(fd, readable)
    try:
        async with asyncio.timeout(timeout):
            while text not in screen.text():
                data = await queue.get()
                if not data:
                    break
                screen.feed(data)
    except TimeoutError:
        pass
    finally:
        loop.remove_reader(fd)
    return screen.text()


@pytest.mark.skipif(not Path(SSH).exists(), reason="no OpenSSH client")
async def test_the_serve_command_and_the_system_ssh_client(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = subprocess.Popen(
        [sys.executable, "-m", "codex_tui", "serve", "--port", "0", "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    ssh = None
    master = None
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(7)]
        announced = "".join(lines)
        assert "host key fingerprint (new): SHA256:" in announced
        command = next(line.strip() for line in lines if line.strip().startswith("ssh "))
        port = command.split("-p ")[1].split()[0]
        assert command == f"ssh -p {port} NAME@127.0.0.1"
        assert stat.S_IMODE((data / "ssh_host_ed25519_key").stat().st_mode) == 0o600

        key = write_client_key(tmp_path)
        master, slave = pty.openpty()
        set_size(slave, 80, 24)
        os.set_blocking(master, False)
        ssh = subprocess.Popen(
            [
                SSH,
                *("-F", "/dev/null", "-tt", "-i", str(key), "-p", port),
                *("-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"),
                *("-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR"),
                "zoe@127.0.0.1",
            ],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            env={**os.environ, "TERM": "xterm-256color"},
        )
        os.close(slave)
        screen = Screen(80, 24)
        shown = await read_until(master, screen, "you are zoe")
        assert "you are zoe" in shown, shown
        os.write(master, b"q")  # quit from the lobby: the session ends
        await asyncio.to_thread(ssh.wait, WAIT)
        assert ssh.returncode == 0
    finally:
        for process in (ssh, server):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(10)
                if process.poll() is None:
                    process.kill()
                    process.wait()
        if master is not None:
            os.close(master)
    assert server.returncode == 0
    assert not (data / "hub.sock").exists()
