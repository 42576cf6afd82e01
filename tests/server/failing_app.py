"""A player app that fails on purpose: `x` raises in a key handler, `y` panics,
`z` quits with status 4 and a message naming a server file.

The SSH server runs it in place of the real app (tests monkeypatch
`ssh_server.APP_MODULE`), through the same launcher, so what the player sees
of a failure and what the server logs are those of the real thing: its `main`
is the real app's, which starts `served_app.ServedApp`, replaced here.
"""

from __future__ import annotations

import sys

from textual import events

from codex_tui.client import served_app
from codex_tui.client.player_app import main

SECRET = "/srv/secret/checkout/codex_tui/boom.py"
"""A path that must reach the server log and never the player's screen."""


class FailingApp(served_app.ServedApp):
    def on_key(self, event: events.Key) -> None:
        if event.key == "x":
            raise RuntimeError(f"failed on purpose in {SECRET}")
        if event.key == "y":
            self.panic(f"panicked on purpose in {SECRET}")
        if event.key == "z":
            self.exit(return_code=4, message=f"codex-tui: failed on purpose to open {SECRET}")


served_app.ServedApp = FailingApp  # type: ignore[misc]

if __name__ == "__main__":
    sys.exit(main())
