"""The saves browser and the replay viewer, driven by the keyboard."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.saves_browser import SavesBrowser, when
from codex_tui.games.codex.bots.selfplay import selfplay_game
from codex_tui.games.codex.record import record_json
from codex_tui.games.codex.rules import Phase
from codex_tui.games.codex.timeline import Timeline
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.games.codex.ui.tray import CardTray
from codex_tui.storage.catalog import scan_saves
from codex_tui.storage.saves import SavedGame, load_save, write_save
from codex_tui.ui.screens.replay import ReplayLog, ReplaySummary
from tests.driving import session
from tests.waiting import wait_until


def finished_save(folder: Path, name: str = "done.msgpack", seed: int = 4) -> Path:
    path = folder / name
    write_save(path, SavedGame(selfplay_game(["greedy", "greedy"], seed), ("human", "bot:greedy")))
    return path


def unfinished_save(folder: Path) -> Path:
    from codex_tui.games.codex.rules import new_game

    path = folder / "going.msgpack"
    write_save(path, SavedGame(new_game(("Ada", "Bo"), 9), ("human", "bot:greedy"), title="Evening game"))
    return path


async def cursor_down_to(pilot: Pilot[None], browser: SavesBrowser, row: int) -> None:
    """Down until the browser's cursor is on `row`: at most a key per row (a loop until it got there
    pressed for ever once the app had crashed underneath)."""
    for _ in range(len(browser.entries)):
        if browser.query_one(DataTable).cursor_row == row:
            break
        await pilot.press("down")
    assert pilot.app.is_running and browser.query_one(DataTable).cursor_row == row


def browser_app(folder: Path) -> CodexApp:
    return CodexApp(saves_dir=folder, bot_delay=0, mode="saves")


async def test_the_browser_lists_every_file_and_broken_ones_say_why(saves: Path) -> None:
    finished_save(saves)
    unfinished_save(saves)
    (saves / "junk.msgpack").write_bytes(b"not a save at all")
    app = browser_app(saves)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        assert len(browser.entries) == 3
        names = [entry.path.name for entry in browser.entries]
        junk_row = names.index("junk.msgpack")
        await cursor_down_to(pilot, browser, junk_row)
        reason = str(browser.query_one("#reason").render())
        assert "junk.msgpack" in reason and "not a codex-tui save" in reason
        assert browser.check_action("open", ()) is None  # nothing to open in a broken file


async def test_files_that_never_were_saves_are_not_listed(saves: Path) -> None:
    finished_save(saves)
    (saves / "README.md").write_text("# saves/\n\ncodex-tui writes its games here.\n")  # as shipped
    (saves / "cut.msgpack").write_bytes(b"half a save")
    app = browser_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        assert sorted(entry.path.name for entry in browser.entries) == ["cut.msgpack", "done.msgpack"]
        title = str(browser.query_one("#browser-title").render())
        assert "1 game, 1 unreadable" in title


async def test_back_and_forth_between_browser_and_replay_never_leaves_a_blank_screen(saves: Path) -> None:
    finished_save(saves)
    app = browser_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(2):  # saves, v, q: back in the browser, every time
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, SavesBrowser)
        await pilot.press("q")  # nothing under the browser: q quits instead of showing a blank screen
        await pilot.pause()
        assert app._exit


async def test_the_browser_opened_from_a_game_goes_back_to_it(saves: Path) -> None:
    path = unfinished_save(saves)
    finished_save(saves)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # The set-up opens over the game screen once that is drawn: taken before, "what was playing" was the
        # game screen, and the set-up, held while the browser was open, came back over it.
        await wait_until(lambda: isinstance(app.screen, SetupScreen), what="the set-up choice")
        playing = app.screen
        app.action_browse_saves()
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        done = [entry.path.name for entry in browser.entries].index("done.msgpack")
        await cursor_down_to(pilot, browser, done)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q", "q")
        await pilot.pause()
        assert not app._exit and app.screen is playing and app.game_screen in app.screen_stack


async def test_the_saved_column_is_whole_at_80_columns(saves: Path) -> None:
    path = finished_save(saves)
    from codex_tui.storage.catalog import rename_save

    rename_save(path, "A very long title for a game that went on all evening long")
    unfinished_save(saves)
    for size in ((80, 24), (160, 50)):
        app = browser_app(saves)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            browser = app.screen
            assert isinstance(browser, SavesBrowser)
            table = browser.query_one("DataTable")
            shown = [str(column.label) for column in table.columns.values()]
            assert "Saved" in shown and "Scores" in shown
            widths = sum(column.get_render_width(table) for column in table.columns.values())
            assert widths <= size[0] - 2  # nothing scrolls off to the right
            for row, entry in enumerate(browser.entries):
                assert when(entry) in str(table.get_row_at(row)[shown.index("Saved")])
            full = "A very long title" in str(table.get_row_at(0)[0]) + str(table.get_row_at(1)[0])
            assert full == (size[0] >= 120)


async def test_enter_resumes_an_unfinished_game(saves: Path) -> None:
    path = unfinished_save(saves)
    app = browser_app(saves)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.save_path == path
        assert app.session.game == load_save(path).game
        assert app.session.title == "Evening game"


async def test_rename_and_delete_ask_first(saves: Path) -> None:
    path = unfinished_save(saves)
    app = browser_app(saves)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"Rematch", "enter")
        await pilot.pause()
        assert load_save(path).title == "Rematch"
        await pilot.press("d")
        await pilot.press("n")  # "no": nothing happens
        assert path.exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert not path.exists()
        assert scan_saves(saves) == []


async def test_replay_steps_to_a_turn_and_shows_that_state(saves: Path) -> None:
    path = finished_save(saves)
    timeline = Timeline.of_game(load_save(path).game)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("g")
        await pilot.press(*"7", "enter")
        await pilot.pause()
        index = timeline.turn_start(7)
        assert screen.index == index
        await pilot.press("right", "right", "right", "left")
        await pilot.pause()
        index += 2
        assert screen.index == index
        state = timeline.state_at(index)
        await pilot.press("2")  # show the second player
        await pilot.pause()
        shown_area = screen.query_one(PlayAreaView).scene.area
        assert shown_area == state.seats[1].area
        shown_hand = [item.card for item in screen.query_one(CardTray).scene.items]
        assert shown_hand == list(state.seats[1].hand)
        status = screen.status()
        assert f"action {index}/{len(timeline)}" in status
        await pilot.press("end", "e")
        await pilot.pause()
        assert isinstance(app.screen, ReplaySummary)


async def test_play_from_here_starts_a_new_save_and_leaves_the_old_one(saves: Path) -> None:
    path = finished_save(saves)
    before = path.read_bytes()
    timeline = Timeline.of_game(load_save(path).game)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("g", *"5", "enter")
        await pilot.pause()
        index = timeline.turn_start(5)
        await pilot.press("b")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert any(isinstance(screen, GameScreen) for screen in app.screen_stack)
        branched = session(app)
        assert branched.save_path != path and branched.save_path is not None
        assert branched.game.actions[:index] == timeline.state_at(index).actions
        assert branched.game.phase is not Phase.OVER
    assert path.read_bytes() == before


async def test_a_game_record_replays_too(saves: Path, tmp_path: Path) -> None:
    game = selfplay_game(["random", "greedy", "random"], 12)
    record = tmp_path / "game.json"
    record.write_text(record_json(game))
    app = CodexApp(saves_dir=saves, save=record, bot_delay=0, mode="replay")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.timeline.final == game


async def test_the_replay_log_keeps_the_current_action_in_view_at_any_height(saves: Path) -> None:
    """A one-line log panel used to fail (KeyError) choosing its window; now it shows the current action."""
    path = finished_save(saves)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(ReplayLog)
        for room in (1, 2, 5, 40):
            for current in (-1, 0, 7, len(log.lines) - 1):
                log.current = current
                shown = log.window(room)
                assert max(current, 0) in shown
                assert sum(len(log.block(i)) for i in shown) <= max(room, len(log.block(max(current, 0))))


def test_the_saves_list_tells_the_player_who_played_here_that_they_won(tmp_path: Path) -> None:
    """The one human of a local save is spoken to ("finie : vous avez gagné"), never named in the
    third person ("finie : Vous a gagné"); a bot's win names the bot."""
    from codex_tui.app.screens.saves_browser import status_text
    from codex_tui.i18n import set_language
    from codex_tui.storage.catalog import SaveSummary

    set_language("fr")
    seen = set()
    for seed in range(4, 12):
        (entry,) = scan_saves(tmp_path) if finished_save(tmp_path, seed=seed) else []
        assert isinstance(entry, SaveSummary)
        words = status_text(entry).plain
        seen.add(entry.winners == (0,))
        if entry.winners == (0,):  # seat 0 is the human
            assert words == "finie\u00a0: vous avez gagné", words
        else:
            assert "vous" not in words.lower() and entry.players[entry.winners[0]] in words, words
    assert seen == {True, False}, "both a won and a lost game were read"


async def test_a_copy_keeps_the_games_title(saves: Path) -> None:
    path = unfinished_save(saves)
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(lambda: isinstance(app.screen, SetupScreen), what="the set-up choice")
        app.save_copy()
        await pilot.pause()
    copies = [entry for entry in scan_saves(saves) if entry.path != path]
    assert [load_save(entry.path).title for entry in copies] == ["Evening game"]


def test_the_browser_answers_the_key_bar_before_its_table_is_there(saves: Path) -> None:
    """The key bar asks which keys apply as soon as it is placed; under load it once asked before the
    browser's table was there, and the error ended the app (the crash log of a test that then hung)."""
    finished_save(saves)
    browser = SavesBrowser(saves)
    assert browser.current() is None
    assert browser.check_action("open", ()) is None and browser.check_action("delete", ()) is None
    assert browser.check_action("sort", ()) is True
