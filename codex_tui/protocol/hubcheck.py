"""Why `join` cannot reach the hub socket, in words an admin can act on.

`join` runs behind OpenSSH's `command=`, as whatever account the key was put
under. When it fails, the player sees one line before the connection closes:
that line names the socket, the account `join` ran as, and what to check,
instead of a bare `[Errno 13] Permission denied`.
"""

from __future__ import annotations

import errno
import getpass
import os
import pwd
import stat
from pathlib import Path


def user_name(uid: int | None = None) -> str:
    """The login name of `uid` (default: this process), or the number if it has none."""
    uid = os.getuid() if uid is None else uid
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def _this_user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return user_name()


def _blocking_folder(path: Path) -> tuple[Path, os.stat_result] | None:
    """The first folder on the way to `path` that this user may not pass through."""
    for folder in reversed(path.parents):
        try:
            info = folder.stat()
        except OSError:
            return None
        if not os.access(folder, os.X_OK):
            return folder, info
    return None


def _owner(path: Path) -> str | None:
    """Who owns the socket, or else the nearest folder above it this user can see."""
    for candidate in (path, *path.parents):
        try:
            return user_name(candidate.stat().st_uid)
        except OSError:
            continue
    return None


def hub_problem(path: Path, error: OSError) -> str:
    """One message for a failed connection to the hub socket at `path`."""
    me = _this_user()
    data = path.parent
    if error.errno in (errno.EACCES, errno.EPERM):
        owner = _owner(path) or "the account that runs `codex-tui serve`"
        blocked = _blocking_folder(path)
        where = (
            f"{blocked[0]} (mode {stat.S_IMODE(blocked[1].st_mode):o}, owner {user_name(blocked[1].st_uid)})"
            if blocked is not None
            else str(path)
        )
        return (
            f"permission denied opening the hub socket {path} as user {me}: {where} is private to {owner}. "
            f"The hub admits only the account that runs `codex-tui serve`: put this key's "
            f'command="... join ..." line in {owner}\'s ~/.ssh/authorized_keys (docs/ssh.md), '
            f"do not loosen the folder's permissions"
        )
    if error.errno == errno.ENOENT:
        if not data.exists():
            return f"no hub socket at {path}: the folder {data} does not exist (or {me} cannot see it); check --hub"
        return (
            f"no hub socket at {path}: is `codex-tui serve --no-ssh --data {data}` running? "
            f"(`systemctl status codex-tui`; `codex-tui doctor --data {data}` checks the setup)"
        )
    if error.errno == errno.ECONNREFUSED:
        return (
            f"nothing answers on the hub socket {path}: the server that made it has stopped; "
            f"start `codex-tui serve --no-ssh --data {data}` again"
        )
    if error.errno == errno.ENOTSOCK:
        return f"{path} is not a socket: --hub must name the hub.sock that `codex-tui serve` prints"
    return f"cannot open the hub socket {path} as user {me}: {error.strerror or error}"


def refused_problem(path: Path) -> str:
    """The hub closed the connection before greeting us: it admits only its own user."""
    owner = _owner(path) or "the account that runs `codex-tui serve`"
    return (
        f"the hub at {path} turned away user {_this_user()}: it admits only the account that runs "
        f"`codex-tui serve` ({owner}); put the key's join command in that account's ~/.ssh/authorized_keys"
    )
