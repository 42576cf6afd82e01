"""When something unexpected fails: one calm line for the player, the traceback for us.

Textual's answer to an unhandled error is to close the app and print a long
traceback with local variables on the terminal; over SSH that shows the
server's paths to a player. The apps mix in `CalmCrashes` instead: the
traceback goes to a crash log (a file next to the saves, or the server's log
through the `codex_tui.crash` logger), the terminal gets one line saying what
happened, where the game is saved and how to go on, and the app exits with
status 1. The game itself is already saved: every move is autosaved.
"""

from __future__ import annotations

import io
import logging
import traceback
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console, RenderableType
from rich.text import Text
from textual.app import App
from textual.worker import WorkerFailed

from codex_tui.i18n.text import _

CRASH_LOGGER = "codex_tui.crash"
CRASH_LOG_NAME = "crash.log"
EXIT_CRASH = 1

log = logging.getLogger(CRASH_LOGGER)
log.addHandler(logging.NullHandler())  # never Python's last-resort print to stderr: that is the player's screen


def traceback_text(error: BaseException) -> str:
    """The whole traceback; for a failed worker, the worker's own error's too."""
    text = "".join(traceback.format_exception(error))
    if isinstance(error, WorkerFailed):
        text += "\nThe worker's error:\n" + "".join(traceback.format_exception(error.error))
    return text


def renderables_text(renderables: tuple[RenderableType, ...]) -> str:
    """Plain text of what Textual would have printed (its tracebacks are Rich renderables)."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, color_system=None, force_terminal=False)
    for renderable in renderables:
        console.print(renderable)
    return buffer.getvalue()


def append_crash_log(path: Path, details: str) -> bool:
    """Add one dated entry to the crash log; False if it cannot be written."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as file:
            file.write(f"--- {stamp}\n{details.rstrip()}\n\n")
    except OSError:
        return False
    return True


class CalmCrashes(App[None]):
    """An app whose unhandled errors end it with one calm line and a logged traceback.

    Subclasses say where the traceback goes (`crash_log_path`, None for the
    `codex_tui.crash` logger only) and what the player reads (`crash_line`)."""

    crash_log_path: Path | None = None
    _crash_recorded = False
    _crash_message = ""

    def crash_line(self, logged: bool) -> str:
        """The one line shown after a crash; `logged`: the crash log was written."""
        return _("codex-tui stopped after an unexpected error.")

    def _record_crash(self, details: str) -> None:
        if self._crash_recorded:  # Textual may report one failure twice (an error that renders itself)
            return
        self._crash_recorded = True
        log.error("the app stopped after an unexpected error:\n%s", details)
        path = self.crash_log_path
        logged = path is not None and append_crash_log(path, details)
        self._crash_message = self.crash_line(logged)

    def _handle_exception(self, error: Exception) -> None:
        details = traceback_text(error)
        self._record_crash(details)
        super()._handle_exception(error)  # notes the error (tests re-raise it) and closes the app
        self._exit_renderables[:] = [Text(self._crash_message)]

    def panic(self, *renderables: RenderableType) -> None:
        """Textual's way out when its input thread dies (and for errors that render themselves)."""
        self._record_crash(renderables_text(renderables))
        super().panic(*renderables)
        self._return_code = EXIT_CRASH
        self._exit_renderables[:] = [Text(self._crash_message)]
