"""The command-line options of `serve` and `doctor`, apart from the server itself.

Kept free of asyncssh and Textual so that building the `codex-tui` parser
(which every command does) stays fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 2222
DEFAULT_BOT_DELAY = 0.7
MAX_SESSIONS = 100
SERVE_HELP = "host games that players join with ssh"
DOCTOR_HELP = "check an OpenSSH-mode setup (account, data folder, hub socket, key lines): run as serve's user"


def _port(text: str) -> int:
    port = int(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError("a port is 0-65535 (0: any free port)")
    return port


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"SSH port (default {DEFAULT_PORT})")
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder for the host key, player keys, hub socket and table saves (default: <saves>/server)",
    )
    parser.add_argument(
        "--authorized-keys", type=Path, default=None, metavar="FILE", help="admit only the keys listed in FILE"
    )
    parser.add_argument(
        "--no-ssh", action="store_true", help="run only the tables and hub socket (players come through OpenSSH)"
    )
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=MAX_SESSIONS,
        metavar="N",
        help=f"players connected at once (each runs an app process of ~50 MB; default {MAX_SESSIONS})",
    )
    parser.add_argument("--bot-delay", type=float, default=DEFAULT_BOT_DELAY, help=argparse.SUPPRESS)


def add_doctor_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=None, metavar="DIR", help="serve's data folder")
    parser.add_argument(
        "--keys",
        type=Path,
        default=None,
        metavar="FILE",
        help="the authorized_keys with the players' keys (default: this account's ~/.ssh/authorized_keys)",
    )
