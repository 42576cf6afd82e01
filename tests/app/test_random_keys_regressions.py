"""The failures random keys found, each kept as a test that fails without its fix.

- a state (a bot's move, a resize) reaching a game screen before it is
  composed or after it was popped (`NoMatches ... ScoreTrack`);
- Textual 8.2's `KeyError` in `OptionList._move_page` (page keys before an
  option list is laid out: the command palette, a Select's menu);
- ESC inside a bracketed paste leaking out as key presses, and pastes in
  general acting as game keys;
- a crash: one calm line, the traceback in the crash log, exit status 1.
"""

from __future__ import annotations

import fcntl
import logging
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from textual import events
from textual._xterm_parser import XTermParser
from textual.command import CommandList, CommandPalette
from textual.widgets import Input, Select
from textual.widgets._select import SelectOverlay
from textual.widgets.option_list import Option

from codex_tui.app.app import CodexApp
from codex_tui.app.screens.new_game import NewGameScreen
from codex_tui.client.app import RemoteApp
from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.rules import Phase, Variant, apply, new_game, players_to_act, view
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.input_guard import InputGuard
from codex_tui.storage.saves import SavedGame, load_save, write_save
from codex_tui.ui.crash import CRASH_LOG_NAME, CRASH_LOGGER
from codex_tui.ui.paging import PageSafeCommandPalette
from codex_tui.ui.screens.modals import HelpScreen, PassDeviceScreen
from codex_tui.ui.terminal_input import GuardedParser
from codex_tui.ui.widgets.status_line import StatusLine
from tests.driving import saved_game, session, settle, table
from tests.waiting import until_shown

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------- screens and late states


async def test_a_bot_move_due_after_the_player_left_the_game_changes_nothing(saves: Path) -> None:
    game = new_game(("Ada", "Bo"), 5, Variant(20))
    bots = [make_bot("random", 1), make_bot("random", 2)]
    while game.phase is Phase.SETUP or game.current != 0:  # past set-up (its bot choices wait on no delay)
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    path = saves / "game.msgpack"
    write_save(path, SavedGame(game, ("bot:random", "human")))
    before = load_save(path).game
    app = CodexApp(saves_dir=saves, save=path, bot_delay=3600, offer_resume=False)  # due only when we say
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.table is not None
        timer = app.table.bot_timer
        assert timer is not None  # the bot is about to move
        app.ask_new_game()  # the palette's "New game"
        timer._callback()  # the bot's move comes due all the same (as a timer that fires late)
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and app.session is None
    assert app.return_code in (None, 0)
    assert load_save(path).game == before  # no move was made, and none saved, in a game no one sees


async def test_a_game_screen_takes_states_before_it_is_composed_and_after_it_is_popped(saves: Path) -> None:
    game = new_game(("Ada", "Bo"), 5, Variant(20))
    bots = [make_bot("random", 1), make_bot("random", 2)]
    while game.phase is Phase.SETUP:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    waiting = 1 - game.current
    screen = GameScreen()
    screen.update_game(view(game, waiting), ("", ""), False, False, "Cy")  # before compose: kept, not drawn
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.query_one("#status", StatusLine).text == screen.status_text() == "Cy is playing…"
        app.ask_new_game()
        await settle(pilot)
        assert not screen.drawable
        screen.update_game(view(game, game.current), ("", ""), True, False)  # after the pop: kept, not drawn
        screen.on_resize()
        await settle(pilot)
        assert screen.view is not None and screen.view.seat == game.current
    assert app.return_code in (None, 0)


