"""A dropped connection loses nothing; a restarted server resumes every game."""

from __future__ import annotations

from pathlib import Path

from codex_tui.client.hub_client import HubClient
from codex_tui.games.codex.rules import Phase, legal_actions_for
from tests.server.harness import (
    Terminal,
    only_table,
    open_terminal,
    play_decision_by_keys,
    ready_to_draw,
    seat_two_players,
    start_server,
    wait_until,
)

CODEX = "codex-naturalis"


async def test_a_player_dropped_mid_turn_comes_back_to_the_same_turn(server, terminals: list[Terminal]) -> None:
    ada, bo = await seat_two_players(server, terminals)
    table = only_table(server)
    players = table.game.players
    mover = table.game.current
    name = players[mover]
    dropped, other = (ada, bo) if name == "ada" else (bo, ada)
    await play_decision_by_keys(dropped, table)  # placed a card; the draw is still to come
    assert table.game.phase is Phase.DRAW and table.game.current == mover
    log_before = table.game.log

    mark = len(other.received)
    dropped.conn.abort()  # the network goes away: no goodbye
    await other.wait_for(f"{name}(away)")
    await other.wait_for_output("left the table", since=mark)
    await wait_until(lambda: server.sessions.total == 1, what="the dropped session to end")
    assert table.game.log == log_before

    mark = len(other.received)
    back = await open_terminal(terminals, server.port, name)
    await back.wait_for("(your seat)")
    await back.press("enter")
    await back.wait_for(ready_to_draw)
    await other.wait_for_output(f"{name} is back", since=mark)
    await play_decision_by_keys(back, table)
    assert table.game.phase is Phase.PLACE and table.game.current != mover
    await other.wait_for(lambda text: "(away)" not in text)


async def test_a_restarted_server_resumes_its_games(tmp_path: Path, terminals: list[Terminal]) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        ada, bo = await seat_two_players(server, terminals)
        table = only_table(server)
        for _ in range(3):
            await play_decision_by_keys({"ada": ada, "bo": bo}[table.game.players[table.game.current]], table)
        # a second table, against a bot that is thinking (slowly) when the server stops
        cy = await HubClient.connect(server.hub.path, name="cy")
        server.room.bot_delay = 60
        cy.create(["bot:random"], CODEX, {"target_score": 20}, seed=7)
        message = await cy.receive_type("table")
        bot_table = server.room.get(message["table"])
        cy.act(legal_actions_for(bot_table.game, 0)[0], CODEX)
        await wait_until(lambda: len(bot_table.game.log) == 1, what="cy's first choice")
        await cy.close()
        log_before = table.game.log
    finally:
        await server.close()
    for terminal in (ada, bo):  # each app said goodbye and gave its terminal back
        await terminal.closed.wait()
        said = terminal.new_text()
        assert b"\x1b[?1049l" in terminal.received, said[-500:]  # left the alternate screen
        assert "every game is saved" in said, said[-500:]

    server = await start_server(data)
    try:
        assert len(server.room.tables) == 2
        table = next(t for t in server.room.tables.values() if "ada" in t.names)
        assert table.game.log == log_before
        bot_table = next(t for t in server.room.tables.values() if "cy" in t.names)
        await wait_until(lambda: len(bot_table.game.log) == 3, what="the bot to resume")  # its two choices

        seated = {}
        for name in ("ada", "bo"):
            terminal = await open_terminal(terminals, server.port, name)
            await terminal.wait_for("(your seat)")
            await terminal.press("enter")
            seated[name] = terminal
        for _ in range(3):
            await play_decision_by_keys(seated[table.game.players[table.game.current]], table)
        assert table.game.log[: len(log_before)] == log_before and len(table.game.log) == len(log_before) + 3
    finally:
        await server.close()
