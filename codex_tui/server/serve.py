"""`codex-tui serve`: one process that hosts games for every `ssh` client.

It holds the SSH server, the tables (games, bots, autosaves) and the hub
socket the per-session app processes talk to. docs/architecture.md says how
the parts fit; docs/ssh.md how to run it.

`codex-tui serve` and `codex-tui web` (codex_tui/cli/serve.py, web.py) build a
`GameServer` from their options and run it (codex_tui/cli/hosting.py).
"""

from __future__ import annotations

import logging
import socket
from pathlib import Path
from typing import TYPE_CHECKING

from codex_tui.server.botpool import BotPool
from codex_tui.server.hostkey import fingerprint, load_or_create_host_key
from codex_tui.server.hub import SOCKET_NAME, Hub
from codex_tui.server.invites import remember_url
from codex_tui.server.name_book import NameBook
from codex_tui.server.options import DEFAULT_BOT_DELAY, DEFAULT_HOST, DEFAULT_PORT
from codex_tui.server.privacy import make_private
from codex_tui.server.ssh_server import Limits, SessionCounter, start_ssh_server
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.tables import TableRoom
from codex_tui.server.web_options import DEFAULT_WEB_HOST, check_listen
from codex_tui.storage.saves import default_saves_dir

if TYPE_CHECKING:
    from codex_tui.server.web import WebDoor

log = logging.getLogger("codex_tui.server")

APPS_EXIT_GRACE = 3.0
"""Seconds the apps get to quit by themselves when the server stops."""


def default_data_dir() -> Path:
    return default_saves_dir() / "server"


class GameServer:
    """Everything `serve` runs, started and stopped as one (tests use it in-process)."""

    def __init__(
        self,
        data: Path,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        authorized_keys: Path | None = None,
        bot_delay: float = DEFAULT_BOT_DELAY,
        ssh: bool = True,
        limits: Limits | None = None,
        exit_grace: float = APPS_EXIT_GRACE,
        web_port: int | None = None,
        web_host: str = DEFAULT_WEB_HOST,
        public_url: str | None = None,
        allow_remote: bool = False,
        preload_at_start: bool = True,
    ) -> None:
        """`web_port`: also open the browser door there (None: no browser door; 0: any free port).
        `preload_at_start`: preload the apps (a CPU-second and the forker's memory) as the server starts,
        so that the first player does not wait for it; False defers it to the first session, for a
        server that may never see one (most tests of the server start one and open no terminal)."""
        self.data = data
        self.exit_grace = exit_grace
        self.host = host
        self.port = port
        self.authorized_keys = authorized_keys
        self.bot_delay = bot_delay
        self.ssh = ssh
        self.limits = limits or Limits()
        self.host_key: asyncssh.SSHKey | None = None
        self.new_host_key = False
        self.resumed = 0
        self.tightened = 0
        """Entries of the data folder that were open to others until this start."""
        self.store = Store(data, open_now=False)
        """The server's state but the saves, opened by `start` (StoreError if the database cannot be
        used; the first start on a folder of JSON files imports them)."""
        self.bots = BotPool()
        self.room = TableRoom(data, self.bots, bot_delay, self.store)
        self.names = NameBook(self.store, authorized_keys)
        """Who owns which name, over both doors (IdentityError if the authorized keys cannot be read)."""
        self.hub = Hub(self.room, data / SOCKET_NAME, names=self.names)
        self.sessions = SessionCounter(self.limits, preload_at_start)
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.web_port = web_port
        self.web_host = web_host
        self.public_url = public_url
        self.allow_remote = allow_remote
        self.web: WebDoor | None = None
        """The browser door, when `web_port` asks for it."""

    async def start(self) -> None:
        """Raises OSError (address in use, another server on this folder),
        HostKeyError, StoreError or RemoteRefused, with a message for the user."""
        if self.web_port is not None:
            check_listen(self.web_host, self.allow_remote)
        self.tightened = make_private(self.data)
        if self.ssh:  # OpenSSH mode has its own host key: write none that nobody uses
            self.host_key, self.new_host_key = load_or_create_host_key(self.data)
        await self.hub.start()  # first: it refuses a second server on this folder
        try:
            self.store.open()
            self.resumed = self.room.resume_saved()
            if self.host_key is not None:
                self.acceptor = await start_ssh_server(
                    self.host, self.port, self.host_key, self.names, self.hub, self.sessions
                )
                self.port = self.acceptor.get_port()
            if self.web_port is not None:
                from codex_tui.server.web import WebDoor  # aiohttp and textual-serve: only for the browser door

                if self.sessions.forker is None:  # the SSH door has started it, or there is none
                    await self.sessions.start_forker(self.hub.path)
                self.web = WebDoor(
                    self.hub,
                    self.names,
                    self.data,
                    self.web_host,
                    self.web_port,
                    self.public_url,
                    session_check=self.sessions,
                    launcher=self.sessions.launcher,
                )
                await self.web.start()
                self.web_port = self.web.port
                remember_url(self.store, self.web.url)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Stop taking logins, tell every app goodbye (each restores its
        player's terminal and quits), then close what is left."""
        if self.acceptor is not None:
            self.acceptor.close()
            await self.acceptor.wait_closed()
            self.acceptor = None
        await self.room.close()
        await self.hub.close()
        await self.sessions.wait_apps(self.exit_grace)
        if self.web is not None:
            await self.web.close(self.exit_grace)
            self.web = None
        await self.sessions.close_all()
        await self.bots.close()
        self.store.close()

    @property
    def fingerprint(self) -> str:
        assert self.host_key is not None
        return fingerprint(self.host_key)

    def join_command(self) -> str:
        host = self.host
        if host in ("", "0.0.0.0", "::"):
            host = socket.gethostname()
        if ":" in host:
            host = f"[{host}]"
        port = "" if self.port == 22 else f"-p {self.port} "
        return f"ssh {port}NAME@{host}"
