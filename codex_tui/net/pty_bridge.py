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

log = logging.getLogger(__name__)

READ_CHUNK = 65536
MAX_COLUMNS = 500
MAX_ROWS = 200
"""A client may claim any size; an app asked to draw 65535x65535 cells would eat the machine."""
STOP_GRACE = 2.0
"""Seconds an app gets to exit after SIGHUP before it is killed."""


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    return max(10, min(int(columns) or 80, MAX_COLUMNS)), max(5, min(int(rows) or 24, MAX_ROWS))


def set_size(fd: int, columns: int, rows: int) -> None:
    columns, rows = clamp_size(columns, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class PtyApp:
    """A child process on a PTY. `on_output` gets its bytes; `on_exit` its end."""

    def __init__(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_exit: Callable[[], None],
        cwd: str | None = None,
    ) -> None:
        self.argv = list(argv)
        self.env = dict(env)
        self.size = size
        self.cwd = cwd
        self.on_output = on_output
        self.on_exit = on_exit
        self.on_input_drained: Callable[[], None] | None = None
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self._pending_input = bytearray()
        self._output_paused = False
        self._reading = False
        self._writing = False
        self._finished = False
        self._loop = asyncio.get_running_loop()
        self._reaper: asyncio.Task[None] | None = None

    # -------------------------------------------------------------- start

    async def start(self) -> None:
        master, slave = pty.openpty()
        try:
            set_size(slave, *self.size)
            self.process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._start_reading()
        self._flush_input()
        self._reaper = self._loop.create_task(self._reap())

    async def _reap(self) -> None:
        assert self.process is not None
        await self.process.wait()
        # Output written just before exiting is still in the PTY: read it out.
        self._loop.call_later(0.05, self._finish)

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
        if not data:
            self._finish()
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
