"""`join` (OpenSSH's door) never outlives its player and never spins.

A `join` without a terminal refuses at once; one whose terminal goes away, or
whose hub goes away, exits on its own; an idle one sleeps. The built-in
server's refusal of terminal-less sessions is in test_refusals.py.
"""

from __future__ import annotations

import asyncio
import errno
import os
import pty
import select
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from codex_tui.client.app import EXIT_LOST, EXIT_NO_SERVER
from codex_tui.protocol import messages as p
from codex_tui.protocol.framing import pack_frame
from codex_tui.protocol.hubcheck import hub_problem
from codex_tui.ui.terminal_input import EXIT_NO_TERMINAL
from tests.server.harness import WAIT, start_server
from tests.server.vt import Screen
from tests.waiting import measure_for, wait_until_blocking

ENV = {"PATH": os.environ["PATH"], "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/")}
LIVENESS = 10.0
"""Seconds a `join` may take to go: a liveness bound on a loaded machine, not a benchmark."""


def join_argv(hub: Path, name: str = "ada") -> list[str]:
    return [sys.executable, "-m", "codex_tui", "join", "--hub", str(hub), "--name", name]


class PtyJoin:
    """A `join` on a PTY of its own (no controlling terminal, so no SIGHUP:
    closing the master is only 'the input closed')."""

    def __init__(self, argv: list[str]) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=ENV, start_new_session=True, close_fds=True
        )
        os.close(slave)
        self.screen = Screen(90, 28)
        self.output = bytearray()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            if not select.select([self.master], [], [], 0.1)[0]:
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self.output += data
                self.screen.feed(data)

    def text(self) -> str:
        """The screen, then everything written (messages wrap: all whitespace is one space)."""
        with self._lock:
            raw = self.screen.text() + "\n" + self.output.decode("utf-8", "replace")
        return " ".join(raw.split())

    def shows(self, words: str) -> bool:
        """Whether `words` were shown, wherever the terminal's width broke them (a long path
        is folded inside a word, so the comparison ignores all whitespace)."""
        return "".join(words.split()) in "".join(self.text().split())

    def wait_for(self, words: str) -> None:
        wait_until_blocking(lambda: self.shows(words))
        assert self.shows(words), self.text()

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def hang_up(self) -> None:
        """Close our end of the terminal for good (no thread of ours still holds it)."""
        self._stop.set()
        self._reader.join()
        os.close(self.master)

    def close(self) -> None:
        self._stop.set()
        self._reader.join()
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        try:
            os.close(self.master)
        except OSError as error:
            assert error.errno == errno.EBADF


@contextmanager
def pty_join(argv: list[str]) -> Iterator[PtyJoin]:
    join = PtyJoin(argv)
    try:
        yield join
    finally:
        join.close()


def test_join_without_a_terminal_refuses_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        join_argv(tmp_path / "hub.sock"), stdin=subprocess.DEVNULL, capture_output=True, env=ENV, timeout=LIVENESS
    )
    assert done.returncode == EXIT_NO_TERMINAL
    assert done.stdout == b""  # nothing drawn into the pipe
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and "needs an interactive terminal" in lines[0], lines


async def test_join_whose_input_closes_is_gone(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", ssh=False)
    try:
        with pty_join(join_argv(server.hub.path)) as join:
            await asyncio.to_thread(join.wait_for, "you are ada")
            join.hang_up()  # the terminal's other end is gone: reads fail
            code = await asyncio.to_thread(join.process.wait, LIVENESS)
            assert code != 0
    finally:
        await server.close()


async def test_an_idle_join_sleeps(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", ssh=False)
    try:
        with pty_join(join_argv(server.hub.path)) as join:
            await asyncio.to_thread(join.wait_for, "you are ada")

            async def used_in_a_window() -> float:
                before = join.cpu_seconds()
                await measure_for(3)
                return join.cpu_seconds() - before

            # The first window may hold the first screens' drawing; a spinning process would use most
            # of every window, even on a loaded machine.
            used = [await used_in_a_window()]
            while used[-1] >= 0.5 and len(used) < 3:
                used.append(await used_in_a_window())
            assert used[-1] < 0.5, used
            assert join.process.poll() is None
    finally:
        await server.close()


async def test_join_exits_when_the_server_stops(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", ssh=False)
    try:
        with pty_join(join_argv(server.hub.path)) as join:
            await asyncio.to_thread(join.wait_for, "you are ada")
            await server.close()
            code = await asyncio.to_thread(join.process.wait, LIVENESS)
            assert code == 0  # the server said goodbye: an orderly end
            await asyncio.to_thread(join.wait_for, "every game is saved")
    finally:
        await server.close()


async def fake_hub(path: Path, frames: list[bytes]) -> asyncio.AbstractServer:
    """A hub that sends `frames` to whoever connects, then hangs up."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(1)  # the hello has arrived
        for frame in frames:
            writer.write(frame)
        await writer.drain()
        writer.close()

    return await asyncio.start_unix_server(serve, path=str(path))


async def test_join_that_loses_the_hub_exits_non_zero(tmp_path: Path) -> None:
    hub = tmp_path / "hub.sock"
    greeting = [pack_frame({"t": p.WELCOME, "name": "ada"}), pack_frame({"t": p.LOBBY, "tables": []})]
    server = await fake_hub(hub, greeting)
    try:
        with pty_join(join_argv(hub)) as join:
            code = await asyncio.to_thread(join.process.wait, LIVENESS + WAIT)
            assert code == EXIT_LOST
            await asyncio.to_thread(join.wait_for, "closed the connection")
    finally:
        server.close()


async def test_join_turned_away_by_the_hub_says_which_account_it_admits(tmp_path: Path) -> None:
    hub = tmp_path / "hub.sock"
    server = await fake_hub(hub, [])
    try:
        with pty_join(join_argv(hub)) as join:
            code = await asyncio.to_thread(join.process.wait, LIVENESS + WAIT)
            assert code == EXIT_NO_SERVER
            await asyncio.to_thread(join.wait_for, "authorized_keys")
    finally:
        server.close()


def test_join_without_a_running_server_says_to_start_serve(tmp_path: Path) -> None:
    hub = tmp_path / "data" / "hub.sock"
    hub.parent.mkdir()
    with pty_join(join_argv(hub)) as join:
        code = join.process.wait(LIVENESS + WAIT)
        assert code == EXIT_NO_SERVER
        join.wait_for(f"no hub socket at {hub}: is `codex-tui serve --no-ssh --data {hub.parent}` running?")


def test_permission_denied_names_socket_user_and_the_fix(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    message = hub_problem(data / "hub.sock", PermissionError(errno.EACCES, "Permission denied"))
    assert str(data / "hub.sock") in message
    assert "as user " in message and "authorized_keys" in message
    assert "only the account that runs `codex-tui serve`" in message


def test_a_dead_servers_socket_says_to_restart(tmp_path: Path) -> None:
    message = hub_problem(tmp_path / "hub.sock", ConnectionRefusedError(errno.ECONNREFUSED, "refused"))
    assert "has stopped" in message and str(tmp_path) in message
