"""A table whose save cannot be written pauses: nothing runs ahead of the save on disk.

The move waits unseen, no other move or chat line is taken, bots wait, every
player reads the paused line, and the table writes the save again by itself
until it can, then plays the waiting move and goes on. Whatever a player was
shown is in the save when it is shown, so a kill -9 at any moment loses none
of it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from codex_tui.client.hub_client import HubClient
from codex_tui.games.instinkt.wire import decode_view as decode_instinkt_view
from codex_tui.protocol import messages as p
from codex_tui.server import table_keeper, tables
from codex_tui.server.serve import GameServer
from codex_tui.server.table import FINISHED_DIR, Table
from codex_tui.server.table_options import read_options
from codex_tui.storage.saves import SaveError, load_save, write_save_bytes
from tests.server.harness import (
    Terminal,
    choose_setup_by_keys,
    create_table_by_keys,
    open_terminal,
    ready_to_place,
    start_server,
    wait_until,
)
from tests.unwritable import Unwritable

CODEX = "codex-naturalis"
PAUSED_WORDS = "Paused: the server cannot save this game just now"


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """A paused table tries again every few hundredths of a second (a server waits longer)."""
    monkeypatch.setattr(tables, "RETRY_FIRST", 0.02)
    monkeypatch.setattr(tables, "RETRY_MOST", 0.1)


async def hello(server: GameServer, name: str) -> HubClient:
    client = await HubClient.connect(server.hub.path, name=name)
    await client.receive_type(p.LOBBY)
    return client


async def frame_where(client: HubClient, test: Callable[[dict[str, Any]], bool], kind: str = p.TABLE) -> dict[str, Any]:
    """The next message of `kind` that passes `test` (those before it were already shown and left)."""
    while True:
        message = await client.receive_type(kind)
        if test(message):
            return message


def first_legal(table: Table) -> tuple[int, Any]:
    game = table.game
    seat = table.module.players_to_act(game)[0]
    return seat, table.module.legal_actions_for(game, seat)[0]


async def play(table: Table, clients: list[HubClient], count: int) -> None:
    """`count` actions, each the first legal one of the first seat to act, each waited for."""
    for _ in range(count):
        before = len(table.game.actions)
        seat, action = first_legal(table)
        clients[seat].act(action, CODEX)
        await wait_until(lambda before=before: len(table.game.actions) > before, what="the move")


async def test_a_move_that_cannot_be_saved_waits_unseen_and_is_played_once_it_can(server: GameServer) -> None:
    ada, bo, cy = [await hello(server, name) for name in ("ada", "bo", "cy")]
    ada.create(["open"], CODEX, {"target_score": 20}, seed=5)
    table_id = int((await ada.receive_type(p.WAITING))["table"]["id"])
    bo.join(table_id)
    await bo.receive_type(p.TABLE)
    table = server.room.get(table_id)
    await play(table, [ada, bo], 6)  # both set-ups, then a move
    shown = list(table.game.actions)
    save = table.save_path
    assert save is not None and list(load_save(save).game.actions) == shown

    disk = Unwritable(server.room.folder)
    seat, action = first_legal(table)
    mover, other = (ada, bo) if seat == 0 else (bo, ada)
    mover.act(action, CODEX)
    assert "Your move waits" in (await mover.receive_type(p.NOTICE))["text"]
    for client in (ada, bo):
        paused = await frame_where(client, lambda message: "paused" in message)
        assert PAUSED_WORDS in paused["paused"]
    assert table.paused and list(table.game.actions) == shown, "nobody is shown the move the save lacks"
    assert list(load_save(disk.where(save)).game.actions) == shown

    mover.act(action, CODEX)  # no further action while paused: told, not taken
    refusal = await mover.receive_type(p.NOTICE)
    assert refusal["level"] == "warning" and "Not played" in refusal["text"]
    other.chat("is the server stuck?")  # nor a chat line it could lose: told too
    refusal = await other.receive_type(p.NOTICE)
    assert "Not sent" in refusal["text"] and refusal.get("about") == "chat"
    assert [line.text for line in table.chat.recent()] == []
    await frame_where(cy, lambda lobby: lobby["tables"][0]["status"] == "paused: the server cannot save it", p.LOBBY)

    disk.mend()  # the table finds out by itself, writes the waiting move, and goes on
    for client in (ada, bo):
        await frame_where(client, lambda message: "paused" not in message)
    assert not table.paused and list(table.game.actions) == [*shown, action]
    assert list(load_save(save).game.actions) == [*shown, action]
    other.chat("it goes on")
    said = await frame_where(mover, lambda message: not message["all"], p.CHAT)
    assert [line.text for line in p.chat_lines(said)] == ["it goes on"]
    for client in (ada, bo, cy):
        await client.close()


async def test_a_table_that_cannot_save_its_deal_waits_and_its_bot_with_it(server: GameServer) -> None:
    disk = Unwritable(server.room.folder)
    ada = await hello(server, "ada")
    ada.create(["bot:random"], CODEX, {"target_score": 20}, seed=9, hints=True)
    first = await ada.receive_type(p.TABLE)
    assert PAUSED_WORDS in first["paused"]
    table = server.room.get(int(first["table"]))
    assert table.paused and table.game.actions == () and table.bot_task is None, "the bot waits too"

    disk.mend()
    await wait_until(  # its set-up done, and no move of its under way (one being saved is ahead of the table)
        lambda: table.bot_task is None and any(action.player == 1 for action in table.game.actions),
        what="the bot's set-up",
    )
    assert table.save_path is not None and read_options(server.store, table.save_path).hints, "the options are kept too"
    assert load_save(table.save_path).game.actions == table.game.actions
    await ada.close()


async def test_every_change_anyone_is_shown_is_in_the_save_already(
    server: GameServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a kill -9 at any moment would leave: at every change the players are sent, the file on disk
    and the database both hold the whole game they are shown, through a disk that refuses every third
    write of the file."""
    writes = {"count": 0, "refused": 0}

    def flaky_write(path: Path, data: bytes) -> None:
        writes["count"] += 1
        if writes["count"] % 3 == 0:
            writes["refused"] += 1
            raise SaveError(path, "could not be written ({error})", "check the folder and free space", error="No space")
        write_save_bytes(path, data)

    monkeypatch.setattr(table_keeper, "write_save_bytes", flaky_write)
    checked: list[int] = []
    behind: list[tuple[int, int]] = []
    """(actions shown, actions saved) at each change the save lacked (the room logs a listener's error)."""

    def saved_as_shown(table: Table) -> None:
        if table.game is not None and table.save_path is not None:
            saved = load_save(table.save_path).game
            kept = [row.moves for row in server.store.live_games() if row.save == table.save_path.name]
            if saved != table.game or any(moves < len(saved.actions) for moves in kept):  # ahead while paused
                behind.append((len(table.game.actions), len(saved.actions)))
            checked.append(len(table.game.actions))

    server.room.listeners.insert(0, saved_as_shown)  # before the hub sends anything
    ada = await hello(server, "ada")
    ada.create(["bot:easy"], "instinkt", {"draft": False}, seed=3)
    message = await ada.receive_type(p.TABLE)
    table = server.room.get(message["table"])
    while "result" not in message:
        view = decode_instinkt_view(message["view"])
        if view.legal_actions and len(table.game.log) == len(view.log) and "paused" not in message:
            ada.act(view.legal_actions[0], "instinkt")
        message = await ada.receive_type(p.TABLE, timeout=60)
    assert behind == [], "a player was shown actions the save did not hold"
    assert table.game.is_over and table.save_path is not None and table.save_path.parent.name == FINISHED_DIR
    assert writes["refused"] > 3 and len(set(checked)) == len(table.game.actions) + 1, "every action was checked"
    await ada.close()


