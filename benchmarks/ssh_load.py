"""Many players at once over SSH: keypress to screen update, server CPU and memory.

Run: python benchmarks/ssh_load.py [--clients 50] [--seconds 30] [--rate 2] [--port 0]
     python benchmarks/ssh_load.py --steps 10,25,50,100,200 [--seconds 20] [--rate 0.5]

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

The ramp (`--steps 10,25,50,100,200`) finds how many players the machine
holds: it adds sessions in steps, keeping those already playing, all of them
pressing at a human pace (one press every 1 to 3 seconds each: `--rate 0.5`,
gaps drawn evenly between half and one and a half times 1/RATE). After each
step has settled it measures a window of SECONDS and prints one row: the
sessions, the presses a second, press to first byte p50/p95/p99 (and the whole
update's p95), the presses that got nothing back, the CPU of the server, of
the apps and of these clients, PSS per session and in all (server and apps),
and the machine's MemAvailable (PSS per session is over the sessions that
reached their lobby; under the row, how long the step's new sessions took to
get there while the others played). It stops after the row whose first-byte p95
passes `--p95-limit` (50 ms), before a step that would leave less than
`--memory-margin` available (each new session is counted at the PSS and the
clients' memory a session has taken so far, plus a fifth), before a step past
the server's 200 unfinished tables (each player sits at a table of its own),
when sessions fail to start, or after the last step.

Everything is bounded: at most 100 clients (in a ramp, 200: the server's
tables, and never more than memory allows) and 300 seconds a window,
loopback only, and it stops (and stops the server) by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import machine_line  # noqa: E402

from codex_tui.client.hub_client import HubClient  # noqa: E402
from codex_tui.server.tables import MAX_TABLES  # noqa: E402

HOST = "127.0.0.1"
MAX_CLIENTS = 100
MAX_RAMP_CLIENTS = 2000
"""A ramp's ceiling; memory (`--memory-margin`) stops it long before on most machines."""
MAX_SECONDS = 300
P95_LIMIT = 50.0
"""Milliseconds: the ramp stops after the step whose press-to-first-byte p95 passes this."""
MEMORY_MARGIN = 2048
"""MiB of MemAvailable a ramp leaves the machine: it stops before a step that would take more."""
HUMAN_RATE = 0.5
"""Presses a second per player in a ramp: one every 1 to 3 seconds."""
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
    presses: list[tuple[float, float | None, float | None]] = field(default_factory=list)
    """In a ramp: (sent, to the first byte, to the whole update) of every press; None: nothing came back."""
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

    def send(self, data: bytes) -> bool:
        """Type `data`; False once the session has closed."""
        if self.process is None or self.process.stdin.is_closing():
            return False
        self.process.stdin.write(data)
        return True

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


class Session(Protocol):
    """One player in a ramp, whichever door it came in by (an SSH terminal, a browser's websocket)."""

    name: str
    ready: bool
    error: str
    start: float | None
    """Seconds from connecting to the lobby on screen (None: it never got there)."""
    last_byte: float
    arrived: asyncio.Event
    buffer: bytearray
    presses: list[tuple[float, float | None, float | None]]

    def send(self, data: bytes) -> bool: ...

    async def quiet(self, gap: float = 0.3) -> None: ...

    async def close(self) -> None: ...


async def start_server(data: Path, clients: int, port: int) -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen(
        [
            sys.executable,
            *("-m", "codex_tui", "serve", "--host", HOST, "--port", str(port), "--data", str(data)),
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


async def play(player: Session, stop: asyncio.Event, rate: float, rng: random.Random) -> None:
    """Press at a human pace until `stop`: gaps drawn evenly between 0.5/RATE and 1.5/RATE seconds."""
    direction = "left"
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), rng.uniform(0.5 / rate, 1.5 / rate))
        if stop.is_set():
            return
        await player.quiet(QUIET * 2)
        if len(player.buffer) > 100_000:  # what a ramp's long run would otherwise keep of each screen
            del player.buffer[:-10_000]
        direction = "right" if direction == "left" else "left"
        player.arrived.clear()
        sent = time.perf_counter()
        if not player.send(KEYS[direction]):
            return
        try:
            await asyncio.wait_for(player.arrived.wait(), NO_UPDATE)
        except TimeoutError:
            player.presses.append((sent, None, None))
            continue
        first = player.last_byte - sent
        while time.perf_counter() - player.last_byte < QUIET:
            await asyncio.sleep(QUIET / 5)
        player.presses.append((sent, first, player.last_byte - sent))


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


