"""The server's host key: made once, kept in the data folder, never shown to anyone.

Players' ssh clients remember the key's fingerprint the first time they
connect; a new key on every start would make each of them warn about a
possible attack. So the key is generated on first start (ed25519), written
with mode 0600, and loaded as it is afterwards.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from codex_tui.server.sshlib import asyncssh

HOST_KEY_FILE = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key exists but cannot be used."""


def load_or_create_host_key(folder: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host key and whether it was just created."""
    path = folder / HOST_KEY_FILE
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise HostKeyError(f"{path}: readable by others (mode {mode:o}); run chmod 600 on it")
        try:
            return asyncssh.read_private_key(str(path)), False
        except (OSError, asyncssh.KeyImportError) as error:
            raise HostKeyError(f"{path}: not a usable private key ({error})") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    folder.mkdir(parents=True, exist_ok=True)
    write_private(path, key.export_private_key("openssh"))
    os.chmod(path, 0o600)
    return key, True


def write_private(path: Path, data: bytes) -> None:
    """Write a file only its owner can read, atomically (temp file, fsync, rename): a crash while the
    key is written leaves no half key for the next start to refuse."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def fingerprint(key: asyncssh.SSHKey) -> str:
    """'SHA256:...': what `ssh` prints when it first meets this server."""
    return key.get_fingerprint("sha256")
