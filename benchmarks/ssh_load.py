"""Many players at once over SSH: keypress to screen update, server CPU and memory.

Run: python benchmarks/ssh_load.py [--clients 50] [--seconds 30] [--rate 2] [--port 0]

Starts `codex-tui serve` on 127.0.0.1 (--port, by default an ephemeral one; a
temporary data folder), then N asyncssh clients, each with its own key and name. Each one
opens a table against a bot, makes its set-up choices with the keyboard and,
on its turn, presses arrow keys that move the cursor between legal spots
(left, right, left, ...) at about RATE presses a second with random gaps,
for SECONDS seconds. The bot never moves (the human never places), so every
byte that comes back after a press is that press's update.

Per press it records the time to the first byte back (the update starts to
arrive) and to the last byte of that burst (nothing more for 25 ms; that
quiet time is not counted). It prints p50/p95/p99 of both, the presses that
got no update, the server's CPU share and that of the app processes during
the measured window, and resident memory per session: RSS and PSS of the
server and of every process it runs for the sessions (one app per session,
and whatever starts them), over the number of sessions. Its bot worker is
left out. Session start is the time from opening the connection to the
lobby on the screen (the login, the app's start and its first screen).

Everything is bounded: at most 100 clients and 300 seconds, loopback only,
and it stops (and stops the server) by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import machine_line  # noqa: E402

from codex_tui.client.hub_client import HubClient  # noqa: E402

HOST = "127.0.0.1"
MAX_CLIENTS = 100
MAX_SECONDS = 300
QUIET = 0.025
"""A burst of screen bytes has ended when nothing more arrives for this long."""
SETTLE = 6.0
NO_UPDATE = 2.0
"""A press with nothing back after this long counts as lost."""
ESCAPES = re.compile(rb"\x1b\[[0-9;?<=>!]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b.")
KEYS = {"enter": b"\r", "left": b"\x1b[D", "right": b"\x1b[C"}


def plain(data: bytes) -> str:
    return ESCAPES.sub(b"", data).decode("utf-8", errors="replace")


@dataclass
class Player:
    name: str
    conn: asyncssh.SSHClientConnection | None = None
    process: asyncssh.SSHClientProcess[bytes] | None = None
    buffer: bytearray = field(default_factory=bytearray)
    last_byte: float = 0.0
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    first: list[float] = field(default_factory=list)
    complete: list[float] = field(default_factory=list)
    lost: int = 0
    ready: bool = False
    error: str = ""
    start: float | None = None
    """Seconds from opening the connection to the lobby on screen."""

    async def read(self) -> None:
        assert self.process is not None
        while data := await self.process.stdout.read(65536):
            self.buffer += data
            self.last_byte = time.perf_counter()
            self.arrived.set()

    async def press(self, *keys: str) -> None:
        """Each key once the app has drawn its answer to the one before (a loaded
        machine is slow, and a form key sent too early lands on the wrong field)."""
        assert self.process is not None
        for key in keys:
            self.arrived.clear()
            self.process.stdin.write(KEYS.get(key, key.encode()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 3)
            await self.quiet(0.15)

    async def wait_text(self, text: str, timeout: float) -> None:
        deadline = time.perf_counter() + timeout
        while text not in plain(bytes(self.buffer[-200_000:])):
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.name}: never saw {text!r}")
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 0.5)

    async def quiet(self, gap: float = 0.3) -> None:
        while time.perf_counter() - self.last_byte < gap:
            await asyncio.sleep(gap / 3)


async def start_server(data: Path, clients: int, port: int) -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen(
        [
            sys.executable,
            *("-m", "codex_tui.server.serve", "--host", HOST, "--port", str(port), "--data", str(data)),
            *("--bot-delay", "0", "--max-sessions", str(clients + 5)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert server.stdout is not None
    for _ in range(10):
        line = await asyncio.to_thread(server.stdout.readline)
        if match := re.search(r"listening on [\d.]+:(\d+)", line):
            return server, int(match.group(1))
    server.kill()
    raise RuntimeError("the server did not start")


async def set_up(player: Player, port: int, hub: Path, size: tuple[int, int], setup_timeout: float) -> None:
    """Log in, sit at a table against a bot, make the set-up choices with the keyboard, wait for our turn.

    The table is opened through the hub socket as the same player (the form's
    keystrokes are not what is measured, and on a loaded machine a key sent
    before a field has focus lands elsewhere); everything after that is keys.
    """
    key = asyncssh.generate_private_key("ssh-ed25519")
    connecting = time.perf_counter()
    player.conn = await asyncssh.connect(
        HOST, port, username=player.name, client_keys=[key], known_hosts=None, agent_path=None, config=[]
    )
    player.process = await player.conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    asyncio.get_running_loop().create_task(player.read())
    await player.wait_text(f"you are {player.name}", setup_timeout)
    player.start = time.perf_counter() - connecting
    opener = await HubClient.connect(hub, name=player.name)
    opener.create(["bot:random"], "codex-naturalis", {"target_score": 20}, seed=77)
    await opener.receive_type("table", setup_timeout)
    await opener.close()
    await player.wait_text("(your seat)", setup_timeout)
    await player.press("enter")
    await player.wait_text("which side of your starter", setup_timeout)
    await player.press("enter")
    await player.wait_text("keep one secret objective", setup_timeout)
    await player.press("enter")
    await player.wait_text("Your hand: 1-3 choose", setup_timeout)
    await asyncio.sleep(SETTLE)  # the "your turn" notice goes away by itself: not a press's update
    await player.quiet()
    player.ready = True


async def measure(player: Player, until: float, rate: float, rng: random.Random) -> None:
    direction = "left"
    while time.perf_counter() < until:
        await asyncio.sleep(rng.expovariate(rate))
        await player.quiet(QUIET * 2)
        direction = "right" if direction == "left" else "left"
        player.arrived.clear()
        sent = time.perf_counter()
        assert player.process is not None
        player.process.stdin.write(KEYS[direction])
        try:
            await asyncio.wait_for(player.arrived.wait(), NO_UPDATE)
        except TimeoutError:
            player.lost += 1
            continue
        first = player.last_byte - sent
        while time.perf_counter() - player.last_byte < QUIET:
            await asyncio.sleep(QUIET / 5)
        player.first.append(first)
        player.complete.append(player.last_byte - sent)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


BOT_WORKER = b"codex_tui.server.botworker"


def app_processes(pid: int) -> list[int]:
    """Every process the server runs for its sessions, however deep (the
    apps, and whatever starts them), but not its bot workers."""
    parents: dict[int, int] = {}
    commands: dict[int, bytes] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
                commands[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])
    found: list[int] = []
    level = [pid]
    while level:
        level = [child for child, parent in parents.items() if parent in level and BOT_WORKER not in commands[child]]
        found += level
    return found


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in KiB."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def report(label: str, samples: list[float]) -> str:
    ms = [s * 1000 for s in samples]
    return (
        f"{label:<24} p50 {percentile(ms, 0.5):6.1f} ms   p95 {percentile(ms, 0.95):6.1f} ms   "
        f"p99 {percentile(ms, 0.99):6.1f} ms   max {max(ms, default=float('nan')):6.1f} ms"
    )


async def run(args: argparse.Namespace) -> int:
    size = (args.columns, args.rows)
    with tempfile.TemporaryDirectory(prefix="codex-ssh-load-") as folder:
        data = Path(folder) / "data"
        print(machine_line(), flush=True)
        server, port = await start_server(data, args.clients, args.port)
        players = [Player(f"p{i:03d}") for i in range(args.clients)]
        try:
            print(
                f"server pid {server.pid} on {HOST}:{port}; {args.clients} clients at {size[0]}x{size[1]}", flush=True
            )
            started, own_cpu = time.perf_counter(), time.process_time()

            async def staggered(index: int, player: Player) -> None:
                await asyncio.sleep(index * args.ramp)
                try:
                    await set_up(player, port, data / "hub.sock", size, args.setup_timeout)
                except (OSError, asyncssh.Error, TimeoutError, ConnectionError) as error:
                    player.error = str(error) or type(error).__name__

            await asyncio.gather(*(staggered(i, p) for i, p in enumerate(players)))
            ready = [p for p in players if p.ready]
            print(
                f"{len(ready)}/{len(players)} clients in a game after {time.perf_counter() - started:.1f} s"
                f" (the clients' own CPU: {time.process_time() - own_cpu:.1f} s)",
                flush=True,
            )
            for player in players:
                if player.error:
                    print(f"  {player.name}: {player.error}")
            starts = [p.start for p in players if p.start is not None]
            print(report("session start", starts) + f"   ({len(starts)} sessions)", flush=True)
            if not ready:
                return 1

            apps = app_processes(server.pid)
            cpu_server, cpu_apps = cpu_seconds(server.pid), sum(cpu_seconds(pid) for pid in apps)
            window = time.perf_counter()
            until = window + args.seconds
            rng = random.Random(1)
            await asyncio.gather(*(measure(p, until, args.rate, random.Random(rng.random())) for p in ready))
            elapsed = time.perf_counter() - window
            cpu_server = cpu_seconds(server.pid) - cpu_server
            cpu_apps = sum(cpu_seconds(pid) for pid in apps if Path(f"/proc/{pid}").exists()) - cpu_apps

            server_mem = memory_kib(server.pid)
            app_mem = [memory_kib(pid) for pid in app_processes(server.pid)]
            first = [s for p in ready for s in p.first]
            complete = [s for p in ready for s in p.complete]
            lost = sum(p.lost for p in ready)
            print()
            print(f"{len(first)} presses in {elapsed:.1f} s ({len(first) / elapsed:.0f}/s), {lost} with no update")
            print(report("press -> first byte", first))
            print(report("press -> whole update", complete))
            if first:
                print(f"{'mean (whole update)':<24} {statistics.fmean(complete) * 1000:6.1f} ms")
            print(f"server CPU          {100 * cpu_server / elapsed:5.1f} % of one core")
            print(f"app processes CPU   {100 * cpu_apps / elapsed:5.1f} % of one core (all {len(apps)} together)")
            sessions = max(len(starts), 1)
            rss = server_mem[0] + sum(m[0] for m in app_mem)
            pss = server_mem[1] + sum(m[1] for m in app_mem)
            app_rss = statistics.fmean(m[0] for m in app_mem) if app_mem else 0.0
            print(
                f"server RSS          {server_mem[0] / 1024:6.1f} MiB, RSS {app_rss / 1024:.1f} MiB"
                f" for each of its {len(app_mem)} session processes on average"
            )
            print(
                f"memory per session  RSS {rss / sessions / 1024:6.1f} MiB, PSS {pss / sessions / 1024:6.1f} MiB "
                f"(server + its {len(app_mem)} session processes, over {len(starts)} sessions)"
            )
            print(f"load average        {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
            return 0
        finally:
            for player in players:
                if player.conn is not None:
                    player.conn.close()
            server.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(server.wait, 30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the measured window")
    parser.add_argument("--rate", type=float, default=2.0, help="key presses per second per client (on average)")
    parser.add_argument("--ramp", type=float, default=0.5, help="seconds between two clients' logins")
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=32)
    parser.add_argument("--setup-timeout", type=float, default=120.0)
    parser.add_argument("--port", type=int, default=0, help="the server's port on 127.0.0.1 (0: any free one)")
    args = parser.parse_args()
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients must be 1-{MAX_CLIENTS}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be 1-{MAX_SECONDS}")
    if not 0.1 <= args.rate <= 20:
        parser.error("--rate must be 0.1-20")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