def mem_available_mib() -> float:
    """The machine's MemAvailable (what can still be given out without swapping), in MiB."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def mem_total_mib() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def own_rss_mib() -> float:
    return memory_kib(os.getpid())[0] / 1024


def raise_file_limit() -> None:
    """Hundreds of sessions need more descriptors than a shell's usual 1024 (the server inherits this)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


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


RAMP_HEADER = (
    f"{'sessions':>8} {'press/s':>7} {'first byte p50/p95/p99 ms':>26} {'whole p95':>9} {'lost':>5} "
    f"{'server CPU':>10} {'apps CPU':>8} {'clients CPU':>11} {'PSS/session':>11} {'PSS all':>9} {'MemAvailable':>12}"
)


S = TypeVar("S", bound=Session)


async def ramp(
    args: argparse.Namespace,
    steps: Sequence[int],
    server: subprocess.Popen[str],
    new_session: Callable[[int], S],
    set_up_session: Callable[[S], Awaitable[None]],
) -> int:
    """Sessions added step by step (`new_session(index)`, then `set_up_session`: in a game, its
    turn to play), every one playing at a human pace; one row a step (see the docstring)."""
    rate = args.rate or HUMAN_RATE
    sessions: list[S] = []
    stop = asyncio.Event()
    playing: list[asyncio.Task[None]] = []
    rng = random.Random(1)
    client_base = own_rss_mib()
    print(
        f"memory: {mem_total_mib() / 1024:.1f} GiB in all, {mem_available_mib() / 1024:.1f} GiB available; "
        f"steps {','.join(map(str, steps))}; {rate:g} presses a second each; {args.seconds:g} s windows; "
        f"stop at p95 > {args.p95_limit:g} ms or under {args.memory_margin} MiB available",
        flush=True,
    )
    print(RAMP_HEADER, flush=True)
    pss_per_session = client_per_session = 0.0
    try:
        for target in steps:
            adding = target - len(sessions)
            if target > MAX_TABLES:
                print(
                    f"stopped before {target} sessions: each sits at a table of its own, and a server keeps "
                    f"at most {MAX_TABLES} unfinished tables (tables.MAX_TABLES)",
                    flush=True,
                )
                break
            if sessions:
                need = adding * (pss_per_session + client_per_session) * 1.2
                if mem_available_mib() - need < args.memory_margin:
                    print(
                        f"stopped before {target} sessions: they would take about {need:.0f} MiB more "
                        f"and leave under {args.memory_margin} MiB available",
                        flush=True,
                    )
                    break
            new = [new_session(i) for i in range(len(sessions), target)]
            sessions += new

            async def staggered(index: int, session: S) -> None:
                await asyncio.sleep(index * args.ramp)
                try:
                    await set_up_session(session)
                except Exception as error:  # a session that did not start is reported, not fatal
                    session.error = str(error) or type(error).__name__

            await asyncio.gather(*(staggered(i, p) for i, p in enumerate(new)))
            for session in new:
                if session.ready:
                    task = play(session, stop, rate, random.Random(rng.random()))
                    playing.append(asyncio.get_running_loop().create_task(task))
            failed = [p for p in new if not p.ready]
            ready = [p for p in sessions if p.ready]
            running = [p for p in sessions if p.start is not None]  # each has its app, playing or not
            await asyncio.sleep(min(3.0, args.seconds))  # the newest sessions' first presses land
            apps = app_processes(server.pid)
            cpu_server, cpu_apps, cpu_own = (
                cpu_seconds(server.pid),
                sum(cpu_seconds(pid) for pid in apps),
                time.process_time(),
            )
            window = time.perf_counter()
            await asyncio.sleep(args.seconds)
            end = time.perf_counter()
            elapsed = end - window
            cpu_server = cpu_seconds(server.pid) - cpu_server
            cpu_apps = sum(cpu_seconds(pid) for pid in apps if Path(f"/proc/{pid}").exists()) - cpu_apps
            cpu_own = time.process_time() - cpu_own
            pressed = [press for p in ready for press in p.presses if window <= press[0] < end]
            first = [f * 1000 for _, f, _ in pressed if f is not None]
            whole = [w * 1000 for _, _, w in pressed if w is not None]
            lost = sum(1 for _, f, _ in pressed if f is None)
            server_pss = memory_kib(server.pid)[1] / 1024
            apps_pss = sum(memory_kib(pid)[1] for pid in app_processes(server.pid)) / 1024
            total = server_pss + apps_pss
            pss_per_session = total / max(len(running), 1)
            client_per_session = max(own_rss_mib() - client_base, 0.0) / max(len(running), 1)
            p95 = percentile(first, 0.95)
            print(
                f"{len(ready):>8} {len(pressed) / elapsed:>7.1f} "
                f"{percentile(first, 0.5):>8.1f} /{p95:>7.1f} /{percentile(first, 0.99):>7.1f} "
                f"{percentile(whole, 0.95):>9.1f} {lost:>5} "
                f"{100 * cpu_server / elapsed:>9.1f}% {100 * cpu_apps / elapsed:>7.1f}% "
                f"{100 * cpu_own / elapsed:>10.1f}% "
                f"{pss_per_session:>7.1f} MiB {total / 1024:>5.2f} GiB {mem_available_mib() / 1024:>8.1f} GiB",
                flush=True,
            )
            starts = [p.start * 1000 for p in new if p.start is not None]
            print(
                f"{'':>8} ({len(new)} new: connect to lobby p50 {percentile(starts, 0.5):.0f} ms, "
                f"p95 {percentile(starts, 0.95):.0f} ms, while the others played)",
                flush=True,
            )
            for session in failed[:5]:
                print(f"  {session.name}: {session.error or 'not ready'}", flush=True)
            if failed:
                print(f"stopped: {len(failed)} of the {len(new)} new sessions did not start", flush=True)
                break
            if not first or p95 > args.p95_limit:
                print(f"stopped: press to first byte p95 {p95:.1f} ms > {args.p95_limit:g} ms", flush=True)
                break
        print(f"load average        {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
        return 0
    finally:
        stop.set()
        await asyncio.gather(*playing, return_exceptions=True)
        await asyncio.gather(*(session.close() for session in sessions), return_exceptions=True)


async def run_ramp(args: argparse.Namespace, steps: list[int]) -> int:
    """The ramp through the SSH door."""
    size = (args.columns, args.rows)
    raise_file_limit()
    with tempfile.TemporaryDirectory(prefix="codex-ssh-ramp-") as folder:
        data = Path(folder) / "data"
        print(machine_line(), flush=True)
        server, port = await start_server(data, steps[-1], args.port)
        try:
            print(f"server pid {server.pid} on {HOST}:{port}; SSH terminals {size[0]}x{size[1]}", flush=True)

            async def set_up_player(player: Player) -> None:
                await set_up(player, port, data / "hub.sock", size, args.setup_timeout)

            return await ramp(args, steps, server, lambda i: Player(f"p{i:04d}"), set_up_player)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(server.wait, 60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def parse_steps(text: str) -> list[int]:
    """'10,25,50' -> [10, 25, 50]: increasing session counts."""
    steps = [int(part) for part in text.split(",") if part.strip()]
    if not steps or steps[0] < 1 or any(b <= a for a, b in zip(steps, steps[1:])):
        raise argparse.ArgumentTypeError("steps must be increasing session counts, such as 10,25,50,100,200")
    if steps[-1] > MAX_RAMP_CLIENTS:
        raise argparse.ArgumentTypeError(f"a ramp goes to at most {MAX_RAMP_CLIENTS} sessions")
    return steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the measured window (of each step's)")
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        help=f"key presses per second per client, on average (default 2; {HUMAN_RATE:g} in a ramp)",
    )
    parser.add_argument(
        "--ramp", type=float, default=None, help="seconds between two clients' logins (default 0.5; 1 in a ramp)"
    )
    parser.add_argument(
        "--steps",
        type=parse_steps,
        default=None,
        metavar="N,N,...",
        help="a capacity ramp: sessions in all at each step (such as 10,25,50,100,200), instead of --clients",
    )
    parser.add_argument("--p95-limit", type=float, default=P95_LIMIT, help="ms: a ramp stops past this p95")
    parser.add_argument(
        "--memory-margin", type=int, default=MEMORY_MARGIN, help="MiB of MemAvailable a ramp leaves the machine"
    )
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=32)
    parser.add_argument("--setup-timeout", type=float, default=None, help="seconds (default 120; 300 in a ramp)")
    parser.add_argument("--port", type=int, default=0, help="the server's port on 127.0.0.1 (0: any free one)")
    args = parser.parse_args()
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients must be 1-{MAX_CLIENTS}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be 1-{MAX_SECONDS}")
    if args.rate is not None and not 0.1 <= args.rate <= 20:
        parser.error("--rate must be 0.1-20")
    ramping = args.steps is not None
    args.ramp = args.ramp if args.ramp is not None else 1.0 if ramping else 0.5
    args.setup_timeout = args.setup_timeout or (300.0 if ramping else 120.0)
    if ramping:
        return asyncio.run(run_ramp(args, args.steps))
    args.rate = args.rate or 2.0
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
