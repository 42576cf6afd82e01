"""`codex-tui doctor`: check an OpenSSH-mode setup and say what is wrong.

Run as the account that runs `serve` (the one whose `authorized_keys` holds
the players' keys). Each check prints one line, `ok` or `FIX`, naming the
file or setting and what to do; the exit status is 1 when anything needs
fixing. The checks follow docs/ssh.md step by step: the account's login
shell, the data folder's privacy, the server's database, the hub socket, and
every key line.
"""

from __future__ import annotations

import argparse
import os
import pwd
import shlex
import shutil
import socket
import sqlite3
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from codex_tui.protocol.hubcheck import user_name
from codex_tui.protocol.messages import valid_name
from codex_tui.server.hub import SOCKET_NAME
from codex_tui.server.store_schema import (
    DB_FILE,
    SCHEMA_VERSION,
    StoreError,
    check_file,
    integrity_problems,
    schema_version,
)
from codex_tui.storage.saves import default_saves_dir

NO_LOGIN_SHELLS = ("nologin", "false")
KEY_TYPES = ("ssh-", "ecdsa-", "sk-")
"""How the key itself starts; anything before it on the line is options."""
SOCKET_TIMEOUT = 2.0


@dataclass(frozen=True)
class Finding:
    ok: bool
    text: str


def ok(text: str) -> Finding:
    return Finding(True, text)


def fix(text: str) -> Finding:
    return Finding(False, text)


# ------------------------------------------------------------------ account


def check_account(entry: pwd.struct_passwd) -> list[Finding]:
    """sshd runs a key's command= through the account's login shell: nologin refuses it."""
    found = []
    if entry.pw_uid == 0:
        found.append(
            fix(
                "running as root: run doctor (and serve) as the game account, "
                "e.g. `sudo -u codex codex-tui doctor` or `su -s /bin/sh codex -c 'codex-tui doctor'`"
            )
        )
    shell = entry.pw_shell or "/bin/sh"
    if Path(shell).name in NO_LOGIN_SHELLS:
        found.append(
            fix(
                f"login shell of {entry.pw_name} is {shell}: sshd cannot start `join` through it "
                f'("This account is currently not available"); run `usermod -s /bin/bash {entry.pw_name}` as root'
            )
        )
    else:
        found.append(ok(f"login shell of {entry.pw_name}: {shell}"))
    return found


def join_program() -> str:
    """The command that starts codex-tui here, for a key's command= (absolute paths)."""
    script = shutil.which("codex-tui")
    if Path(sys.argv[0]).name == "codex-tui":
        script = str(Path(sys.argv[0]).resolve())
    return script if script else f"{sys.executable} -m codex_tui"


def check_program(command: str) -> list[Finding]:
    """The program a key's command= names must exist and run for this account."""
    words = shlex.split(command)
    if not words:
        return [fix("empty command=")]
    program = Path(words[0])
    if not program.is_absolute():
        return [fix(f"{words[0]}: give its absolute path in command= (sshd's PATH is short)")]
    if not os.access(program, os.X_OK):
        why = "does not exist" if not program.exists() else "cannot be run by this account"
        return [
            fix(
                f"{program} {why}: install codex-tui where {user_name()} can read and run it "
                f"(e.g. a venv in /opt/codex-tui, not under /root)"
            )
        ]
    if str(program).startswith("/root/"):
        return [fix(f"{program} is under /root: other accounts cannot reach it; install in /opt")]
    return []


# -------------------------------------------------------------- data folder


