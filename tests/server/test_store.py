"""The server's state in one SQLite database: the import of the JSON files of before, one owner per name
as a constraint, a damaged database refused untouched, and what doctor says of it.

`json_format_323d399/` holds a data folder written by the JSON writers of commit 323d399 (the last
code before the database): KeyBook.bind, PassphraseBook.set, InviteBook.create, remember_url,
LanguageBook.choose, MuteBook.mute, write_chat and write_options, run on that commit's tree, with
the two SSH keys and the invite's token they were made with beside it.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from codex_tui.server.doctor import check_store
from codex_tui.server.identity import key_text
from codex_tui.server.invites import InviteBook, remembered_url
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.store_rows import Claim
from codex_tui.server.store_schema import DB_FILE, SCHEMA_VERSION, StoreError
from codex_tui.server.web_signin import SignInGate
from tests.server.harness import start_server, stored_keys

FIXTURE = Path(__file__).parent / "json_format_323d399"
SAVE = "2026-12-02_010000_ada-vs-Bo.msgpack"
JSON_FILES = [
    "players.json",
    "passphrases.json",
    "invites.json",
    "languages.json",
    "mutes.json",
    "web-url.txt",
    "tables/2026-12-02_010000_ada-vs-Bo.chat.json",
    "tables/2026-12-02_010000_ada-vs-Bo.table.json",
]


def old_folder(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURE / "data", data)
    return data


def key(name: str) -> asyncssh.SSHKey:
    return asyncssh.import_private_key((FIXTURE / f"{name}.key").read_bytes())


def contents(data: Path) -> dict[str, bytes]:
    return {str(path.relative_to(data)): path.read_bytes() for path in sorted(data.rglob("*")) if path.is_file()}


# ------------------------------------------------------------------ the import


async def test_a_folder_of_json_files_is_imported_once_and_nothing_is_lost(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = old_folder(tmp_path)
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    server = await start_server(data)
    try:
        names = server.names
        assert names.own_name("ada", key("ada")) == "ada" and names.own_name("BO", key("Bo")) == "Bo"
        assert names.refusal("ada", key("Bo")) is not None and names.refusal("b0", key("ada")) is not None
        assert stored_keys(data) == {"ada": key_text(key("ada")), "Bo": key_text(key("Bo"))}
        gate = SignInGate(names)
        assert (await gate.sign_in("cara", "correct horse", None, "127.0.0.1")).name == "cara"
        assert (await gate.sign_in("Ada", "ada's browser pass", None, "127.0.0.1")).name == "ada"
        assert (await gate.sign_in("cara", "wrong horse", None, "127.0.0.1")).name is None
        token = (FIXTURE / "invite-token.txt").read_text().strip()
        assert InviteBook(server.store).peek(token) == "dee"
        assert remembered_url(server.store) == "https://games.example.org"
        languages = server.hub.languages
        assert languages.language_for("ada", "en") == "fr" and languages.language_for("cara", None) == "zh"
        assert server.hub.mutes.muted("ada") == ["Bo"] and server.hub.mutes.mutes("cara", "ADA")
        assert [(line.name, line.text, line.at) for line in server.store.chat(SAVE)] == [
            ("ada", "hello 中文", 0),
            ("Bo", "hi ada", 2),
        ]
        assert server.store.table_options(SAVE) == (True, True, False, "live", None, None)  # numbered at the start
    finally:
        await server.close()
    for name in JSON_FILES:
        assert not (data / name).exists() and (data / f"{name}.imported").exists(), name
    assert caplog.text.count("imported the JSON files") == 1
    assert "2 names with a key, 2 passphrases, 1 invites, 2 languages, 2 mute lists" in caplog.text

    caplog.clear()
    before = contents(data)
    again = Store(data)  # the second start
    try:
        assert "imported" not in caplog.text
        assert [row.name for row in again.names_like("ADA")] == ["ada"]
    finally:
        again.close()
    imported = {name: content for name, content in contents(data).items() if name.endswith(".imported")}
    assert imported == {name: content for name, content in before.items() if name.endswith(".imported")}


def test_an_import_that_fails_imports_nothing_and_leaves_the_files(tmp_path: Path) -> None:
    data = old_folder(tmp_path)
    (data / "passphrases.json").write_text("{cut short", encoding="utf-8")  # read after players.json
    before = contents(data)
    with pytest.raises(StoreError, match=r"passphrases.json: cannot import the browser passphrases"):
        Store(data)
    assert {name: content for name, content in contents(data).items() if not name.startswith(DB_FILE)} == before
    assert stored_keys(data) == {}, "the names of players.json were imported in the same transaction"


# ---------------------------------------------------------------- one owner


def test_two_connections_claiming_one_name_at_once_give_it_one_owner(tmp_path: Path) -> None:
    first, second = Store(tmp_path), Store(tmp_path)  # as two processes would
    try:
        names = [f"n{i}" for i in range(20)]
        won: dict[str, list[Claim]] = {name: [] for name in names}
        start = threading.Barrier(2)

        def claim(store: Store, owner: str) -> None:
            start.wait()
            for name in names:
                won[name].append(store.claim_key(name, f"ssh-ed25519 {owner}", owner))

        threads = [
            threading.Thread(target=claim, args=(store, owner)) for store, owner in ((first, "A"), (second, "B"))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for name in names:
            assert sorted(claim.value for claim in won[name]) == ["claimed", "taken"], name
            (row,) = first.names_like(name)
            assert row.key in ("ssh-ed25519 A", "ssh-ed25519 B")
    finally:
        first.close()
        second.close()


def test_a_look_alike_is_refused_by_the_unique_key(tmp_path: Path, store: Store) -> None:
    assert store.claim_key("cara", "ssh-ed25519 A", "A") is Claim.CLAIMED
    for look_alike in ("Cara", "c.ara", "CARA"):
        assert store.claim_key(look_alike, "ssh-ed25519 B", "B") is Claim.TAKEN
        assert not store.claim_passphrase(look_alike, b"salt", b"digest")
    connection = sqlite3.connect(tmp_path / DB_FILE)  # not the store's rule: the database's
    try:
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            connection.execute("INSERT INTO names (name, name_key, ssh_key) VALUES ('Cara', 'cara', 'ssh-ed25519 C')")
    finally:
        connection.close()
    assert [row.name for row in store.names_like("CARA")] == ["cara"]


# ------------------------------------------------------------ a damaged file


def test_a_file_that_is_not_a_database_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE
    path.write_bytes(b"\x00garbage, not SQLite\xff" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"server.sqlite3: not a SQLite database.*move it aside"):
        Store(tmp_path)
    assert path.read_bytes() == before and sorted(tmp_path.iterdir()) == [path]


def test_a_database_that_fails_its_integrity_check_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE
    path.write_bytes(b"SQLite format 3\x00" + b"\xde\xad" * 4096)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"server.sqlite3: the server's database is damaged.*backup"):
        Store(tmp_path)
    assert path.read_bytes() == before


def test_a_database_of_a_newer_schema_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    Store(tmp_path).close()
    connection = sqlite3.connect(tmp_path / DB_FILE)
    connection.execute("INSERT INTO schema_migrations VALUES (?, 'from the future', '')", (SCHEMA_VERSION + 7,))
    connection.commit()
    connection.close()
    path = tmp_path / DB_FILE
    before = path.read_bytes()
    with pytest.raises(StoreError, match=rf"schema version {SCHEMA_VERSION + 7}, newer than this codex-tui"):
        Store(tmp_path)
    assert path.read_bytes() == before


# ------------------------------------------------------------------- doctor


def test_doctor_says_the_database_is_in_order_and_finds_a_wrong_mode(tmp_path: Path) -> None:
    Store(tmp_path).close()
    (found,) = check_store(tmp_path)
    assert found.ok and f"integrity ok, schema version {SCHEMA_VERSION}" in found.text
    (tmp_path / DB_FILE).chmod(0o644)
    findings = check_store(tmp_path)
    assert not any(finding.ok for finding in findings)
    assert f"{tmp_path / DB_FILE} is mode 644: run `chmod 600" in findings[0].text
