"""Nothing of the other seat's hand or secret reaches a browser: every websocket frame is checked.

Two browser players at one table. Each page's websocket frames (the app's
terminal output, textual-serve's text messages) are collected as they
arrive, and after each move the bytes received since the last check, and the
page's screen, are searched for every way a card hidden from that seat could
be written (tests/server/leaks.py: the same notion of hidden as the SSH tests).
"""

from __future__ import annotations

import re

from playwright.async_api import Browser

from codex_tui.games.codex.rules import Phase
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.server.serve import GameServer
from tests.server.harness import (
    SEED,
    choose_setup_by_keys,
    create_table_by_keys,
    play_decision_by_keys,
    wait_until,
)
from tests.server.instinkt_keys import game_of, instinkt_decision_by_keys, next_seat
from tests.server.leaks import animal_patterns, assert_no_instinkt_leak, instinkt_hidden_from
from tests.server.vt import plain_text
from tests.web.conftest import BrowserTerminal, check_no_leak, join_first_table, only_table, open_page, sign_in, web_url

INSTINKT_SEED = 31
"""A deal where ana's first card is one bea does not hold (tests/server/test_instinkt.py's seed)."""


async def seat_two_browsers(
    server: GameServer,
    playwright_browser: Browser,
    pages: list[BrowserTerminal],
    game: str = "codex-naturalis",
    seed: int = SEED,
) -> tuple[BrowserTerminal, BrowserTerminal]:
    """ana opens a table with one open seat from her page, bea takes it from hers."""
    ana = await open_page(playwright_browser, pages, "ana")
    bea = await open_page(playwright_browser, pages, "bea")
    await sign_in(ana, web_url(server), "ana")
    await sign_in(bea, web_url(server), "bea")
    await create_table_by_keys(ana, ["open"], seed=seed, game=game)
    await ana.wait_for("waiting for 1 player")
    await join_first_table(bea)
    return ana, bea


async def test_a_browser_seat_receives_nothing_of_the_other_hand(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    ana, bea = await seat_two_browsers(server, playwright_browser, pages)
    await choose_setup_by_keys(ana)
    await choose_setup_by_keys(bea)
    table = only_table(server)
    await wait_until(lambda: table.game is not None and table.game.phase is not Phase.SETUP, what="set-up")
    assert table.game is not None
    seated = {table.game.players.index("ana"): ana, table.game.players.index("bea"): bea}

    async def check_both() -> None:
        assert table.game is not None
        for seat, tab in seated.items():
            await check_no_leak(tab, table.game, seat, tab.name)

    await check_both()
    for _ in range(6):  # three turns: place and draw, by keys in each page
        assert table.game is not None
        await play_decision_by_keys(seated[table.game.current], table)
        await check_both()
    for tab in (ana, bea):  # the other's area, its hand shown as card backs
        await tab.press("o")
        await tab.wait_for("Viewing")
        await check_both()
        await tab.press("escape")
        await tab.wait_for(lambda text: "Viewing" not in text)
    await check_both()

    game = table.game
    assert game is not None
    for seat, tab in seated.items():
        # The check looked at real frames: each page was sent its own hand and its own secret objective.
        stream = plain_text(bytes(tab.received))
        assert tab.sockets and len(tab.received) > 10_000
        for card in game.seats[seat].hand:
            assert re.search(rf"[RG]{card}(?![0-9])", stream), f"{tab.name} never received her own card {card}"
        assert re.search(rf"(?:Objective|[Ss]ecret|\bS) +{game.seats[seat].secret}(?![0-9])", stream)


async def test_a_browser_seat_receives_nothing_of_the_other_instinkt_hand_or_pick(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    ana, bea = await seat_two_browsers(server, playwright_browser, pages, game="instinkt", seed=INSTINKT_SEED)
    table = only_table(server)
    await wait_until(lambda: table.game is not None, what="the deal")
    game = game_of(table)
    seated = {game.players.index("ana"): ana, game.players.index("bea"): bea}
    caught_something = False
    """At some check, a hand or a pick was hidden from the other seat (the check had work to do)."""

    async def check_both() -> None:
        nonlocal caught_something
        game = game_of(table)
        for seat, tab in seated.items():
            caught_something |= bool(instinkt_hidden_from(game, seat))
            await tab.read()
            assert_no_instinkt_leak(tab, game, seat, tab.name)  # type: ignore[arg-type]

    await check_both()
    for seat, tab in seated.items():  # the check can see a card when one is shown
        own = game_of(table).seats[seat].hand[0]
        await tab.wait_for(lambda text, own=own: re.search(animal_patterns(own)[0], text) is not None)

    assert game_of(table).phase is instinkt.Phase.CHOOSE
    first, other = game_of(table).players.index("ana"), game_of(table).players.index("bea")
    await instinkt_decision_by_keys(ana, table, first)  # type: ignore[arg-type]  # ana picks in secret first
    await check_both()
    pick = game_of(table).seats[first].chosen
    assert pick is not None and pick in instinkt_hidden_from(game_of(table), other)  # bea has no such card
    await bea.wait_for("Chosen already: ana")
    await check_both()
    played = 0
    while len(game_of(table).grid) < 3:
        game = game_of(table)
        seat = next_seat(game, (1 + game.round) % 2)
        await instinkt_decision_by_keys(seated[seat], table, seat)  # type: ignore[arg-type]
        await check_both()
        played += 1
        assert played < 40
    assert caught_something
    await bea.wait_for_output("revealed: ")  # the reveal reached the pages too: the stream was read all along
