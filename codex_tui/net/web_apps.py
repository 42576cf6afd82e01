"""One player app per browser tab: textual-serve's `AppService`, with the player's environment.

textual-serve starts its command through a shell with a copy of the server's
environment and prints the app's stderr on the server's console. Here the
app is the one SSH players get (`codex_tui.net.player_app`), started without
a shell, with the same clean environment as an SSH session
(`ssh_server.app_environment`: the hub socket, a one-time hub token for the
signed-in name, the player's language) plus what Textual's web driver needs;
its stderr lines go to the server log, never to the browser.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Awaitable, Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from codex_tui.i18n.choice import LANGUAGE_VARIABLE
from codex_tui.net.pty_bridge import clamp_size
from codex_tui.net.ssh_server import APP_MODULE, DEFAULT_TERM, app_environment

log = logging.getLogger("codex_tui.net.web")

STOP_GRACE = 3.0
"""Seconds an app has to quit after being asked before it is killed."""
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


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
    """The app of one signed-in browser, fed by the websocket (see `textual_serve.server`)."""

    def __init__(
        self,
        name: str,
        environment: dict[str, str],
        cwd: Path,
        *,
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

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        self._process = process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            APP_MODULE,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self.environment,
            cwd=str(self.cwd),
            start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamp_size(width, height))

    async def run(self) -> None:
        """textual-serve's loop (its packets: D data, M meta, P packed), with the app's stderr to the log."""
        process = self._process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stdout = process.stdout
        errors = asyncio.create_task(self._log_errors(process.stderr))
        try:
            while True:  # the prelude: the web driver's first line says it is up
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
                elif kind == b"P":
                    await self.on_packed(payload)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            await errors
            status = await process.wait()
            if status:
                log.error("the browser app of %s failed (exit status %s)", self.name, status)
            with contextlib.suppress(Exception):
                await self.remote_close()

    async def _log_errors(self, stderr: asyncio.StreamReader) -> None:
        async for line in stderr:
            text = line.decode("utf-8", "backslashreplace").rstrip()
            if text:
                log.warning("browser app of %s: %s", self.name, text[:2000])

    async def stop(self) -> None:
        """Ask the app to quit; kill it if it has not within `STOP_GRACE` seconds."""
        task = self._task
        if task is None:
            return
        self._task = None
        await self.send_meta({"type": "quit"})
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(task), STOP_GRACE)
        if not task.done() and self._process is not None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()
        await task
