"""Nobody locks a player out of the browser door: guessers elsewhere meet limits the owner's
known browser is not under, and a browser signing in again and again pushes out only its
own sessions. Bursts are bounded and time is a test clock (no sleeping)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import aiohttp
import pytest

from codex_tui.server import web_signin
from codex_tui.server.attempts import AttemptLimiter
from codex_tui.server.name_book import NameBook
from codex_tui.server.serve import GameServer
from codex_tui.server.store import Store
from codex_tui.server.web import COOKIE, KNOWN_COOKIE
from codex_tui.server.web_signin import (
    GUESS_WINDOW,
    KNOWN_LIFETIME,
    MAX_GUESSES,
    MAX_KNOWN_PER_NAME,
    MAX_NAME_GUESSES,
    MAX_SESSIONS_PER_ADDRESS,
    MAX_SESSIONS_PER_NAME,
    Ending,
    KnownBrowsers,
    Outcome,
    Sessions,
    SignInGate,
)
from tests.server.web_client import WebClient

PASS = "correct horse"
ATTACKERS = [f"127.0.0.{i}" for i in range(2, 62)]
"""The issue's attack: one wrong guess from each of 60 loopback addresses."""


class Clock:
    """A test's monotonic clock: it moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def gate(store: Store, clock: Clock) -> SignInGate:
    """A gate on a test clock, with ada's and bo's passphrases set."""
    names = NameBook(store)
    names.set_passphrase("ada", PASS)
    names.set_passphrase("bo", PASS)
    return SignInGate(names, AttemptLimiter(GUESS_WINDOW, clock=clock), KnownBrowsers(clock=clock))


def said(outcome: Outcome) -> str:
    """What the page says, in a word: `in` (signed in), `wrong` or `wait`."""
    if outcome.name is not None:
        return "in"
    assert outcome.problem is not None
    text = outcome.problem.text()
    return "wait" if "Wait" in text else "wrong" if "Wrong" in text else text


async def known_browser(gate: SignInGate, name: str, address: str) -> str:
    """A browser signs in as `name` and is given its token, as the door does."""
    outcome = await gate.sign_in(name, PASS, None, address)
    assert outcome.name is not None
    return gate.known.remember(outcome.name, gate.passphrases.proof(outcome.name))


# --------------------------------------------------------------- the gate


async def test_sixty_addresses_guessing_a_name_do_not_lock_its_known_browser_out(
    gate: SignInGate, clock: Clock
) -> None:
    known = await known_browser(gate, "ada", "192.0.2.44")
    answers = Counter([said(await gate.sign_in("ada", "wrong guess", None, address)) for address in ATTACKERS])
    assert answers == {"wrong": MAX_NAME_GUESSES, "wait": len(ATTACKERS) - MAX_NAME_GUESSES}

    fresh = await gate.sign_in("ada", PASS, None, "192.0.2.45")  # a new browser: the residual
    assert said(fresh) == "wait"
    assert said(await gate.sign_in("ada", PASS, None, "192.0.2.45", known)) == "in", "her known browser, at once"
    assert said(await gate.sign_in("Ada", PASS, None, ATTACKERS[0], known)) == "in", "from any address"
    clock.now += GUESS_WINDOW
    assert said(await gate.sign_in("ada", PASS, None, "192.0.2.45")) == "in", "a new browser after the minute"


async def test_a_burst_from_the_owner_s_address_for_other_names_does_not_lock_her_known_browser_out(
    gate: SignInGate,
) -> None:
    shared = "203.0.113.7"  # a café's address: someone there guesses bo's passphrase, then cy's
    known = await known_browser(gate, "ada", shared)
    gate.names.set_passphrase("cy", PASS)
    burst = [said(await gate.sign_in(name, f"guess {i}", None, shared)) for i in range(10) for name in ("bo", "cy")]
    assert Counter(burst) == {"wrong": MAX_GUESSES, "wait": 20 - MAX_GUESSES}
    assert said(await gate.sign_in("ada", PASS, None, shared)) == "wait", "without her cookie the address waits"
    assert said(await gate.sign_in("ada", PASS, None, shared, known)) == "in"


async def test_a_token_of_another_name_lifts_no_limit_and_a_token_s_guesses_are_few(
    gate: SignInGate, clock: Clock
) -> None:
    bos = await known_browser(gate, "bo", "198.51.100.3")
    adas = await known_browser(gate, "ada", "198.51.100.4")
    for address in ATTACKERS:
        await gate.sign_in("ada", "wrong guess", None, address)
    assert said(await gate.sign_in("ada", PASS, None, "198.51.100.3", bos)) == "wait", "bo's token is not ada's"
    assert said(await gate.sign_in("ada", PASS, None, "198.51.100.3", "made-up")) == "wait"

    # ada's token, stolen: its guesses, from anywhere, are MAX_GUESSES a minute
    stolen = [said(await gate.sign_in("ada", f"guess {i}", None, ATTACKERS[i], adas)) for i in range(MAX_GUESSES + 3)]
    assert stolen == ["wrong"] * MAX_GUESSES + ["wait"] * 3
    assert said(await gate.sign_in("ada", PASS, None, "198.51.100.4", adas)) == "wait", "the right one too, now"
    assert said(await gate.sign_in("bo", PASS, None, "198.51.100.3", bos)) == "in", "bo's token is not spent"

    clock.now += GUESS_WINDOW
    assert said(await gate.sign_in("ada", PASS, None, "198.51.100.4", adas)) == "in"


async def test_a_known_browser_is_forgotten_when_it_expires_or_the_passphrase_changes(
    gate: SignInGate, clock: Clock
) -> None:
    known = await known_browser(gate, "ada", "198.51.100.4")
    proof = gate.passphrases.proof("ada")
    assert gate.known.vouches(known, "ADA", proof)
    gate.names.set_passphrase("ada", "another horse")
    assert not gate.known.vouches(known, "ada", gate.passphrases.proof("ada")), "a new passphrase: a stranger"
    assert not gate.known.vouches(known, "ada", proof), "and forgotten"

    known = await known_browser(gate, "bo", "198.51.100.4")
    clock.now += KNOWN_LIFETIME + 1
    assert not gate.known.vouches(known, "bo", gate.passphrases.proof("bo"))


def test_a_name_keeps_a_few_known_browsers_and_a_repeater_forgets_only_its_own(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    known = KnownBrowsers(clock=clock)
    adas = [known.remember("ada", b"ada's") for _ in range(MAX_KNOWN_PER_NAME + 1)]
    assert not known.vouches(adas[0], "ada", b"ada's"), "the oldest goes"
    assert all(known.vouches(token, "ada", b"ada's") for token in adas[1:])
    renewed = known.remember("ada", b"ada's", replacing=adas[1])
    assert not known.vouches(adas[1], "ada", b"ada's") and known.vouches(renewed, "ada", b"ada's")

    monkeypatch.setattr(web_signin, "MAX_KNOWN", 12)
    known = KnownBrowsers(clock=clock)
    players = [(known.remember(name, b"x"), name) for name in ("ada", "ada", "bo", "cy", "dee", "eve")]
    for _ in range(100):  # 12 in all: mallory, signing in again and again, forgets only her own
        known.remember("mallory", b"m")
    assert all(known.vouches(token, name, b"x") for token, name in players)


# --------------------------------------------------------------- sessions


def test_a_name_signing_in_ten_thousand_times_ends_only_its_own_sessions() -> None:
    told: list[tuple[str, Ending]] = []
    sessions = Sessions(ended=lambda token, why: told.append((token, why)))
    players = {sessions.open(f"player{i}", None, f"10.0.0.{i}"): f"player{i}" for i in range(30)}
    mallory = [sessions.open("mallory", None, "203.0.113.66") for _ in range(10_050)]
    assert {token for token, _why in told} == set(mallory[:-MAX_SESSIONS_PER_NAME])
    assert all(why is Ending.PUSHED_OUT for _token, why in told)
    assert all(sessions.name_of(token, lambda name: None) == name for token, name in players.items())


def test_at_the_total_cap_the_name_holding_the_most_sessions_gives_one_up(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_signin, "MAX_SESSIONS", 50)
    told: list[tuple[str, Ending]] = []
    sessions = Sessions(ended=lambda token, why: told.append((token, why)), clock=clock)
    players = {sessions.open(f"player{i}", None, f"10.0.0.{i}"): f"player{i}" for i in range(40)}
    for i in range(200):  # from 200 addresses: the per-address cap does not hold her
        sessions.open("mallory", None, f"198.51.100.{i}")
    assert len(told) == 190 and all(why is Ending.PUSHED_OUT for _token, why in told)
    assert all(sessions.name_of(token, lambda name: None) == name for token, name in players.items())

    expiring = Sessions(clock=clock, lifetime=10.0)
    first = [expiring.open(f"player{i}", None, f"10.0.0.{i}") for i in range(49)]
    clock.now += 5
    lone = expiring.open("zed", None, "10.0.1.1")
    clock.now += 6  # the first 49 have expired: at the cap, they go, not zed's
    expiring.open("amy", None, "10.0.1.2")
    assert expiring.name_of(lone, lambda name: None) == "zed"
    assert all(expiring.expires(token) is None for token in first)


def test_one_address_keeps_only_its_newest_sessions() -> None:
    told: list[tuple[str, Ending]] = []
    sessions = Sessions(ended=lambda token, why: told.append((token, why)))
    elsewhere = sessions.open("ada", None, "192.0.2.44")
    burst = [sessions.open(f"name{i}", None, "203.0.113.66") for i in range(MAX_SESSIONS_PER_ADDRESS + 70)]
    assert [token for token, _why in told] == burst[:70]
    assert sessions.name_of(elsewhere, lambda name: None) == "ada"
    assert all(sessions.name_of(token, lambda name: None) is not None for token in burst[70:])


# --------------------------------------------------------------- the door


def cookie_header(response: aiohttp.ClientResponse, name: str) -> str:
    headers = [header for header in response.headers.getall("Set-Cookie", []) if header.startswith(name + "=")]
    assert len(headers) == 1, response.headers.getall("Set-Cookie", [])
    return headers[0]


def known_token(client: WebClient) -> str | None:
    return next((cookie.value for cookie in client.session.cookie_jar if cookie.key == KNOWN_COOKIE), None)


async def wrong_guess_from(url: str, address: str) -> str:
    """One wrong guess for ada, posted from `address` (a loopback address of this machine)."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    async with aiohttp.ClientSession(connector=connector) as session:
        form = {"name": "ada", "passphrase": "wrong guess"}
        async with session.post(url + "/sign-in", data=form, allow_redirects=False) as response:
            page = await response.text()
            assert response.status == 403
            return "wait" if "Too many wrong passphrases" in page else "wrong" if "Wrong name" in page else page


