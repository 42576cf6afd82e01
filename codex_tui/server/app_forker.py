"""Players' apps forked from one preloaded process, so that sessions share the interpreter.

A player's app started as a process of its own (`python -m player_app`)
costs each session a whole interpreter: more than a second of CPU to import
Textual, the app and the games, and tens of MB that every session holds
again. The forker is one process, started with the SSH server, that imports
once what a session uses (the app, its screens, every game's screens, and the
data they read: Babel's locale data, every language's catalogs), moves
those objects out of the garbage collector's reach (`gc.freeze`: a collection
would otherwise write to the pages they live on, and the kernel would copy
them into every child) and then does nothing but fork: one child per session,
sharing those pages copy-on-write, which becomes that session's app.

The child starts as `python -m MODULE` would under `PtyApp`: a new session
led by itself, its terminal as standard input, output and error, no other
file descriptor but its error pipe, the signal handlers of a fresh
interpreter, the environment the server built for the session *replacing*
the forker's (`app_environment`, the same as for an app of its own), fresh
standard streams, then the module's `main()`, which `python -m MODULE` runs
too (an app's module ends with `sys.exit(main())`). Not the module run again
as `__main__`: it is preloaded, and `runpy` would execute a second copy of
it beside the one every other module sees (and warn so on the player's
terminal). Its exit status is that of such a process (what `main` returns or
passes to `sys.exit`, 1 after an uncaught exception).

The server talks to the forker over a private socket pair (SOCK_SEQPACKET:
one JSON message per request or answer, the session's terminal and error pipe
passed along as file descriptors). A request names the module, the
environment and the working folder; the answers are, in order, each child's
pid (or why there is none) and, whenever a child ends, its exit status: the
forker reaps its children, so the server learns how its apps ended as it
would from processes of its own. When the server's end closes, the forker
hangs up its children and quits.

The forker stays single-threaded (forking a threaded process copies locks
held by threads that do not exist in the child), and never runs an event
loop: the apps start their own.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import gc
import importlib
import io
import json
import logging
import os
import selectors
import signal
import socket
import sys
import threading
import traceback
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, NoReturn

from codex_tui.server.pty_bridge import ERROR_FD_ENV, AppProcess, Exec

log = logging.getLogger(__name__)

MAX_MESSAGE = 64 * 1024
"""Bytes of one message either way (a request is mostly its environment: a few hundred bytes)."""
PRELOAD = (
    "codex_tui.client.player_app",
    "codex_tui.client.served_app",
    # what Textual imports only once an app runs (found by listing a forked app's new modules after a game)
    "textual.drivers.linux_driver",
    "textual.drivers.headless_driver",
    "textual.drivers.web_driver",  # the browser door's apps (codex_tui.server.web_apps)
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.pilot",
    "textual.scrollbar",
    "rich._emoji_codes",
)
"""What every session imports; each game's screens are added to it (`preload`)."""
MAX_FAILURE = 20_000
"""Characters of a failure's description the forker sends (the end of a traceback is kept)."""
FAILED = 1
"""The exit status of a child that failed before its module could say otherwise."""
STOP_GRACE = 2.0
"""Seconds the forker gets to hang up its children and quit before it is killed."""


def supported() -> bool:
    """Forking needs fork() and descriptor passing over a SOCK_SEQPACKET socket pair (Linux, most BSDs)."""
    return hasattr(os, "fork") and hasattr(socket, "SOCK_SEQPACKET") and hasattr(socket, "send_fds")


# ============================================================ the forker


def preload(modules: Sequence[str] = PRELOAD) -> None:
    """Load the data sessions read, import what every session imports and every game's screens,
    then load their catalogs. The locale data comes first: the temporaries its loading frees
    leave holes in the heap, which the imports after it fill here rather than each session's
    first allocations (copying the pages around them)."""
    load_locale_data()
    for name in modules:
        importlib.import_module(name)
    from codex_tui.core import registry

    for game in registry.games():
        game.ui()
    load_catalogs()


