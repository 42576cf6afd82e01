"""`codex-tui join`: the same app behind OpenSSH's ForceCommand, talking to the hub directly."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from codex_tui.server.pty_bridge import Exec, PtyApp
from tests.server.harness import WAIT, start_server
from tests.server.vt import Screen
from tests.waiting import wait_until


async def test_join_opens_the_lobby_for_the_given_name(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", ssh=False)
    screen = Screen(90, 28)
    ended = asyncio.Event()
    app = PtyApp(
        Exec([sys.executable, "-m", "codex_tui", "join", "--hub", str(server.hub.path), "--name", "ada"]),
        {"PATH": os.environ["PATH"], "TERM": "xterm-256color", "LANG": "C.UTF-8"},
        (90, 28),
        on_output=screen.feed,
        on_exit=ended.set,
    )
    try:
        await app.start()
        await wait_until(lambda: "you are ada" in screen.text(), what="ada's lobby")
        assert server.acceptor is None  # no SSH port at all in this mode
        app.write_input(b"q")
        await asyncio.wait_for(ended.wait(), WAIT)
    finally:
        await app.stop()
        await server.close()
