"""The browser door's rules without a server: passphrases, the rate limit, invites, languages, listening."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest

from codex_tui.server import name_book, web_signin
from codex_tui.server.attempts import Attempt, AttemptLimiter
from codex_tui.server.invites import InviteBook
from codex_tui.server.name_book import BROWSER_NAME, NameBook
from codex_tui.server.passphrases import PassphraseBook
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.store_schema import DB_FILE, StoreError
from codex_tui.server.web_options import RemoteRefused, check_listen, is_loopback
from codex_tui.server.web_pages import accepted_language
from codex_tui.server.web_signin import Ending, Sessions, SignInGate


def test_a_passphrase_is_kept_as_a_salted_scrypt_hash_in_a_private_file(tmp_path: Path, store: Store) -> None:
    book = PassphraseBook(store)
    book.set("ada", "correct horse")
    database = tmp_path / DB_FILE
    assert b"correct horse" not in b"".join(path.read_bytes() for path in tmp_path.glob(f"{DB_FILE}*"))
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    again = Store(tmp_path)  # read back from the database, as another process would
    try:
        assert PassphraseBook(again).verify("ada", "correct horse")
        assert not PassphraseBook(again).verify("ada", "correct horsE")
    finally:
        again.close()
    book.set("bo", "correct horse")
    connection = sqlite3.connect(database)
    try:
        salts = {salt for (salt,) in connection.execute("SELECT salt FROM names WHERE scrypt IS NOT NULL")}
    finally:
        connection.close()
    assert len(salts) == 2, "each name has its own salt"


def test_names_are_one_without_regard_to_case(store: Store) -> None:
    names = NameBook(store)
    assert names.claim_passphrase("Ada", "correct horse", "127.0.0.1") is None
    assert names.claim_passphrase("ada", "another one!", "127.0.0.1") is not None
    book = names.passphrases
    assert book.owner("ADA") == "Ada"
    assert book.verify("aDa", "correct horse")


def test_a_replaced_passphrase_is_told_to_the_book_s_listeners(store: Store) -> None:
    names = NameBook(store)
    book = names.passphrases
    told: list[str] = []
    book.changed.append(told.append)
    assert names.claim_passphrase("ada", "correct horse", "127.0.0.1") is None
    assert told == [], "a first passphrase ends no session"
    names.set_passphrase("Ada", "another horse")
    assert told == ["Ada"]


def test_short_passphrases_are_refused(store: Store) -> None:
    with pytest.raises(ValueError):
        PassphraseBook(store).set("ada", "short")


def test_an_unreadable_passphrase_file_stops_the_server(tmp_path: Path) -> None:
    (tmp_path / "passphrases.json").write_text("{not json")  # a file of before the database, to import
    with pytest.raises(StoreError, match="fix or remove"):
        Store(tmp_path)
    assert (tmp_path / "passphrases.json").read_text() == "{not json"


def test_every_end_of_a_browser_session_is_told_with_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """The door closes a session's terminals when told: each way a session ends must tell it."""
    told: list[tuple[str, Ending]] = []
    sessions = Sessions(ended=lambda token, why: told.append((token, why)))
    proofs = {"ada": b"first", "bo": b"bo's"}
    ada, other_ada = sessions.open("ada", b"first", "1.2.3.4"), sessions.open("Ada", b"first", "1.2.3.4")
    bo = sessions.open("bo", b"bo's", "1.2.3.5")
    sessions.close(ada)
    sessions.close(ada)
    assert told == [(ada, Ending.SIGNED_OUT)], "told once"

    proofs["ada"] = b"second"
    newer = sessions.open("ada", b"second", "1.2.3.4")
    sessions.end("ADA", Ending.PASSPHRASE_CHANGED, keep=b"second")  # look-alikes are one name
    assert told[1:] == [(other_ada, Ending.PASSPHRASE_CHANGED)]
    assert sessions.name_of(newer, proofs.get) == "ada" and sessions.name_of(bo, proofs.get) == "bo"

    proofs["bo"] = b"changed unseen"
    assert sessions.name_of(bo, proofs.get) is None
    assert told[-1] == (bo, Ending.PASSPHRASE_CHANGED)

    sessions.lifetime = -1.0
    old = sessions.open("cy", None, "1.2.3.6")
    assert sessions.expires(old) is not None and sessions.name_of(old, proofs.get) is None
    assert told[-1] == (old, Ending.EXPIRED) and sessions.expires(old) is None

    monkeypatch.setattr(web_signin, "MAX_SESSIONS", 1)
    sessions.open("dee", None, "1.2.3.7")
    assert told[-1] == (newer, Ending.PUSHED_OUT)


def counted_attempt(limiter: AttemptLimiter, *limits: tuple[str, int]) -> None:
    attempt = limiter.begin(*limits)
    assert isinstance(attempt, Attempt)
    attempt.count()


def test_the_limiter_closes_after_five_failures_and_says_how_long() -> None:
    limiter = AttemptLimiter(window=60)
    for _ in range(4):
        counted_attempt(limiter, ("name:ada", 5))
    counted_attempt(limiter, ("name:ada", 5))
    wait = limiter.begin(("name:ada", 5), ("address:x", 5))
    assert isinstance(wait, float) and 55 < wait <= 60
    assert limiter.load("address:x") == 0, "a refused attempt takes no slot"
    assert isinstance(limiter.begin(("name:bo", 5)), Attempt)


