"""Bots at network tables think in worker processes, never on the event loop.

A search bot spends seconds of pure-Python CPU on a move. In a thread it
would still hold the GIL half the time and every player's keystrokes would
wait behind it; in a separate process it only competes for a core. Each
worker is a plain `python -m codex_tui.server.botworker` child speaking the
same frames as the hub over its stdin and stdout: no multiprocessing
machinery (whose spawn mode re-imports the parent's main module and keeps a
tracker process around), and closing its stdin is all it takes to stop it.

The worker gets the bot's seat view as wire data (the same plain data the
players' apps get), with the name of the game, and returns the action as a
save-file dict of that game. A move's bot
is built from `core.rng.move_seed` (the game's seed, the seat, the move number),
as a local game's bots are, so the same position always gets the same move,
before and after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from codex_tui import __file__ as package_file
from codex_tui.core.contract import GameModule
from codex_tui.protocol.framing import MAX_DOWN_FRAME, FrameError, pack_frame, read_frame

log = logging.getLogger(__name__)

MOVE_TIMEOUT = 120.0
"""A bot that takes longer is stuck: its worker is killed and a random move is played."""


class BotFailed(Exception):
    """The bot raised an error in its worker (the worker itself is fine)."""


def worker_environment() -> dict[str, str]:
    """The server's environment, with this codex_tui importable even when not installed."""
    env = dict(os.environ)
    root = str(Path(package_file).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    return env


class Worker:
    """One worker process; one request at a time."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "codex_tui.server.botworker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=MAX_DOWN_FRAME + 16,
            env=worker_environment(),
        )
        return cls(process)

    @property
    def alive(self) -> bool:
        return self.process.returncode is None

    async def ask(self, level: str, seed: int, view: Any, module: GameModule) -> dict[str, object]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        request = {"t": "choose", "game": module.name, "level": level, "seed": seed, "view": module.encode_view(view)}
        stdin.write(pack_frame(request))
        await stdin.drain()
        reply = await read_frame(stdout, MAX_DOWN_FRAME)
        if reply is not None and reply.get("t") == "error":
            raise BotFailed(str(reply.get("text", ""))[:200])
        if reply is None or reply.get("t") != "action":
            raise FrameError(f"the bot worker answered {reply!r:.80}")
        action = reply.get("action")
        if not isinstance(action, dict):
            raise FrameError("the bot worker sent no action")
        return action

    async def stop(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 2)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()


class BotPool:
    """Up to `size` workers, started when first needed. `choose` never raises for a bot's fault."""

    def __init__(self, size: int = 1) -> None:
        self.size = size
        self._idle: list[Worker] = []
        self._all: set[Worker] = set()
        self._free = asyncio.Semaphore(size)

    async def choose(self, level: str, seed: int, view: Any, module: GameModule, legal: Sequence[Any]) -> Any:
        """The bot's action for `view`, a seat view of a game of `module`; if the
        bot fails, a random one of `legal` (the seat's legal actions)."""
        async with self._free:
            worker = None
            try:
                worker = self._idle.pop() if self._idle else await self._start()
                data = await asyncio.wait_for(worker.ask(level, seed, view, module), MOVE_TIMEOUT)
                action = module.action_from_dict(data, "action")
                self._idle.append(worker)
                return action
            except asyncio.CancelledError:
                if worker is not None:
                    await self._discard(worker)
                raise
            except BotFailed as error:
                log.error("bot %s failed (%s); it plays a random move", level, error)
                assert worker is not None
                self._idle.append(worker)
            except (OSError, FrameError, ValueError, TimeoutError) as error:  # ValueError: a malformed action
                log.error("bot %s failed (%s); it plays a random move", level, error)
                if worker is not None:
                    await self._discard(worker)
        return legal[random.Random(seed).randrange(len(legal))]

    async def _start(self) -> Worker:
        worker = await Worker.start()
        self._all.add(worker)
        return worker

    async def _discard(self, worker: Worker) -> None:
        self._all.discard(worker)
        await worker.stop()

    async def close(self) -> None:
        """Stop every worker (a move being thought about is abandoned)."""
        workers = list(self._all)
        self._all.clear()
        self._idle.clear()
        await asyncio.gather(*(w.stop() for w in workers), return_exceptions=True)
