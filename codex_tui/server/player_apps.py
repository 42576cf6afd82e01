"""What both doors know about a player's app: the module it runs, its environment, its last words.

The SSH door (`ssh_server.py`) and the browser door (`web_apps.py`) start the
same app for a player, each on its own kind of terminal; what they share is
here, so that neither imports the other.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from codex_tui import __file__ as package_file
from codex_tui.i18n.choice import LANGUAGE_VARIABLE
from codex_tui.i18n.text import N_
from codex_tui.protocol.messages import HUB_ENV, TOKEN_ENV
from codex_tui.server.languages import client_language

DEFAULT_TERM = "xterm-256color"
APP_MODULE = "codex_tui.client.player_app"
CRASH_LINE = N_(
    "codex-tui: the game screen failed (the server's log has the details)."
    " Your game is saved on the server: connect again to resume."
)
"""All a player sees of a failed app: what happened, that nothing is lost, what to do."""


def app_environment(hub_path: Path, token: str, term: str, client_env: Mapping[str, str]) -> dict[str, str]:
    """A clean environment: nothing of the server's (no TEXTUAL_* debug hooks, no
    secrets) and of the client's only what describes its terminal, and its locale's
    language (the app starts in it; the hub then says whether the name chose another).

    The locale itself stays C.UTF-8: the server may lack the client's, and the
    app needs only UTF-8 from it."""
    source_root = str(Path(package_file).resolve().parent.parent)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": term,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": source_root,
        HUB_ENV: str(hub_path),
        TOKEN_ENV: token,
    }
    if client_env.get("COLORTERM") in ("truecolor", "24bit"):
        env["COLORTERM"] = client_env["COLORTERM"]
    spoken = client_language(client_env)
    if spoken is not None:
        env[LANGUAGE_VARIABLE] = spoken
    return env


def forker_environment(hub_path: Path) -> dict[str, str]:
    """The app forker's own environment: a session's without the session (no token,
    no client's terminal or settings). The modules it preloads see this one; each
    forked app gets its session's `app_environment` in its place."""
    env = app_environment(hub_path, "", DEFAULT_TERM, {})
    del env[TOKEN_ENV]
    return env
