"""One owner per name across both doors, and limits that hold when claims and guesses arrive at once.

Each test here failed on the code before `name_book.NameBook` and `attempts.AttemptLimiter`:
the key book and the passphrase book checked only themselves, and a wrong passphrase was counted
only after its hash, so guesses sent together all passed the check.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from pathlib import Path

import aiohttp
import pytest

from codex_tui.server import name_book
from codex_tui.server.attempts import AttemptLimiter
from codex_tui.server.name_book import BROWSER_NAME, MAX_NAMES_PER_KEY, NameBook
from codex_tui.server.passphrases import PassphraseBook
from codex_tui.server.serve import GameServer
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.web_signin import GUESS_WINDOW, MAX_GUESSES, MAX_NAME_GUESSES, SignInGate
from tests.server.harness import WAIT, Terminal, open_terminal, stored_keys, wait_until
from tests.server.web_client import WebClient

PASS = "correct horse"
REMOTE = "203.0.113.9"
"""An address that is not this machine's (its new names are counted)."""


# ------------------------------------------------------------ one owner


async def test_a_key_waiting_to_open_its_session_loses_a_name_claimed_in_a_browser_meanwhile(
    both: GameServer, caplog: pytest.LogCaptureFixture
) -> None:
    """The attack: a key logs in as the free name cara and waits; cara is claimed in a browser;
    then the key opens its session. Before, the key then owned cara too and saw her hand."""
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    assert both.web is not None
    attacker = asyncssh.generate_private_key("ssh-ed25519")
    waiting = await asyncssh.connect(
        "127.0.0.1", both.port, username="cara", client_keys=[attacker], known_hosts=None, agent_path=None, config=[]
    )
    browser = WebClient(both.web.url)
    try:
        assert (await browser.sign_in("cara", PASS, PASS)).status == 303, "cara was free: the browser claims it"
        process = await waiting.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        output = await asyncio.wait_for(process.stdout.read(), WAIT)
        await asyncio.wait_for(process.wait_closed(), WAIT)
        assert b"The name cara was claimed in a browser with a passphrase; no SSH key can take it." in output
        assert process.exit_status == 1
    finally:
        waiting.close()
        await browser.close()
    assert both.names.keys.bound_key("cara") is None
    assert "cara" not in stored_keys(both.data)
    await wait_until(lambda: "cara: session refused" in caplog.text, what="the refusal in the log")
    assert "now belongs to key" not in caplog.text
    with pytest.raises(asyncssh.PermissionDenied):  # and the key stays out afterwards
        await asyncssh.connect(
            "127.0.0.1",
            both.port,
            username="cara",
            client_keys=[attacker],
            known_hosts=None,
            agent_path=None,
            config=[],
        )


async def test_a_browser_cannot_claim_a_name_a_key_has_started_to_play(
    both: GameServer, terminals: list[Terminal]
) -> None:
    assert both.web is not None
    await open_terminal(terminals, both.port, "dan")
    browser = WebClient(both.web.url)
    try:
        refused = await browser.sign_in("Dan", PASS, PASS)
        assert refused.status == 403 and "belongs to an SSH player" in await refused.text()
    finally:
        await browser.close()
    assert both.names.passphrases.owner("dan") is None


