"""One table, two doors: an SSH player and a browser player play each other and chat through the same hub."""

from __future__ import annotations

import asyncio

from playwright.async_api import Browser

from codex_tui.games.codex.rules import Phase
from codex_tui.server.serve import GameServer
from tests.server.harness import (
    SEED,
    Terminal,
    choose_setup_by_keys,
    create_table_by_keys,
    open_terminal,
    play_decision_by_keys,
    wait_until,
)
from tests.server.leaks import assert_no_leak
from tests.web.conftest import (
    BrowserTerminal,
    check_no_leak,
    join_first_table,
    only_table,
    open_page,
    sign_in,
    web_url,
)

Seat = Terminal | BrowserTerminal


async def everyone_sees(text: str, *seats: Seat) -> None:
    """Every seat's screen shows `text` (an SSH terminal or a browser page alike)."""
    await asyncio.gather(*(seat.wait_for(text) for seat in seats))


async def test_an_ssh_player_and_a_browser_player_play_and_chat_at_one_table(
    server: GameServer, terminals: list[Terminal], playwright_browser: Browser, pages: list[BrowserTerminal]
) -> None:
    ada = await open_terminal(terminals, server.port, "ada")  # her SSH key
    bea = await open_page(playwright_browser, pages, "bea")
    await sign_in(bea, web_url(server), "bea")  # her passphrase

    await create_table_by_keys(ada, ["open"], seed=SEED)
    await ada.wait_for("waiting for 1 player")
    await join_first_table(bea)
    await choose_setup_by_keys(ada)
    await choose_setup_by_keys(bea)
    table = only_table(server)
    await wait_until(lambda: table.game is not None and table.game.phase is not Phase.SETUP, what="set-up")
    game = table.game
    assert game is not None and set(game.players) == {"ada", "bea"}
    seated: dict[int, Seat] = {game.players.index("ada"): ada, game.players.index("bea"): bea}

    async def check_both() -> None:
        assert table.game is not None
        for seat, player in seated.items():
            if isinstance(player, BrowserTerminal):
                await check_no_leak(player, table.game, seat, "bea in the browser")
            else:
                assert_no_leak(player, table.game, seat, "ada over SSH")

    await check_both()
    for _ in range(4):  # two turns each (place, draw), each by its own door's keys
        assert table.game is not None
        await play_decision_by_keys(seated[table.game.current], table)
        await check_both()
    assert table.game is not None and len(table.game.log) >= 4 + 4  # two set-up choices each, then the moves
    await ada.wait_for("bea placed")  # each sees the other's move in the log
    await bea.wait_for("ada placed")

    # They talk at the table, each through their own door: each line reaches both screens' logs.
    await bea.press("t")
    await bea.wait_for("Say it to the table")
    await bea.press(*"hello ada", "enter")
    await everyone_sees("bea: hello ada", ada, bea)
    await ada.press("t")
    await ada.wait_for("Say it to the table")
    await ada.press(*"你好 bea", "enter")
    await everyone_sees("ada: 你好 bea", ada, bea)
    assert [(line.name, line.text) for line in table.chat.recent()] == [("bea", "hello ada"), ("ada", "你好 bea")]
    await everyone_sees("Your hand", ada, bea)
    await check_both()
