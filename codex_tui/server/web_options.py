"""The command-line options of the browser door (`web`, `serve --web-port`) and of `invite`.

Kept free of aiohttp and textual-serve, like `options`, so that building the
`codex-tui` parser stays fast.
"""

from __future__ import annotations

import argparse
import ipaddress
from pathlib import Path

from codex_tui.server.options import DEFAULT_BOT_DELAY, MAX_SESSIONS, _port, add_serve_arguments

DEFAULT_WEB_HOST = "127.0.0.1"
DEFAULT_WEB_PORT = 8080
DEFAULT_URL = f"http://{DEFAULT_WEB_HOST}:{DEFAULT_WEB_PORT}"
WEB_HELP = "host games that players join in a web browser (the same tables as serve)"
INVITE_HELP = "print a one-time link that lets a player choose their browser passphrase"


def _public_url(text: str) -> str:
    if not text.startswith(("http://", "https://")) or len(text) < 10:
        raise argparse.ArgumentTypeError("a public URL starts with https:// (or http://)")
    return text.rstrip("/")


def _add_door_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-remote",
        action="store_true",
        help="let the browser door listen beyond this machine (put it behind a TLS proxy instead: docs/web.md)",
    )
    parser.add_argument(
        "--public-url",
        type=_public_url,
        default=None,
        metavar="URL",
        help="the address players open, when a reverse proxy serves this door (https: secure cookies)",
    )


def add_web_arguments(parser: argparse.ArgumentParser) -> None:
    """`codex-tui web`: the browser door alone, with serve's data folder, tables and bots."""
    parser.add_argument(
        "--host", default=DEFAULT_WEB_HOST, help=f"address to listen on for browsers (default {DEFAULT_WEB_HOST})"
    )
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_WEB_PORT, help=f"port for browsers (default {DEFAULT_WEB_PORT})"
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="serve's data folder: player keys and passphrases, hub socket, table saves (default: <saves>/server)",
    )
    _add_door_arguments(parser)
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=MAX_SESSIONS,
        metavar="N",
        help=f"browser tabs playing at once (each runs an app; default {MAX_SESSIONS})",
    )
    parser.add_argument("--bot-delay", type=float, default=DEFAULT_BOT_DELAY, help=argparse.SUPPRESS)


def add_serve_and_web_arguments(parser: argparse.ArgumentParser) -> None:
    """`codex-tui serve`: the SSH door, and the browser door with `--web-port`."""
    add_serve_arguments(parser)
    parser.add_argument(
        "--web-port", type=_port, default=None, metavar="PORT", help="also take browser players on this port"
    )
    parser.add_argument(
        "--web-host",
        default=DEFAULT_WEB_HOST,
        metavar="HOST",
        help=f"address for browsers with --web-port (default {DEFAULT_WEB_HOST})",
    )
    _add_door_arguments(parser)


def add_invite_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", help="the player name the link is for")
    parser.add_argument("--data", type=Path, default=None, metavar="DIR", help="the server's data folder")
    parser.add_argument(
        "--url",
        type=_public_url,
        default=None,
        help=f"the address players open (default: the running door's, else {DEFAULT_URL})",
    )


class RemoteRefused(Exception):
    """Listening beyond loopback without `--allow-remote`."""


def is_loopback(host: str) -> bool:
    """Does `host` (an address to listen on) reach only this machine?"""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_listen(host: str, allow_remote: bool) -> None:
    """Raise RemoteRefused, saying why and what to do, for a non-loopback `host` without `allow_remote`."""
    if allow_remote or is_loopback(host):
        return
    raise RemoteRefused(
        f"refusing to listen for browsers on {host}: passphrases would cross the network in clear text."
        " Keep the default 127.0.0.1 behind a TLS reverse proxy (see docs/web.md), or add --allow-remote"
        " if this address is already protected (a TLS proxy on another machine, a private network)"
    )
