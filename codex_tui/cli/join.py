"""`codex-tui join`: the app of one player at a local server (OpenSSH's ForceCommand runs it)."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path

from codex_tui.client.join_options import JOIN_HELP, add_join_arguments
from codex_tui.core.contract import CliCommand


def run(args: argparse.Namespace) -> int:
    """Play on the hub; 0 when the player quits or the server says goodbye,
    EXIT_NO_TERMINAL / EXIT_NO_SERVER / EXIT_LOST (with one line on the terminal) otherwise."""
    from codex_tui.client.app import RemoteApp, take_controlling_terminal
    from codex_tui.i18n import set_language
    from codex_tui.i18n.choice import choose_language
    from codex_tui.protocol import messages as p
    from codex_tui.ui.terminal_input import EXIT_NO_TERMINAL, has_terminal

    if not has_terminal():
        print(
            "codex-tui join: needs an interactive terminal; connect with plain `ssh HOST` "
            "(or `ssh -t`), not `ssh HOST COMMAND`",
            file=sys.stderr,
        )
        return EXIT_NO_TERMINAL
    token = os.environ.pop(p.TOKEN_ENV, None)
    hub = args.hub or (Path(os.environ[p.HUB_ENV]) if os.environ.get(p.HUB_ENV) else None)
    if hub is None:
        print("codex-tui: no hub socket: give --hub PATH (the server prints it)", file=sys.stderr)
        return 2
    name = None
    if token is None:
        name = args.name or getpass.getuser()
        if not p.valid_name(name):
            print(f"codex-tui: {name!r} is not a valid player name (letters, digits, . _ -; 1-16)", file=sys.stderr)
            return 2
    else:
        take_controlling_terminal()
    # The player's locale (sshd's AcceptEnv) or --lang; not the settings file of the account
    # the server runs as, which is no player's. The hub may then say the name chose another.
    set_language(choose_language(getattr(args, "lang", None), os.environ, None))
    app = RemoteApp(hub, token=token, name=name, watch_terminal=True)
    app.run()
    return app.return_code or 0  # 1 after a crash, logged to the `codex_tui.crash` logger


COMMAND = CliCommand("join", JOIN_HELP, add_join_arguments, run)
