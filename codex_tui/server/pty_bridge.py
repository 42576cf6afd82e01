"""An app process on its own pseudo-terminal, and the byte pumps to and from it.

Each SSH session gets a real terminal: the app runs on the slave side of a
fresh PTY, in a new session with the PTY as its controlling terminal, exactly
as under `sshd`. Resizes go to the PTY with TIOCSWINSZ and the kernel sends
the app its SIGWINCH; the app needs no SSH code at all.

Both directions are bounded. Output: when the SSH channel cannot take more
(`pause_output`), the PTY is simply not read, so the kernel blocks the app's
own writes: a stalled client stalls only its own app. Input: keystrokes wait
in a small buffer while the app is not reading; the caller stops reading the
channel (`input_backlog`) until it drains.

The PTY starts without echo, line editing or signal keys (the app sets its
own modes once it runs): keys typed while the app is still starting must not
be echoed, nor a Ctrl+C kill it halfway through its imports.

An app may also get a pipe for its failures (`on_error_line`): the player's
terminal is no place for a traceback, the server's log is.

How the process is made is the `Launcher`'s business: `Exec` runs a command
(a process of its own), the SSH server forks its apps from a preloaded
process instead (`app_forker`). Either way the app gets the terminal as
standard input, output and error, in a new session, and the environment
given here and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import pty
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

log = logging.getLogger(__name__)

READ_CHUNK = 65536
ERROR_FD_ENV = "CODEX_TUI_ERROR_FD"
"""Tells the app which file descriptor is its pipe for failures (see player_app)."""
MAX_ERROR_LINE = 2000
"""Characters of one error line passed on; the rest is cut."""
MAX_COLUMNS = 500
MAX_ROWS = 200
"""A client may claim any size; an app asked to draw 65535x65535 cells would eat the machine."""
STOP_GRACE = 2.0
"""Seconds an app gets to exit after SIGHUP before it is killed."""


def quiet_terminal(fd: int) -> None:
    """No echo, no line editing, no signals from keys (output processing stays as it is)."""
    attrs = termios.tcgetattr(fd)
    attrs[0] &= ~(termios.IXON | termios.ICRNL | termios.BRKINT)
    attrs[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


class AppProcess(Protocol):
    """What `PtyApp` needs of the process running an app (an asyncio subprocess, a forked app)."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


class Launcher(Protocol):
    """Starts an app on `terminal` (the slave side of its PTY) in a new session,
    with exactly `env` as its environment, plus `ERROR_FD_ENV` naming its copy of
    `errors` when there is one; its copies of both descriptors are its own."""

    async def __call__(
        self, terminal: int, errors: int | None, env: Mapping[str, str], cwd: str | None
    ) -> AppProcess: ...


