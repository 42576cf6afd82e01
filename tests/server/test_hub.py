"""The hub and its tables, spoken to directly: who may do what, and what each one is sent."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from codex_tui.client.hub_client import HubClient
from codex_tui.games.codex.rules import SPECTATOR, ChooseStarter, Pass, Side, legal_actions_for
from codex_tui.games.codex.wire import decode_view
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.wire import decode_view as decode_instinkt_view
from codex_tui.protocol.framing import MAX_DOWN_FRAME, FrameError, pack_frame, read_frame
from codex_tui.protocol.messages import (
    CREATE,
    PROTOCOL_VERSION,
    CreateRequest,
    ProtocolError,
    create_message,
    parse_create,
)
from codex_tui.server.identity import KeyBook, key_text
from codex_tui.server.serve import GameServer
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.store_schema import DB_FILE, StoreError
from codex_tui.storage.saves import load_save
from tests.server.harness import wait_until

CODEX, INSTINKT = "codex-naturalis", "instinkt"


async def hello(server: GameServer, name: str) -> HubClient:
    client = await HubClient.connect(server.hub.path, name=name)
    await client.receive_type("lobby")
    return client


async def test_a_table_waits_for_its_players_then_deals_and_saves(server: GameServer) -> None:
    ada, bo, cy = [await hello(server, name) for name in ("ada", "bo", "cy")]
    ada.create(["open", "bot:random"], CODEX, {"target_score": 15}, seed=11)
    waiting = await ada.receive_type("waiting")
    assert waiting["table"]["status"] == "waiting for 1 player"
    table_id = waiting["table"]["id"]
    lobby = await bo.receive_type("lobby")
    assert [t["id"] for t in lobby["tables"]] == [table_id]

    bo.join(table_id)
    view = decode_view((await bo.receive_type("table"))["view"])
    assert view.players == ("ada", "bo", "Bot 3") and view.variant.target_score == 15
    table = server.room.get(table_id)
    assert table.game is not None and table.game.seed == 11
    saved = load_save(table.save_path)
    assert saved.kinds == ("human", "human", "bot:random")

    cy.join(table_id)  # full: cy is told, and may watch instead
    assert "no open seat" in (await cy.receive_type("notice"))["text"]
    cy.watch(table_id)
    watched = decode_view((await cy.receive_type("table"))["view"])
    assert watched.seat == SPECTATOR and watched.hand == () and watched.secret is None
    assert watched.legal_actions == ()
    for client in (ada, bo, cy):
        await client.close()


async def test_only_your_own_seat_and_only_legal_moves(server: GameServer) -> None:
    ada = await hello(server, "ada")
    ada.create(["bot:random"], CODEX, {"target_score": 20}, seed=3)
    table = server.room.get((await ada.receive_type("table"))["table"])
    ada.act(ChooseStarter(1, Side.FRONT), CODEX)  # the bot's seat
    assert "your own seat" in (await ada.receive_type("notice"))["text"]
    ada.act(Pass(0), CODEX)  # not a set-up move
    assert (await ada.receive_type("notice"))["level"] == "warning"
    ada.act(legal_actions_for(table.game, 0)[0], CODEX)
    await wait_until(lambda: any(entry.action.player == 0 for entry in table.game.log), what="ada's move")
    await ada.close()


async def test_leaving_a_table_before_it_starts_gives_the_seat_up(server: GameServer) -> None:
    ada = await hello(server, "ada")
    ada.create(["open"], CODEX, {"target_score": 20})
    table_id = (await ada.receive_type("waiting"))["table"]["id"]
    ada.leave()
    lobby = await ada.receive_type("lobby")
    assert lobby["tables"] == [] and table_id not in server.room.tables
    await ada.close()


async def test_a_disconnected_seat_is_shown_away(server: GameServer) -> None:
    ada, bo = await hello(server, "ada"), await hello(server, "bo")
    ada.create(["open"], CODEX, {"target_score": 20}, seed=5)
    table_id = (await ada.receive_type("waiting"))["table"]["id"]
    bo.join(table_id)
    await bo.receive_type("table")
    await ada.close()
    notice = await bo.receive_type("notice")
    assert "ada left the table" in notice["text"]
    message = await bo.receive_type("table")
    assert message["tags"][0] == "away" and "ada (away)" in message["waiting_for"]
    await bo.close()


async def test_tokens_are_one_time_passes(server: GameServer) -> None:
    token = server.hub.issue_token("ada")
    first = await HubClient.connect(server.hub.path, token=token)
    assert (await first.receive_type("welcome"))["name"] == "ada"
    second = await HubClient.connect(server.hub.path, token=token)
    assert await second.receive() is None
    await first.close()
    await second.close()


def test_create_requests_are_checked() -> None:
    request = parse_create({"game": CODEX, "seats": ["open", "bot:random"], "variant": {"target_score": 20}})
    assert request == CreateRequest(CODEX, ("open", "bot:random"), {"target_score": 20}, None)
    for bad in (
        {"seats": [], "target_score": 20},
        {"seats": ["open"] * 4, "target_score": 20},
        {"seats": ["bot:nope"], "target_score": 20},
        {"seats": ["human"], "target_score": 20},
        {"seats": ["open"], "target_score": 0},
        {"seats": ["open"], "target_score": True},
        {"seats": ["open"], "target_score": 20, "seed": -1},
        {"seats": "open", "target_score": 20},
        {"game": CODEX, "seats": ["open"], "variant": {"target_score": 201}},
        {"game": CODEX, "seats": ["open"], "variant": [20]},
    ):
        with pytest.raises(ProtocolError):
            parse_create(bad)


def test_the_create_message_of_before_variants_travelled_whole_is_still_read() -> None:
    """Top-level variant fields, no `game` for the default game; unset fields take their defaults."""
    assert parse_create({"seats": ["open"], "target_score": 15}) == CreateRequest(
        CODEX, ("open",), {"target_score": 15}, None
    )
    assert parse_create({"game": INSTINKT, "seats": ["open"]}).variant == {"draft": False}
    assert parse_create({"game": CODEX, "seats": ["open"], "variant": {}}).variant == {"target_score": 20}


@pytest.mark.parametrize(
    "request_",
    [
        CreateRequest(CODEX, ("open", "bot:greedy", "bot:hard"), {"target_score": 25}, 7),
        CreateRequest(CODEX, ("open",), {"target_score": 20}, None),
        CreateRequest(INSTINKT, ("bot:hard",), {"draft": True}, 3),
        CreateRequest(INSTINKT, ("open",), {"draft": False}, None),
    ],
)
def test_a_create_message_reads_back_as_the_request_it_was_made_from(request_: CreateRequest) -> None:
    message = create_message(request_)
    assert message["t"] == CREATE and message["game"] == request_.game and message["variant"] == request_.variant
    assert parse_create(message) == request_


def test_frames_are_bounded() -> None:
    with pytest.raises(FrameError):
        pack_frame({"t": "x", "blob": b"x" * 100}, limit=50)


def test_the_key_book_binds_a_name_once_and_keeps_it(tmp_path: Path, store: Store) -> None:
    first, other = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    book = KeyBook(store)
    assert book.allows("ada", first) and book.allows("ada", other)  # nobody owns "ada" yet
    assert book.bind("ada", first)
    assert not book.bind("ada", other)
    again = Store(tmp_path)
    try:
        reread = KeyBook(again)
        assert reread.bound_key("ada") == key_text(first)
        assert reread.allows("ada", first) and not reread.allows("ada", other)
        assert not reread.allows("no spaces", first)
    finally:
        again.close()
    assert (tmp_path / DB_FILE).stat().st_mode & 0o777 == 0o600
    broken = tmp_path / "again"
    broken.mkdir()
    (broken / "players.json").write_text("{broken")  # a key book of before the database, to import
    with pytest.raises(StoreError, match="players.json: cannot import the player keys"):
        Store(broken)


def test_the_server_never_loads_the_ui() -> None:
    """Textual lives in the app processes only; the server stays small."""
    code = "import sys, codex_tui.server.serve; print(sorted(m for m in sys.modules if m.startswith('textual')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ------------------------------------------------------------------ Instinkt


def test_instinkt_create_requests_are_checked() -> None:
    request = parse_create({"game": INSTINKT, "seats": ["bot:hard"], "variant": {"draft": True}})
    assert (request.game, request.others, request.variant) == (INSTINKT, ("bot:hard",), {"draft": True})
    assert parse_create({"game": INSTINKT, "seats": ["bot:hard"], "draft": True}).variant == {"draft": True}
    assert parse_create({"seats": ["open"], "target_score": 20}).game == CODEX
    for bad in (
        {"game": INSTINKT, "seats": ["open", "open"]},  # always 2 seats
        {"game": INSTINKT, "seats": []},
        {"game": INSTINKT, "seats": ["bot:random"]},  # a Codex bot
        {"game": INSTINKT, "seats": ["open"], "draft": "yes"},
        {"game": INSTINKT, "seats": ["open"], "variant": {"draft": "yes"}},
        {"game": "chess", "seats": ["open"], "target_score": 20},
        {"game": [INSTINKT], "seats": ["open"], "target_score": 20},
    ):
        with pytest.raises(ProtocolError):
            parse_create(bad)


async def test_either_player_may_pick_first_and_only_their_own_card(server: GameServer) -> None:
    ada, bo, cy = [await hello(server, name) for name in ("ada", "bo", "cy")]
    ada.create(["open"], INSTINKT, {"draft": False}, seed=31)
    table_id = (await ada.receive_type("waiting"))["table"]["id"]
    lobby = await bo.receive_type("lobby")
    assert lobby["tables"][0]["game"] == INSTINKT
    bo.join(table_id)
    message = await bo.receive_type("table")
    assert message["game"] == INSTINKT
    table = server.room.get(table_id)
    assert isinstance(table.game, instinkt.Game) and table.game.seed == 31
    assert load_save(table.save_path).game == table.game

    bo.act(instinkt.Choose(1, instinkt.Animal.MOTH), INSTINKT)  # bo first this time
    await wait_until(lambda: table.game.seats[1].chosen is not None, what="bo's pick")
    bo.act(instinkt.Choose(1, instinkt.Animal.RACCOON), INSTINKT)  # a second pick is refused
    assert "already chosen" in (await bo.receive_type("notice"))["text"]
    ada.act(instinkt.Choose(1, instinkt.Animal.RACCOON), INSTINKT)  # not her seat
    assert "your own seat" in (await ada.receive_type("notice"))["text"]
    cy.watch(table_id)
    watched = decode_instinkt_view((await cy.receive_type("table"))["view"])
    assert watched.seat == instinkt.SPECTATOR and watched.hand == () and watched.legal_actions == ()
    assert watched.has_chosen == (False, True) and watched.revealed == (None, None)
    assert all(entry.action.card is instinkt.Animal.SNAKE for entry in watched.log)  # "a card was chosen"

    ada.act(instinkt.Choose(0, instinkt.Animal.CAT), INSTINKT)
    await wait_until(lambda: table.game.phase is instinkt.Phase.PLACE, what="the reveal")
    shown = decode_instinkt_view((await cy.receive_type("table"))["view"])
    assert shown.revealed == (instinkt.Animal.CAT, instinkt.Animal.MOTH)
    assert load_save(table.save_path).game == table.game  # saved after every action
    for client in (ada, bo, cy):
        await client.close()


async def test_an_instinkt_bot_plays_a_whole_draft_game_in_the_worker(server: GameServer) -> None:
    ada = await hello(server, "ada")
    ada.create(["bot:hard"], INSTINKT, {"draft": True}, seed=5)
    message = await ada.receive_type("table")
    table = server.room.get(message["table"])
    assert table.kinds == ["human", "bot:hard"] and table.variant.draft
    while "result" not in message:
        view = decode_instinkt_view(message["view"])
        if view.legal_actions and len(table.game.log) == len(view.log):  # a fresh position, ours to play
            ada.act(view.legal_actions[0], INSTINKT)
        message = await ada.receive_type("table", timeout=60)
    game = table.game
    assert game.is_over and any(entry.action.player == 1 for entry in game.log)
    outcome = instinkt.result(game)
    assert message["result"]["winners"] == list(outcome.winners)
    assert message["result"]["hand_sums"] == list(outcome.hand_sums)
    assert table.save_path.parent.name == "finished" and load_save(table.save_path).game == game
    assert "won" in server.room.infos("ada")[0].status
    await ada.close()


@pytest.mark.parametrize("version", [None, 1, 3, "2"])
async def test_an_app_of_another_version_is_refused_with_one_clear_line(server: GameServer, version: object) -> None:
    reader, writer = await asyncio.open_unix_connection(str(server.hub.path))
    hello: dict[str, object] = {"t": "hello", "name": "ada", "lang": "fr"}
    if version is not None:
        hello["v"] = version
    writer.write(pack_frame(hello))
    bye = await read_frame(reader, MAX_DOWN_FRAME)
    assert bye is not None and bye["t"] == "bye" and bye["refused"] is True
    assert f"version {version or 1} " in bye["text"] and f"version {PROTOCOL_VERSION}" in bye["text"]
    assert "protocole" in bye["text"], "worded in the language the app starts in"
    assert await read_frame(reader, MAX_DOWN_FRAME) is None, "then the hub hangs up"
    writer.close()
    welcomed = await HubClient.connect(server.hub.path, name="ada")
    assert (await welcomed.receive_type("welcome"))["name"] == "ada"
