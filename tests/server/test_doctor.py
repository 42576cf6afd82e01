"""`codex-tui doctor` finds each mistake docs/ssh.md warns about, and passes a good setup."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path

from codex_tui.server.doctor import Finding, diagnose, split_options
from tests.server.harness import start_server


def account(home: Path, shell: str = "/bin/bash") -> pwd.struct_passwd:
    """The game account as doctor sees it (not root: that is a finding of its own)."""
    return pwd.struct_passwd(("codex", "x", 1000, 1000, "", str(home), shell))


def key_file(home: Path, lines: list[str]) -> Path:
    home.mkdir(mode=0o700, exist_ok=True)
    (home / ".ssh").mkdir(mode=0o700, exist_ok=True)
    keys = home / ".ssh" / "authorized_keys"
    keys.write_text("".join(f"{line}\n" for line in lines))
    keys.chmod(0o600)
    return keys


def problems(findings: list[Finding]) -> str:
    return "\n".join(f.text for f in findings if not f.ok)


def installed(folder: Path) -> str:
    """A codex-tui program where every account may run it (as docs/ssh.md installs it, in /opt)."""
    program = folder / "codex-tui"
    program.write_text(f'#!/bin/sh\nexec {sys.executable} -m codex_tui "$@"\n')
    program.chmod(0o755)
    return str(program)


def join_line(hub: Path, name: str, program: str, options: str = "restrict,pty") -> str:
    return f'{options},command="{program} join --hub {hub} --name {name}" ssh-ed25519 AAAAC3Nz {name}@pc'


def test_options_are_split_with_quoted_commas_and_spaces() -> None:
    options, rest = split_options('restrict,pty,command="a b,c" ssh-ed25519 AAAA ada@pc')
    assert options == ["restrict", "pty", 'command="a b,c"'] and rest == "ssh-ed25519 AAAA ada@pc"
    assert split_options("ssh-ed25519 AAAA bo") == ([], "ssh-ed25519 AAAA bo")


async def test_a_setup_done_by_the_docs_passes(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", ssh=False)
    try:
        home = tmp_path / "home"
        program = installed(tmp_path)
        key_file(
            home,
            ["# the players", join_line(server.hub.path, "ada", program), join_line(server.hub.path, "bo", program)],
        )
        findings = diagnose(tmp_path / "data", entry=account(home))
        assert problems(findings) == ""
        assert any("2 key lines" in f.text for f in findings)
        assert any("joins as bo" in f.text for f in findings)
    finally:
        await server.close()


def test_every_mistake_is_named_with_its_fix(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "tables").mkdir(parents=True, mode=0o700)
    data.chmod(0o755)
    (data / "tables" / "game.msgpack").write_bytes(b"x")
    (data / "tables" / "game.msgpack").chmod(0o644)
    hub = data / "hub.sock"
    home = tmp_path / "home"
    program = installed(tmp_path)
    key_file(
        home,
        [
            "ssh-ed25519 AAAAC3Nz shell@pc",  # no command: a shell
            join_line(hub, "ada", program, options="restrict"),  # no pty
            join_line(tmp_path / "other.sock", "bo", program),  # another hub
            join_line(hub, "cy", "/root/venv/bin/codex-tui"),  # a program this account cannot run
            join_line(hub, "ada", program),  # ada twice
        ],
    )
    (home / ".ssh").chmod(0o777)
    found = problems(diagnose(data, entry=account(home, shell="/usr/sbin/nologin")))
    assert "login shell of codex is /usr/sbin/nologin" in found and "usermod -s /bin/bash codex" in found
    assert f"data folder {data} is mode 755: run `chmod 700 {data}`" in found
    assert "1 entry in" in found and "tables/game.msgpack" in found
    assert f"hub socket {hub} is missing: is `codex-tui serve --no-ssh --data {data}` running?" in found
    assert f"{home / '.ssh'} is mode 777" in found and "StrictModes" in found
    assert "key line 1 (shell@pc): no command=: this key gets a shell" in found
    assert "key line 2 (ada@pc): no terminal for the player: add `pty`" in found
    assert f"key line 3 (bo@pc): --hub {tmp_path / 'other.sock'}, but the server's socket is {hub}" in found
    assert "key line 4 (cy@pc): /root/venv/bin/codex-tui does not exist" in found
    assert "key line 5: --name ada again (line 2)" in found


def test_a_socket_left_by_a_dead_server_is_found(tmp_path: Path) -> None:
    import socket

    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(data / "hub.sock"))
    listener.close()  # the file stays, nobody listens
    found = problems(diagnose(data, keys=tmp_path / "none", entry=account(tmp_path)))
    assert "no server answers" in found and f"{tmp_path / 'none'} does not exist" in found


def test_the_command_prints_fix_lines_and_fails(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "codex_tui", "doctor", "--data", str(tmp_path / "data"), "--keys", str(tmp_path / "k")],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    assert done.returncode == 1
    assert "FIX  data folder" in done.stdout and "does not exist" in done.stdout
    assert 'a key line for this setup: restrict,pty,command="' in done.stdout
