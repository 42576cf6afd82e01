"""A player's app under the built-in SSH server: its failures are logged, never drawn.

Textual draws a crash report (a traceback with the server's paths and code)
on the terminal when it quits after an unhandled exception or a panic of its
input thread. Over SSH that terminal is the player's. `ServedApp` sends the
report to the log instead (logger `codex_tui.crash`, which `player_app` routes
to the server) and keeps only what the app means for the player: the texts it
leaves with, such as the server's goodbye.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

from rich.console import Console, RenderableType

from ..app.remote import RemoteApp

crash_log = logging.getLogger("codex_tui.crash")


def plain(renderable: RenderableType) -> str:
    """A renderable (a Textual crash report) as plain text for a log."""
    out = io.StringIO()
    Console(file=out, width=120, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue().rstrip()


class ServedApp(RemoteApp):
    """RemoteApp, with `failed` set and the report logged when something breaks."""

    def __init__(self, hub_path: Path, token: str) -> None:
        super().__init__(hub_path, token=token)
        self.failed = False

    def _handle_exception(self, error: Exception) -> None:
        """An exception nothing handled: Textual would draw its traceback on exit."""
        if not self.failed:
            self.failed = True
            crash_log.error("the app of %s failed", self.player or "a player", exc_info=error)
        super()._handle_exception(error)

    def panic(self, *renderables: RenderableType) -> None:
        """The driver's input thread died (or the app panicked): the report is for the log."""
        if not self.failed:
            self.failed = True
            report = "\n".join(plain(renderable) for renderable in renderables)
            crash_log.error("the app of %s failed:\n%s", self.player or "a player", report)
        super().panic(*renderables)

    def _print_error_renderables(self) -> None:
        """Print what the app says on leaving (text), never a crash report (Textual's renderables)."""
        if self.failed:
            self._exit_renderables[:] = [item for item in self._exit_renderables if isinstance(item, str)]
        super()._print_error_renderables()
