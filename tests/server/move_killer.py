"""A server's table room playing one rated Instinkt table with a clock, by the first legal action of each seat,
with a chat line said before the first move: run by `test_move_kills.py` with `fault_points.DIE_AT` set, so
that it dies (SIGKILL) at one write point of one move. Prints the number of actions of the finished game when
nothing killed it.

    python3 tests/server/move_killer.py DATA_FOLDER
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from codex_tui.protocol.messages import CreateRequest
from codex_tui.server.botpool import BotPool
from codex_tui.server.store import Store
from codex_tui.server.tables import TableRoom

REQUEST = CreateRequest("instinkt", ("open",), {"draft": False}, 5, rated=True, clock=(5, 3))
"""Rated with a chosen deal, which only the hub refuses: the same game at every run."""
CHAT = "said before the first move"


async def play(data: Path) -> int:
    store = Store(data)
    room = TableRoom(data, BotPool(), bot_delay=0, store=store)
    room.resume_saved()
    table = await room.create("ada", REQUEST)
    await room.join("bo", table.id)
    await room.say(table, "ada", CHAT, "12:00")
    while table.game is not None and not table.game.is_over:
        for seat in table.module.players_to_act(table.game):
            await room.act(table, seat, table.module.legal_actions_for(table.game, seat)[0])
    await room.close()
    store.close()
    assert table.game is not None
    return len(table.game.actions)


if __name__ == "__main__":
    print(asyncio.run(play(Path(sys.argv[1]))))