def check_data(data: Path) -> list[Finding]:
    if not data.exists():
        return [fix(f"data folder {data} does not exist: `codex-tui serve --no-ssh --data {data}` creates it")]
    info = data.stat()
    me = os.geteuid()
    if info.st_uid == me and not os.access(data, os.R_OK | os.X_OK):
        return [fix(f"data folder {data} is mode {stat.S_IMODE(info.st_mode):o}: its owner cannot read it")]
    if info.st_uid != me:
        return [fix(f"data folder {data} belongs to {user_name(info.st_uid)}: run serve and doctor as that account")]
    found = []
    mode = stat.S_IMODE(info.st_mode)
    if mode & 0o077:
        found.append(fix(f"data folder {data} is mode {mode:o}: run `chmod 700 {data}` (serve also does at start)"))
    open_entries = []
    for path in data.rglob("*"):
        entry = path.lstat()
        if not stat.S_ISLNK(entry.st_mode) and stat.S_IMODE(entry.st_mode) & 0o077:
            open_entries.append(path)
    if open_entries:
        listed = ", ".join(str(path.relative_to(data)) for path in open_entries[:3])
        more = f" and {len(open_entries) - 3} more" if len(open_entries) > 3 else ""
        count = f"{len(open_entries)} entries" if len(open_entries) != 1 else "1 entry"
        found.append(fix(f"{count} in {data} open to others ({listed}{more}): `chmod -R go= {data}`"))
    if not found:
        found.append(ok(f"data folder {data}: owned by {user_name(me)}, mode {mode:o}, nothing open to others"))
    return found


def check_store(data: Path) -> list[Finding]:
    """The server's database: its owner and mode (its -wal and -shm too), its integrity, its schema.
    Read only: doctor never changes it (a read-only connection, no migration)."""
    path = data / DB_FILE
    if not path.exists():
        return [ok(f"database {path}: none yet (serve creates it at its first start)")]
    found = []
    for part in (path, path.with_name(DB_FILE + "-wal"), path.with_name(DB_FILE + "-shm")):
        try:
            info = part.stat()
        except FileNotFoundError:
            continue
        mode = stat.S_IMODE(info.st_mode)
        if info.st_uid != os.geteuid():
            found.append(fix(f"{part} belongs to {user_name(info.st_uid)}: run serve as that account, or `chown` it"))
        if mode & 0o077:
            found.append(fix(f"{part} is mode {mode:o}: run `chmod 600 {part}` (it holds every name's key)"))
    try:
        check_file(path)
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            problems = integrity_problems(connection)
            version = schema_version(connection)
        finally:
            connection.close()
    except (OSError, sqlite3.Error) as error:
        return [*found, fix(f"database {path} cannot be read ({error}): restore it from a backup, or move it aside")]
    except StoreError as error:  # not a SQLite file
        return [*found, fix(str(error))]
    if problems:
        found.append(
            fix(f"database {path} fails its integrity check ({'; '.join(problems[:3])}): restore it from a backup")
        )
    if version > SCHEMA_VERSION:
        found.append(
            fix(f"database {path} has schema version {version}, newer than this codex-tui ({SCHEMA_VERSION}): upgrade")
        )
    if not found:
        found.append(ok(f"database {path}: owner-only, integrity ok, schema version {version}"))
    return found


def check_hub(hub: Path) -> list[Finding]:
    try:
        info = hub.stat()
    except PermissionError:
        return [fix(f"hub socket {hub}: {user_name()} may not reach it: run doctor as the account that runs serve")]
    except OSError:
        info = None
    if info is None:
        return [
            fix(
                f"hub socket {hub} is missing: is `codex-tui serve --no-ssh --data {hub.parent}` running? "
                "(`systemctl status codex-tui`)"
            )
        ]
    if not stat.S_ISSOCK(info.st_mode):
        return [fix(f"{hub} is not a socket")]
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(SOCKET_TIMEOUT)
    try:
        probe.connect(str(hub))
    except OSError as error:
        return [fix(f"hub socket {hub}: no server answers ({error.strerror}): start serve again")]
    finally:
        probe.close()
    return [ok(f"hub socket {hub}: the server answers")]


# ----------------------------------------------------------- authorized_keys


def split_options(line: str) -> tuple[list[str], str]:
    """(options, the rest) of an authorized_keys line; quoted commas and spaces stay inside."""
    if line.startswith(KEY_TYPES):
        return [], line
    options, current, quoted = [], "", False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        if not quoted and char in ", ":
            options.append(current)
            current = ""
            if char == " ":
                return [o for o in options if o], line[index + 1 :].strip()
            continue
        current += char
    return [*options, current], ""


def option_value(options: list[str], name: str) -> str | None:
    for option in options:
        if option.lower().startswith(f"{name}="):
            value = option[len(name) + 1 :]
            return value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value
    return None