def load_locale_data() -> None:
    """Load here, once, the data each session would otherwise load for itself the first time it
    writes a number, a date or a list, or measures text: Babel's CLDR data (its global table
    and the locale of each of our languages: 4 MiB of a session's own memory, 2 MiB of it the
    global table) and Rich's table of character widths. Loaded in the forker, it is shared; a
    session copies only the pages it writes to. Nothing here changes what a session shows: the
    caches filled are keyed by locale (or, for the widths, by the Unicode version, which a
    session's environment never sets), and the forker's language is left as it was."""
    from datetime import datetime

    from rich._unicode_data import load as load_cell_table

    import codex_tui.i18n as i18n
    from codex_tui.i18n import dates, lists, numbers

    load_cell_table("latest")  # what a session's "auto" resolves to, no UNICODE_VERSION being passed on
    before = i18n.language()
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            numbers.decimal(-1.5)
            numbers.shortest(0.25)
            numbers.integer(12345)
            numbers.signed(2)
            dates.moment_text(datetime(2026, 1, 2, 3, 4))
            dates.elapsed_text(3600)
            lists.and_list(["a", "b", "c"])
    finally:
        i18n.set_language(before)


def load_catalogs() -> None:
    """The message catalogs of every language and text domain (the games' domains exist once
    their packages are imported), and the default names of every language (`words.shown_name`
    reads them from every catalog): a French or Chinese session would load its own, and any
    session the others' to recognise "You" or "Bot 1" in a name."""
    import codex_tui.i18n as i18n
    from codex_tui.i18n import words

    for code in i18n.LANGUAGES:
        if code != i18n.DEFAULT:
            for domain in i18n.domains():
                domain.translations(code)
    words.shown_name(words.BOT.format(number=1))  # its caches: the default names in every language


def serve(control: socket.socket) -> int:
    """The forker's life: preload, say ready, then fork on request and report exits until the server leaves.

    No garbage collection here (a child enables it): freeing objects while
    preloading would leave holes in the heap's pages that each child's first
    allocations fill, copying those pages; frozen, the preloaded objects are
    never visited by a child's collections either."""
    gc.disable()
    try:
        preload()
    except BaseException:
        send(control, {"failed": "preloading the app failed:\n" + traceback.format_exc()[-MAX_FAILURE:]})
        return FAILED
    if threading.active_count() != 1:  # forking copies no thread but the caller: nothing may run beside it
        send(control, {"failed": f"{threading.active_count()} threads after preloading; the forker needs one"})
        return FAILED
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in the server's terminal is the server's to handle
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda number, frame: None)  # only to wake up `select` through the pipe
    gc.freeze()
    children: set[int] = set()
    send(control, {"ready": os.getpid()})
    with selectors.DefaultSelector() as selector:
        selector.register(control, selectors.EVENT_READ)
        selector.register(wake_read, selectors.EVENT_READ)
        while True:
            for key, _ in selector.select():
                if key.fileobj == wake_read:
                    with contextlib.suppress(OSError):
                        while os.read(wake_read, 512):
                            pass
                    reap(children, control)
                elif not answer(control, children, (wake_read, wake_write)):
                    hang_up(children)
                    return 0


def answer(control: socket.socket, children: set[int], own_fds: tuple[int, int]) -> bool:
    """Fork for one request; False once the server has gone."""
    try:
        data, fds, _, _ = socket.recv_fds(control, MAX_MESSAGE, 2)
    except OSError:
        return False
    if not data:
        for fd in fds:
            os.close(fd)
        return False
    try:
        request = json.loads(data)
        if not fds or len(fds) != 1 + bool(request.get("errors")):
            raise ValueError(f"a request came with {len(fds)} file descriptors")
        pid = fork_app(request["module"], request["env"], request.get("cwd"), fds[0], fds[1:], own_fds, control)
    except Exception as error:
        send(control, {"failed": f"{type(error).__name__}: {error}"[:MAX_FAILURE]})
    else:
        children.add(pid)
        send(control, {"pid": pid})
    finally:
        for fd in fds:  # the child has its own copies: the terminal must hang up when it ends
            os.close(fd)
    return True


def reap(children: set[int], control: socket.socket) -> None:
    """Collect every child that has ended and tell the server how."""
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        children.discard(pid)
        send(control, {"exited": pid, "status": os.waitstatus_to_exitcode(status)})


def hang_up(children: set[int]) -> None:
    """The server is gone: its apps lose their terminals with it; make sure they know."""
    for pid in children:
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGHUP)


def send(control: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):  # the server is gone: the next read says so
        control.send(json.dumps(message).encode())


def fork_app(
    module: str,
    env: Mapping[str, str],
    cwd: str | None,
    terminal: int,
    errors: Sequence[int],
    own_fds: Sequence[int],
    control: socket.socket,
) -> int:
    if not isinstance(module, str) or not isinstance(env, dict):
        raise ValueError("a request needs a module name and an environment")
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child; its effects are what the tests check)
        become_app(module, env, cwd, terminal, errors[0] if errors else None)
    return pid


