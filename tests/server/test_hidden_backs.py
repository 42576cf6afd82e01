"""Cards placed on their back over SSH: their owner sees which card, everyone else only its back."""

from __future__ import annotations

import re

from codex_tui.games.codex.rules import CATALOG, SPECTATOR, Place, Side
from codex_tui.server.serve import GameServer
from codex_tui.server.table import Table
from tests.server.harness import (
    Terminal,
    only_table,
    open_terminal,
    play_decision_by_keys,
    ready_to_place,
    seat_two_players,
    wait_until,
)
from tests.server.leaks import assert_no_leak_once_settled, seen_by

BACK_PREVIEW = re.compile(r"back at \(-?\d+,-?\d+\): \+0 pt")


async def place_on_back_by_keys(terminal: Terminal, table: Table) -> Place:
    """The seat to act places its first card on its back where the cursor starts."""
    game = table.game
    assert game is not None
    before = len(game.log)
    text = await terminal.wait_for(ready_to_place)
    if "flips it to its back" not in text:
        await terminal.press("f")
    await terminal.wait_for(lambda screen: BACK_PREVIEW.search(screen) is not None)
    await terminal.press("enter")
    await wait_until(lambda: table.game is not None and len(table.game.log) > before, what="the move")
    action = table.game.log[before].action
    assert isinstance(action, Place) and action.side is Side.BACK
    return action


async def test_a_card_placed_on_its_back_shows_only_its_back_to_the_others(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada, bo = await seat_two_players(server, terminals, seed=None)  # any deal: the first cards were dealt face down
    table = only_table(server)
    cy = await open_terminal(terminals, server.port, "cy")
    await cy.press("w")
    await cy.wait_for("Watching: hands stay hidden")
    assert table.game is not None
    seated = {table.game.players.index("ada"): ada, table.game.players.index("bo"): bo}
    everyone = [*seated.items(), (SPECTATOR, cy)]
    for terminal in (ada, bo, cy):  # wide enough for the log lines' kingdom
        terminal.resize(160, 50)

    placed: list[Place] = []
    for _ in range(2):  # each player places a card on its back, then draws
        placed.append(await place_on_back_by_keys(seated[table.game.current], table))
        await play_decision_by_keys(seated[table.game.current], table)
    game = table.game
    for place in placed:
        card = CATALOG.playable[place.card]
        others = [(seat, t) for seat, t in everyone if seat != place.player]
        for seat, _ in others:
            assert place.card not in seen_by(game, seat), "the test needs a card that was never shown"
        for _, terminal in others:
            await terminal.wait_for(f"placed a {card.kind.value} card ({card.kingdom.label}) on")
        await seated[place.player].wait_for(f"placed {card.kind.value.capitalize()} {place.card} back")
    await assert_no_leak_once_settled(game, everyone)
    for terminal in (ada, bo, cy):  # the other player's area, with the back on it
        await terminal.press("o")
        await terminal.wait_for("Viewing")
        await assert_no_leak_once_settled(game, everyone)
        await terminal.press("escape")
        await terminal.wait_for(lambda text: "Viewing" not in text)
