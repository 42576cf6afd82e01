"""Games over SSH with real clients: keystrokes in, screens out, nothing hidden leaks."""

from __future__ import annotations

import pytest

from codex_tui.games.codex.rules import SPECTATOR, result
from codex_tui.server.serve import GameServer
from codex_tui.storage.saves import load_save
from tests.server.harness import SEED, Terminal, only_table, open_terminal, play_decision_by_keys, seat_two_players
from tests.server.leaks import assert_no_leak_once_settled


async def check_everyone(table, seated: dict[int, Terminal], watchers: list[Terminal] = ()) -> None:
    await assert_no_leak_once_settled(table.game, [*seated.items(), *((SPECTATOR, terminal) for terminal in watchers)])


async def test_first_turns_show_each_player_only_their_own_cards(server: GameServer, terminals: list[Terminal]) -> None:
    ada, bo = await seat_two_players(server, terminals)
    table = only_table(server)
    cy = await open_terminal(terminals, server.port, "cy")
    await cy.press("w")  # watch the running table
    await cy.wait_for("Watching: hands stay hidden")
    seated = {table.game.players.index("ada"): ada, table.game.players.index("bo"): bo}
    await check_everyone(table, seated, [cy])

    first = seated[table.game.current]
    await first.wait_for_output("Your turn")
    for _ in range(6):  # three turns: place and draw, by keystrokes
        await play_decision_by_keys(seated[table.game.current], table)
        await check_everyone(table, seated, [cy])
    for terminal in (ada, bo, cy):  # the other area, its hand shown as card backs
        await terminal.press("o")
        await terminal.wait_for("Viewing")
        await check_everyone(table, seated, [cy])
        await terminal.press("escape")
        await terminal.wait_for(lambda text: "Viewing" not in text)
    shown = await cy.wait_for(lambda text: text.count(" placed ") >= 3)  # the spectator saw the moves
    assert f"{table.game.players[table.game.current]} to " in shown
    await check_everyone(table, seated, [cy])


@pytest.mark.slow
async def test_two_players_play_a_whole_seeded_game(server: GameServer, terminals: list[Terminal]) -> None:
    ada, bo = await seat_two_players(server, terminals)
    table = only_table(server)
    assert table.game is not None and table.game.seed == SEED
    seated = {table.game.players.index("ada"): ada, table.game.players.index("bo"): bo}
    decisions = 0
    while not table.game.is_over:
        await play_decision_by_keys(seated[table.game.current], table)
        decisions += 1
        await check_everyone(table, seated)
        assert decisions < 400
    game = table.game
    outcome = result(game)
    winner = game.players[outcome.winners[0]]
    for terminal in (ada, bo):  # the final board first, under a game-over line; enter: the summary
        await terminal.wait_for("Game over")
        await terminal.press("enter")
        await terminal.wait_for("Final scores")
        await terminal.wait_for(winner)
    await check_everyone(table, seated)
    saved = load_save(table.save_path)
    assert saved.game == game and saved.kinds == ("human", "human")
    assert table.save_path.parent.name == "finished"  # a restart will not load it again
    for terminal in (ada, bo):  # the summary leads back to the lobby (esc: back to the final board)
        await terminal.press("q")
        await terminal.wait_for("won")
