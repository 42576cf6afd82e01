"""One player app per browser tab: textual-serve's `AppService`, with the player's environment.

textual-serve starts its command through a shell with a copy of the server's
environment and prints the app's stderr on the server's console. Here the
app is the one SSH players get (`codex_tui.client.player_app`), started without
a shell by the server's launcher (forked from the preloaded app forker where
there is one), with the same clean environment as an SSH session
(`ssh_server.app_environment`: the hub socket, a one-time hub token for the
signed-in name, the player's language) plus what Textual's web driver needs;
its failures go to the server log, never to the browser.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from codex_tui.i18n import DEFAULT
from codex_tui.i18n.choice import LANGUAGE_VARIABLE
from codex_tui.i18n.text import _
from codex_tui.server.languages import speaking
from codex_tui.server.player_apps import APP_MODULE, CRASH_LINE, DEFAULT_TERM, app_environment
from codex_tui.server.pty_bridge import MAX_ERROR_LINE, AppProcess, Exec, Launcher, clamp_size

log = logging.getLogger("codex_tui.server.web")

STOP_GRACE = 3.0
"""Seconds an app has to quit after being asked before it is killed."""
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
LAST_WORDS_PREFIX = "codex-tui"
"""How the app's own parting texts begin (`RemoteApp` exits with `codex-tui: ...`); nothing else
it writes as it ends (a traceback, a log line) reaches the browser."""
MAX_LAST_WORDS = 5
NOT_WORDS = re.compile(r"Traceback |(DEBUG|INFO|WARNING|ERROR|CRITICAL) \S+: ")
"""A log line (as `player_app` formats them) or a traceback: never for the player's eyes."""
LEAVE_SCREEN = "\x1b[?1049l\x1b[2J\x1b[H"
"""Out of the app's screen, cleared, the cursor home: where its last words are written."""
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b.")


def web_environment(hub_path: Path, token: str, language: str | None, width: int, height: int) -> dict[str, str]:
    """An SSH session's environment (`app_environment`) for Textual's web driver."""
    env = app_environment(hub_path, token, DEFAULT_TERM, {})
    env.update(
        {
            "TEXTUAL_DRIVER": WEB_DRIVER,
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "COLORTERM": "truecolor",
            "TERM_PROGRAM": "textual",
            "TERM_PROGRAM_VERSION": version("textual-serve"),
            "COLUMNS": str(width),
            "ROWS": str(height),
        }
    )
    if language is not None:
        env[LANGUAGE_VARIABLE] = language
    return env


