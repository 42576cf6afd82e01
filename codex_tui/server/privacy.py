"""The server's data folder is its owner's alone.

Its saves hold the deck order and every hand of every live table; another
local account that can read them can cheat (`codex-tui export` on a save
shows all). So `serve` runs with umask 077, makes its data folder mode 0700
and everything in it 0700 (folders) or 0600 (files), tightens a folder an
admin created with the usual 0755, and refuses to start on one it cannot make
private (owned by someone else, or on a file system without Unix modes).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from codex_tui.protocol.hubcheck import user_name

PRIVATE_UMASK = 0o077
FOLDER_MODE = 0o700
FILE_MODE = 0o600


class PrivacyError(Exception):
    """The data folder cannot be made owner-only."""


def _fix_one(path: Path, info: os.stat_result) -> bool:
    """Tighten one entry we own; True if its mode changed."""
    mode = stat.S_IMODE(info.st_mode)
    wanted = FOLDER_MODE if stat.S_ISDIR(info.st_mode) else FILE_MODE
    if mode == wanted:
        return False
    if info.st_uid != os.geteuid():
        raise PrivacyError(
            f"{path} belongs to {user_name(info.st_uid)}, not to {user_name()} who runs the server, "
            f"and is mode {mode:o}: run `chown -R {user_name()}: {path}` (as root) or run serve as its owner"
        )
    try:
        os.chmod(path, wanted, follow_symlinks=False)
    except OSError as error:
        raise PrivacyError(f"cannot make {path} private (chmod {wanted:o}: {error.strerror})") from None
    if stat.S_IMODE(os.lstat(path).st_mode) & 0o077:
        raise PrivacyError(
            f"{path} stays readable by others after chmod {wanted:o}: "
            "put the data folder on a file system with Unix permissions (not FAT, not a share)"
        )
    return True


def make_private(folder: Path) -> int:
    """Create `folder` owner-only, or tighten it and everything in it.

    Returns how many entries had looser modes (0 for a folder that was
    already private). Raises PrivacyError, saying what to do, when the folder
    is not ours or will not take the modes."""
    if not folder.exists():
        try:
            folder.mkdir(parents=True, mode=FOLDER_MODE)
        except OSError as error:
            raise PrivacyError(f"cannot create the data folder {folder}: {error.strerror}") from None
    real = folder.resolve()
    info = real.stat()
    if not stat.S_ISDIR(info.st_mode):
        raise PrivacyError(f"{folder} is not a folder")
    if info.st_uid != os.geteuid():
        raise PrivacyError(
            f"the data folder {folder} belongs to {user_name(info.st_uid)}, not to {user_name()} who runs "
            f"the server: run serve as {user_name(info.st_uid)}, or (as root) "
            f"`chown -R {user_name()}: {folder}`"
        )
    changed = int(_fix_one(real, info))
    for root, folders, files in os.walk(real):
        for name in [*folders, *files]:
            path = Path(root) / name
            entry = os.lstat(path)
            if stat.S_ISLNK(entry.st_mode):
                continue  # a link's own mode means nothing; what it points to is not ours to change
            changed += _fix_one(path, entry)
    return changed


def private_umask() -> None:
    """From now on this process creates files 0600 and folders 0700."""
    os.umask(PRIVATE_UMASK)