def check_key_line(number: int, line: str, hub: Path) -> tuple[list[Finding], str | None]:
    """One key line's findings and the player name its command gives."""
    options, rest = split_options(line)
    words = rest.split()
    label = f"key line {number}" + (f" ({words[2]})" if len(words) > 2 else "")
    flags = {option.lower() for option in options}
    command = option_value(options, "command")
    if command is None:
        return [fix(f'{label}: no command=: this key gets a shell; add restrict,pty,command="... join ..."')], None
    found = []
    if "restrict" not in flags:
        found.append(fix(f"{label}: no `restrict`: it may forward ports and sockets; put `restrict,` first"))
    if ("restrict" in flags and "pty" not in flags) or "no-pty" in flags:
        found.append(fix(f"{label}: no terminal for the player: add `pty` after `restrict`"))
    words = shlex.split(command)
    if "join" not in words:
        found.append(fix(f"{label}: command= does not run `codex-tui join`"))
        return found, None
    found += [Finding(f.ok, f"{label}: {f.text}") for f in check_program(command)]
    given = words[words.index("--hub") + 1] if "--hub" in words[:-1] else None
    if given is None:
        found.append(fix(f"{label}: give `--hub {hub}` in command="))
    elif Path(given).resolve() != hub.resolve():
        found.append(fix(f"{label}: --hub {given}, but the server's socket is {hub}"))
    name = words[words.index("--name") + 1] if "--name" in words[:-1] else None
    if name is not None and not valid_name(name):
        found.append(fix(f"{label}: --name {name!r} is not a valid player name (letters, digits, . _ -; 1-16)"))
    if not found:
        found.append(ok(f"{label}: restrict,pty, joins as {name or user_name()}"))
    return found, name


def check_keys(keys: Path, hub: Path, home: Path) -> list[Finding]:
    """The key file, sshd's StrictModes on it and its folders, then every line."""
    if not keys.exists():
        return [fix(f"{keys} does not exist: put the players' key lines there (docs/ssh.md)")]
    found = []
    for path in (home, keys.parent, keys):
        info = path.stat()
        mode = stat.S_IMODE(info.st_mode)
        if mode & 0o022 or info.st_uid not in (os.geteuid(), 0):
            found.append(
                fix(
                    f"{path} is mode {mode:o}, owner {user_name(info.st_uid)}: sshd ignores the keys "
                    f"(StrictModes); run `chmod go-w {path}` and own it"
                )
            )
    names: dict[str, int] = {}
    count = 0
    for number, raw in enumerate(keys.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        count += 1
        line_found, name = check_key_line(number, line, hub)
        found += line_found
        if name is not None and name in names:
            found.append(fix(f"key line {number}: --name {name} again (line {names[name]}): one name per player"))
        elif name is not None:
            names[name] = number
    if count == 0:
        found.append(fix(f"{keys} has no key lines yet"))
    else:
        found.insert(0, ok(f"{keys}: {count} key line{'s' if count != 1 else ''}"))
    return found


# ---------------------------------------------------------------------- CLI


def diagnose(data: Path, keys: Path | None = None, entry: pwd.struct_passwd | None = None) -> list[Finding]:
    entry = entry or pwd.getpwuid(os.getuid())
    home = Path(entry.pw_dir)
    hub = data / SOCKET_NAME
    keys = keys or home / ".ssh" / "authorized_keys"
    return [
        *check_account(entry),
        *check_data(data),
        *check_store(data),
        *check_hub(hub),
        *check_keys(keys, hub, home),
    ]


def run_doctor(args: argparse.Namespace) -> int:
    data = (args.data or default_saves_dir() / "server").absolute()
    print(f"codex-tui doctor: the OpenSSH setup of user {user_name()} with --data {data}")
    findings = diagnose(data, args.keys)
    for finding in findings:
        print(f"{'ok ' if finding.ok else 'FIX'}  {finding.text}")
    problems = sum(not finding.ok for finding in findings)
    hub = data / SOCKET_NAME
    print(f'a key line for this setup: restrict,pty,command="{join_program()} join --hub {hub} --name NAME" KEY')
    if problems:
        print(f"{problems} thing{'s' if problems != 1 else ''} to fix.")
        return 1
    print("Everything checked is in order.")
    return 0
