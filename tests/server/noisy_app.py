"""A player app that makes Python report on its standard error as it starts: a warning,
an exception in a thread, and one Python can only report (raised in a `__del__`).

The SSH server runs it in place of the real app (tests monkeypatch
`ssh_server.APP_MODULE`), through the same launcher. Over SSH that standard
error is the player's terminal: all three must reach the server's log instead.
"""

from __future__ import annotations

import sys
import threading
import warnings
from pathlib import Path

from codex_tui.client import served_app
from codex_tui.client.player_app import main

NOISE = "noisy on purpose"
"""In each of the three reports: never on the player's terminal."""


class Unraisable:
    def __del__(self) -> None:
        raise RuntimeError(f"{NOISE}: raised in __del__")


def fail_in_a_thread() -> None:
    raise RuntimeError(f"{NOISE}: raised in a thread")


class NoisyApp(served_app.ServedApp):
    """Reports before it runs: while Textual runs, it captures standard error itself."""

    def __init__(self, hub_path: Path, token: str) -> None:
        super().__init__(hub_path, token)
        warnings.warn(f"{NOISE}: a warning", RuntimeWarning, stacklevel=1)
        thread = threading.Thread(target=fail_in_a_thread, name="noisy")
        thread.start()
        thread.join()
        Unraisable()  # freed at once: its `__del__` raises where nobody can catch it


served_app.ServedApp = NoisyApp  # type: ignore[misc]

if __name__ == "__main__":
    sys.exit(main())
