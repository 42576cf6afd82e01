"""A player in a real browser: sign in with a passphrase, open a table against a bot, play a turn."""

from __future__ import annotations

import re

from playwright.async_api import Browser

from codex_tui.games.codex.rules import Phase
from codex_tui.server.serve import GameServer
from tests.server.harness import (
    SEED,
    choose_setup_by_keys,
    create_table_by_keys,
    play_decision_by_keys,
    wait_until,
)
from tests.web.conftest import BrowserTerminal, only_table, open_page, sign_in, web_url


async def test_a_browser_player_signs_in_opens_a_table_against_a_bot_and_plays_a_turn(
    server: GameServer, playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    bea = await open_page(playwright_browser, pages, "bea")
    lobby = await sign_in(bea, web_url(server), "bea")
    assert "you are bea" in lobby
    assert server.hub.passphrases.owner("bea") == "bea"  # the free name is hers now, with its passphrase

    await create_table_by_keys(bea, ["bot:random"], seed=SEED)
    await choose_setup_by_keys(bea)
    table = only_table(server)
    await wait_until(lambda: table.game is not None and table.game.phase is not Phase.SETUP, what="set-up")
    assert table.game is not None
    seat = table.game.players.index("bea")
    await wait_until(lambda: table.game is not None and table.game.current == seat, what="bea's turn")
    before = len(table.game.log)

    await play_decision_by_keys(bea, table)  # place the first card of the hand
    await play_decision_by_keys(bea, table)  # draw the first card offered
    assert len(table.game.log) >= before + 2  # the hub's table moved on by the browser's keys
    assert len(table.game.seats[seat].area) == 2  # her starter and the card she placed

    game = table.game
    (placed,) = (spot for spot in game.seats[seat].area.cards.values() if spot.order == 1)
    hand = game.seats[seat].hand
    shown = re.compile("|".join(rf"[RG]{card}(?![0-9])" for card in hand))

    def board_and_hand(text: str) -> bool:
        """Her hand's three cards under 'Your hand', her placed card on the board and in the log."""
        hand_part = text[text.find("Your hand") :] if "Your hand" in text else ""
        return (
            len(set(shown.findall(hand_part))) == len(hand) == 3
            and re.search(rf"[a-zA-Z]{placed.card}(?![0-9])", text) is not None
            and "You placed" in text  # her own move, read by her
        )

    screen = await bea.wait_for(board_and_hand)
    assert "Signed in as bea" in await bea.page.inner_text("#bar")
    players = screen.splitlines()[0]  # the score bar: both players
    assert "bea" in players and "Bot 2" in players
