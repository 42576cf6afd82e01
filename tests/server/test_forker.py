"""The app forker: a forked app starts as a process of its own would, and ends as one."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from codex_tui import __file__ as package_file
from codex_tui.server import app_forker
from codex_tui.server.app_forker import AppForker, Fork
from codex_tui.server.pty_bridge import ERROR_FD_ENV, PtyApp
from codex_tui.server.serve import GameServer
from tests.server.harness import WAIT, Terminal, open_terminal
from tests.server.vt import plain_text
from tests.waiting import wait_until

pytestmark = pytest.mark.skipif(not app_forker.supported(), reason="no fork() with descriptor passing here")

SOURCE_ROOT = str(Path(package_file).resolve().parent.parent)
PROBE = "tests.server.forked_probe"


def session_env(**extra: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": "xterm-256color",
        "PYTHONPATH": SOURCE_ROOT,
        **extra,
    }


class Run:
    """One forked app on a PTY: what it printed, what it sent to its error pipe, how it ended."""

    def __init__(self, forker: AppForker, module: str, env: dict[str, str]) -> None:
        self.output = bytearray()
        self.errors: list[str] = []
        self.ended = asyncio.Event()
        self.app = PtyApp(
            Fork(forker, module),
            env,
            (80, 24),
            on_output=self.output.extend,
            on_exit=self.ended.set,
            on_error_line=self.errors.append,
        )

    def report(self) -> dict[str, object]:
        found = re.search(r"PROBE (\{.*\})", plain_text(bytes(self.output)).replace("\n", ""))
        assert found, plain_text(bytes(self.output))
        parsed: dict[str, object] = json.loads(found.group(1))
        return parsed

    async def until_reported(self) -> dict[str, object]:
        def reported() -> bool:
            return b"PROBE {" in self.output and b"}" in self.output.split(b"PROBE {", 1)[1]

        with contextlib.suppress(AssertionError):  # report() says what it wrote instead
            await wait_until(reported, what="the probe's report")
        return self.report()


@pytest.fixture
async def forker(tmp_path: Path) -> AsyncIterator[AppForker]:
    started = AppForker(session_env(FORKER_ONLY="the forker's, never an app's"), cwd=str(tmp_path))
    await started.start()
    yield started
    await started.close()


async def test_a_forked_app_has_its_session_environment_terminal_and_nothing_else(forker: AppForker) -> None:
    env = session_env(CODEX_TUI_TEST="the session's")
    run = Run(forker, PROBE, env)
    await run.app.start()
    await asyncio.wait_for(run.ended.wait(), WAIT)
    report = run.report()
    reported_env = report["env"]
    assert isinstance(reported_env, dict)
    error_fd = reported_env.pop(ERROR_FD_ENV)
    assert reported_env == env  # exactly what the server built: nothing of the forker's
    assert report["fds"] == sorted({0, 1, 2, int(error_fd)})  # no other session's terminal, no socket
    assert report["session_leader"] and report["terminal"]
    assert report["sighup_default"] and report["sigchld_default"] and report["sigint_raises"]
    assert report["argv"] == [PROBE]
    assert run.app.returncode == 3
    assert isinstance(run.app.process, app_forker.ForkedApp)


async def test_a_preloaded_app_runs_as_the_one_module_every_other_imported(forker: AppForker) -> None:
    """The player's app is preloaded: run again as `__main__` (`runpy`), it would be a second copy
    of itself, and Python would warn so on the player's terminal."""
    run = Run(forker, "codex_tui.client.player_app", session_env())
    await run.app.start()
    await asyncio.wait_for(run.ended.wait(), WAIT)
    assert run.app.returncode == 1  # started without a hub token: it says so in the log, not on the terminal
    assert any("started without" in line for line in run.errors)
    assert bytes(run.output) == b""


async def test_a_failure_before_the_app_starts_goes_to_the_error_pipe(forker: AppForker) -> None:
    run = Run(forker, "tests.server.no_such_module", session_env())
    await run.app.start()
    await asyncio.wait_for(run.ended.wait(), WAIT)
    assert run.app.returncode == 1
    assert any("No module named" in line for line in run.errors)
    assert b"No module named" not in run.output and b"Traceback" not in run.output


