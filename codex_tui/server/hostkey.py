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

import asyncssh

from codex_tui.server.identity import write_private

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


def fingerprint(key: asyncssh.SSHKey) -> str:
    """'SHA256:...': what `ssh` prints when it first meets this server."""
    return key.get_fingerprint("sha256")
