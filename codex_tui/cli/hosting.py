"""What `codex-tui serve` and `codex-tui web` share: run a `GameServer` until Ctrl+C or SIGTERM.

Each command builds its server from its own options (`serve.py`, `web.py`);
starting it, saying where players join, and stopping it with every game saved
are the same for both, and written once here.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable

from codex_tui.server.hostkey import HostKeyError
from codex_tui.server.identity import IdentityError
from codex_tui.server.privacy import PrivacyError, private_umask
from codex_tui.server.serve import GameServer
from codex_tui.server.store_schema import StoreError
from codex_tui.server.web_options import RemoteRefused


def host(build: Callable[[], GameServer]) -> int:
    """Run the server `build` makes until Ctrl+C or SIGTERM; 0 on a clean stop, 2 if it cannot start
    (with one line saying why), 130 on a Ctrl+C before it has started."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    private_umask()
    try:
        return asyncio.run(_serve(build()))
    except (OSError, IdentityError, StoreError, HostKeyError, PrivacyError, RemoteRefused) as error:
        print(f"codex-tui: cannot start the server: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


async def _serve(server: GameServer) -> int:
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    _announce(server)
    try:
        await stop.wait()
    finally:
        print("codex-tui: stopping; every game is saved", flush=True)
        await server.close()
    return 0


def _announce(server: GameServer) -> None:
    print(f"codex-tui server: data in {server.data.resolve()}")
    if server.tightened:
        print(f"made the data folder owner-only ({server.tightened} files or folders were open to others)")
    print(f"hub socket: {server.hub.path.resolve()}")
    if server.ssh:
        state = "new" if server.new_host_key else "kept"
        print(f"host key fingerprint ({state}): {server.fingerprint}")
        print(f"listening on {server.host}:{server.port}")
        print("players join with:")
        print(f"  {server.join_command()}")
    if server.web is not None:
        print(f"browser players open {server.web.url} (invite one with: codex-tui invite NAME)")
    games = f"{server.resumed} unfinished game{'s' if server.resumed != 1 else ''}"
    print(f"{games} resumed. Ctrl+C stops the server.", flush=True)