async def test_help_open_over_the_game_holds_the_next_privacy_screen_until_it_closes(saves: Path) -> None:
    game = new_game(("Ada", "Bo", "Cy"), 5, Variant(20))
    bots = [make_bot("random", seat + 1) for seat in range(3)]
    while game.phase is Phase.SETUP:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    kinds = ["human"] * 3
    kinds[game.current] = "bot:random"  # the bot moves first; a human (behind a privacy screen) follows
    path = saves / "three.msgpack"
    write_save(path, SavedGame(game, tuple(kinds)))
    # The bot's timer is set far off and its move made once the help is open: a loaded machine may take
    # longer than any delay between the start and the key.
    app = CodexApp(saves_dir=saves, save=path, bot_delay=3600, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_shown(pilot, lambda: table(app).bot_timer is not None, what="the bot about to move")
        await pilot.press("question_mark")
        await until_shown(pilot, lambda: isinstance(app.screen, HelpScreen), what="the help")
        played = len(game.actions)
        table(app).bot_delay = 0  # the bot's next action (its draw) at once, once the help has closed
        table(app).think(game.current, session(app).game)  # what the timer does when it fires
        await until_shown(pilot, lambda: len(session(app).game.actions) > played, what="the bot's move")
        await until_shown(pilot, lambda: table(app).advance_held, what="the next step held under the help")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)  # nothing was stacked on the help
        await pilot.press("escape")
        await until_shown(pilot, lambda: isinstance(app.screen, PassDeviceScreen), what="the privacy screen")
        assert session(app).game.current != game.current
    assert app.return_code in (None, 0)


# ------------------------------------------ page keys before the first layout


async def test_page_keys_in_the_command_palette_before_its_list_is_laid_out(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, PageSafeCommandPalette)
        commands = palette.query_one(CommandList)
        commands.display = False  # what a just-filled list is until the next layout: no size
        await pilot.pause()
        commands.clear_options().add_options([Option(f"command {n}") for n in range(30)])
        commands.highlighted = 0
        with pytest.raises(KeyError):  # Textual 8.2's own palette
            CommandPalette._action_command_list(palette, "page_down")
        await pilot.press("pagedown", "pageup", "pagedown")
        assert app._exception is None and app.is_running
        commands.display = True
        await pilot.pause()
        await pilot.press("pagedown")  # laid out: paging works again
        assert commands.highlighted is not None and commands.highlighted > 0


