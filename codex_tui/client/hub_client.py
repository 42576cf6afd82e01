"""The app's end of the hub socket (also used by tests and the load benchmark).

No Textual here: the app wraps this in its own event loop, and a test can
play a seat with it directly.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from codex_tui.protocol import messages as p
from codex_tui.protocol.framing import MAX_DOWN_FRAME, MAX_UP_FRAME, pack_frame, read_frame


class HubClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(
        cls, path: Path | str, token: str | None = None, name: str | None = None, language: str | None = None
    ) -> HubClient:
        """Open the socket and say hello with the token (or, for `join`, the name), and
        the language the app starts in (the hub keeps a name's own choice over it)."""
        reader, writer = await asyncio.open_unix_connection(str(path), limit=MAX_DOWN_FRAME + 16)
        client = cls(reader, writer)
        hello: dict[str, Any] = {"t": p.HELLO, "v": p.PROTOCOL_VERSION}
        if language is not None:
            hello["lang"] = language
        if token is not None:
            hello["token"] = token
        else:
            hello["name"] = name
        client.send(hello)
        return client

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(pack_frame(message, MAX_UP_FRAME))

    async def receive(self) -> dict[str, Any] | None:
        """The next message; None once the hub has closed the connection."""
        return await read_frame(self.reader, MAX_DOWN_FRAME)

    async def receive_type(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """Skip messages until one of type `kind` (tests and benchmarks)."""

        async def wait() -> dict[str, Any]:
            while True:
                message = await self.receive()
                if message is None:
                    raise ConnectionError("the hub closed the connection")
                if message["t"] == kind:
                    return message

        return await asyncio.wait_for(wait(), timeout)

    # -------------------------------------------------------------- requests

    def create(
        self,
        others: list[str],
        game: str,
        variant: dict[str, Any],
        seed: int | None = None,
        hints: bool = False,
        spectator_chat: bool = False,
        rated: bool = False,
        pace: str = p.LIVE,
        move_limit: int | None = None,
        clock: tuple[int, int] | None = None,
    ) -> None:
        """A table of `game` (a registry name) with this variant (its `variant_to_dict` data)."""
        request = p.CreateRequest(
            game, tuple(others), variant, seed, hints, spectator_chat, rated, pace, move_limit, clock
        )
        self.send(p.create_message(request))

    def join(self, table: int) -> None:
        self.send({"t": p.JOIN, "table": table})

    def watch(self, table: int) -> None:
        self.send({"t": p.WATCH, "table": table})

    def leave(self) -> None:
        self.send({"t": p.LEAVE})

    def chat(self, text: str) -> None:
        """A line for everyone at this client's table, or a chat command (`/mute NAME`)."""
        self.send({"t": p.CHAT, "text": text})

    def act(self, action: Any, game: str) -> None:
        """An action of the table's game (its registry name)."""
        self.send(p.act(action, game))

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()