class PlayerAppService(AppService):
    """The app of one signed-in browser, fed by the websocket (see `textual_serve.server`).

    It is started by the server's `Launcher`, as an SSH session's is: forked from the
    preloaded app forker when there is one (sessions then share its memory), else a
    process of its own. In place of a PTY the app gets one end of a socket pair as its
    standard input and output (textual-serve's packets go both ways on it), and a pipe
    for its failures, which `player_app` also makes its standard error."""

    def __init__(
        self,
        name: str,
        environment: dict[str, str],
        cwd: Path,
        *,
        launcher: Launcher | None = None,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        download_manager: DownloadManager,
    ) -> None:
        super().__init__(
            APP_MODULE, write_bytes=write_bytes, write_str=write_str, close=close, download_manager=download_manager
        )
        self.name = name
        self.environment = environment
        self.cwd = cwd
        self.launcher: Launcher = launcher or Exec([sys.executable, "-m", APP_MODULE])
        self.app: AppProcess | None = None
        self._output: asyncio.StreamReader | None = None
        self._errors: asyncio.StreamReader | None = None
        self.leaving = False
        """The app has said it is leaving (its web driver's `exit`)."""
        self.browser_gone = False
        """The browser's websocket has closed under the app's output (`_pass_on`)."""
        self.last_words: list[str] = []

    @property
    def running(self) -> asyncio.Task[None] | None:
        """The task that passes the app's output on; done once the app has ended."""
        return self._task

    @property
    def pid(self) -> int | None:
        return self.app.pid if self.app is not None else None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        errors_read, errors_write = os.pipe()
        try:
            self.app = await self.launcher(theirs.fileno(), errors_write, self.environment, str(self.cwd))
        except BaseException:
            ours.close()
            os.close(errors_read)
            raise
        finally:
            theirs.close()  # the app has its own copies: its end of the link closes with it
            os.close(errors_write)
        self._output, self._stdin = await asyncio.open_unix_connection(sock=ours)
        errors = self._errors = asyncio.StreamReader()
        await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(errors),
            open(errors_read, "rb", buffering=0),  # noqa: SIM115
        )
        return self.app

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamp_size(width, height))

    async def run(self) -> None:
        """textual-serve's loop (its packets: D data, M meta, P packed), with the app's failures to the log."""
        app, output, errors = self.app, self._output, self._errors
        assert app is not None and output is not None and errors is not None
        logging_errors = asyncio.create_task(self._log_errors(errors))
        try:
            while True:  # the prelude: the web driver's first line says it is up
                line = await output.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await output.readexactly(1)
                size = int.from_bytes(await output.readexactly(4), "big")
                payload = await output.readexactly(size)
                if not self.browser_gone:
                    await self._pass_on(kind, payload)
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            if self._stdin is not None:
                self._stdin.close()
            await logging_errors
            status = await app.wait()
            if status:
                log.error("the browser app of %s failed (exit status %s)", self.name, status)
            else:
                log.info("the browser app of %s ended%s", self.name, " (its tab closed)" if self.browser_gone else "")
            with contextlib.suppress(Exception):
                await self._say_goodbye(status)
            with contextlib.suppress(Exception):
                await self.remote_close()

    async def _pass_on(self, kind: bytes, payload: bytes) -> None:
        """One of the app's packets to the browser. Once the browser has gone (its tab closed)
        the app's output is still read, and dropped, until it has quit (`stop` asks it to):
        closing its link at once would fail its next write, and it would end as a failure."""
        try:
            if kind == b"D":
                await self.on_data(payload)
            elif kind == b"M":
                await self.on_meta(payload)
            elif kind == b"P":
                await self.on_packed(payload)
        except ConnectionError:
            self.browser_gone = True

    async def on_meta(self, data: bytes) -> None:
        """textual-serve closes the websocket when the app says it is leaving; here the
        socket stays open until the app has ended, for its last words (`_say_goodbye`)."""
        kind = None
        with contextlib.suppress(ValueError, AttributeError):
            kind = json.loads(data).get("type")
        if kind == "exit":
            self.leaving = True
            return
        await super().on_meta(data)

    async def _say_goodbye(self, status: int) -> None:
        """What the app left with ("the server is stopping..."), or, after a failure, the line
        an SSH player gets, on a cleared screen: the page keeps the terminal in view."""
        words = self.last_words
        if status and not words:
            with speaking(self.environment.get(LANGUAGE_VARIABLE, DEFAULT)):
                words = [_(CRASH_LINE)]
        if words:
            text = "\r\n".join(words)
            await self.on_data(f"{LEAVE_SCREEN}{text}\r\n".encode())

    def _last_word(self, line: str) -> bool:
        """Is `line` part of the app's parting text? It begins with `codex-tui` once the app
        is leaving; the lines after it (the text wrapped to the terminal's width) follow,
        until a log line or a traceback."""
        if not self.leaving or len(self.last_words) >= MAX_LAST_WORDS:
            return False
        if not self.last_words:
            return line.startswith(LAST_WORDS_PREFIX)
        return not NOT_WORDS.match(line)

    async def _log_errors(self, errors: asyncio.StreamReader) -> None:
        """The app's failure pipe (also its stderr) to the log; once it is leaving, its own
        texts (`codex-tui: ...`, as `ServedApp` prints them) are kept for the player."""
        with contextlib.suppress(ValueError, ConnectionError):  # a line longer than the stream's limit ends it
            async for line in errors:
                text = line.decode("utf-8", "backslashreplace").rstrip()
                if self._last_word(text):
                    self.last_words.append(ESCAPES.sub("", text)[:MAX_ERROR_LINE])
                elif text:
                    log.warning("browser app of %s: %s", self.name, text[:MAX_ERROR_LINE])

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """Ask the app to quit; end its process group if it has not within `grace` seconds."""
        task = self._task
        if task is None:
            return
        self._task = None
        await self.send_meta({"type": "quit"})
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(task), grace)
        if not task.done() and self.app is not None:
            with contextlib.suppress(OSError):
                os.killpg(self.app.pid, signal.SIGKILL)
        await task
