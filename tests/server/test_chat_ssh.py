"""Table chat over SSH, by keys: the chat key, typing, enter and esc reach the field through a real terminal."""

from __future__ import annotations

from codex_tui.client.hub_client import HubClient
from codex_tui.protocol import messages as p
from codex_tui.server.serve import GameServer
from tests.server.harness import Terminal, open_terminal, wait_until

FIELD_KEYS = "esc Close"
"""The chat field's key bar (the waiting room's says esc Leave the table)."""


async def test_two_terminals_talk_at_a_waiting_table(server: GameServer, terminals: list[Terminal]) -> None:
    ada = await open_terminal(terminals, server.port, "ada")
    bo = await open_terminal(terminals, server.port, "bo")
    creator = await HubClient.connect(server.hub.path, name="cy")  # four seats: it still waits once ada and bo sit
    await creator.receive_type(p.LOBBY)
    creator.create(["open", "open", "open"], "codex-naturalis", {"target_score": 20})
    table_id = int((await creator.receive_type(p.WAITING))["table"]["id"])
    for terminal in (ada, bo):
        await terminal.wait_for(f"#{table_id}")
        await terminal.press("enter")
        await terminal.wait_for("Seat 1: cy")
    await wait_until(lambda: len(server.room.get(table_id).watchers) == 3, what="both at the table")

    await ada.press("t")
    await ada.wait_for("Say it to the table")
    await ada.press(*"hello bo", "enter")
    await bo.wait_for("ada: hello bo")  # in bo's waiting room
    await ada.wait_for(lambda text: "ada: hello bo" in text and FIELD_KEYS not in text)

    await bo.press("t")
    await bo.wait_for("Say it to the table")
    await bo.press(*"never sent", "escape")
    await bo.wait_for(lambda text: FIELD_KEYS not in text)
    await bo.press("t")  # the field opens again, empty: esc kept nothing
    await bo.wait_for("Say it to the table")
    await bo.press(*"/mute ada", "enter")
    await bo.wait_for("ada is muted")
    assert [line.text for line in server.room.get(table_id).chat.recent()] == ["hello bo"]
    await creator.close()