class Exec:
    """Launch by running a command: a process of its own."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = list(argv)

    async def __call__(self, terminal: int, errors: int | None, env: Mapping[str, str], cwd: str | None) -> AppProcess:
        env = dict(env)
        if errors is not None:
            env[ERROR_FD_ENV] = str(errors)
        return await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
            pass_fds=() if errors is None else (errors,),
        )


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    return max(10, min(int(columns) or 80, MAX_COLUMNS)), max(5, min(int(rows) or 24, MAX_ROWS))


def set_size(fd: int, columns: int, rows: int) -> None:
    columns, rows = clamp_size(columns, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class PtyApp:
    """An app process on a PTY, started by `launch`. `on_output` gets its bytes; `on_exit` its end,
    once it has been reaped (`returncode` is then known) and all it wrote has
    been passed on; `on_error_line`, if given, each line it writes to its
    error pipe."""

    def __init__(
        self,
        launch: Launcher,
        env: Mapping[str, str],
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_exit: Callable[[], None],
        cwd: str | None = None,
        on_error_line: Callable[[str], None] | None = None,
    ) -> None:
        self.launch = launch
        self.env = dict(env)
        self.size = size
        self.cwd = cwd
        self.on_output = on_output
        self.on_exit = on_exit
        self.on_error_line = on_error_line
        self.on_input_drained: Callable[[], None] | None = None
        self.master: int | None = None
        self.process: AppProcess | None = None
        self._pending_input = bytearray()
        self._output_paused = False
        self._reading = False
        self._writing = False
        self._finished = False
        self._loop = asyncio.get_running_loop()
        self._reaper: asyncio.Task[None] | None = None
        self._errors: int | None = None
        self._error_text = bytearray()

    # -------------------------------------------------------------- start

    async def start(self) -> None:
        master, slave = pty.openpty()
        errors, error_end = os.pipe() if self.on_error_line is not None else (None, None)
        try:
            set_size(slave, *self.size)
            quiet_terminal(slave)
            self.process = await self.launch(slave, error_end, self.env, self.cwd)
        except BaseException:
            os.close(master)
            if errors is not None:
                os.close(errors)
            raise
        finally:
            os.close(slave)
            if error_end is not None:
                os.close(error_end)
        os.set_blocking(master, False)
        self.master = master
        if errors is not None:
            os.set_blocking(errors, False)
            self._errors = errors
            self._loop.add_reader(errors, self._read_errors)
        self._start_reading()
        self._flush_input()
        self._reaper = self._loop.create_task(self._reap())

    async def _reap(self) -> None:
        assert self.process is not None
        await self.process.wait()
        # Output written just before exiting is still in the PTY: read it out.
        self._loop.call_later(0.05, self._finish)

    @property
    def returncode(self) -> int | None:
        """The app's exit status once it has ended (negative: killed by that signal)."""
        return None if self.process is None else self.process.returncode

    # ------------------------------------------------------------- errors

    def _read_errors(self) -> None:
        assert self._errors is not None
        try:
            data = os.read(self._errors, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._close_errors()
            return
        self._error_text += data
        *lines, rest = self._error_text.split(b"\n")
        self._error_text = bytearray(rest[: MAX_ERROR_LINE * 4])
        for line in lines:
            self._error_line(bytes(line))

    def _error_line(self, line: bytes) -> None:
        text = line.decode("utf-8", errors="replace").rstrip()[:MAX_ERROR_LINE]
        if text and self.on_error_line is not None:
            self.on_error_line(text)

    def _close_errors(self, drain: bool = True) -> None:
        if self._errors is None:
            return
        if drain:
            with contextlib.suppress(OSError):
                while data := os.read(self._errors, READ_CHUNK):
                    self._error_text += data
            for line in bytes(self._error_text).split(b"\n"):
                self._error_line(line)
        self._error_text.clear()
        self._loop.remove_reader(self._errors)
        os.close(self._errors)
        self._errors = None

    # ------------------------------------------------------------- output

    def _start_reading(self) -> None:
        if self.master is not None and not self._reading and not self._output_paused and not self._finished:
            self._loop.add_reader(self.master, self._readable)
            self._reading = True

    def _stop_reading(self) -> None:
        if self.master is not None and self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def _readable(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its end of the terminal
            data = b""
        if not data:  # the app is ending: `_reap` finishes once it has
            self._stop_reading()
            return
        self.on_output(data)

    @property
    def output_paused(self) -> bool:
        return self._output_paused

    def pause_output(self) -> None:
        """The client is behind: stop reading the app until `resume_output`."""
        self._output_paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._output_paused = False
        self._start_reading()

    # -------------------------------------------------------------- input

    def write_input(self, data: bytes) -> int:
        """Queue keystrokes for the app; returns the bytes still waiting."""
        self._pending_input += data
        self._flush_input()
        return len(self._pending_input)

    @property
    def input_backlog(self) -> int:
        return len(self._pending_input)

    def _flush_input(self) -> None:
        if self.master is None or self._finished:
            return
        while self._pending_input:
            try:
                written = os.write(self.master, self._pending_input)
            except BlockingIOError:
                break
            except OSError:
                self._pending_input.clear()
                return
            del self._pending_input[:written]
        if self._pending_input and not self._writing:
            self._loop.add_writer(self.master, self._flush_input)
            self._writing = True
        elif not self._pending_input:
            if self._writing:
                self._loop.remove_writer(self.master)
                self._writing = False
            if self.on_input_drained is not None:
                self.on_input_drained()

    def resize(self, columns: int, rows: int) -> None:
        self.size = (columns, rows)
        if self.master is not None and not self._finished:
            with contextlib.suppress(OSError):
                set_size(self.master, columns, rows)

    # ---------------------------------------------------------------- end

    def _finish(self) -> None:
        if self._finished:
            return
        if self.master is not None and self._reading:
            # drain what the app wrote last (its goodbye: leaving the alternate screen)
            with contextlib.suppress(OSError):
                while data := os.read(self.master, READ_CHUNK):
                    self.on_output(data)
        self._finished = True
        self._close_master()
        self._close_errors()
        self.on_exit()

    def _close_master(self) -> None:
        if self.master is None:
            return
        self._stop_reading()
        if self._writing:
            self._loop.remove_writer(self.master)
            self._writing = False
        os.close(self.master)
        self.master = None

    async def wait(self) -> None:
        """Until the app has quit and its last output has been passed on."""
        if self._reaper is not None:
            await asyncio.gather(self._reaper, return_exceptions=True)
            await asyncio.sleep(0.1)  # `_finish` runs just after the reaper

    async def stop(self) -> None:
        """End the app (the client went away): hang up, then kill if it lingers."""
        self._finished = True
        self._close_master()  # the app's terminal hangs up: it gets SIGHUP
        self._close_errors(drain=False)  # what a hung-up app fails to write is no news
        process = self.process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGHUP)
        try:
            await asyncio.wait_for(process.wait(), STOP_GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
        if self._reaper is not None:
            await asyncio.gather(self._reaper, return_exceptions=True)
