"""A bot worker process: reads a seat view, answers with the bot's action.

Started by `BotPool` as `python -m codex_tui.server.botworker`; one frame in
(`{t: choose, game, level, seed, view}`) and one frame out (`{t: action,
action}` or `{t: error, text}`) per move, on stdin and stdout. `game` names
the table's game in the registry (its default game when absent). It ends when stdin closes.
It knows only the view it is sent, like every bot.
"""

from __future__ import annotations

import signal
import sys
from typing import Any, BinaryIO

from codex_tui.core import registry
from codex_tui.protocol.framing import HEADER, MAX_DOWN_FRAME, FrameError, pack_frame, unpack_body


def read_message(stream: BinaryIO) -> dict[str, Any] | None:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (length,) = HEADER.unpack(header)
    if length > MAX_DOWN_FRAME:
        raise FrameError(f"frame of {length} bytes")
    body = stream.read(length)
    if len(body) < length:
        return None
    return unpack_body(body, MAX_DOWN_FRAME)


def answer(request: dict[str, Any]) -> dict[str, Any]:
    try:
        module = registry.game_named(request.get("game", registry.unnamed_records_game()))
        bot = module.make_bot(str(request["level"]), int(request["seed"]))
        return {"t": "action", "action": module.action_to_dict(bot(module.decode_view(request["view"])))}
    except Exception as error:  # a bot's bug must not end the worker
        return {"t": "error", "text": f"{type(error).__name__}: {error}"}


def main() -> int:
    # Ctrl+C on the server's terminal reaches its whole process group; the server
    # stops its workers itself (it closes stdin), and a worker's traceback would
    # only clutter the server log.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while (request := read_message(source)) is not None:
        sink.write(pack_frame(answer(request)))
        sink.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