async def test_a_finished_save_that_cannot_move_stays_whole_and_moves_at_the_next_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    finished = server.room.folder / FINISHED_DIR
    finished.write_text("not a folder")  # the move to finished/ fails
    try:
        ada = await hello(server, "ada")
        ada.create(["bot:easy"], "instinkt", {"draft": False}, seed=4)
        message = await ada.receive_type(p.TABLE)
        table = server.room.get(message["table"])
        while "result" not in message:
            view = decode_instinkt_view(message["view"])
            if view.legal_actions and len(table.game.log) == len(view.log):
                ada.act(view.legal_actions[0], "instinkt")
            message = await ada.receive_type(p.TABLE, timeout=60)
        assert table.save_path is not None and table.save_path.parent == server.room.folder
        assert load_save(table.save_path).game == table.game, "the finished game is whole where it was"
        await ada.close()
    finally:
        await server.close()
    finished.unlink()

    server = await start_server(data)
    try:
        assert [(t.id, t.state) for t in server.room.tables.values()] == [(table.id, "over")]  # listed, not resumed
        assert [path.name for path in finished.iterdir()] == [table.save_path.name]
        assert load_save(finished / table.save_path.name).game == table.game
    finally:
        await server.close()


async def test_a_player_at_a_paused_table_reads_why_and_sees_it_go_on(
    server: GameServer, terminals: list[Terminal]
) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    await create_table_by_keys(ada, ["bot:random"], seed=21)
    await choose_setup_by_keys(ada)
    table = next(iter(server.room.tables.values()))
    await wait_until(lambda: table.game.phase.value == "place" and table.game.current == 0, what="ada's turn")
    await ada.wait_for(ready_to_place)
    before = len(table.game.actions)

    disk = Unwritable(server.room.folder)
    await ada.press("enter")
    await ada.wait_for(PAUSED_WORDS)
    await ada.wait_for_output("Your move waits")
    assert len(table.game.actions) == before

    disk.mend()
    await ada.wait_for_output("The server can save again: play goes on.")
    await ada.wait_for(lambda text: PAUSED_WORDS not in text)
    assert len(table.game.actions) > before
