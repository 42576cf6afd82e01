"""A player's app under the built-in SSH server: a crash report is logged, never drawn.

Textual draws a crash report (a traceback with the server's paths and code)
on the terminal when it quits after an unhandled exception or a panic of its
input thread. Over SSH that terminal is the player's. `ServedApp` sends every
such report to the log (logger `codex_tui.crash`, which `player_app` routes to
the server) and prints only what the app means for the player when it ends
normally: the plain texts it leaves with (`exit(message=...)`, such as the
server's goodbye). After a failure the server shows the player one calm line.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

from rich.console import Console, RenderableType

from codex_tui.client.app import RemoteApp

crash_log = logging.getLogger("codex_tui.crash")


def plain(renderable: RenderableType) -> str:
    """A renderable (a Textual crash report) as plain text for a log."""
    out = io.StringIO()
    Console(file=out, width=120, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue().rstrip()


class ServedApp(RemoteApp):
    """RemoteApp whose last words are only its own texts, and only after a normal end; `failed` otherwise."""

    def __init__(self, hub_path: Path, token: str) -> None:
        super().__init__(hub_path, token=token)
        self.failed = False

    def _print_error_renderables(self) -> None:
        """Textual prints here, as the app ends, both the texts the app leaves
        with (str) and crash reports (rendered tracebacks). After a failure (a
        report, or a non-zero status: the app's own texts may then name the
        server's files) all of it goes to the log, and the server tells the player."""
        items = self._exit_renderables
        if self.return_code or any(not isinstance(item, str) for item in items):
            self.failed = True
            details = "\n".join(plain(item) for item in items) or "(no report)"
            who = self.player or "a player"
            crash_log.error("the app of %s failed (status %s):\n%s", who, self.return_code, details)
            items.clear()
        super()._print_error_renderables()
