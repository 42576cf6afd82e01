"""Nothing under the server's data folder, and no save, is readable by another account."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from codex_tui.server.privacy import PrivacyError, make_private
from codex_tui.storage.saves import SavedGame, write_save
from tests.helpers import started_game
from tests.server.harness import start_server


def modes(folder: Path) -> dict[str, int]:
    """Every entry's permission bits, the folder itself as '.'."""
    found = {".": stat.S_IMODE(folder.stat().st_mode)}
    for path in folder.rglob("*"):
        found[str(path.relative_to(folder))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def loose_data_folder(tmp_path: Path) -> Path:
    """A data folder as an admin makes it (0755) with a 0644 save, as older versions left it."""
    data = tmp_path / "srv"
    (data / "tables" / "finished").mkdir(parents=True)
    for folder in (data, data / "tables", data / "tables" / "finished"):
        folder.chmod(0o755)
    save = data / "tables" / "finished" / "old.msgpack"
    write_save(save, SavedGame(started_game(), ("human", "human")))
    save.chmod(0o644)
    return data


async def test_serve_tightens_an_existing_data_folder(tmp_path: Path) -> None:
    data = loose_data_folder(tmp_path)
    server = await start_server(data, ssh=False)
    try:
        assert server.tightened == 4  # the folder, tables/, finished/ and the save
        found = modes(data)
        assert found["."] == 0o700 and found["tables"] == 0o700
        assert all(mode & 0o077 == 0 for mode in found.values()), found
    finally:
        await server.close()


async def test_serve_creates_its_data_folder_private(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "new" / "data", ssh=False)
    try:
        assert server.tightened == 0
        found = modes(tmp_path / "new" / "data")
        assert found["."] == 0o700 and "hub.sock" in found
        assert all(mode & 0o077 == 0 for mode in found.values()), found
    finally:
        await server.close()


def test_the_serve_process_creates_everything_owner_only(tmp_path: Path) -> None:
    """Under a permissive umask, the real `serve` process still makes nothing others can read."""
    data = tmp_path / "data"
    process = subprocess.Popen(
        [sys.executable, "-m", "codex_tui", "serve", "--no-ssh", "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        preexec_fn=lambda: os.umask(0o002),
    )
    try:
        assert process.stdout is not None
        output = b""
        while b"resumed" not in output:
            line = process.stdout.readline()
            assert line, output
            output += line
        assert not (data / "ssh_host_ed25519_key").exists()  # --no-ssh: no host key written
        found = modes(data)
        assert all(mode & 0o077 == 0 for mode in found.values()), found
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give a folder to another account")
def test_serve_refuses_a_folder_it_does_not_own(tmp_path: Path) -> None:
    data = tmp_path / "theirs"
    data.mkdir(mode=0o755)
    os.chown(data, 65534, 65534)
    with pytest.raises(PrivacyError, match="belongs to nobody, not to root who runs the server.*chown -R"):
        make_private(data)


def test_a_private_folder_with_a_foreign_open_file_is_refused(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root to give a file to another account")
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    (data / "theirs.msgpack").write_bytes(b"x")
    (data / "theirs.msgpack").chmod(0o644)
    os.chown(data / "theirs.msgpack", 65534, 65534)
    with pytest.raises(PrivacyError, match="theirs.msgpack belongs to"):
        make_private(data)


def test_a_save_is_owner_only_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = tmp_path / "hotseat" / "game.msgpack"
        write_save(path, SavedGame(started_game(), ("human", "human")))
        path.chmod(0o644)  # as an older version wrote it
        write_save(path, SavedGame(started_game(), ("human", "human")))
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
