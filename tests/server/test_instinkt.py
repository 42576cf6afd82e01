"""Instinkt at SSH tables: created from the lobby by keys, played by keys, private, resumable."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from codex_tui.client.hub_client import HubClient
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.server.serve import GameServer
from codex_tui.server.table import Table
from codex_tui.storage.saves import SavedGame, SaveError, load_save
from tests.server.harness import Terminal, create_table_by_keys, only_table, open_terminal, start_server, wait_until
from tests.server.instinkt_keys import game_of, instinkt_decision_by_keys, next_seat
from tests.server.leaks import animal_patterns, assert_no_instinkt_leak, instinkt_hidden_from

SEED = 31
INSTINKT = "instinkt"


class Watch:
    """The privacy check after every step, and a record that it had something to catch."""

    def __init__(self, table: Table, seated: dict[int, Terminal], watchers: tuple[Terminal, ...] = ()) -> None:
        self.table = table
        self.seated = seated
        self.watchers = watchers
        self.caught_something = False
        """At some check, a player's hand or pick was hidden from another viewer."""

    def check(self) -> None:
        game = game_of(self.table)
        for seat, terminal in self.seated.items():
            self.caught_something |= bool(instinkt_hidden_from(game, seat))
            assert_no_instinkt_leak(terminal, game, seat, game.players[seat])
        for terminal in self.watchers:
            assert_no_instinkt_leak(terminal, game, instinkt.SPECTATOR, "the spectator")


async def seat_two(server: GameServer, terminals: list[Terminal], draft: bool = False) -> tuple[Terminal, Terminal]:
    """ada opens an Instinkt table from the lobby by keys; bo sits down with enter."""
    ada = await open_terminal(terminals, server.port, "ada")
    bo = await open_terminal(terminals, server.port, "bo")
    await create_table_by_keys(ada, ["open"], seed=SEED, game=INSTINKT, draft=draft)
    await ada.wait_for("waiting for 1 player")
    await ada.wait_for("Instinkt")
    await bo.wait_for("Instinkt, draft" if draft else "Instinkt")  # the lobby's Game column
    await bo.press("enter")
    table = only_table(server)
    await wait_until(lambda: table.game is not None, what="the deal")
    return ada, bo


async def saved_as_now(table: Table) -> SavedGame:
    """The table's save once it holds the table's game as it is now. The game starts before
    its save is written (`_start` writes it in the background, after the table's options and
    chat), and every action is applied before it is saved."""

    def read() -> SavedGame | None:
        if table.save_path is None:
            return None
        try:
            saved = load_save(table.save_path)
        except SaveError:  # not written yet (a save is replaced whole: never half written)
            return None
        return saved if saved.game == table.game else None

    await wait_until(lambda: read() is not None, what="the table's save")
    saved = read()
    assert saved is not None
    return saved


async def play(
    table: Table,
    seated: dict[int, Terminal],
    watch: Watch,
    decisions: int = 400,
    until: Callable[[instinkt.Game], bool] = lambda game: False,
) -> int:
    """Play by keys until the game ends, `until` holds or after `decisions`;
    the first to pick alternates each round (both orders are legal)."""
    played = 0
    while played < decisions and not game_of(table).is_over and not until(game_of(table)):
        game = game_of(table)
        seat = next_seat(game, (1 + game.round) % 2)
        await instinkt_decision_by_keys(seated[seat], table, seat)
        played += 1
        watch.check()
    return played


def new_round(number: int) -> Callable[[instinkt.Game], bool]:
    """Round `number` has begun and nobody has picked yet."""
    return lambda game: (
        game.round == number and game.phase is instinkt.Phase.CHOOSE and all(seat.chosen is None for seat in game.seats)
    )


