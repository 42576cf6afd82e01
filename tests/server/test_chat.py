"""Table chat at the hub: who reads and writes, the limits, muting, and the chat kept across a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from codex_tui.client.hub_client import HubClient
from codex_tui.protocol import messages as p
from codex_tui.protocol.chat_line import ChatLine, clean_text
from codex_tui.protocol.names import name_key
from codex_tui.server.chat import ChatLog, MuteBook, RateLimit, write_chat
from codex_tui.server.serve import GameServer
from codex_tui.server.store import Store
from tests.server.harness import start_server, wait_until

CODEX, INSTINKT = "codex-naturalis", "instinkt"


async def hello(server: GameServer, name: str) -> HubClient:
    client = await HubClient.connect(server.hub.path, name=name)
    await client.receive_type(p.LOBBY)
    return client


async def chat_lines(client: HubClient, timeout: float = 10.0) -> list[ChatLine]:
    """The lines of the next CHAT message that brings new lines (not a history on sitting down)."""
    while True:
        message = await client.receive_type(p.CHAT, timeout)
        if not message["all"]:
            return p.chat_lines(message)


async def notice(client: HubClient) -> dict[str, Any]:
    return await client.receive_type(p.NOTICE)


async def quiet(client: HubClient, kind: str, seconds: float = 0.5) -> bool:
    """True when no message of `kind` arrives within `seconds` (a message that must not come)."""
    try:
        await client.receive_type(kind, seconds)
    except TimeoutError:
        return True
    return False


async def heard(client: HubClient, words: str, seconds: float = 1.0) -> bool:
    """Whether any message `client` receives within `seconds` holds `words` (anywhere in it)."""
    try:
        async with asyncio.timeout(seconds):
            while True:
                message = await client.receive()
                if message is None:
                    return False
                if words in repr(message):
                    return True
    except TimeoutError:
        return False


async def table_with(server: GameServer, creator: HubClient, *others: HubClient, **options: Any) -> int:
    """A Codex table of `creator` and `others` (all seated; alone: with a bot, which waits a minute)."""
    if not others:
        server.room.bot_delay = 60
        creator.create(["bot:random"], CODEX, {"target_score": 20}, seed=5, **options)
        return int((await creator.receive_type(p.TABLE))["table"])
    creator.create(["open"] * len(others), CODEX, {"target_score": 20}, seed=5, **options)
    table_id = int((await creator.receive_type(p.WAITING))["table"]["id"])
    for other in others:
        other.join(table_id)
    await creator.receive_type(p.TABLE)
    for other in others:
        await other.receive_type(p.TABLE)
    return table_id


# ------------------------------------------------------------------ cleaning


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("hello", "hello"),
        ("  padded \t ", "padded"),
        ("a\nb\r\nc", "a b  c"),
        ("red \x1b[31mtext\x1b[0m", "red text"),
        ("title \x1b]0;owned\x07 done", "title  done"),
        ("osc st \x1b]8;;http://x\x1b\\link", "osc st link"),
        ("bell\x07 nul\x00 del\x7f", "bell nul del"),
        ("c1 \x9b31m csi \x85 nel", "c1  csi   nel"),
        ("bidi \u202eevil\u202c \u2066iso\u2069", "bidi evil iso"),
        ("中文 ça va 👍🏽", "中文 ça va 👍🏽"),
        ("\x1b", ""),
        ("\x1b[", ""),
    ],
)
def test_clean_text_keeps_only_what_is_read(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


def test_a_line_from_the_wire_or_a_file_is_cleaned_again() -> None:
    line = ChatLine.from_wire(["bo\x1b[2J", "12:00", "hi\u202e", 3])
    assert line == ChatLine("bo", "12:00", "hi", 3)
    for bad in ("text", ["a", "b"], ["a", "b", "c", -1], ["a", "b", "c", True]):
        with pytest.raises(ValueError):
            ChatLine.from_wire(bad)


def test_the_rate_limit_says_when_one_may_write_again() -> None:
    limit = RateLimit(5, 10.0)
    assert [limit.wait("ada", now=100.0 + i) for i in range(5)] == [0] * 5
    assert limit.wait("Ada", now=105.5) == 5  # the same name whatever its case; the first line ages at 110
    assert limit.wait("bo", now=105.5) == 0  # one player's flood costs another nothing
    assert limit.wait("ada", now=110.0) == 0


def test_mutes_are_kept_per_name_and_compared_without_case(tmp_path: Path, store: Store) -> None:
    book = MuteBook(store)
    assert book.mute("ada", "Bo") and book.mutes("ADA", "bo")
    assert not book.mutes("bo", "ada")
    other = Store(tmp_path)  # another connection reads what was written
    try:
        again = MuteBook(other)
        assert again.muted("ada") == ["Bo"] and again.mutes("ada", "BO")
        assert again.unmute("ada", "bo") and not again.unmute("ada", "bo")
    finally:
        other.close()
    assert MuteBook(store).muted("ada") == []
    assert name_key("Ada") == name_key("ada")


def test_a_broken_mutes_file_of_before_mutes_nobody_and_the_server_starts(tmp_path: Path) -> None:
    (tmp_path / "mutes.json").write_text("not json", encoding="utf-8")
    store = Store(tmp_path)
    try:
        assert MuteBook(store).muted("ada") == []
    finally:
        store.close()
    assert (tmp_path / "mutes.json").read_text(encoding="utf-8") == "not json", "left as it is"


def test_a_table_s_chat_keeps_the_last_lines(store: Store, tmp_path: Path) -> None:
    save = tmp_path / "tables" / "game.msgpack"
    log = ChatLog()
    for index in range(250):
        log.add(ChatLine("ada", "10:00", f"line {index}", index))
    write_chat(store, save, log.recent())
    kept = ChatLog.read(store, save).recent()
    assert len(kept) == 200 and kept[0].text == "line 50" and kept[-1].text == "line 249"
    assert ChatLog.read(store, tmp_path / "tables" / "another.msgpack").recent() == []


# ----------------------------------------------------------------- the hub


async def test_a_line_reaches_everyone_at_the_table_and_no_one_elsewhere(server: GameServer) -> None:
    ada, bo, cy, dee, eve = [await hello(server, name) for name in ("ada", "bo", "cy", "dee", "eve")]
    first = await table_with(server, ada, bo)
    cy.watch(first)
    await cy.receive_type(p.TABLE)
    second = await table_with(server, dee)  # dee sits at another table, eve stays in the lobby
    ada.chat("good luck, \x1b[31mbo\x1b[0m")
    for client in (ada, bo, cy):
        (line,) = await chat_lines(client)
        assert (line.name, line.text, line.at) == ("ada", "good luck, bo", 0)
        assert len(line.time) == 5 and line.time[2] == ":"
    assert not await heard(dee, "good luck")  # another table's player never gets it, in any message
    assert second != first
    while True:  # the lobby's preview of the table shows it (lobbies sent before the line was kept come first)
        lobby = await eve.receive_type(p.LOBBY)
        rows = {row["id"]: p.TableInfo.from_wire(row) for row in lobby["tables"]}
        if first in rows and rows[first].chat:
            break
    assert [line.text for line in rows[first].chat] == ["good luck, bo"] and rows[second].chat == ()
    for client in (ada, bo, cy, dee, eve):
        await client.close()


async def test_late_comers_get_the_recent_lines_when_they_sit_down(server: GameServer) -> None:
    ada, bo, cy = [await hello(server, name) for name in ("ada", "bo", "cy")]
    ada.create(["open"], CODEX, {"target_score": 20}, seed=5)
    table_id = int((await ada.receive_type(p.WAITING))["table"]["id"])
    ada.chat("anyone?")
    await chat_lines(ada)
    bo.join(table_id)
    history = await bo.receive_type(p.CHAT)
    assert history["all"] and [line.text for line in p.chat_lines(history)] == ["anyone?"]
    await bo.receive_type(p.TABLE)  # the history comes before the table
    cy.watch(table_id)
    assert [line.text for line in p.chat_lines(await cy.receive_type(p.CHAT))] == ["anyone?"]
    for client in (ada, bo, cy):
        await client.close()


async def test_the_limits_are_told_not_applied_silently(server: GameServer) -> None:
    ada, bo = [await hello(server, name) for name in ("ada", "bo")]
    await table_with(server, ada, bo)
    ada.chat("x" * 201)
    refused = await notice(ada)
    assert refused["level"] == "warning" and refused["about"] == "chat" and "200" in refused["text"]
    ada.chat("  \x1b[2J\x07 ")  # nothing left once cleaned: nothing is sent, nothing is counted
    ada.chat("y" * 200)
    assert len((await chat_lines(bo))[0].text) == 200
    for index in range(4):
        ada.chat(f"line {index}")
        await chat_lines(bo)
    ada.chat("one too many")
    refused = await notice(ada)
    assert "5 lines per 10 seconds" in refused["text"] and "write again in" in refused["text"]
    assert await quiet(bo, p.CHAT)
    bo.chat("bo still may")  # the limit is per player
    assert (await chat_lines(ada))[0].text == "bo still may"
    for client in (ada, bo):
        await client.close()


async def test_spectators_write_only_where_the_table_lets_them(server: GameServer) -> None:
    ada, bo, cy = [await hello(server, name) for name in ("ada", "bo", "cy")]
    closed = await table_with(server, ada)
    cy.watch(closed)
    await cy.receive_type(p.TABLE)
    cy.chat("hi from the stands")
    refused = await notice(cy)
    assert refused["about"] == "chat" and "Spectators" in refused["text"]
    assert await quiet(ada, p.CHAT)

    bo.create(["bot:random"], CODEX, {"target_score": 20}, seed=6, spectator_chat=True)
    table = await bo.receive_type(p.TABLE)
    assert server.room.get(table["table"]).spectator_chat
    cy.watch(table["table"])
    await cy.receive_type(p.TABLE)
    cy.chat("hi from the stands")
    assert (await chat_lines(bo))[0].name == "cy"
    for client in (ada, bo, cy):
        await client.close()


async def test_a_mute_that_cannot_be_written_is_refused_and_changes_nothing(server: GameServer) -> None:
    ada = await hello(server, "ada")
    ada.chat("/mute bo")
    assert "is muted" in (await notice(ada))["text"]

    def writable(yes: bool) -> None:  # SQLite refuses every change, as on a read-only file
        server.store._run(lambda connection: connection.execute(f"PRAGMA query_only = {int(not yes)}"))

    writable(False)
    for command in ("/mute cy", "/unmute bo"):
        ada.chat(command)
        assert "cannot write down whom you mute" in (await notice(ada))["text"], command
    writable(True)
    assert server.hub.mutes.muted("ada") == ["bo"]
    await ada.close()


async def test_a_muted_player_is_not_read_by_the_muter_only(server: GameServer) -> None:
    ada, bo, cy = [await hello(server, name) for name in ("ada", "bo", "cy")]
    table_id = await table_with(server, ada, bo, cy)
    bo.chat("before")
    for client in (ada, bo, cy):
        await chat_lines(client)
    ada.chat("/mute BO")  # a name in any case
    assert "is muted" in (await notice(ada))["text"]
    ada.chat("/mute")
    assert "BO" in (await notice(ada))["text"]
    bo.chat("muted now")
    assert (await chat_lines(cy))[0].text == "muted now"
    assert (await chat_lines(bo))[0].text == "muted now"
    assert await quiet(ada, p.CHAT)
    ada.leave()  # the lobby's preview and the history on coming back leave bo out too
    rows = (await ada.receive_type(p.LOBBY))["tables"]
    (row,) = [p.TableInfo.from_wire(row) for row in rows if row["id"] == table_id]
    assert row.chat == ()
    ada.join(table_id)
    history = await ada.receive_type(p.CHAT)
    assert history["all"] and p.chat_lines(history) == []
    ada.chat("/mute ada")
    assert "yourself" in (await notice(ada))["text"]
    ada.chat("/unmute bo")
    assert "no longer muted" in (await notice(ada))["text"]
    bo.chat("heard again")
    assert (await chat_lines(ada))[0].text == "heard again"
    ada.chat("/shout")
    assert "/mute NAME" in (await notice(ada))["text"]
    for client in (ada, bo, cy):
        await client.close()


async def test_chat_survives_a_restart_and_leaves_with_the_finished_save(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        server.room.bot_delay = 60  # the bot never moves: the game stays live
        ada = await hello(server, "ada")
        ada.create(["bot:random"], CODEX, {"target_score": 20}, seed=3)
        table_id = int((await ada.receive_type(p.TABLE))["table"])
        ada.chat("remember me 中文")
        await chat_lines(ada)
        ada.chat("/mute bo")
        await notice(ada)
        save = server.room.get(table_id).save_path
        assert save is not None
        await wait_until(lambda: bool(server.store.chat(save.name)), what="the chat kept")
        ada.chat("said just before the server stops")
        await chat_lines(ada)
        await ada.close()
    finally:
        await server.close()

    server = await start_server(data)
    try:
        (table,) = server.room.tables.values()
        said = ["remember me 中文", "said just before the server stops"]
        assert [line.text for line in table.chat.recent()] == said
        assert server.hub.mutes.muted("ada") == ["bo"]
        ada = await HubClient.connect(server.hub.path, name="ada")
        ada.join(table.id)
        history = await ada.receive_type(p.CHAT)
        assert [line.text for line in p.chat_lines(history)] == said
        assert table.save_path is not None
        save_name = table.save_path.name
        # what a finished game's save goes through
        server.room._file_away(table.save_path, table.module, table.game, tuple(table.kinds), table.rated, table.id)
        assert server.store.chat(save_name) == []
        await ada.close()
    finally:
        await server.close()


def test_a_peer_without_chat_fields_reads_a_lobby_row_as_before() -> None:
    row = p.TableInfo(1, "waiting", CODEX, {"target_score": 20}, (), "", False, True).to_wire()
    del row["chat"], row["spectator_chat"]
    info = p.TableInfo.from_wire(row)
    assert info.chat == () and info.spectator_chat is False
    assert p.parse_create({"game": CODEX, "seats": ["open"], "variant": {}}).spectator_chat is False
    with pytest.raises(p.ProtocolError, match="spectator_chat"):
        p.parse_create({"game": CODEX, "seats": ["open"], "variant": {}, "spectator_chat": "yes"})
    with pytest.raises(p.ProtocolError):
        p.parse_chat({"t": p.CHAT, "text": 3})