def become_app(
    module: str, env: Mapping[str, str], cwd: str | None, terminal: int, errors: int | None
) -> NoReturn:  # pragma: no cover (runs in the child)
    """Turn this fresh child of the forker into the session's app, run it, and exit with its status."""
    status = FAILED
    try:
        gc.enable()
        signal.set_wakeup_fd(-1)
        for number in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM):
            signal.signal(number, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        keep = 2 if errors is None else errors
        os.closerange(3, keep)
        os.closerange(max(3, keep + 1), os.sysconf("SC_OPEN_MAX"))
        environment = dict(env)
        if errors is not None:
            environment[ERROR_FD_ENV] = str(errors)
            sys.excepthook = _excepthook_to(errors)  # until the app routes its failures there itself
        os.environ.clear()
        os.environ.update(environment)
        if cwd:
            os.chdir(cwd)
        fresh_streams()
        status = run_main(module)
    except BaseException:
        with contextlib.suppress(BaseException):
            sys.excepthook(*sys.exc_info())
    finally:
        with contextlib.suppress(BaseException):
            atexit._run_exitfuncs()
            for stream in (sys.stdout, sys.stderr):
                stream.flush()
        os._exit(status)


def fresh_streams() -> None:
    """Standard streams on the session's terminal, as a new interpreter would open them
    (UTF-8, line-buffered output); the forker's own were on other files and may hold its bytes."""
    sys.stdin = sys.__stdin__ = _text_stream(0, False, "surrogateescape")  # type: ignore[misc]
    sys.stdout = sys.__stdout__ = _text_stream(1, True, "surrogateescape")  # type: ignore[misc]
    sys.stderr = sys.__stderr__ = _text_stream(2, True, "backslashreplace")  # type: ignore[misc]


def _text_stream(fd: int, writing: bool, errors: str) -> io.TextIOWrapper:
    raw = io.FileIO(fd, "w" if writing else "r", closefd=False)
    buffered = io.BufferedWriter(raw) if writing else io.BufferedReader(raw)
    return io.TextIOWrapper(buffered, encoding="utf-8", errors=errors, line_buffering=writing)


def run_main(module: str) -> int:  # pragma: no cover (runs in the child)
    """`module.main()`, as `python -m module` calls it: its exit status (uncaught exceptions
    go to `sys.excepthook`, as there). The module is imported once: preloaded, it is the
    forker's copy, the one every other module imported too."""
    sys.argv = [module]
    try:
        code = importlib.import_module(module).main()
    except SystemExit as leaving:
        code = leaving.code
    except BaseException:
        sys.excepthook(*sys.exc_info())
        return FAILED
    if code is None or isinstance(code, int):
        return code or 0
    print(code, file=sys.stderr)  # as `sys.exit(text)` does
    return FAILED


def _excepthook_to(fd: int) -> Any:
    def excepthook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        with contextlib.suppress(OSError):
            os.write(fd, "".join(traceback.format_exception(kind, error, trace)).encode(errors="replace"))

    return excepthook


# ========================================================= the server's side


class ForkedApp:
    """A child of the forker as the server sees it: what `PtyApp` needs of a process."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        """Its exit status once it has ended (negative: killed by that signal)."""
        self._ended = asyncio.Event()

    def ended(self, status: int) -> None:
        self.returncode = status
        self._ended.set()

    async def wait(self) -> int:
        await self._ended.wait()
        assert self.returncode is not None
        return self.returncode


class AppForker:
    """The server's handle on its forker: start it, ask it for apps, stop it.

    `env` and `cwd` are those of the forker itself: what the preloaded modules
    see while they are imported (a session's own environment replaces it in
    each child), so `env` should be a session's environment without the
    session's parts."""

    def __init__(self, env: Mapping[str, str], cwd: str | None = None) -> None:
        self.env = dict(env)
        self.cwd = cwd
        self.process: asyncio.subprocess.Process | None = None
        self._control: socket.socket | None = None
        self._ready: asyncio.Future[None] | None = None
        self._asked: collections.deque[asyncio.Future[ForkedApp]] = collections.deque()
        self._apps: dict[int, ForkedApp] = {}
        self._closing = False
        self._starting = asyncio.Lock()
        """Held while a session starts the forker: the sessions that come meanwhile wait for that one
        rather than each start their own (two first sessions at once, or two after the forker died)."""
        self.broken = False
        """It could not preload: the server starts its apps as processes of their own."""

    async def start(self) -> None:
        """Start the forker; it preloads in the background (`launch` waits for it)."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                __name__,
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,  # not in the server's process group: a Ctrl+C there is the server's
                pass_fds=(theirs.fileno(),),
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._control = ours
        self._ready = loop.create_future()
        self._closing = False
        loop.add_reader(ours.fileno(), self._readable)

    async def launch(
        self, module: str, terminal: int, errors: int | None, env: Mapping[str, str], cwd: str | None
    ) -> ForkedApp:
        """A new app running `module`'s `main()` on `terminal`; OSError if the forker cannot make one."""
        if self.broken:
            raise OSError("the app forker could not preload the app")
        async with self._starting:
            if self._control is None:
                try:
                    await self.start()
                except OSError:
                    self.broken = True  # each later session is its own process at once, not after a retry
                    raise
        assert self._control is not None and self._ready is not None
        await asyncio.shield(self._ready)
        message = json.dumps({"module": module, "env": dict(env), "cwd": cwd, "errors": errors is not None}).encode()
        if len(message) > MAX_MESSAGE:
            raise OSError("the app's environment is too large")
        fds = [terminal] if errors is None else [terminal, errors]
        answer: asyncio.Future[ForkedApp] = asyncio.get_running_loop().create_future()
        self._asked.append(answer)
        try:
            socket.send_fds(self._control, [message], fds)
        except OSError:
            self._asked.remove(answer)
            raise
        return await answer

    def _readable(self) -> None:
        assert self._control is not None
        while self._control is not None:
            try:
                data = self._control.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost("the app forker stopped")
                return
            self._received(json.loads(data))

    def _received(self, message: dict[str, Any]) -> None:
        if "ready" in message:
            if self._ready is not None and not self._ready.done():
                self._ready.set_result(None)
        elif "pid" in message:
            app = self._apps[message["pid"]] = ForkedApp(message["pid"])
            self._answer(app)
        elif "exited" in message:
            ended = self._apps.pop(message["exited"], None)
            if ended is not None:
                ended.ended(message["status"])
        elif "failed" in message:
            log.error("the app forker: %s", message["failed"])
            if self._ready is not None and not self._ready.done():
                self.broken = True
                self._ready.set_exception(OSError("the app forker could not preload the app"))
            else:
                self._answer(OSError(f"the app forker could not start an app: {message['failed'][:200]}"))

    def _answer(self, result: ForkedApp | OSError) -> None:
        if not self._asked:
            return
        answer = self._asked.popleft()
        if answer.done():
            return
        if isinstance(result, OSError):
            answer.set_exception(result)
        else:
            answer.set_result(result)

    def _lost(self, why: str) -> None:
        """The forker has gone (or is going): its apps cannot be reaped through it any more. End them."""
        if not self._closing:
            log.error("%s; its %d apps are ended and the next session starts a new one", why, len(self._apps))
        control, self._control = self._control, None
        if control is not None:
            asyncio.get_running_loop().remove_reader(control.fileno())
            control.close()
        error = OSError(why)
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(error)
            self._ready.exception()  # retrieved: nobody may be waiting
        while self._asked:
            self._answer(error)
        for pid, app in list(self._apps.items()):
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            app.ended(-signal.SIGKILL)
        self._apps.clear()

    async def close(self) -> None:
        """Stop the forker (its remaining apps are hung up); the server has stopped its own apps first."""
        self._closing = True
        process = self.process
        self._lost("the app forker was stopped")
        if process is None or process.returncode is not None:
            return
        try:
            await asyncio.wait_for(process.wait(), STOP_GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


class Fork:
    """The `Launcher` of the SSH server's apps: forked by `forker` to run `module`'s `main()`,
    or, when the forker cannot, run as processes of their own (`python -m module`, whose
    `if __name__ == "__main__"` calls the same `main`)."""

    def __init__(self, forker: AppForker, module: str) -> None:
        self.forker = forker
        self.module = module

    async def __call__(self, terminal: int, errors: int | None, env: Mapping[str, str], cwd: str | None) -> AppProcess:
        try:
            return await self.forker.launch(self.module, terminal, errors, env, cwd)
        except OSError as error:
            log.warning("starting an app as a process of its own: %s", error)
        return await Exec([sys.executable, "-m", self.module])(terminal, errors, env, cwd)


def main(argv: Sequence[str]) -> int:
    """`python -m codex_tui.server.app_forker FD`: serve on the socket pair's end FD."""
    control = socket.socket(fileno=int(argv[0]))
    control.setblocking(True)
    return serve(control)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