async def test_the_door_s_known_browser_cookie_outlasts_sixty_addresses_guessing(
    web_server: GameServer, browsers: Callable[[GameServer], WebClient]
) -> None:
    assert web_server.web is not None
    owner = browsers(web_server)
    claimed = await owner.sign_in("ada", PASS, PASS)
    assert claimed.status == 303
    cookie = cookie_header(claimed, KNOWN_COOKIE)
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Secure" not in cookie
    assert f"Max-Age={int(KNOWN_LIFETIME)}" in cookie and "Path=/" in cookie
    first = known_token(owner)
    await owner.post("/sign-out", {})
    assert not owner.signed_in() and known_token(owner) == first, "signing out keeps the browser known"

    answers = Counter([await wrong_guess_from(owner.url, address) for address in ATTACKERS])
    assert answers == {"wrong": MAX_NAME_GUESSES, "wait": len(ATTACKERS) - MAX_NAME_GUESSES}

    stranger = browsers(web_server)  # the owner in a new browser (from 127.0.0.1, which never guessed)
    refused = await stranger.sign_in("ada", PASS)
    assert refused.status == 403 and "Too many wrong passphrases. Wait" in await refused.text()

    back = await owner.sign_in("ada", PASS)
    assert back.status == 303 and owner.signed_in()
    assert cookie_header(back, COOKIE) and known_token(owner) not in (None, first), "a new token each sign-in"
    assert not web_server.web.gate.known.vouches(first, "ada", web_server.hub.passphrases.proof("ada"))


async def test_the_door_s_repeated_sign_ins_push_out_only_their_own_sessions(
    web_server: GameServer, browsers: Callable[[GameServer], WebClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_signin, "MAX_SESSIONS", 6)
    bo = browsers(web_server)
    assert (await bo.sign_in("bo", PASS, PASS)).status == 303
    mallory = browsers(web_server)
    assert (await mallory.sign_in("mallory", PASS, PASS)).status == 303
    for _ in range(8):
        assert (await mallory.sign_in("mallory", PASS)).status == 303
    status, page = await bo.get("/")
    assert status == 200 and "textual.js" in page, "bo is still signed in"