def test_claims_racing_through_both_doors_leave_each_name_one_owner(store: Store) -> None:
    """Threads claim the same names by key and by passphrase at once: every name ends with one owner."""
    names = NameBook(store)
    key = asyncssh.generate_private_key("ssh-ed25519")
    start = threading.Barrier(2)
    taken = [f"n{i}" for i in range(MAX_NAMES_PER_KEY)]
    results: dict[str, list[bool]] = {name: [] for name in taken}

    def by_key() -> None:
        start.wait()
        for name in taken:
            results[name].append(names.bind(name, key) is None)

    def by_browser() -> None:
        start.wait()
        for name in taken:
            results[name].append(names.claim_passphrase(name, PASS, "127.0.0.1") is None)

    threads = [threading.Thread(target=by_key), threading.Thread(target=by_browser)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name in taken:
        assert sorted(results[name]) == [False, True], name
        key_owner = names.keys.bound_key(name) is not None
        browser_owner = names.passphrases.owner(name) is not None
        assert key_owner != browser_owner, name
        if browser_owner:
            assert str(names.refusal(name, key)) == BROWSER_NAME


def test_a_passphrase_set_for_a_key_s_name_leaves_the_key_its_owner(store: Store) -> None:
    names = NameBook(store)
    key = asyncssh.generate_private_key("ssh-ed25519")
    assert names.bind("eve", key) is None
    names.set_passphrase("eve", PASS)
    assert names.bind("eve", key) is None and names.refusal("Eve", key) is None
    assert names.claim_passphrase("eve", "another passphrase", "127.0.0.1") is not None


# --------------------------------------------------------- names per key


def test_one_key_owns_at_most_eight_names(tmp_path: Path, store: Store) -> None:
    names = NameBook(store)
    key = asyncssh.generate_private_key("ssh-ed25519")
    for i in range(MAX_NAMES_PER_KEY):
        assert names.bind(f"p{i}", key) is None
    refused = names.bind("ninth", key)
    assert refused is not None and "already owns 8 names" in refused.told.text()
    assert names.keys.bound_key("ninth") is None
    assert names.bind("p3", key) is None, "its own names still work"
    assert len(stored_keys(tmp_path)) == MAX_NAMES_PER_KEY


async def test_a_ninth_name_for_one_key_is_told_why_before_the_login_fails(both: GameServer) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    for i in range(MAX_NAMES_PER_KEY):
        assert both.names.bind(f"k{i}", key) is None
    banners: list[str] = []

    class BannerClient(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            both.port,
            username="ninth",
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
            config=[],
            client_factory=BannerClient,
        )
    assert len(banners) == 1 and "already owns 8 names, as many as one key may" in banners[0]


def test_new_names_from_one_address_are_limited_over_both_doors(monkeypatch: pytest.MonkeyPatch, store: Store) -> None:
    monkeypatch.setattr(name_book, "MAX_CLAIMS", 3)
    names = NameBook(store)
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(3)]
    assert names.bind("ann", keys[0], REMOTE, REMOTE) is None
    assert names.claim_passphrase("bea", PASS, REMOTE) is None
    assert names.bind("cid", keys[1], REMOTE, REMOTE) is None
    assert names.refusal("dee", keys[2], REMOTE, REMOTE) is not None
    refused = names.bind("dee", keys[2], REMOTE, REMOTE)
    assert refused is not None and "Too many new names from your address" in refused.told.text()
    assert names.claim_passphrase("dee", PASS, REMOTE) is not None
    assert names.bind("ann", keys[0], REMOTE, REMOTE) is None, "a name already owned is no new name"
    assert names.bind("dee", keys[2], "198.51.100.7", "198.51.100.7") is None
    assert names.bind("eli", keys[2], "127.0.0.1", "127.0.0.1") is None, "this machine's players are not counted"


