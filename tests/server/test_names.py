"""One rule for player names: case and look-alikes collide, refusals are explained, a name is claimed by playing."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codex_tui.i18n.text import _
from codex_tui.protocol.messages import NAME_PATTERN, valid_name
from codex_tui.protocol.names import MAX_NAME_LENGTH, NAME_RULES, name_key, name_refusal
from codex_tui.server.identity import KeyBook, key_text
from codex_tui.server.languages import speaking
from codex_tui.server.serve import GameServer
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from tests.server.harness import WAIT, Terminal, connect, key_for, open_terminal, start_server, stored_keys, wait_until

SSH = "/usr/bin/ssh"


# ------------------------------------------------------------------ the rule


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Alice", "alice"),
        ("ALICE", "alice"),
        ("AIice", "alice"),  # capital I for l
        ("a1ice", "alice"),
        ("ali", "a11"),
        ("B0b", "bob"),
        ("rnary", "mary"),
        ("vvill", "will"),
        ("vvv", "wv"),
        ("vw", "wv"),
        ("Rn.0", "m.o"),
        ("bea.", "bea"),  # separators count for nothing
        ("bea_", "bea"),
        ("bea-", "bea"),
        ("a.b", "a_b"),
        ("b-e_a", "bea"),
    ],
)
def test_names_that_differ_in_case_or_look_alikes_are_one(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("ada", "adb"), ("ann", "arm"), ("a.b", "a.c"), ("bo", "bob"), ("v", "w"), ("n", "m"), ("ada-", "adam")],
)
def test_names_that_look_different_are_two(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", max_size=16))
def test_case_never_makes_two_names(name: str) -> None:
    assert name_key(name.upper()) == name_key(name.lower()) == name_key(name.swapcase())


@given(st.text(max_size=20))
def test_a_name_is_refused_exactly_when_the_pattern_refuses_it(name: str) -> None:
    assert (name_refusal(name) is None) == valid_name(name)


def test_the_longest_name_is_the_patterns() -> None:
    assert NAME_PATTERN.fullmatch("a" * MAX_NAME_LENGTH) is not None
    assert NAME_PATTERN.fullmatch("a" * (MAX_NAME_LENGTH + 1)) is None


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("josé", "'é' cannot be part of a name"),
        ("x" * 17, "at most 16 characters, and this one has 17"),
        ("-dash", "'-' cannot start a name"),
        ("bad name", "a space cannot be part of a name"),
        ("", "cannot be empty"),
        ("ab\x1b[2J", "U+001B cannot be part of a name"),
    ],
)
def test_a_refused_name_is_told_why_without_repeating_it(name: str, words: str) -> None:
    refusal = name_refusal(name)
    assert refusal is not None and words in refusal
    assert "\x1b" not in refusal


def test_the_refusals_and_the_rules_are_translated() -> None:
    with speaking("fr"):
        assert name_refusal("josé") == "'é' ne peut pas figurer dans un nom."
    assert name_refusal("josé") == "'é' cannot be part of a name."
    for code in ("en", "fr", "zh"):
        with speaking(code):
            rules = _(NAME_RULES)
        assert "A1ice" in rules and "16" in rules
        assert code == "en" or rules != NAME_RULES


# -------------------------------------------------------------- the key book


def test_a_look_alike_of_a_bound_name_is_refused_to_other_keys(tmp_path: Path, store: Store) -> None:
    bob, carol = key_for("bob"), key_for("carol")
    book = KeyBook(store)
    assert book.owner_of("Alice") is None and book.allows("Alice", carol)
    assert book.bind("alice", bob)
    for look_alike in ("Alice", "ALICE", "AIice", "a1ice"):
        refusal = book.refusal(look_alike, carol)
        assert refusal is not None
        assert str(refusal) == "too close to the name 'alice' already taken"
        assert f"{look_alike} is too close to the name alice already taken" in refusal.told.text()
        assert not book.bind(look_alike, carol)
        assert book.owner_of(look_alike) == "alice"
        assert book.allows(look_alike, bob) and book.own_name(look_alike, bob) == "alice"
    assert book.own_name("Alice", carol) is None
    refusal = book.refusal("alice", carol)
    assert refusal is not None and str(refusal) == "name bound to another key"
    assert carol.get_fingerprint() in refusal.told.text()
    assert book.owner_of("adb") is None and book.bind("adb", carol)  # a name that only looks near is free
    assert sorted(stored_keys(tmp_path)) == ["adb", "alice"]
    again = Store(tmp_path)
    try:
        assert KeyBook(again).refusal("ALlCE", carol) is not None  # read back from the database, the rule holds
    finally:
        again.close()


def test_a_book_from_before_the_rule_keeps_both_colliding_names(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bob, other, carol = key_for("bob"), key_for("other bob"), key_for("carol")
    players = {
        name: {"key": key_text(key), "fingerprint": key.get_fingerprint(), "since": "2026-01-01T00:00:00+00:00"}
        for name, key in (("Bob", bob), ("b0b", other), ("ada", carol))
    }
    (tmp_path / "players.json").write_text(
        json.dumps({"format": "codex-tui-players", "version": 1, "players": players})
    )  # a key book of before the database, imported by the store
    caplog.set_level(logging.WARNING, logger="codex_tui.server")
    store = Store(tmp_path)
    book = KeyBook(store)
    assert "the names Bob, b0b are one name" in caplog.text
    assert "ada" not in caplog.text
    assert book.allows("Bob", bob) and book.allows("b0b", other)  # nobody is locked out
    assert book.own_name("Bob", bob) == "Bob" and book.own_name("b0b", other) == "b0b"
    # each key asking for any spelling of the one name plays as the name it owns
    assert book.own_name("BOB", bob) == "Bob" and book.own_name("BOB", other) == "b0b"
    assert book.own_name("b0b", bob) == "Bob" and book.own_name("Bob", other) == "b0b"
    assert not book.allows("bob", carol) and not book.bind("bob", carol)
    assert book.owner_of("b0b") == "b0b" and book.owner_of("B0B") in ("Bob", "b0b")
    store.close()


# ------------------------------------------------------------- over SSH


class BannerClient(asyncssh.SSHClient):
    """A client that keeps the authentication banners it is sent."""

    def __init__(self, banners: list[str]) -> None:
        self.banners = banners

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def refused_banners(port: int, name: str, *keys: asyncssh.SSHKey) -> list[str]:
    """Log in as `name` with `keys`, expecting a refusal; the banners the client was sent."""
    banners: list[str] = []
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            port,
            username=name,
            client_keys=list(keys),
            known_hosts=None,
            agent_path=None,
            config=[],
            client_factory=lambda: BannerClient(banners),
        )
    return banners


async def test_a_refused_login_is_told_why_and_the_rules(server: GameServer, terminals: list[Terminal]) -> None:
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    for name, why in (
        ("josé", "codex-tui: 'é' cannot be part of a name."),
        ("x" * 17, "codex-tui: A name has at most 16 characters, and this one has 17."),
    ):
        (banner,) = await refused_banners(server.port, name, stranger)
        assert banner.startswith(why + "\n")
        assert NAME_RULES in banner and "The first SSH key that logs in as a name owns it." in banner
    await open_terminal(terminals, server.port, "alice")
    (banner,) = await refused_banners(server.port, "alice", stranger)
    assert f"The name alice belongs to another key than {stranger.get_fingerprint()}" in banner
    (banner,) = await refused_banners(server.port, "AIice", stranger, asyncssh.generate_private_key("ssh-ed25519"))
    assert banner.startswith("codex-tui: AIice is too close to the name alice already taken")  # once for two keys


async def test_the_banner_speaks_the_language_the_name_chose(server: GameServer, terminals: list[Terminal]) -> None:
    await open_terminal(terminals, server.port, "alice")
    server.hub.languages.choose("alice", "fr")
    (banner,) = await refused_banners(server.port, "alice", asyncssh.generate_private_key("ssh-ed25519"))
    assert "Le nom alice appartient à une autre clé" in banner and "La casse, les sosies et . _ -" in banner
    (banner,) = await refused_banners(server.port, "Alice", asyncssh.generate_private_key("ssh-ed25519"))
    assert "Alice est trop proche du nom alice, déjà pris" in banner  # the language of the name it is one with
    (banner,) = await refused_banners(server.port, "josé", asyncssh.generate_private_key("ssh-ed25519"))
    assert "'é' cannot be part of a name" in banner  # no name, no language: English


async def test_a_key_off_the_list_is_told_so(tmp_path: Path) -> None:
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(key_for("ada").export_public_key())
    server = await start_server(tmp_path / "data", authorized_keys=listed)
    try:
        stranger = asyncssh.generate_private_key("ssh-ed25519")
        (banner,) = await refused_banners(server.port, "bo", stranger)
        assert f"admits only the keys its host listed, and {stranger.get_fingerprint()} is not one" in banner
        assert stored_keys(server.data) == {}
    finally:
        await server.close()


async def test_the_owner_typing_another_case_plays_as_their_name(server: GameServer, terminals: list[Terminal]) -> None:
    await open_terminal(terminals, server.port, "alice")
    upper = await connect(server.port, "ALICE", key=key_for("alice"))
    terminals.append(upper)
    await upper.wait_for("you are alice")
    assert sorted(stored_keys(server.data)) == ["alice"]


async def test_exec_and_sftp_refused_leave_the_name_free(server: GameServer, terminals: list[Terminal]) -> None:
    first = key_for("zoe")
    async with await asyncssh.connect(
        "127.0.0.1", server.port, username="zoe", client_keys=[first], known_hosts=None, agent_path=None, config=[]
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process("ls", term_type="xterm")
    async with await asyncssh.connect(
        "127.0.0.1", server.port, username="zoe", client_keys=[first], known_hosts=None, agent_path=None, config=[]
    ) as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
    assert stored_keys(server.data) == {}
    other = asyncssh.generate_private_key("ssh-ed25519")
    await open_terminal(terminals, server.port, "Zoe", key=other)  # the name, in any case, is still free
    assert stored_keys(server.data)["Zoe"] == key_text(other)
    (banner,) = await refused_banners(server.port, "zoe", first)
    assert "too close to the name Zoe already taken" in banner


async def test_a_name_claimed_while_logging_in_is_said_and_closed(
    server: GameServer, terminals: list[Terminal], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    late_key = asyncssh.generate_private_key("ssh-ed25519")
    late = await asyncssh.connect(
        "127.0.0.1", server.port, username="Max", client_keys=[late_key], known_hosts=None, agent_path=None, config=[]
    )
    try:  # logged in as the free name Max, no terminal yet; meanwhile another key plays as max
        await open_terminal(terminals, server.port, "max")
        process = await late.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        output = await asyncio.wait_for(process.stdout.read(), WAIT)
        await asyncio.wait_for(process.wait_closed(), WAIT)
        assert b"Max is too close to the name max already taken: choose another name." in output
        assert process.exit_status == 1
    finally:
        late.close()
    await wait_until(lambda: "Max: session refused: key" in caplog.text, what="the log line")
    assert sorted(stored_keys(server.data)) == ["max"]


@pytest.mark.skipif(not Path(SSH).exists(), reason="no OpenSSH client")
async def test_the_openssh_client_prints_the_banner(server: GameServer, tmp_path: Path) -> None:
    key = tmp_path / "id_ed25519"
    key.write_bytes(key_for("someone").export_private_key())
    key.chmod(0o600)
    command = [
        SSH,
        *("-F", "/dev/null", "-i", str(key), "-p", str(server.port)),
        *("-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"),
        *("-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes"),
        "josé@127.0.0.1",
    ]
    done = await asyncio.to_thread(subprocess.run, command, capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 255
    assert "codex-tui: 'é' cannot be part of a name.\n" in done.stderr
    assert "Case, look-alikes and . _ - do not count" in done.stderr
    assert done.stderr.index("cannot be part of a name") < done.stderr.index("Permission denied (publickey)")


def test_a_name_claimed_in_a_browser_during_a_key_login_is_logged_as_such(
    server: GameServer, caplog: pytest.LogCaptureFixture
) -> None:
    """The SSH check and the end of its authentication are two steps: a browser that claims the name between
    them wins, and the log says it was claimed with a passphrase, not "bound to another key"."""
    from codex_tui.server.ssh_server import GameSSHServer

    caplog.set_level(logging.INFO, logger="codex_tui.server")
    key = key_for("ada")

    class Connection:
        """The few calls `auth_completed` makes of its connection."""

        closed: list[str] = []

        def get_extra_info(self, name: str) -> str:
            return "ada"

        def disconnect(self, code: int, reason: str) -> None:
            self.closed.append(reason)

    login = GameSSHServer(server.names, server.hub, server.sessions)
    login.conn = Connection()  # type: ignore[assignment]
    assert login.validate_public_key("ada", key)  # free when its key is checked
    assert server.names.claim_passphrase("ada", "a passphrase of hers", "127.0.0.9") is None
    login.auth_completed()
    assert login.username == "" and login.login_name is None and Connection.closed == ["name already taken"]
    assert "name claimed in a browser (with a passphrase)" in caplog.text
    assert "bound to another key" not in caplog.text
