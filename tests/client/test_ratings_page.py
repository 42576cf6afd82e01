"""The ratings page of the player app, against a real hub: `r` in the lobby, a player's page from the
leaderboard, a past table's replay, the next game, and back to the lobby."""

from __future__ import annotations

from textual.widgets import DataTable

from codex_tui.client.app import RemoteApp
from codex_tui.client.hub_client import HubClient
from codex_tui.client.lobby import LobbyScreen
from codex_tui.client.ratings_page import RatingsScreen
from codex_tui.server.serve import GameServer
from codex_tui.ui.widgets.shown_text import ShownText
from tests.server.harness import wait_until
from tests.server.test_ratings import play_to_the_end

INSTINKT = "instinkt"


async def finished_rated_table(server: GameServer) -> None:
    """Bo and Cy play a rated Instinkt table to the end."""
    bo = await HubClient.connect(server.hub.path, name="bo")
    cy = await HubClient.connect(server.hub.path, name="cy")
    bo.create(["open"], INSTINKT, {"draft": False}, rated=True)
    await wait_until(lambda: len(server.room.tables) == 1, what="the table")
    [table] = server.room.tables.values()
    cy.join(table.id)
    await wait_until(lambda: table.game is not None, what="the deal")
    await play_to_the_end(server, table)
    await wait_until(lambda: table.save_path is not None and table.save_path.parent.name == "finished")
    for client in (bo, cy):
        await client.close()


def summary(app: RemoteApp) -> str:
    return str(app.screen.query_one("#ratings-summary", ShownText).text)


async def test_the_lobby_opens_the_ratings_and_a_past_table_replays(server: GameServer) -> None:
    await finished_rated_table(server)
    app = RemoteApp(server.hub.path, name="ada")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(lambda: isinstance(app.screen, LobbyScreen) and bool(app.screen.tables), what="the lobby")
        await pilot.press("r")  # the cursor is on the finished Instinkt table: its game's page
        await wait_until(lambda: isinstance(app.screen, RatingsScreen) and app.screen.page is not None)
        assert summary(app).startswith("ada at Instinkt: no rated table yet")
        board = app.screen.query_one("#board", DataTable)
        assert board.row_count == 2  # bo and cy
        board.focus()
        await pilot.press("enter")  # the best player's page
        best = max(("bo", "cy"), key=lambda name: server.room.rating(name, INSTINKT))
        await wait_until(lambda: summary(app).startswith(f"{best} at Instinkt: rating "), what="their page")
        await pilot.press("tab")
        assert app.screen.focused is app.screen.query_one("#past", DataTable)
        await pilot.press("enter")  # the replay of their table
        await wait_until(lambda: not isinstance(app.screen, RatingsScreen), what="the replay")
        await pilot.press("q")
        await wait_until(lambda: isinstance(app.screen, RatingsScreen), what="back on the page")
        await pilot.press("g")  # the next game: Codex, where nobody has a table
        await wait_until(lambda: summary(app).startswith(f"{best} at Codex Naturalis: no rated table yet"))
        await pilot.press("escape")
        await wait_until(lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")
        assert app.place == "lobby"


async def test_the_moves_a_bot_played_for_an_absent_player_are_marked_in_the_log() -> None:
    from codex_tui.core import registry
    from codex_tui.games.instinkt.ui.screen import SidePanel
    from codex_tui.protocol import messages as p
    from tests.scenes import settle
    from tests.scenes.net import SceneApp, empty_lobby

    module = registry.game_named(INSTINKT)
    game = module.new_game(("Ada", "Bo"), 3, module.default_variant())
    for _ in range(4):
        seat = module.players_to_act(game)[0]
        game = module.apply(game, module.legal_actions_for(game, seat)[0])
    bo_moves = [number for number, action in enumerate(game.actions, 1) if action.player == 1]
    table = {
        "t": p.TABLE,
        "table": 3,
        "game": INSTINKT,
        "seat": 0,
        "view": module.encode_view(module.view(game, 0)),
        "tags": ["", "easy"],
        "waiting_for": None,
        "bot_played": [[1, number] for number in bo_moves],
    }
    app = SceneApp(lambda: [*empty_lobby(), table])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        notes = app.game_screen.chat_notes
        assert [at for at, _text in notes] == bo_moves
        assert all(text == "  ↑ played by a bot for Bo" for _at, text in notes)
        panel = "\n".join(line.plain for line in app.game_screen.query_one(SidePanel).log_lines)
        assert "played by a bot for Bo" in panel
