"""Memory per browser session: N signed-in websockets on `codex-tui web`, each with its app.

Run: python benchmarks/web_load.py [--sessions 8] [--ramp 0.5] [--port 0]
     python benchmarks/web_load.py --steps 10,25,50,100,200 [--seconds 20] [--rate 0.5]

Starts `codex-tui web` on 127.0.0.1 (a temporary data folder), then N
browser-like clients: each claims a name with a passphrase over HTTP, opens the
game's websocket with its cookie (textual-serve's protocol, as textual.js speaks
it) and waits for its lobby. With every lobby on screen it reads, from
/proc/PID/smaps_rollup, the RSS and PSS of the server and of every process it
runs for the sessions (one app per websocket; its bot worker is left out), and
prints them per session, with the server's own growth since before the first
session and the time from opening the websocket to the lobby.

The ramp (`--steps`) is `ssh_load.py`'s through the browser door: each
browser, once in its lobby, sits at a table against a bot (opened through the
hub socket as itself, as ssh_load's players do), makes its set-up choices with
keys sent as textual.js sends them (`["stdin", ...]` on the websocket) and then
presses arrow keys at a human pace; a press's update is the binary frames that
come back. Browsers sign in from 127.0.0.1, 127.0.0.2, ... (40 an address: the
door keeps at most 50 sign-ins an address), all loopback.

Bounded: at most 100 sessions (in a ramp, 200: the server's tables, and never
more than memory allows), loopback only; it stops the server by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import machine_line  # noqa: E402
from ssh_load import (  # noqa: E402
    HUMAN_RATE,
    KEYS,
    MEMORY_MARGIN,
    P95_LIMIT,
    SETTLE,
    app_processes,
    memory_kib,
    parse_steps,
    plain,
    raise_file_limit,
    ramp,
    report,
)

from codex_tui.client.hub_client import HubClient  # noqa: E402

HOST = "127.0.0.1"
MAX_SESSIONS = 100
PASSPHRASE = "benchmark passphrase"
PER_ADDRESS = 40
"""Browsers signed in from one loopback address in a ramp (the door keeps at most 50 an address)."""


async def start_server(data: Path, sessions: int, port: int) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [
            sys.executable,
            *("-m", "codex_tui", "web", "--host", HOST, "--port", str(port), "--data", str(data)),
            *("--bot-delay", "0", "--max-sessions", str(sessions + 5)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert server.stdout is not None
    for _ in range(10):
        line = await asyncio.to_thread(server.stdout.readline)
        if match := re.search(r"browser players open (http://\S+)", line):
            return server, match.group(1)
    server.kill()
    raise RuntimeError("the server did not start")


class Browser:
    """One signed-in tab: its HTTP session and the app's websocket."""

    def __init__(self, url: str, name: str, address: str | None = None) -> None:
        self.url = url
        self.name = name
        connector = aiohttp.TCPConnector(local_addr=(address, 0)) if address else None
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), connector=connector)
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.received = bytearray()
        self.start: float | None = None
        self.error = ""
        # what a ramp needs of a session (ssh_load.Session)
        self.ready = False
        self.last_byte = 0.0
        self.arrived = asyncio.Event()
        self.presses: list[tuple[float, float | None, float | None]] = []
        self._reader: asyncio.Task[None] | None = None
        self.buffer = self.received  # the same bytes, by ssh_load.Session's name

    async def open(self, size: tuple[int, int], timeout: float) -> None:
        form = {"name": self.name, "passphrase": PASSPHRASE, "again": PASSPHRASE}
        async with self.http.post(
            self.url + "/sign-in", data=form, headers={"Origin": self.url}, allow_redirects=False
        ) as response:
            if response.status != 303:
                raise RuntimeError(f"sign-in answered {response.status}")
        began = time.perf_counter()
        ws_url = self.url.replace("http", "ws", 1) + f"/ws?width={size[0]}&height={size[1]}"
        self.socket = await self.http.ws_connect(ws_url, headers={"Origin": self.url})
        await self.socket.send_str(json.dumps(["resize", {"width": size[0], "height": size[1]}]))
        deadline = began + timeout
        while f"you are {self.name}" not in plain(bytes(self.received)):
            message = await asyncio.wait_for(self.socket.receive(), max(0.1, deadline - time.perf_counter()))
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received += message.data
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                raise RuntimeError("the websocket closed before the lobby")
        self.start = time.perf_counter() - began
        self.last_byte = time.perf_counter()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        """The app's screen, as it comes (binary frames; the rest is the door's own)."""
        assert self.socket is not None
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received += message.data
                self.last_byte = time.perf_counter()
                self.arrived.set()

    def send(self, data: bytes) -> bool:
        """Type `data` as textual.js sends a key; False once the websocket has closed."""
        if self.socket is None or self.socket.closed:
            return False
        task = self.socket.send_str(json.dumps(["stdin", data.decode()]))
        asyncio.get_running_loop().create_task(task)
        return True

    async def press(self, *keys: str) -> None:
        """Each key once the app has drawn its answer to the one before."""
        for key in keys:
            self.arrived.clear()
            self.send(KEYS.get(key, key.encode()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 3)
            await self.quiet(0.15)

    async def wait_text(self, text: str, timeout: float) -> None:
        deadline = time.perf_counter() + timeout
        while text not in plain(bytes(self.received[-200_000:])):
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.name}: never saw {text!r}")
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 0.5)

    async def quiet(self, gap: float = 0.3) -> None:
        while time.perf_counter() - self.last_byte < gap:
            await asyncio.sleep(gap / 3)

    async def sit_down(self, hub: Path, timeout: float) -> None:
        """At a table against a bot, its set-up choices made with keys, our turn to place (as ssh_load's)."""
        opener = await HubClient.connect(hub, name=self.name)
        opener.create(["bot:random"], "codex-naturalis", {"target_score": 20}, seed=77)
        await opener.receive_type("table", timeout)
        await opener.close()
        await self.wait_text("(your seat)", timeout)
        await self.press("enter")
        await self.wait_text("which side of your starter", timeout)
        await self.press("enter")
        await self.wait_text("keep one secret objective", timeout)
        await self.press("enter")
        await self.wait_text("Your hand: 1-3 choose", timeout)
        await asyncio.sleep(SETTLE)  # the "your turn" notice goes away by itself: not a press's update
        await self.quiet()
        self.ready = True

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._reader, 5)
        await self.http.close()


