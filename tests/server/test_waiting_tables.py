"""Tables that wait for players survive a restart, and leave the database once their game is saved."""

from __future__ import annotations

from pathlib import Path

from codex_tui.client.hub_client import HubClient
from codex_tui.protocol import messages as p
from codex_tui.server.store import Store
from codex_tui.server.store_rows import WaitingTable
from tests.server.harness import start_server, stored_rows, wait_until

INSTINKT = "instinkt"


async def test_a_waiting_table_waits_again_after_a_restart_and_starts_when_joined(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        ada = await HubClient.connect(server.hub.path, name="ada")
        await ada.receive_type(p.LOBBY)
        ada.create(["open"], INSTINKT, {"draft": True}, rated=True)
        await wait_until(lambda: len(server.room.tables) == 1, what="the table")
        assert len(stored_rows(data, "SELECT key FROM waiting_tables")) == 1
        await ada.close()
    finally:
        await server.close()

    server = await start_server(data)
    try:
        [table] = server.room.tables.values()
        assert (table.state, table.names, table.rated, table.variant.draft) == ("waiting", ["ada", None], True, True)
        bo = await HubClient.connect(server.hub.path, name="bo")
        bo.join(table.id)
        assert (await bo.receive_type(p.TABLE))["seat"] == 1
        assert table.game is not None and table.save_path is not None and table.save_path.exists()
        assert stored_rows(data, "SELECT key FROM waiting_tables") == []  # its save holds it now
        await bo.close()
    finally:
        await server.close()


async def test_a_table_everyone_left_is_forgotten(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = await start_server(data)
    try:
        ada = await HubClient.connect(server.hub.path, name="ada")
        await ada.receive_type(p.LOBBY)
        ada.create(["open", "bot:easy"], "codex-naturalis", {"target_score": 20})
        await wait_until(lambda: len(stored_rows(data, "SELECT key FROM waiting_tables")) == 1, what="its row")
        ada.send({"t": p.LEAVE})
        await wait_until(lambda: stored_rows(data, "SELECT key FROM waiting_tables") == [], what="the row gone")
        assert server.room.tables == {}
        await ada.close()
    finally:
        await server.close()


def row(key: str, names: tuple[str | None, ...], save: str | None = None) -> WaitingTable:
    return WaitingTable(key, INSTINKT, '{"draft": false}', names, ("human", "human"), 5, False, False, False, save)


async def test_a_row_whose_save_was_written_is_dropped_and_a_full_one_is_dealt(tmp_path: Path) -> None:
    """The two ends of a start cut short by a crash: the save written but the row not yet forgotten (the save
    resumes the game; no second table), and the last seat taken but nothing dealt yet (dealt at the start)."""
    data = tmp_path / "data"
    store = Store(data)
    store.keep_waiting(row("started", ("ada", "bo"), save="2026-12-03_100000_ada-vs-bo.msgpack"))
    store.keep_waiting(row("full", ("cy", "di")))
    store.close()
    (data / "tables" / "finished").mkdir(parents=True)
    (data / "tables" / "finished" / "2026-12-03_100000_ada-vs-bo.msgpack").write_bytes(b"")
    server = await start_server(data)
    try:
        await wait_until(lambda: [t.state for t in server.room.tables.values()] == ["playing"], what="the deal")
        [table] = server.room.tables.values()
        assert table.names == ["cy", "di"] and table.game.seed == 5
        await wait_until(lambda: stored_rows(data, "SELECT key FROM waiting_tables") == [], what="both rows gone")
    finally:
        await server.close()