async def test_an_uncaught_exception_ends_the_app_with_status_1_and_a_logged_traceback(forker: AppForker) -> None:
    run = Run(forker, PROBE, session_env(PROBE_THEN="raise"))
    await run.app.start()
    await asyncio.wait_for(run.ended.wait(), WAIT)
    assert run.app.returncode == 1
    assert any("the probe failed on purpose" in line for line in run.errors)
    assert b"failed on purpose" not in run.output


async def test_stopping_an_app_and_closing_the_forker_leave_no_process(forker: AppForker) -> None:
    stopped, left = (
        Run(forker, PROBE, session_env(PROBE_THEN="sleep")),
        Run(forker, PROBE, session_env(PROBE_THEN="sleep")),
    )
    for run in (stopped, left):
        await run.app.start()
        await run.until_reported()
    assert stopped.app.process is not None and left.app.process is not None
    await stopped.app.stop()  # hung up, as when its player leaves
    assert stopped.app.returncode is not None and stopped.app.returncode < 0
    pid = left.app.process.pid
    await forker.close()  # the server stops: what is still running goes with it
    assert left.app.returncode is not None

    def gone() -> bool:
        return not Path(f"/proc/{pid}").exists() or " Z " in Path(f"/proc/{pid}/stat").read_text()

    await wait_until(gone, what=f"app {pid} to go with its forker")


async def test_the_ssh_server_forks_its_apps(server: GameServer, terminals: list[Terminal]) -> None:
    await open_terminal(terminals, server.port, "ada")
    forker = server.sessions.forker
    assert forker is not None and forker.process is not None
    (app,) = server.sessions.apps
    assert app.process is not None
    stat = Path(f"/proc/{app.process.pid}/stat").read_text()
    assert int(stat[stat.rindex(")") + 2 :].split()[1]) == forker.process.pid  # not a process the server ran


async def test_when_the_forker_dies_its_apps_end_and_a_new_one_starts_the_next(forker: AppForker) -> None:
    orphan = Run(forker, PROBE, session_env(PROBE_THEN="sleep"))
    await orphan.app.start()
    await orphan.until_reported()
    assert forker.process is not None
    forker.process.kill()  # as the kernel's OOM killer would
    await asyncio.wait_for(orphan.ended.wait(), WAIT)
    assert orphan.app.returncode == -9  # nobody could tell how it ended any more: ended, and the player told
    later = Run(forker, PROBE, session_env())
    await later.app.start()
    await asyncio.wait_for(later.ended.wait(), WAIT)
    assert later.app.returncode == 3
    assert isinstance(later.app.process, app_forker.ForkedApp)  # forked again, by a new forker


async def test_two_first_sessions_at_once_start_one_forker(tmp_path: Path) -> None:
    """A server that preloads with its first session (`preload_at_start=False`), or whose forker died:
    two sessions that come together share the one they start (each used to start its own, and the
    first waited for an answer that went to the second's socket)."""
    forker = AppForker(session_env(), cwd=str(tmp_path))
    started: list[int] = []
    start = forker.start

    async def counted() -> None:
        await start()
        assert forker.process is not None
        started.append(forker.process.pid)

    forker.start = counted  # type: ignore[method-assign]
    runs = [Run(forker, PROBE, session_env()), Run(forker, PROBE, session_env())]
    try:
        await asyncio.wait_for(asyncio.gather(*(run.app.start() for run in runs)), WAIT)
        await asyncio.wait_for(asyncio.gather(*(run.ended.wait() for run in runs)), WAIT)
    finally:
        await forker.close()
    assert len(started) == 1
    assert [run.app.returncode for run in runs] == [3, 3]
    assert all(isinstance(run.app.process, app_forker.ForkedApp) for run in runs)


async def test_a_server_preloads_its_apps_as_it_starts_unless_told_otherwise(tmp_path: Path) -> None:
    """`serve` and `web` preload at start, so that the first player does not wait for it; the tests'
    servers (`preload_at_start=False`) start the forker with their first session."""
    for preload, started in ((True, True), (False, False)):
        server = GameServer(tmp_path / f"data-{preload}", port=0, bot_delay=0, preload_at_start=preload)
        await server.start()
        try:
            forker = server.sessions.forker
            assert forker is not None and (forker.process is not None) is started
        finally:
            await server.close()