async def run(args: argparse.Namespace) -> int:
    sessions = max(1, min(args.sessions, MAX_SESSIONS))
    size = (args.columns, args.rows)
    with tempfile.TemporaryDirectory(prefix="codex-web-load-") as folder:
        print(machine_line(), flush=True)
        server, url = await start_server(Path(folder) / "data", sessions, args.port)
        browsers = [Browser(url, f"w{i:03d}") for i in range(sessions)]
        try:
            await asyncio.sleep(1.0)  # the server settles before its baseline
            before = memory_kib(server.pid)
            print(f"server pid {server.pid} at {url}; {sessions} browser sessions at {size[0]}x{size[1]}", flush=True)

            async def staggered(index: int, browser: Browser) -> None:
                await asyncio.sleep(index * args.ramp)
                try:
                    await browser.open(size, args.timeout)
                except (OSError, aiohttp.ClientError, RuntimeError, TimeoutError) as error:
                    browser.error = str(error) or type(error).__name__

            await asyncio.gather(*(staggered(i, b) for i, b in enumerate(browsers)))
            ready = [b for b in browsers if b.start is not None]
            for browser in browsers:
                if browser.error:
                    print(f"  {browser.name}: {browser.error}")
            print(report("websocket -> lobby", [b.start for b in ready if b.start is not None]), flush=True)
            if not ready:
                return 1
            await asyncio.sleep(args.settle)
            server_mem = memory_kib(server.pid)
            apps = app_processes(server.pid)
            app_mem = [memory_kib(pid) for pid in apps]
            count = len(ready)
            app_rss = statistics.fmean(m[0] for m in app_mem) if app_mem else 0.0
            app_pss = statistics.fmean(m[1] for m in app_mem) if app_mem else 0.0
            print(f"{count}/{sessions} sessions in the lobby; {len(apps)} app processes")
            print(
                f"server              RSS {server_mem[0] / 1024:6.1f} MiB (was {before[0] / 1024:.1f} before the"
                f" sessions: +{(server_mem[0] - before[0]) / count / 1024:.2f} MiB per session)"
            )
            print(f"each app process    RSS {app_rss / 1024:6.1f} MiB, PSS {app_pss / 1024:6.1f} MiB on average")
            rss = server_mem[0] + sum(m[0] for m in app_mem)
            pss = server_mem[1] + sum(m[1] for m in app_mem)
            print(
                f"memory per session  RSS {rss / count / 1024:6.1f} MiB, PSS {pss / count / 1024:6.1f} MiB "
                f"(server + its {len(app_mem)} app processes, over {count} sessions)"
            )
            return 0
        finally:
            await asyncio.gather(*(b.close() for b in browsers), return_exceptions=True)
            server.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(server.wait, 30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


async def run_ramp(args: argparse.Namespace, steps: list[int]) -> int:
    """The ramp through the browser door (see ssh_load.ramp)."""
    size = (args.columns, args.rows)
    raise_file_limit()
    with tempfile.TemporaryDirectory(prefix="codex-web-ramp-") as folder:
        data = Path(folder) / "data"
        print(machine_line(), flush=True)
        server, url = await start_server(data, steps[-1], args.port)
        try:
            print(f"server pid {server.pid} at {url}; browser pages {size[0]}x{size[1]}", flush=True)

            def new_browser(index: int) -> Browser:
                return Browser(url, f"w{index:04d}", f"127.0.0.{1 + index // PER_ADDRESS}")

            async def set_up(browser: Browser) -> None:
                await browser.open(size, args.timeout)
                await browser.sit_down(data / "hub.sock", args.timeout)

            return await ramp(args, steps, server, new_browser, set_up)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(server.wait, 60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument(
        "--ramp", type=float, default=None, help="seconds between two sessions' starts (default 0.5; 1 in a ramp)"
    )
    parser.add_argument(
        "--steps",
        type=parse_steps,
        default=None,
        metavar="N,N,...",
        help="a capacity ramp: sessions in all at each step (such as 10,25,50,100,200), each playing",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each ramp step's measured window")
    parser.add_argument("--rate", type=float, default=HUMAN_RATE, help="key presses per second per browser (ramp)")
    parser.add_argument("--p95-limit", type=float, default=P95_LIMIT, help="ms: a ramp stops past this p95")
    parser.add_argument(
        "--memory-margin", type=int, default=MEMORY_MARGIN, help="MiB of MemAvailable a ramp leaves the machine"
    )
    parser.add_argument("--settle", type=float, default=2.0, help="seconds idle before memory is read")
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=32)
    parser.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="seconds for a session to reach its lobby, and in a ramp its game (default 60; 300 in a ramp)",
    )
    parser.add_argument("--port", type=int, default=0, help="the server's port on 127.0.0.1 (0: any free one)")
    args = parser.parse_args()
    if not 1 <= args.seconds <= 300:
        parser.error("--seconds must be 1-300")
    if not 0.1 <= args.rate <= 20:
        parser.error("--rate must be 0.1-20")
    ramping = args.steps is not None
    args.ramp = args.ramp if args.ramp is not None else 1.0 if ramping else 0.5
    args.timeout = args.timeout or (300.0 if ramping else 60.0)
    if ramping:
        return asyncio.run(run_ramp(args, args.steps))
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
