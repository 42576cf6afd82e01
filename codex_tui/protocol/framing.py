"""Length-prefixed msgpack frames: how the hub and the app processes talk.

A frame is a 4-byte big-endian length followed by that many bytes of msgpack,
one map per frame. Both the length and the msgpack inside are bounded, so a
peer that sends garbage or a huge length costs the reader one closed socket,
never memory or a crash: `read_frame` raises `FrameError` and the caller drops
the connection.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

HEADER = struct.Struct(">I")
MAX_UP_FRAME = 64 * 1024
"""App -> hub: an action or a lobby request is a few hundred bytes."""
MAX_DOWN_FRAME = 4 * 1024 * 1024
"""Hub -> app: a view of a long 4-player game is tens of kilobytes."""


class FrameError(ValueError):
    """A frame that is too big, cut short or not a msgpack map."""


def pack_frame(message: dict[str, Any], limit: int = MAX_DOWN_FRAME) -> bytes:
    """The bytes of one frame; refuses to build one the reader would reject."""
    body: bytes = msgpack.packb(message, use_bin_type=True)
    if len(body) > limit:
        raise FrameError(f"frame of {len(body)} bytes is over the limit of {limit}")
    return HEADER.pack(len(body)) + body


def unpack_body(body: bytes, limit: int) -> dict[str, Any]:
    """Decode one frame's body with every msgpack size bounded by the frame's."""
    try:
        message = msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            max_str_len=limit,
            max_bin_len=limit,
            max_array_len=min(limit, 100_000),
            max_map_len=min(limit, 10_000),
            max_ext_len=0,
        )
    except Exception as error:  # msgpack raises several unrelated types for bad input
        raise FrameError(f"not msgpack: {type(error).__name__}") from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise FrameError("a frame must be a map with a string 't'")
    return message


async def read_frame(reader: asyncio.StreamReader, limit: int) -> dict[str, Any] | None:
    """The next message, or None at a clean end of stream (between frames)."""
    try:
        header = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as error:
        if error.partial:
            raise FrameError("stream ended inside a frame header") from None
        return None
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise FrameError(f"frame of {length} bytes announced, the limit is {limit}")
    try:
        body = await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise FrameError("stream ended inside a frame") from None
    return unpack_body(body, limit)