async def test_page_keys_in_a_select_menu_before_it_is_laid_out(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#game", Select).query_one(SelectOverlay)  # closed: no size
        menu.highlighted = 0
        with pytest.raises(KeyError):
            SelectOverlay._move_page(menu, 1)
        menu.action_page_down()
        menu.action_page_up()
        assert menu.highlighted == 0


# ----------------------------------------------------------------- pastes


def parsed(parser: XTermParser, *reads: str) -> list[events.Event]:
    found: list[events.Event] = []
    for data in reads:
        found.extend(event for event in parser.feed(data) if isinstance(event, events.Event))
    return found


def test_esc_inside_a_bracketed_paste_is_never_a_key() -> None:
    paste = "\x1b[200~q\x1bq\x1b[201~"
    assert any(isinstance(e, events.Key) for e in parsed(XTermParser(), paste))  # Textual 8.2 leaks `q`
    assert [type(e) for e in parsed(GuardedParser(), paste)] == [events.Paste]
    split = parsed(GuardedParser(), "\x1b[200~1\x1b", "f\x1b[2", "01~", "x")  # the end marker across reads
    assert [type(e) for e in split] == [events.Paste, events.Key]
    assert split[0].text == "1f"  # type: ignore[attr-defined]
    keys = parsed(GuardedParser(), "ab\x1b[A")  # outside a paste, escape sequences are keys as before
    assert [e.key for e in keys if isinstance(e, events.Key)] == ["a", "b", "up"]


def test_the_paste_guard_keeps_everything_outside_pastes() -> None:
    guard = InputGuard()
    assert guard.clean("x\x1b[200~a\x1bb") == "x\x1b[200~ab"
    assert guard.clean("\x1b[20") == ""  # maybe the end marker: held
    assert guard.clean("1~\x1b[B") == "\x1b[201~\x1b[B"
    assert not guard.in_paste


PASTES = ("q\x1bq", "\r\r1f\r", "u\x12 \t2\x1b[D\r", "\x1b", "\x11\x03")


async def test_a_paste_on_the_game_screen_is_not_a_key(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, save=saved_game(saves, ("human", "human")), bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        for text in PASTES:  # q quits there, enter goes on
            app.post_message(events.Paste(text))
            await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen) and app.is_running
        for _ in range(20):  # past the privacy screens and set-up, onto the game screen
            if isinstance(app.screen, GameScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        game = session(app).game
        for text in PASTES:
            app.post_message(events.Paste(text))
            await settle(pilot)
        assert session(app).game == game and isinstance(app.screen, GameScreen) and app.is_running


async def test_a_paste_goes_into_a_text_field(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        field = app.screen.query_one("#seed", Input)
        field.focus()
        await pilot.pause()
        app.post_message(events.Paste("4242"))
        await pilot.pause()
        assert field.value == "4242" and isinstance(app.screen, NewGameScreen)


# ---------------------------------------------------------------- crashes

FAULTY_PLAY = """
import sys
import termios
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.ui.screens.modals import HelpScreen, PassDeviceScreen
from codex_tui.cli import main

def broken(self, *args, **kwargs):
    raise RuntimeError("a fault planted by the test")

GameScreen.status_text = broken
sys.exit(main(sys.argv[1:]))
"""


def run_in_terminal(args: list[str], cwd: Path, send: bytes = b"", wait: float = 30.0) -> tuple[int | None, str]:
    """Run a command on a pseudo-terminal (80x24); returns its exit status (None if still running) and output."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.set_blocking(leader, False)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    process = subprocess.Popen(args, stdin=follower, stdout=follower, stderr=follower, cwd=cwd, env=env)
    os.close(follower)
    output = bytearray()
    sent = False
    deadline = time.monotonic() + wait
    try:
        while time.monotonic() < deadline and process.poll() is None:
            ready, _, _ = select.select([leader], [], [], 0.1)
            if ready:
                try:
                    output += os.read(leader, 65536)
                except OSError:  # the terminal closed: the process is ending
                    process.wait(10)
                    break
            if send and not sent and b"\x1b[?1049h" in output and time.monotonic() > deadline - wait + 3:
                os.write(leader, send)
                sent = True
        with_status = process.poll()
        if with_status is None:
            process.terminate()
            process.wait(10)
        else:
            while select.select([leader], [], [], 0.2)[0]:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
    finally:
        os.close(leader)
    return with_status, output.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_crash_shows_one_calm_line_logs_the_traceback_and_exits_1(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    save = saved_game(saves, ("human", "bot:random"))
    status, output = run_in_terminal(
        [sys.executable, "-c", FAULTY_PLAY, "play", str(save), "--saves-dir", "saves"], cwd=tmp_path
    )
    assert status == 1
    after = output.rsplit("\x1b[?1049l", 1)[-1]  # what stays on the terminal once the app has left
    assert "Traceback" not in after and "RuntimeError" not in after
    words = " ".join(after.split())
    assert "stopped after an unexpected error" in words
    assert f"codex-tui play saves/{save.name}" in words and f"saves/{CRASH_LOG_NAME}" in words
    logged = (saves / CRASH_LOG_NAME).read_text()
    assert "Traceback" in logged and "a fault planted by the test" in logged


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_pasted_escapes_and_bytes_that_are_not_utf8_do_not_end_the_app(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    save = saved_game(saves, ("human", "human"))
    junk = b"\x1b[200~q\x1bq\x1b\x1b[201~" + b"\xff\xe9\xbfA" + b"\x1b[200~\x11\x03\x1bq\x1b[201~"
    status, _ = run_in_terminal(
        [sys.executable, "-m", "codex_tui", "play", str(save), "--saves-dir", "saves"], cwd=tmp_path, send=junk, wait=8
    )
    assert status is None  # still running when the test stopped it
    assert not (saves / CRASH_LOG_NAME).exists()


async def test_the_palette_opens_again_while_the_last_one_is_still_closing(saves: Path) -> None:
    """Found by random keys in tmux: a palette command (help) and ctrl+p at once."""
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        app.pop_screen()  # the palette closes to run its command; its removal takes a moment
        app.action_help()
        app.action_command_palette()  # ctrl+p before it is gone
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette) and app._exception is None
        await pilot.press("escape", "escape")
        assert not isinstance(app.screen, CommandPalette) and app.is_running


async def test_a_crash_in_a_network_players_app_goes_to_the_server_log_only(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    app = RemoteApp(tmp_path / "hub.sock", name="ada")
    with caplog.at_level(logging.ERROR, logger=CRASH_LOGGER), pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)):
            try:
                raise RuntimeError("a fault planted by the test")
            except RuntimeError as error:
                app._handle_exception(error)
    assert app.return_code == 1
    shown = " ".join(capsys.readouterr().err.split())  # what the player's terminal gets once the app has left
    assert "connect again" in shown and "/" not in shown and "Traceback" not in shown
    assert "a fault planted by the test" in caplog.text and "Traceback" in caplog.text
