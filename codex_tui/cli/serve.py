"""`codex-tui serve`: host games that players join with ssh (the server itself is in `codex_tui.server`)."""

from __future__ import annotations

import argparse

from codex_tui.core.contract import CliCommand
from codex_tui.server.options import SERVE_HELP
from codex_tui.server.web_options import add_serve_and_web_arguments


def run(args: argparse.Namespace) -> int:
    """The SSH door, and the browser door beside it with `--web-port`."""
    from codex_tui.cli.hosting import host
    from codex_tui.server.serve import GameServer, default_data_dir
    from codex_tui.server.ssh_server import Limits

    return host(
        lambda: GameServer(
            data=args.data or default_data_dir(),
            host=args.host,
            port=args.port,
            authorized_keys=args.authorized_keys,
            bot_delay=max(0.0, args.bot_delay),
            ssh=not args.no_ssh,
            limits=Limits(max_sessions=max(1, args.max_sessions)),
            web_port=args.web_port,
            web_host=args.web_host,
            public_url=args.public_url,
            allow_remote=args.allow_remote,
        )
    )


COMMAND = CliCommand("serve", SERVE_HELP, add_serve_and_web_arguments, run)
