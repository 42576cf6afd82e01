"""`codex-tui invite NAME`: a one-time link for a browser player (see `codex_tui.server.invites`).

It writes the link's hashed token to the data folder's database; the running
server (another process) reads it when the link is opened.
"""

from __future__ import annotations

import argparse

from codex_tui.core.command_line import fail
from codex_tui.core.contract import CliCommand
from codex_tui.server.web_options import INVITE_HELP, add_invite_arguments


def run(args: argparse.Namespace) -> int:
    from codex_tui.protocol.messages import valid_name
    from codex_tui.server.invites import LIFETIME, InviteBook, remembered_url
    from codex_tui.server.privacy import private_umask
    from codex_tui.server.serve import default_data_dir
    from codex_tui.server.store import Store
    from codex_tui.server.store_schema import StoreError
    from codex_tui.server.web_options import DEFAULT_URL
    from codex_tui.server.web_pages import NAME_RULES

    if not valid_name(args.name):
        return fail(f"{args.name!r} is not a player name. {NAME_RULES}")
    private_umask()
    data = args.data or default_data_dir()
    try:
        store = Store(data)
    except (OSError, StoreError) as error:
        return fail(f"cannot write the invite in {data}: {error}")
    try:
        token = InviteBook(store).create(args.name)
        url = args.url or remembered_url(store) or DEFAULT_URL
    except OSError as error:
        return fail(f"cannot write the invite in {data}: {error}")
    finally:
        store.close()
    print(f"{url}/invite/{token}")
    print(f"(for {args.name}; works once, for {int(LIFETIME // 3600)} hours)")
    return 0


COMMAND = CliCommand("invite", INVITE_HELP, add_invite_arguments, run)
