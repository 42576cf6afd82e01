"""`codex-tui web`: host games that players join in a browser (the door is in `codex_tui.server.web`)."""

from __future__ import annotations

import argparse

from codex_tui.core.contract import CliCommand
from codex_tui.server.web_options import WEB_HELP, add_web_arguments


def run(args: argparse.Namespace) -> int:
    """The browser door alone: `--host` and `--port` are the browsers' (no SSH door, no host key)."""
    from codex_tui.cli.hosting import host
    from codex_tui.server.serve import GameServer, default_data_dir
    from codex_tui.server.ssh_server import Limits

    return host(
        lambda: GameServer(
            data=args.data or default_data_dir(),
            bot_delay=max(0.0, args.bot_delay),
            ssh=False,
            limits=Limits(max_sessions=max(1, args.max_sessions)),
            web_port=args.port,
            web_host=args.host,
            public_url=args.public_url,
            allow_remote=args.allow_remote,
        )
    )


COMMAND = CliCommand("web", WEB_HELP, add_web_arguments, run)