async def test_an_instinkt_table_made_by_keys_shows_each_player_only_their_own_cards(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada, bo = await seat_two(server, terminals, draft=True)
    table = only_table(server)
    game = game_of(table)
    assert table.module.name == INSTINKT and table.variant.draft and game.variant.draft and game.seed == SEED
    assert game.players == ("ada", "bo") and (await saved_as_now(table)).kinds == ("human", "human")
    cy = await open_terminal(terminals, server.port, "cy")
    await cy.press("w")  # watch the running table
    await cy.wait_for("Watching: hands stay hidden")
    seated = {0: ada, 1: bo}
    watch = Watch(table, seated, (cy,))
    watch.check()
    for seat, terminal in seated.items():  # the check can see a card when one is shown
        await terminal.wait_for("Keep 3 of your 5 cards")
        own = game_of(table).seats[seat].hand[0]
        assert re.search(animal_patterns(own)[0], terminal.text())

    await play(table, seated, watch, decisions=2)  # both keep 3 of 5
    assert game_of(table).phase is instinkt.Phase.CHOOSE
    marks = [len(terminal.received) for terminal in (ada, bo, cy)]
    await instinkt_decision_by_keys(bo, table, 1)  # bo picks first this time
    watch.check()
    pick = game_of(table).seats[1].chosen
    assert pick is not None and pick in instinkt_hidden_from(game_of(table), 0)
    await ada.wait_for("Chosen already: bo")
    await bo.wait_for("Waiting for ada to choose")
    await cy.wait_for("Chosen already: bo")
    watch.check()
    await instinkt_decision_by_keys(ada, table, 0)
    watch.check()
    readings = ("revealed: your ", "revealed: ada's ", "revealed: ada's ")  # each seat reads its own card as "your"
    for terminal, mark, reading in zip((ada, bo, cy), marks, readings):  # the log tells everyone what was revealed
        await terminal.wait_for_output(reading, since=mark)
    await play(table, seated, watch, until=lambda game: len(game.grid) >= 3)
    assert watch.caught_something
    await cy.wait_for_output(" placed ", since=marks[2])  # the spectator saw the moves
    assert "Watching: hands stay hidden" in cy.text()


async def test_two_players_play_a_whole_seeded_instinkt_game_by_keys(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada, bo = await seat_two(server, terminals)
    table = only_table(server)
    seated = {0: ada, 1: bo}
    watch = Watch(table, seated)
    played = await play(table, seated, watch, decisions=400)
    game = game_of(table)
    assert game.is_over and len(game.grid) == 16 and played < 400
    played_kinds = {type(entry.action) for entry in game.log}
    assert {instinkt.Enter, instinkt.Move} <= played_kinds  # the deer and the raccoon, by keys too
    assert watch.caught_something
    outcome = instinkt.result(game)
    for seat, terminal in seated.items():  # the final board first, under a game-over line; enter: the summary
        if len(outcome.winners) == 2:
            verdict = "shared victory"
        else:  # the winner reads that they won, the other player reads the winner's name
            verdict = "You win" if outcome.winners == (seat,) else f"{game.players[outcome.winners[0]]} wins"
        await terminal.wait_for("Game over")
        await terminal.press("enter")
        await terminal.wait_for("Points at the end of each round")  # the race; the card-by-card table is below it
        await terminal.wait_for(verdict)
    watch.check()
    saved = load_save(table.save_path)
    assert saved.game == game and saved.kinds == ("human", "human")
    assert table.save_path.parent.name == "finished"  # a restart will not load it again
    for terminal in (ada, bo):  # the summary leads back to the lobby
        await terminal.press("q")
        await terminal.wait_for(" won" if len(outcome.winners) == 1 else "shared the win")


async def test_a_pick_stays_secret_across_a_dropped_connection(server: GameServer, terminals: list[Terminal]) -> None:
    ada, bo = await seat_two(server, terminals)
    table = only_table(server)
    watch = Watch(table, {0: ada, 1: bo})
    await instinkt_decision_by_keys(ada, table, 0)  # ada picks in secret...
    pick = game_of(table).seats[0].chosen
    assert pick is not None and pick in instinkt_hidden_from(game_of(table), 1)
    watch.check()

    ada.conn.abort()  # ...and her network goes away
    await bo.wait_for("ada (away, black)")
    await bo.wait_for("left the table")  # the notice (it fades after a few seconds)
    await wait_until(lambda: server.sessions.total == 1, what="the dropped session to end")
    assert game_of(table).seats[0].chosen == pick and game_of(table).phase is instinkt.Phase.CHOOSE

    back = await open_terminal(terminals, server.port, "ada")
    await back.wait_for("(your seat)")
    await back.press("enter")
    await back.wait_for("Waiting for bo to choose")
    assert f"You chose {pick.label}\u00a0({pick.mark})" in back.text()  # a card and its value, held on one line
    await bo.wait_for(lambda text: "ada (away" not in text)
    watch.seated[0] = back
    watch.check()
    mark = len(back.received)
    await instinkt_decision_by_keys(bo, table, 1)  # the round goes on: the reveal
    watch.check()
    await back.wait_for_output("revealed: your ", since=mark)
    await play(table, watch.seated, watch, until=new_round(3))


async def test_a_restarted_server_resumes_instinkt_tables(tmp_path: Path, terminals: list[Terminal]) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        ada, bo = await seat_two(server, terminals)
        table = only_table(server)
        seated = {0: ada, 1: bo}
        watch = Watch(table, seated)
        await play(table, seated, watch, until=new_round(2))
        await instinkt_decision_by_keys(bo, table, 1)  # round 2: bo has picked, ada has not
        pick = game_of(table).seats[1].chosen
        # a second table, against a bot that is thinking (slowly) when the server stops
        cy = await HubClient.connect(server.hub.path, name="cy")
        server.room.bot_delay = 60
        cy.create(["bot:normal"], INSTINKT, {"draft": False}, seed=7)
        message = await cy.receive_type("table")
        assert message["game"] == INSTINKT
        bot_table = server.room.get(message["table"])
        cy.act(instinkt.legal_actions(game_of(bot_table))[0], INSTINKT)
        await wait_until(lambda: len(game_of(bot_table).log) == 1, what="cy's pick")
        await cy.close()
        log_before = game_of(table).log
    finally:
        await server.close()

    server = await start_server(data)
    try:
        assert len(server.room.tables) == 2
        table = next(t for t in server.room.tables.values() if "ada" in t.names)
        assert table.module.name == INSTINKT and game_of(table).log == log_before
        assert game_of(table).seats[1].chosen == pick
        bot_table = next(t for t in server.room.tables.values() if "cy" in t.names)
        await wait_until(lambda: game_of(bot_table).phase is not instinkt.Phase.CHOOSE, what="the bot to resume")

        seated = {}
        for seat, name in enumerate(("ada", "bo")):
            terminal = await open_terminal(terminals, server.port, name)
            await terminal.wait_for("(your seat)")
            await terminal.press("enter")
            seated[seat] = terminal
        await seated[1].wait_for("Waiting for ada to choose")
        watch = Watch(table, seated)
        await play(table, seated, watch, decisions=3)
        assert game_of(table).log[: len(log_before)] == log_before and len(game_of(table).log) == len(log_before) + 3
    finally:
        await server.close()
