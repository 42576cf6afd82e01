"""The SSH side: who may log in, and one app on a PTY per interactive session.

Built on asyncssh's low-level session API rather than its process helpers:
each request type is a method here that says yes or no, so everything but a
terminal session is refused at the protocol level (no exec, no subsystem,
no forwarding of ports, agents or X11, no session without a PTY), and the
bytes are pumped by `PtyApp` with flow control in both directions (asyncssh's
`process.redirect` would drop window-size changes, asyncssh issue #134).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sys
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codex_tui.i18n.text import Later, _
from codex_tui.input_guard import InputGuard
from codex_tui.protocol.names import KEY_OWNS_NAME, NAME_RULES, name_problem
from codex_tui.server import app_forker
from codex_tui.server.app_forker import AppForker, Fork
from codex_tui.server.hub import Hub
from codex_tui.server.identity import Refusal
from codex_tui.server.languages import client_language, speaking
from codex_tui.server.name_book import NameBook
from codex_tui.server.options import MAX_SESSIONS
from codex_tui.server.player_apps import APP_MODULE, CRASH_LINE, DEFAULT_TERM, app_environment, forker_environment
from codex_tui.server.pty_bridge import Exec, Launcher, PtyApp, clamp_size
from codex_tui.server.sshlib import asyncssh

log = logging.getLogger(__name__)

TERM_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
MAX_INPUT_BACKLOG = 64 * 1024
"""Keystrokes waiting for a busy app before we stop reading the client."""
OUTPUT_HIGH_WATER = 256 * 1024
"""Screen bytes queued for a slow client before its app is paused."""
TERMINAL_RESET = b"\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?25h\x1b[?1049l"
"""Styles, mouse reports, bracketed paste and the alternate screen off, the cursor shown:
an app that died without restoring the terminal leaves it usable."""


@dataclass
class Limits:
    max_sessions: int = MAX_SESSIONS
    """App processes at once, over all players (each is a Python process)."""
    max_sessions_per_player: int = 4


class SessionCounter:
    """How many apps run, in total and per player; every live connection,
    so that stopping the server can close them (asyncssh leaves them open);
    and the app forker that starts the apps, stopped after them."""

    def __init__(self, limits: Limits, preload_at_start: bool = True) -> None:
        self.limits = limits
        self.preload_at_start = preload_at_start
        """False: the forker starts, and preloads, with the first app (see `GameServer`)."""
        self.total = 0
        self.per_player: dict[str, int] = {}
        self.live: set[AppSession] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.forker: AppForker | None = None
        """Forks the apps from a preloaded process (`start_forker`); None: each app is a process of its own."""

    async def start_forker(self, hub_path: Path) -> None:
        """Start preloading the apps' process, where forking is supported (the first session waits for it);
        with `preload_at_start` off, only make it ready to start with the first session."""
        if not app_forker.supported():
            return
        forker = AppForker(forker_environment(hub_path), cwd=str(hub_path.parent))
        if not self.preload_at_start:
            self.forker = forker
            return
        try:
            await forker.start()
        except OSError as error:
            log.error("cannot start the app forker (each app is a process of its own): %s", error)
            return
        self.forker = forker

    def launcher(self) -> Launcher:
        if self.forker is None:
            return Exec([sys.executable, "-m", APP_MODULE])
        return Fork(self.forker, APP_MODULE)

    def track(self, task: asyncio.Task[None]) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    @property
    def apps(self) -> list[PtyApp]:
        return [session.app for session in self.live if session.app is not None]

    def of(self, name: str) -> list[AppSession]:
        return [session for session in self.live if session.name == name]

    async def wait_apps(self, timeout: float) -> None:
        """Wait until every app has quit (their output still flows), or `timeout`."""
        waits = [app.wait() for app in self.apps]
        if waits:
            await asyncio.wait([asyncio.ensure_future(w) for w in waits], timeout=timeout)

    async def close_all(self) -> None:
        for conn in list(self.connections):
            conn.close()
        await asyncio.gather(*(app.stop() for app in self.apps), return_exceptions=True)
        await asyncio.gather(*list(self.tasks), return_exceptions=True)
        if self.forker is not None:
            await self.forker.close()
            self.forker = None

    def refusal(self, name: str) -> str | None:
        if self.total >= self.limits.max_sessions:
            return _("The server is full right now; try again in a while.")
        if self.per_player.get(name, 0) >= self.limits.max_sessions_per_player:
            return _("{name} already has {n} sessions open here.").format(
                name=name, n=self.limits.max_sessions_per_player
            )
        return None

    def opened(self, name: str) -> None:
        self.total += 1
        self.per_player[name] = self.per_player.get(name, 0) + 1

    def closed(self, name: str) -> None:
        self.total -= 1
        self.per_player[name] -= 1
        if not self.per_player[name]:
            del self.per_player[name]


class AppSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session channel: a terminal running the codex-tui app."""

    def __init__(self, server: GameSSHServer) -> None:
        self.server = server
        self.name = server.username
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.app: PtyApp | None = None
        self.input = InputGuard()
        self.token: str | None = None
        self.counted = False
        self.closed = False

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        chan.set_write_buffer_limits(OUTPUT_HIGH_WATER)

    # --------------------------------------------------- what the client asks

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self.term = term_type if TERM_PATTERN.fullmatch(term_type or "") else DEFAULT_TERM
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height)
        if self.app is not None:
            self.app.resize(*self.size)

    def shell_requested(self) -> bool:
        if self.term is None:  # a terminal session or nothing
            log.info("refused a shell without a terminal for %s", self.name)
            return False
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("refused exec %r for %s", command[:60], self.name)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused subsystem %r for %s", subsystem[:40], self.name)
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass

    # ------------------------------------------------------------- the app

    def speaking(self) -> AbstractContextManager[None]:
        """The player's language, for the few lines the server writes to them itself."""
        client = client_language(self.chan.get_environment()) if self.chan is not None else None
        return speaking(self.server.hub.languages.language_for(self.name, client))

    def session_started(self) -> None:
        assert self.chan is not None
        with self.speaking():
            refusal = self.server.sessions.refusal(self.name)
        if refusal is not None:
            self.chan.write(f"\r\n{refusal}\r\n".encode())
            self.chan.exit(1)
            return
        taken = self.server.claim_name()
        if taken is not None:
            with self.speaking():
                line = taken.told.text()
            self.chan.write(f"\r\n{line}\r\n".encode())
            self.chan.exit(1)
            return
        self.server.sessions.opened(self.name)
        self.counted = True
        self.token = self.server.hub.issue_token(self.name)
        env = app_environment(self.server.hub.path, self.token, self.term or DEFAULT_TERM, self.chan.get_environment())
        self.app = PtyApp(
            self.server.sessions.launcher(),
            env,
            self.size,
            on_output=self._output,
            on_exit=self._app_exited,
            cwd=str(self.server.hub.path.parent),
            on_error_line=self._app_error_line,
        )
        self.app.on_input_drained = self._input_drained
        self.server.sessions.live.add(self)
        self.server.sessions.track(asyncio.get_running_loop().create_task(self._start_app(self.app)))

    async def _start_app(self, app: PtyApp) -> None:
        try:
            await app.start()
        except OSError as error:
            log.error("cannot start an app for %s: %s", self.name, error)
            if self.chan is not None:
                with self.speaking():
                    line = _("The game could not be started on the server.")
                self.chan.write(f"\r\n{line}\r\n".encode())
                self.chan.exit(1)
            return
        if self.closed:  # the client left while the app was starting
            await app.stop()

    def _output(self, data: bytes) -> None:
        if self.chan is not None and not self.chan.is_closing():  # (a client gone: what it misses is for nobody)
            self.chan.write(data)

    def _app_error_line(self, line: str) -> None:
        log.warning("app of %s: %s", self.name, line)

    def _app_exited(self) -> None:
        status = self.app.returncode if self.app is not None else None
        failed = status != 0
        if failed:
            log.error("the app of %s failed (exit status %s); the player was told to reconnect", self.name, status)
        if self.chan is not None and not self.closed:
            with contextlib.suppress(OSError):
                if failed:
                    with self.speaking():
                        line = _(CRASH_LINE)
                    self.chan.write(TERMINAL_RESET + f"\r\n{line}\r\n".encode())
                self.chan.exit(1 if failed else 0)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.app is None or self.chan is None:
            return  # keystrokes before the app exists are dropped, as a terminal would before a prompt
        if self.app.write_input(self.input.feed_bytes(data)) > MAX_INPUT_BACKLOG:
            self.chan.pause_reading()

    def _input_drained(self) -> None:
        if self.chan is not None and not self.closed:
            self.chan.resume_reading()

    def eof_received(self) -> bool:
        """The client closed its input: close the session (its app is stopped with it)."""
        if self.chan is not None:
            self.chan.close()
        return False

    def pause_writing(self) -> None:
        if self.app is not None:
            self.app.pause_output()

    def resume_writing(self) -> None:
        if self.app is not None:
            self.app.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.token is not None:
            self.server.hub.revoke_token(self.token)
        if self.counted:
            self.server.sessions.closed(self.name)
            self.counted = False
        self.server.sessions.live.discard(self)
        app = self.app
        if app is not None:
            if app.returncode is None:
                log.info("%s left; their app is stopped", self.name)
            self.server.sessions.track(asyncio.get_running_loop().create_task(app.stop()))