def test_attempts_under_way_take_their_slots_before_they_end() -> None:
    limiter = AttemptLimiter(window=60)
    under_way = [limiter.begin(("name:ada", 5)) for _ in range(200)]
    started = [attempt for attempt in under_way if isinstance(attempt, Attempt)]
    assert len(started) == 5, "200 attempts at once: 5 start, the rest wait"
    started[0].drop()  # a right passphrase gives its slot back
    assert isinstance(limiter.begin(("name:ada", 5)), Attempt)
    assert isinstance(limiter.begin(("name:ada", 5)), float)
    for attempt in started[1:]:
        attempt.count()
        attempt.drop()  # (once ended, an attempt stays as it ended)
    assert limiter.load("name:ada") == 5


def test_the_limiter_opens_again_after_its_window() -> None:
    now = [100.0]
    limiter = AttemptLimiter(window=60, clock=lambda: now[0])
    counted_attempt(limiter, ("a", 2))
    counted_attempt(limiter, ("a", 2))
    assert limiter.begin(("a", 2)) == 60.0  # full: room again in a minute
    now[0] += 59.9
    assert isinstance(limiter.begin(("a", 2)), float)
    now[0] += 0.2
    assert isinstance(limiter.begin(("a", 2)), Attempt)


async def test_a_free_name_is_claimed_only_with_the_passphrase_typed_twice(store: Store) -> None:
    gate = SignInGate(NameBook(store))
    first = await gate.sign_in("ada", "correct horse", None, "1.2.3.4")
    assert first.name is None and first.confirm
    differ = await gate.sign_in("ada", "correct horse", "correct hors", "1.2.3.4")
    assert differ.name is None and differ.confirm
    assert gate.passphrases.owner("ada") is None, "nothing claimed on a typo"
    claimed = await gate.sign_in("ada", "correct horse", "correct horse", "1.2.3.4")
    assert claimed.name == "ada"
    assert (await gate.sign_in("ADA", "correct horse", None, "1.2.3.4")).name == "ada"


async def test_a_bad_name_shows_the_rules(store: Store) -> None:
    gate = SignInGate(NameBook(store))
    for name in ("josé", "a" * 17, "", "-ada"):
        outcome = await gate.sign_in(name, "correct horse", "correct horse", "1.2.3.4")
        assert outcome.name is None and outcome.show_rules, name


def test_an_ssh_key_cannot_take_a_name_claimed_in_a_browser(store: Store) -> None:
    names = NameBook(store)
    assert names.claim_passphrase("ada", "correct horse", "127.0.0.1") is None
    key = asyncssh.generate_private_key("ssh-ed25519")
    assert str(names.refusal("ada", key)) == BROWSER_NAME
    assert str(names.refusal("Ada", key)) == BROWSER_NAME
    assert names.refusal("bo", key) is None


def test_an_ssh_owner_keeps_their_name_after_setting_a_passphrase(store: Store) -> None:
    names = NameBook(store)
    key = asyncssh.generate_private_key("ssh-ed25519")
    assert names.bind("ada", key) is None
    names.set_passphrase("ada", "correct horse")
    assert names.refusal("ada", key) is None
    assert names.bind("ada", key) is None


def test_an_invite_works_once(tmp_path: Path, store: Store) -> None:
    book = InviteBook(store)
    token = book.create("ada")
    stored = b"".join(path.read_bytes() for path in tmp_path.glob(f"{DB_FILE}*"))
    assert token.encode() not in stored, "only its hash is stored"
    other = Store(tmp_path)  # another process's connection
    try:
        assert InviteBook(other).peek(token) == "ada"
        assert InviteBook(other).consume(token) == "ada"
    finally:
        other.close()
    assert book.consume(token) is None
    assert book.peek(token) is None
    assert book.consume("not-a-token") is None


def test_an_invite_expires(store: Store) -> None:
    book = InviteBook(store)
    token = book.create("ada", lifetime=-1)
    assert book.peek(token) is None
    assert book.consume(token) is None


def test_accept_language_picks_the_browser_s_preferred_language_we_speak() -> None:
    assert accepted_language("fr-FR,fr;q=0.9,en;q=0.8") == "fr"
    assert accepted_language("de-DE,zh-CN;q=0.8,en;q=0.5") == "zh"
    assert accepted_language("en;q=0.1, fr;q=0.7") == "fr"
    assert accepted_language("de") is None
    assert accepted_language(None) is None
    assert accepted_language("fr;q=0") is None


def test_listening_beyond_loopback_needs_allow_remote() -> None:
    for host in ("127.0.0.1", "::1", "localhost", "127.0.0.2"):
        assert is_loopback(host)
        check_listen(host, allow_remote=False)
    for host in ("0.0.0.0", "::", "192.168.1.5", "example.org"):
        with pytest.raises(RemoteRefused, match="--allow-remote"):
            check_listen(host, allow_remote=False)
        check_listen(host, allow_remote=True)


async def test_new_names_from_one_remote_address_are_limited(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = SignInGate(NameBook(store))
    monkeypatch.setattr(name_book, "MAX_CLAIMS", 2)
    for name in ("ann", "bea"):
        assert (await gate.sign_in(name, "correct horse", "correct horse", "203.0.113.9")).name == name
    refused = await gate.sign_in("cat", "correct horse", "correct horse", "203.0.113.9")
    assert refused.name is None and refused.problem is not None and "minutes" in str(refused.problem)
    assert (await gate.sign_in("cat", "correct horse", "correct horse", "198.51.100.7")).name == "cat"
    for name in ("dan", "eli", "fay"):  # this machine's players are not counted
        assert (await gate.sign_in(name, "correct horse", "correct horse", "127.0.0.1")).name == name
