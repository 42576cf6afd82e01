"""The servers, terminals and browsers a test asks for by name, defined once for every test folder.

Every test gets its own server (own data folder, an ephemeral port, bots that
move at once) and closes it, its apps and its bot workers afterwards.
`tests/conftest.py` registers this module as a plugin, so `tests/server`,
`tests/web` and `tests/client` share these fixtures; a folder or module
changes what `server` is started with by overriding `server_options`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from codex_tui.server.serve import GameServer
from codex_tui.server.store import Store
from tests.server.harness import Terminal, start_server
from tests.server.web_client import WebClient


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """The database of a data folder `tmp_path` (as a server opens it), closed afterwards."""
    opened = Store(tmp_path)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def server_options() -> dict[str, object]:
    """What `server` is started with beyond `start_server`'s defaults; tests/web and a module override it."""
    return {}


@pytest.fixture
async def server(tmp_path: Path, server_options: dict[str, object]) -> AsyncIterator[GameServer]:
    """The test's own server, on its own data folder, closed with its apps and bots afterwards."""
    game_server = await start_server(tmp_path / "data", **server_options)
    try:
        yield game_server
    finally:
        await game_server.close()


@pytest.fixture
async def web_server(tmp_path: Path) -> AsyncIterator[GameServer]:
    """A server with the browser door only."""
    server = await start_server(tmp_path / "data", ssh=False, web_port=0)
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def both(tmp_path: Path) -> AsyncIterator[GameServer]:
    """A server with both doors (`serve --web-port`)."""
    server = await start_server(tmp_path / "data", web_port=0)
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def browsers() -> AsyncIterator[Callable[[GameServer], WebClient]]:
    """Opens browsers on a server's web door (each its own cookie jar), all closed at the end."""
    opened: list[WebClient] = []

    def open_on(server: GameServer) -> WebClient:
        assert server.web is not None
        client = WebClient(server.web.url)
        opened.append(client)
        return client

    try:
        yield open_on
    finally:
        for client in opened:
            await client.close()


@pytest.fixture
async def browser(web_server: GameServer, browsers: Callable[[GameServer], WebClient]) -> WebClient:
    """A browser on the web-only server `web_server` (async: its HTTP session needs the running loop)."""
    return browsers(web_server)


@pytest.fixture
async def terminals() -> AsyncIterator[list[Terminal]]:
    """Terminals a test opened; all are closed afterwards."""
    opened: list[Terminal] = []
    try:
        yield opened
    finally:
        await asyncio.gather(*(t.close() for t in opened), return_exceptions=True)
