"""A third game, registered only in this test, goes everywhere a game goes.

Tic-tac-toe (tests/core/tictactoe) is added with `registry.registered` for
each test (the `tictactoe` fixture) and then played through the local
session (act, undo, redo, autosave), the save files and the saves list, the
`export` and `check` commands, and a server table (hub protocol, a bot seat,
to the end). Nothing under `codex_tui/` names it: this is what "adding a game
is adding one package and one registry line" means in practice.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import msgpack
import pytest

from codex_tui.app.session import GameSession
from codex_tui.cli import main as cli_main
from codex_tui.client.hub_client import HubClient
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.server.botpool import BotPool
from codex_tui.server.hub import Hub
from codex_tui.server.tables import TableRoom
from codex_tui.storage.catalog import SaveSummary, scan_saves
from codex_tui.storage.saves import SavedGame, load_save, write_save
from tests.core.tictactoe import rules

VARIANT = {"board_size": 3, "misere": False}
SEED = 17


def new_game(game: GameModule, variant: dict[str, Any] | None = None) -> Any:
    return game.new_game(("ada", "bot"), SEED, game.variant_from_dict(variant or VARIANT))


def play_out(session: GameSession) -> None:
    """Humans take their first legal mark, bots answer from their views, to the end."""
    while (seat := session.seat_to_act()) is not None:
        if session.is_human(seat):
            session.act(session.rules.legal_actions_for(session.game, seat)[0])
        else:
            session.act(session.bot_action(seat))


# ---------------------------------------------------------------- session


def test_the_session_plays_undoes_redoes_and_autosaves(tictactoe: GameModule, tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.msgpack"
    session = GameSession(new_game(tictactoe), ("human", "bot:greedy"), path, title="noughts")
    assert session.rules is tictactoe
    seat = session.seat_to_act()
    assert seat is not None
    if not session.is_human(seat):
        session.act(session.bot_action(seat))
    human_mark = session.rules.legal_actions_for(session.game, 0)[-1]
    session.act(human_mark)
    session.act(session.bot_action(1))
    assert load_save(path).game == session.game, "every change is saved at once"
    before_undo = session.game

    assert session.can_undo() and session.undo()
    assert human_mark not in session.game.actions, "undo takes back the human's mark and the bot's answer"
    assert load_save(path).game == session.game
    assert session.can_redo() and session.redo()
    assert session.game == before_undo and load_save(path).game == before_undo

    play_out(session)
    assert session.game.is_over and session.seat_to_act() is None
    saved = load_save(path)
    assert saved.game == session.game and saved.title == "noughts"
    assert saved.kinds == ("human", "bot:greedy")
    assert tictactoe.status(saved.game).endswith(("won", "shared the win"))


def test_the_greedy_bot_takes_a_winning_cell(tictactoe: GameModule) -> None:
    game = tictactoe.rebuild(new_game(tictactoe), ())
    first = game.first
    other = 1 - first
    for action in (rules.Mark(first, 0), rules.Mark(other, 3), rules.Mark(first, 1), rules.Mark(other, 4)):
        game = tictactoe.apply(game, action)
    move = tictactoe.make_bot("greedy", 1)(tictactoe.view(game, first))
    assert move == rules.Mark(first, 2)
    assert tictactoe.winners(tictactoe.apply(game, move)) == (first,)


# ------------------------------------------------------------------ saves


def test_a_save_reloads_and_is_listed(tictactoe: GameModule, tmp_path: Path) -> None:
    session = GameSession(new_game(tictactoe, {"board_size": 4, "misere": True}), ("human", "bot:random"))
    play_out(session)
    path = tmp_path / "four.msgpack"
    write_save(path, SavedGame(session.game, session.kinds, title="four by four"))
    loaded = load_save(path)
    assert loaded.game == session.game and loaded.game.variant == rules.Variant(4, True)
    assert loaded.kinds == ("human", "bot:random") and loaded.title == "four by four"

    (row,) = scan_saves(tmp_path)
    assert isinstance(row, SaveSummary)
    assert row.game == "tictactoe" and row.variant_text == "Tic-tac-toe 4x4, misère"
    assert row.finished and row.winners == tictactoe.winners(session.game)
    assert row.actions == len(session.game.actions)


# -------------------------------------------------------------------- CLI


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The CLI's main() in this process, where tic-tac-toe is registered."""
    code = cli_main(list(argv))
    return code, capsys.readouterr().out


