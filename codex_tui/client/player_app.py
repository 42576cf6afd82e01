"""The process the built-in SSH server starts for each session: one player's app.

The app draws on the session's PTY. Its failures must not: a traceback shows
the server's paths and code. So the server gives this process a second way
out, a pipe (its number in `ERROR_FD_ENV`), and this module routes logging and
uncaught exceptions there *before* importing the app, so that even a failure
to import reaches the server log and not the player. The app itself is
`served_app.ServedApp`, which keeps Textual's crash reports off the screen.
The process exits with a non-zero status when anything failed (the app's own,
or 1); the server then shows the player one calm line.

Only the standard library is imported at the top, for the reason above.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType

ERROR_FD_ENV = "CODEX_TUI_ERROR_FD"
"""The number of the file descriptor this process writes its failures to."""
FAILED = 1
"""The exit status of an app that failed (the server tells the player)."""
WEB_DRIVER_ENV = "TEXTUAL_DRIVER"
"""Set by the browser door (Textual's web driver): the app's output is then textual-serve's packets."""


def send_errors_to(fd: int) -> None:
    """Logging (warnings and worse), Python's warnings and uncaught exceptions to the server's pipe.

    Python prints all of these on standard error, which over SSH is the
    player's terminal (Textual draws there): warnings, exceptions of the main
    thread and of the others, and those it can only report (raised in a
    `__del__`, a weak reference's callback...)."""
    stream = open(fd, "w", encoding="utf-8", errors="backslashreplace", buffering=1)  # noqa: SIM115 (open for the whole process)
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.captureWarnings(True)

    def excepthook(kind: type[BaseException], error: BaseException | None, trace: TracebackType | None) -> None:
        stream.write("".join(traceback.format_exception(kind, error, trace)))
        stream.flush()

    def thread_excepthook(failed: threading.ExceptHookArgs) -> None:
        if failed.exc_type is not SystemExit:  # as Python's own: a thread may end with sys.exit
            stream.write(f"Exception in thread {failed.thread.name if failed.thread else '?'}:\n")
            excepthook(failed.exc_type, failed.exc_value, failed.exc_traceback)

    def unraisablehook(unraisable: sys.UnraisableHookArgs) -> None:
        stream.write(f"{unraisable.err_msg or 'Exception ignored in'}: {unraisable.object!r}\n")
        excepthook(unraisable.exc_type, unraisable.exc_value, unraisable.exc_traceback)

    sys.excepthook = excepthook
    threading.excepthook = thread_excepthook
    sys.unraisablehook = unraisablehook


def main() -> int:
    error_fd = os.environ.pop(ERROR_FD_ENV, "")
    if error_fd.isdigit():
        send_errors_to(int(error_fd))
        if os.environ.get(WEB_DRIVER_ENV):  # the browser door: stdout is a packet stream, stderr must stay out of it
            os.dup2(int(error_fd), 2)
    from codex_tui.client.app import take_controlling_terminal
    from codex_tui.client.served_app import ServedApp
    from codex_tui.i18n import set_language
    from codex_tui.i18n.choice import choose_language
    from codex_tui.protocol.messages import HUB_ENV, TOKEN_ENV

    set_language(choose_language(None, os.environ, None))  # the client's (see app_environment); the hub may change it

    token = os.environ.pop(TOKEN_ENV, None)
    hub = os.environ.get(HUB_ENV)
    if token is None or not hub:
        logging.getLogger("codex_tui.crash").error("started without %s and %s", TOKEN_ENV, HUB_ENV)
        return FAILED
    take_controlling_terminal()
    app = ServedApp(Path(hub), token)
    app.run()
    return app.return_code or (FAILED if app.failed else 0)


if __name__ == "__main__":
    sys.exit(main())