def test_claims_sent_at_once_from_one_address_stop_at_the_limit(monkeypatch: pytest.MonkeyPatch, store: Store) -> None:
    monkeypatch.setattr(name_book, "MAX_CLAIMS", 4)
    names = NameBook(store)
    start = threading.Barrier(16)
    claimed: list[str] = []

    def claim(name: str) -> None:
        start.wait()
        if names.claim_passphrase(name, PASS, REMOTE) is None:
            claimed.append(name)

    threads = [threading.Thread(target=claim, args=(f"c{i}",)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(claimed) == 4


# ------------------------------------------------------ passphrase guesses


class CountingBook(PassphraseBook):
    """A passphrase book that counts the hashes it checks."""

    checked = 0

    def verify(self, name: str, passphrase: str) -> bool:
        type(self).checked += 1
        return super().verify(name, passphrase)


@pytest.fixture
def gate(store: Store) -> SignInGate:
    names = NameBook(store)
    names.passphrases = CountingBook(store)
    CountingBook.checked = 0
    names.set_passphrase("ada", PASS)
    # The guesses' window stands still: 50 scrypt hashes beside a CPU hog took longer than its minute, and
    # the first guesses left it before the owner's sign-in was checked.
    return SignInGate(names, AttemptLimiter(GUESS_WINDOW, clock=lambda: 1000.0))


async def test_guesses_sent_at_once_are_checked_no_more_than_the_limit(gate: SignInGate) -> None:
    guesses = [gate.sign_in("ada", f"wrong guess {i}", None, REMOTE) for i in range(199)]
    guesses.append(gate.sign_in("ada", PASS, None, REMOTE))  # the right one, among them
    outcomes = await asyncio.gather(*guesses)
    assert CountingBook.checked <= MAX_GUESSES
    assert outcomes[-1].name is None, "the right guess, sent among 199 wrong ones, is refused"
    assert sum(outcome.name is None for outcome in outcomes) == 200
    waits = [outcome for outcome in outcomes if outcome.problem is not None and "Wait" in outcome.problem.text()]
    assert len(waits) >= 200 - MAX_GUESSES


async def test_wrong_guesses_from_elsewhere_do_not_lock_the_owner_out(gate: SignInGate) -> None:
    for i in range(MAX_GUESSES):
        assert (await gate.sign_in("ada", f"wrong guess {i}", None, REMOTE)).name is None
    attacker = await gate.sign_in("ada", PASS, None, REMOTE)
    assert attacker.name is None and attacker.problem is not None and "Wait" in attacker.problem.text()
    other = await gate.sign_in("ada", "one more guess", None, "198.51.100.1")  # a new address: one guess...
    assert other.problem is not None and "Wrong" in other.problem.text()
    again = await gate.sign_in("ada", PASS, None, "198.51.100.1")  # ...then the name's limit holds it
    assert again.name is None and again.problem is not None and "Wait" in again.problem.text()
    owner = await gate.sign_in("ada", PASS, None, "192.0.2.44")  # the owner, from an address without failures
    assert owner.name == "ada"


async def test_many_addresses_guessing_one_name_meet_its_ceiling(gate: SignInGate) -> None:
    for i in range(MAX_NAME_GUESSES):
        assert (await gate.sign_in("ada", "wrong guess", None, f"10.0.{i // 250}.{i % 250}")).name is None
    stopped = await gate.sign_in("ada", PASS, None, "192.0.2.44")
    assert stopped.name is None and stopped.problem is not None and "Wait" in stopped.problem.text()


async def test_a_hundred_guesses_posted_at_once_to_the_door_are_checked_five_times(
    both: GameServer, caplog: pytest.LogCaptureFixture
) -> None:
    """The issue's evidence, over HTTP: before, 200 log lines of 'refused: wrong passphrase'."""
    caplog.set_level(logging.INFO, logger="codex_tui.server")
    assert both.web is not None
    both.names.set_passphrase("fay", PASS)
    async with aiohttp.ClientSession() as session:

        async def guess(passphrase: str) -> int:
            form = {"name": "fay", "passphrase": passphrase}
            async with session.post(both.web.url + "/sign-in", data=form, allow_redirects=False) as response:
                await response.read()
                return response.status

        statuses = await asyncio.gather(*(guess(f"guess number {i}") for i in range(99)), guess(PASS))
    assert caplog.text.count("refused: wrong passphrase") <= MAX_GUESSES
    assert statuses.count(303) <= 1
    assert statuses.count(403) >= 99


async def test_twelve_keys_waiting_on_one_free_name_leave_it_one_owner(
    both: GameServer, terminals: list[Terminal]
) -> None:
    """Twelve keys log in as the free name gus, none with a terminal yet; then all ask for one at once."""
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(12)]
    connections = await asyncio.gather(
        *(
            asyncssh.connect(
                "127.0.0.1", both.port, username="gus", client_keys=[key], known_hosts=None, agent_path=None, config=[]
            )
            for key in keys
        )
    )
    try:
        processes = await asyncio.gather(
            *(conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None) for conn in connections)
        )

        async def first_words(process: asyncssh.SSHClientProcess[bytes]) -> bytes:
            """The refusal (whole, up to the channel's end), or the start of the winner's screen."""
            words = b""
            while b"belongs to another key" not in words and len(words) < 1000:
                chunk = await asyncio.wait_for(process.stdout.read(4096), WAIT)
                if not chunk:
                    break
                words += chunk
            return words

        said = await asyncio.gather(*(first_words(process) for process in processes))
        refused = [words for words in said if b"belongs to another key" in words]
        assert len(refused) == 11, said
        owner = both.names.keys.bound_key("gus")
        assert owner is not None
        winner = next(i for i, words in enumerate(said) if b"belongs to another key" not in words)
        assert both.names.own_name("gus", keys[winner]) == "gus"
    finally:
        for conn in connections:
            conn.close()


async def test_fifty_browsers_claiming_one_free_name_at_once_leave_it_one_owner(both: GameServer) -> None:
    assert both.web is not None
    browsers = [WebClient(both.web.url) for _ in range(50)]
    try:
        answers = await asyncio.gather(
            *(browser.sign_in("hal", f"passphrase {i}", f"passphrase {i}") for i, browser in enumerate(browsers))
        )
        assert [answer.status for answer in answers].count(303) == 1
        winner = next(i for i, answer in enumerate(answers) if answer.status == 303)
        assert both.names.passphrases.verify("hal", f"passphrase {winner}")
        assert sum(browser.signed_in() for browser in browsers) == 1
    finally:
        await asyncio.gather(*(browser.close() for browser in browsers))


def test_a_claim_that_cannot_be_written_claims_nothing_and_says_so(
    monkeypatch: pytest.MonkeyPatch, store: Store
) -> None:
    names = NameBook(store)
    key = asyncssh.generate_private_key("ssh-ed25519")

    def refuse_writes(writable: bool) -> None:  # SQLite refuses every change, as on a read-only file
        store._run(lambda connection: connection.execute(f"PRAGMA query_only = {int(not writable)}"))

    refuse_writes(False)
    for refused in (names.bind("ivy", key), names.claim_passphrase("ivy", PASS, "127.0.0.1")):
        assert refused is not None and "cannot write down new names" in refused.told.text()
        assert "readonly database" in refused.log
    assert names.owner_of("ivy") is None and names.keys.names_of(key) == []
    refuse_writes(True)
    assert names.bind("ivy", key) is None, "the name is still free once the disk has room"