class GameSSHServer(asyncssh.SSHServer):
    """One SSH connection: public-key login as a player name, one terminal session.

    A refused name or key is explained to the client in an authentication banner
    (what was wrong, and the rules for names), once per connection: SSH has no
    other way to say why before it answers "Permission denied". The name is
    claimed (bound to the key) only when the terminal session starts, so a
    refused `ssh host ls` or `sftp` leaves it free."""

    def __init__(self, names: NameBook, hub: Hub, sessions: SessionCounter) -> None:
        self.names = names
        self.hub = hub
        self.sessions = sessions
        self.conn: asyncssh.SSHServerConnection | None = None
        self.username = ""
        self.offered: tuple[str, asyncssh.SSHKey] | None = None
        self.session_open = False
        self.address = ""
        """The client's IP address."""
        self.login_name: str | None = None
        """The name the client asked to log in as (until it has logged in: `username`)."""
        self.refused_keys: dict[tuple[str, str], str] = {}
        """(name, key fingerprint) -> why it was refused: logged if the login fails."""
        self.key: asyncssh.SSHKey | None = None
        """The key the player logged in with (it claims the name when the session starts)."""
        self.told = False
        """Whether the client has been sent a banner saying why it was refused."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.sessions.connections.add(conn)
        peer: Any = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.sessions.connections.discard(self.conn)
        if self.login_name is not None and not self.username:
            self._log_refused_login()

    def _log_refused_login(self) -> None:
        where = f" from {self.address}" if self.address else ""
        if self.offered is not None:
            name, key = self.offered
            log.warning("login as %r%s refused: key %s, never signed for", name, where, key.get_fingerprint())
        elif not self.refused_keys:
            log.warning("login as %r%s refused: no public key offered", self.login_name, where)
        for (name, fingerprint), why in self.refused_keys.items():
            log.warning("login as %r%s refused: key %s, %s", name, where, fingerprint, why)

    def begin_auth(self, username: str) -> bool:
        self.login_name = username[:64]
        problem = name_problem(username)
        if problem is not None:  # every key will be refused: say why now
            self._tell(username, problem)
        return True  # always authenticate; there is no anonymous play

    def _tell(self, username: str, why: Later) -> None:
        """Send the client why it is refused and the rules for names (once: a client may
        offer several keys), in the language remembered for the name (or the name it is
        one with), if any: most often its owner on a new machine or with a new key."""
        if self.told or self.conn is None:
            return
        self.told = True
        with speaking(self.hub.languages.language_for(self.names.owner_of(username) or username, None)):
            banner = f"codex-tui: {why.text()}\n{_(NAME_RULES)}\n{_(KEY_OWNS_NAME)}\n"
        with contextlib.suppress(OSError):  # (authentication completed meanwhile)
            self.conn.send_auth_banner(banner)

    def public_key_auth_supported(self) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        why = self.names.refusal(username, key, self.address, self.address)
        if why is None:  # the last key accepted is the one whose signature asyncssh checks next
            self.offered = (username, key)
            return True
        self.refused_keys[(username[:64], key.get_fingerprint())] = str(why)
        self._tell(username, why.told)
        return False

    def auth_completed(self) -> None:
        username = self.conn.get_extra_info("username") if self.conn is not None else None
        offered = self.offered
        if offered is None or offered[0] != username:
            why: object = "not the name its key was offered for"
        else:
            why = self.names.refusal(*offered, self.address, self.address)  # taken meanwhile, by a key or a browser
        if why is not None or offered is None:
            fingerprint = offered[1].get_fingerprint() if offered is not None else "?"
            log.warning("login as %r refused: key %s, %s (since its key was checked)", username, fingerprint, why)
            self.login_name = None  # logged here, not again when the connection closes
            if self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "name already taken")
            return
        name, self.key = offered
        self.username = self.names.own_name(name, self.key) or name
        also = f" (asked for {name!r}: one name)" if self.username != name else ""
        log.info("%s logged in with key %s%s", self.username, self.key.get_fingerprint(), also)

    def claim_name(self) -> Refusal | None:
        """When the terminal session starts: the name becomes the key's if it is free at both
        doors, in one step with the check. Why not, if it was claimed (by another key, or in a
        browser) or a limit was reached since this key logged in."""
        assert self.key is not None, "a session starts only after a key's login"
        why = self.names.bind(self.username, self.key, self.address, self.address)
        if why is not None:
            fingerprint = self.key.get_fingerprint()
            log.warning("%s: session refused: key %s, %s since it logged in", self.username, fingerprint, why.log)
        return why

    def session_requested(self) -> AppSession | bool:
        if self.session_open:
            log.info("refused a second session on one connection for %s", self.username)
            return False  # one terminal per connection
        self.session_open = True
        return AppSession(self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        log.info("refused forwarding to %r port %d for %s", dest_host[:80], dest_port, self.username)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("refused remote forwarding from %r port %d for %s", listen_host[:80], listen_port, self.username)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        log.info("refused forwarding to socket %r for %s", dest_path[:80], self.username)
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        log.info("refused remote forwarding from socket %r for %s", listen_path[:80], self.username)
        return False


async def start_ssh_server(
    host: str,
    port: int,
    host_key: asyncssh.SSHKey,
    names: NameBook,
    hub: Hub,
    sessions: SessionCounter,
) -> asyncssh.SSHAcceptor:
    await sessions.start_forker(hub.path)
    return await asyncssh.create_server(
        lambda: GameSSHServer(names, hub, sessions),
        host,
        port,
        server_host_keys=[host_key],
        public_key_auth=True,
        password_auth=False,
        kbdint_auth=False,
        host_based_auth=False,
        gss_host=None,
        allow_pty=True,
        line_editor=False,
        encoding=None,
        agent_forwarding=False,
        x11_forwarding=False,
        login_timeout=30,
        keepalive_interval=20,
        keepalive_count_max=3,
    )