def test_export_and_check_through_the_cli(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = GameSession(new_game(tictactoe), ("bot:greedy", "bot:random"))
    play_out(session)
    save = tmp_path / "done.msgpack"
    write_save(save, SavedGame(session.game, session.kinds))

    code, out = run_cli(capsys, "export", str(save))
    assert code == 0
    record = json.loads(out)
    assert record == json.loads(json.dumps(tictactoe.export_record(session.game)))

    record_path = tmp_path / "done.json"
    record_path.write_text(out, encoding="utf-8")
    code, out = run_cli(capsys, "check", str(record_path))
    assert code == 0
    assert json.loads(out) == json.loads(json.dumps(tictactoe.result_to_dict(session.game)))

    first, second = record["actions"][:2]
    broken = dict(record, actions=[first, second, first])
    record_path.write_text(json.dumps(broken), encoding="utf-8")
    code, out = run_cli(capsys, "check", str(record_path))
    assert code == 1, "an illegal action is reported as such"
    assert json.loads(out) == {"valid": False, "action_index": 2, "reason": json.loads(out)["reason"]}
    assert "not a free cell" in json.loads(out)["reason"]


# ---------------------------------------------------------- server table


class InProcessBots(BotPool):
    """Bots that think in this process, from the view as the wire carries it.

    A server's bot workers are fresh Python processes: their registry holds
    the packaged games, not one a test registered. The table code is the same.
    """

    async def choose(self, level: str, seed: int, view: Any, module: GameModule, legal: Sequence[Any]) -> Any:
        data = msgpack.unpackb(msgpack.packb(module.encode_view(view), use_bin_type=True), raw=False)
        return module.make_bot(level, seed)(module.decode_view(data))


@pytest.fixture
async def room(tictactoe: GameModule, tmp_path: Path) -> AsyncIterator[tuple[TableRoom, Hub]]:
    """A server's table room and hub (no SSH: the test speaks the hub protocol itself)."""
    folder = tmp_path / "data"
    folder.mkdir()
    tables = TableRoom(folder, InProcessBots(), bot_delay=0)
    hub = Hub(tables, folder / "hub.sock")
    await hub.start()
    try:
        yield tables, hub
    finally:
        await tables.close()
        await hub.close()


async def test_a_server_table_plays_to_the_end(room: tuple[TableRoom, Hub]) -> None:
    tables, hub = room
    ada = await HubClient.connect(hub.path, name="ada")
    await ada.receive_type("lobby")
    ada.create(["bot:greedy"], "tictactoe", VARIANT, seed=SEED)
    module: GameModule | None = None
    message: dict[str, Any] = {}
    for _ in range(20):
        message = await ada.receive_type("table")
        module = registry.game_named(message["game"])
        if "result" in message:
            break
        view = module.decode_view(message["view"])
        if view.legal_actions:
            ada.act(view.legal_actions[0], message["game"])
    assert module is not None and "result" in message, "the game ended"
    assert message["game"] == "tictactoe" and message["seat"] == 0

    table = tables.get(message["table"])
    assert table.game is not None and table.game.is_over and table.game.seed == SEED
    assert module.result_from_wire(message["result"]) == module.winners(table.game)
    assert table.info("ada").game_text == "Tic-tac-toe 3x3"
    assert table.save_path is not None
    saved = load_save(table.save_path)
    assert saved.game == table.game and saved.kinds == ("human", "bot:greedy")
    await ada.close()
