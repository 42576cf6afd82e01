"""What the app forker loads once for every session: the data a session would otherwise load for itself."""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from codex_tui import __file__ as package_file
from codex_tui.core import registry
from codex_tui.i18n import DEFAULT, LANGUAGES
from codex_tui.i18n.numbers import LOCALES
from codex_tui.server import app_forker
from codex_tui.server.app_forker import AppForker, Fork
from codex_tui.server.pty_bridge import PtyApp
from tests.server.harness import WAIT
from tests.server.vt import plain_text

pytestmark = pytest.mark.skipif(not app_forker.supported(), reason="no fork() with descriptor passing here")

SOURCE_ROOT = str(Path(package_file).resolve().parent.parent)


def session_env() -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "PYTHONPATH": SOURCE_ROOT}


@pytest.fixture
async def forker(tmp_path: Path) -> AsyncIterator[AppForker]:
    started = AppForker(session_env(), cwd=str(tmp_path))
    await started.start()
    yield started
    await started.close()


async def test_a_forked_app_finds_babel_the_catalogs_and_the_widths_already_loaded(forker: AppForker) -> None:
    """Babel's data (4 MiB once a number is written), every language's catalogs and Rich's widths
    are loaded in the forker, shared by every session, not loaded again by each."""
    output = bytearray()
    ended = asyncio.Event()
    app = PtyApp(Fork(forker, "tests.server.forked_data_probe"), session_env(), (200, 24), output.extend, ended.set)
    await app.start()
    await asyncio.wait_for(ended.wait(), WAIT)
    found = re.search(r"DATA (\{.*\})", plain_text(bytes(output)).replace("\n", ""))
    assert found, plain_text(bytes(output))
    report = json.loads(found.group(1))
    assert report["babel_global"]
    assert report["babel_locales"] == sorted(LOCALES.values())
    translated = sorted(code for code in LANGUAGES if code != DEFAULT)
    catalogs = report["catalogs"]
    assert len(catalogs) == 1 + len(registry.names())  # the shell's domain and each game's
    assert all(codes == translated for codes in catalogs.values()), catalogs
    assert report["cell_widths"] and report["names_cached"]
    assert report["language"] == DEFAULT  # the forker's loading left its language as it was
    assert app.returncode == 0
