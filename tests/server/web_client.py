"""A browser without a browser: sign in over HTTP, then the app's websocket as textual.js speaks it.

textual.js sends JSON text frames (["stdin", text], ["resize", {width, height}],
["ping", n]); the server sends the app's terminal output as binary frames.
`WebTerminal` keeps every byte and emulates the screen, like the SSH tests'
`Terminal`, so the same waits and leak checks work on the web path.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

from tests.server.keyboard import KEYS, WAIT
from tests.server.vt import Screen, plain_text
from tests.waiting import key_gap, poll


def origin_of(url: str) -> str:
    return url.rstrip("/")


def process_alive(pid: int) -> bool:
    """Is `pid` a live process (neither gone nor a zombie)?"""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


class WebClient:
    """One browser: its cookie jar, against the web door at `url`."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def post(self, path: str, form: dict[str, str], origin: str | None = "") -> aiohttp.ClientResponse:
        """A form post as a browser sends it (with this site's Origin unless told otherwise)."""
        headers = {"Origin": self.url if origin == "" else origin} if origin is not None else {}
        response = await self.session.post(self.url + path, data=form, headers=headers, allow_redirects=False)
        await response.read()
        return response

    async def get(self, path: str) -> tuple[int, str]:
        async with self.session.get(self.url + path, allow_redirects=False) as response:
            return response.status, await response.text()

    async def sign_in(self, name: str, passphrase: str, again: str | None = None) -> aiohttp.ClientResponse:
        form = {"name": name, "passphrase": passphrase}
        if again is not None:
            form["again"] = again
        return await self.post("/sign-in", form)

    def signed_in(self) -> bool:
        return any(cookie.key == "codex_tui_session" for cookie in self.session.cookie_jar)

    async def terminal(self, size: tuple[int, int] = (100, 30), origin: str | None = "") -> WebTerminal:
        """Open the app's websocket (aiohttp.WSServerHandshakeError if the server refuses it)."""
        headers = {"Origin": self.url if origin == "" else origin} if origin is not None else {}
        ws_url = self.url.replace("http", "ws", 1) + f"/ws?width={size[0]}&height={size[1]}"
        socket = await self.session.ws_connect(ws_url, headers=headers)
        terminal = WebTerminal(socket, size)
        await socket.send_str(json.dumps(["resize", {"width": size[0], "height": size[1]}]))
        return terminal

    async def close(self) -> None:
        await self.session.close()


class WebTerminal:
    """The app of one browser tab: every byte kept, the screen emulated."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, size: tuple[int, int]) -> None:
        self.socket = socket
        self.screen = Screen(*size)
        self.received = bytearray()
        self.checked = 0
        self.texts: list[str] = []
        """The text frames the server sent (pong, open_url...)."""
        self.closed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.received += message.data
                    self.screen.feed(message.data)
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(message.data)
        finally:
            self.closed.set()

    def text(self) -> str:
        return self.screen.text()

    def new_text(self) -> str:
        text = plain_text(bytes(self.received[self.checked :]))
        self.checked = len(self.received)
        return text

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.socket.send_str(json.dumps(["stdin", KEYS.get(key, key.encode()).decode()]))
            await key_gap()

    async def wait_for(self, predicate: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        test = (lambda text: predicate in text) if isinstance(predicate, str) else predicate
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if test(text):
                return text
            if time.monotonic() > deadline or self.closed.is_set():
                raise AssertionError(f"screen never showed {predicate!r}; it shows:\n{text}")
            await poll()

    async def close(self) -> None:
        await self.socket.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._reader, WAIT)
