"""The Codex game and replay screens fit the terminal: at 80x24, 120x40, 160x50 and after resizes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Footer

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.describe import scoring_text
from codex_tui.games.codex.rules import CATALOG, Phase, Side, view
from codex_tui.games.codex.rules.cards import Scoring
from codex_tui.games.codex.ui.cardart import LARGE_H, LARGE_W, draw_large
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.panels import GameLog, ObjectivesPanel, wrap_cells
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.score_track import status_line
from codex_tui.i18n import PSEUDO, set_language
from codex_tui.i18n.pseudo import CLOSE, OPEN
from codex_tui.storage.saves import SavedGame, write_save
from codex_tui.ui.canvas import Canvas
from codex_tui.ui.screens.replay import ReplayLog
from codex_tui.ui.widgets.status_line import StatusLine, fit
from tests.scenes import settle, shown
from tests.scenes.games import KINDS, mid_game, played

SIZES = [(80, 24), (120, 40), (160, 50)]
FIGURES = re.compile(r"\+\d+ pt|objectives [+-]\d+|\(-?\d+,-?\d+\)|\b\d[FPAIQKM]\b")
"""What a preview must keep whatever its wording: points, objectives change, spot, counts."""


def game_app(tmp_path: Path, phase: Phase = Phase.PLACE) -> CodexApp:
    path = tmp_path / "game.msgpack"
    write_save(path, SavedGame(mid_game(phase), KINDS))
    return CodexApp(saves_dir=tmp_path, save=path, bot_delay=0, offer_resume=False)


async def opened(pilot: Pilot[None]) -> None:
    """Until the saved game is on screen with its view: the app hands the screen its view
    after the screen's first refresh, which a loaded machine delays past a settle."""
    await shown(
        pilot,
        lambda: isinstance(pilot.app.screen, GameScreen) and pilot.app.screen.view is not None,
        "the saved game",
    )
    await settle(pilot)


def screen_lines(app: CodexApp) -> list[str]:
    """The screen as the terminal would show it, one string per row."""
    update = app.screen._compositor.render_full_update()
    return ["".join(strip.text for strip in row) for row in update.strips]


def area_rows(area: PlayAreaView) -> list[str]:
    return [area.render_line(y).text for y in range(area.size.height)]


def assert_board_fits(app: CodexApp) -> None:
    """The play area stops where the side panel starts, draws only its own width, and shows the board."""
    screen = app.screen
    area = screen.query_one(PlayAreaView)
    side = screen.query_one("#side")
    assert area.region.right <= side.region.x
    assert area.region.y == side.region.y
    rows = area_rows(area)
    assert all(len(row) == area.size.width for row in rows)
    assert any(row.strip() for row in rows), "the board is out of view"
    cursor = area.scene.cursor
    if cursor is not None:
        col, row = area.zoom.corner(cursor)
        x, y = col - area.origin[0], row - area.origin[1]
        assert x >= 0 and x + area.zoom.width <= area.size.width and y >= 0 and y + area.zoom.height <= area.size.height


@pytest.mark.parametrize("size", SIZES)
async def test_the_board_fits_beside_the_side_panel_at_every_size(tmp_path: Path, size) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, GameScreen)
        assert_board_fits(app)


def assert_centred(area: PlayAreaView) -> None:
    """The middle of the cards and open spots is the middle of the view (give or take a cell)."""
    left, top, right, bottom = area.zoom.span(area.scene.area.bounds())
    middle = ((left + right) // 2, (top + bottom) // 2)
    shown_middle = (area.origin[0] + area.size.width // 2, area.origin[1] + area.size.height // 2)
    assert abs(middle[0] - shown_middle[0]) <= 1 and abs(middle[1] - shown_middle[1]) <= 1, (middle, shown_middle)


async def test_the_board_is_centred_and_follows_the_cursor_after_resizes(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await opened(pilot)
        area = app.screen.query_one(PlayAreaView)
        assert_centred(area)
        for width, height in [(80, 24), (100, 30), (80, 24), (160, 50)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert_board_fits(app)
        assert_centred(area)
        await pilot.resize_terminal(80, 24)
        await pilot.press("tab", "tab", "tab")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert_board_fits(app)


async def test_a_board_too_big_for_the_view_keeps_its_middle_when_the_view_changes(tmp_path: Path) -> None:
    """A one-row change (a preview wrapping onto two lines) must not make the board jump."""
    app = game_app(tmp_path, Phase.DRAW)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        area = app.screen.query_one(PlayAreaView)
        assert not area.fits()
        before = (area.origin[0] + area.size.width // 2, area.origin[1] + area.size.height // 2)
        await pilot.resize_terminal(80, 25)
        await pilot.pause()
        after = (area.origin[0] + area.size.width // 2, area.origin[1] + area.size.height // 2)
        assert area.size.height == 14 and abs(after[1] - before[1]) <= 1 and after[0] == before[0]


async def test_the_board_stays_in_view_while_drawing_after_a_shrink(tmp_path: Path) -> None:
    """No cursor to follow while drawing: the board itself must be re-centred."""
    app = game_app(tmp_path, Phase.DRAW)
    async with app.run_test(size=(160, 50)) as pilot:
        await opened(pilot)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen.query_one(PlayAreaView).scene.cursor is None
        assert_board_fits(app)


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
async def test_log_lines_are_whole_from_120_columns(tmp_path: Path, size) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        log = app.screen.query_one("#log")
        shown = [line.rstrip() for line in screen_lines(app)]
        assert log.lines
        for line in log.lines[-5:]:
            assert any(row.endswith(line) for row in shown), line
        assert not any(row.endswith("…") for row in shown)


async def test_at_80_columns_the_newest_log_line_wraps_instead_of_losing_its_end(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        log = app.screen.query_one(GameLog)
        newest = log.lines[-1]
        assert len(newest) > log.size.width  # the case this test is about
        rows = str(log.render()).splitlines()[1:]
        assert " ".join(row.strip() for row in rows).endswith(newest)
        assert all(len(row) <= log.size.width for row in rows)


def every_preview(screen: GameScreen, width: int) -> list[str]:
    """The preview of every hand card, both sides, at every legal spot."""
    texts = []
    assert screen.view is not None
    for index, card in enumerate(screen.view.hand):
        screen.selected = index
        for side in Side:
            screen.sides[card] = side
            for spot in sorted(screen._spots()):
                screen.cursor = spot
                texts.append(screen.preview_text(width))
    return texts


async def test_the_preview_keeps_its_numbers_at_80_columns_and_is_one_line_from_120(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        narrow, wide = every_preview(screen, 80), every_preview(screen, 120)
        assert len(narrow) > 20
        for short, long in zip(narrow, wide):
            assert all(len(line) <= 80 for line in short.splitlines()), short
            assert short.count("\n") <= 1 and "\n" not in long and len(long) <= 120
            figures = FIGURES.findall(long)
            assert figures and all(figure in short for figure in figures), (figures, short)
        assert any("objectives" in text for text in narrow)


def test_fit_shortens_words_then_wraps_but_never_drops_a_part() -> None:
    forms = (
        ["Gold 41 front at (-3,-5): +1 pt", "objectives +3", "covers 2 corners, hides AIK"],
        ["G41 (-3,-5): +1 pt", "objectives +3", "covers 2, hides AIK"],
    )
    assert fit(forms, 100) == "Gold 41 front at (-3,-5): +1 pt · objectives +3 · covers 2 corners, hides AIK"
    assert fit(forms, 60) == "G41 (-3,-5): +1 pt · objectives +3 · covers 2, hides AIK"
    wrapped = fit(forms, 40)
    assert wrapped == "G41 (-3,-5): +1 pt · objectives +3\ncovers 2, hides AIK"


async def test_a_wrapped_preview_takes_two_lines_and_goes_back_to_one(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        status = app.screen.query_one(StatusLine)
        status.show("one\ntwo")
        await pilot.pause()
        assert status.size.height == 2
        status.show("one")
        await pilot.pause()
        assert status.size.height == 1


def key_bar(app: CodexApp) -> str:
    footer = app.screen.query_one(Footer)
    return screen_lines(app)[footer.region.y]


async def test_the_key_bar_lists_only_keys_that_do_something_now(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.DRAW)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        bar = key_bar(app)
        assert "Draw" in bar
        for dead in ("Flip", "Place", "Redo"):
            assert dead not in bar, bar
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen._placing()
        bar = key_bar(app)
        assert "Flip" in bar and "Draw" not in bar, bar
        assert ("Place" in bar) is screen.check_action("place", ()), bar


async def test_notifications_cover_neither_the_preview_nor_the_key_bar(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await opened(pilot)
        app.notify("Undone", timeout=30)
        app.notify("Autosave failed: the disk is full and this message is long", timeout=30)
        await pilot.pause()
        screen = app.screen
        keep_clear = [screen.query_one(StatusLine).region, screen.query_one(Footer).region]
        toasts = list(screen.query("Toast"))
        assert len(toasts) == 2
        for toast in toasts:
            for region in keep_clear:
                assert not toast.region.overlaps(region), (toast.region, region)


def test_the_final_round_says_whose_turns_are_left() -> None:
    triggered = view(played(8, lambda g: g.turns_left is not None), 0)
    assert status_line(triggered, 160) == (
        "Bo to draw a card · end triggered: after this, Ada, Bo and Ada, then the end"
    )
    assert status_line(triggered, 60) == "Bo to draw a card · end triggered: 3 turns after this (Ada next)"
    final = view(played(8, lambda g: g.turns_left == 1), 0)
    assert status_line(final, 80).endswith("final round: after this, Ada, then the end")
    last = view(played(8, lambda g: g.turns_left == 0), 0)
    assert status_line(last, 80).endswith(" · the last turn of the game")


async def test_another_players_objectives_hide_their_secret_and_never_score_yours(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        secret = screen.view.secret
        panel = screen.query_one(ObjectivesPanel)
        assert f"S {secret:>3}" in str(panel.render())
        await pilot.press("o")
        await pilot.pause()
        shown = str(panel.render())
        assert f"{secret:>3}" not in shown and "hidden" in shown
        assert all(f"C {objective:>3}" in shown for objective in screen.view.common_objectives)
        selected = screen.selected
        await pilot.press("2")  # your hand is not chosen from while another area is on show
        await pilot.pause()
        assert screen.selected == selected and "choose" not in screen._tray_scene().title
        await pilot.press("escape")
        await pilot.pause()
        assert f"S {secret:>3}" in str(panel.render())


@pytest.mark.parametrize("language", ["en", "fr", "zh", PSEUDO])
def test_card_faces_never_cut_a_word(language: str) -> None:
    """Every large card, face up, in every language (the pseudo-language is 40% longer): each text
    drawn on it is whole (the shorter wording in symbols where the words do not fit)."""
    set_language(language)
    words = {"pt", "pts", "corner", "quill", "inkwell", "manuscript"}
    for card in CATALOG.playable.values():
        for side in Side:
            canvas = Canvas()
            draw_large(canvas, 0, 0, card.id, side, requirement_met=True)
            rows = ["".join(canvas.cells.get((x, y), (" ", None))[0] for x in range(LARGE_W)) for y in range(LARGE_H)]
            inside = "".join(row[1:-1] for row in rows[1:-1])
            assert inside.count(OPEN) == inside.count(CLOSE), (card.id, side, rows)
            assert all(cell_len(row) == LARGE_W for row in rows), (card.id, side, rows)
        if language == "en":
            text = scoring_text(card) if card.scoring is not Scoring.FLAT else ""
            for word in text.replace("/", " ").split():
                assert word.isdigit() or word in words, (card.id, text)


def replay_app(tmp_path: Path) -> CodexApp:
    path = tmp_path / "done.msgpack"
    write_save(path, SavedGame(played(8, lambda g: False), KINDS))
    return CodexApp(saves_dir=tmp_path, save=path, bot_delay=0, mode="replay")


async def test_the_replay_board_fits_and_its_current_log_line_is_whole(tmp_path: Path) -> None:
    app = replay_app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press("g", "9", "enter", "right")
        await pilot.pause()
        for size in [(80, 24), (120, 40), (160, 50)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            screen = app.screen
            area = screen.query_one(PlayAreaView)
            side = screen.query_one("#replay-side")
            assert area.region.right <= side.region.x
            assert any(row.strip() for row in area_rows(area))
            log = screen.query_one(ReplayLog)
            current = f"{log.current + 1} {log.lines[log.current]}"
            rows = str(log.render()).splitlines()[1:]
            assert current in " ".join(row.strip() for row in rows), (current, rows)
            assert all(len(row) <= log.size.width for row in rows)


@pytest.mark.parametrize(
    "line",
    [
        "Bot 1 took Resource 20 from the market; Resource 17 revealed",
        "Bo 从市场拿取了资源牌\u00a020；翻开资源牌\u00a017，这是一个没有空格的很长很长很长的句子",
        "Ada a posé Dorure 57 recto en (2,1)\u00a0: +4, 2 coins recouverts",
    ],
)
def test_log_lines_wrap_in_cells_and_keep_every_character(line: str) -> None:
    """A Chinese glyph is two cells: no row of the log is wider than the panel, nothing is lost,
    and a no-break space (French before ':', Chinese between a card and its number) holds."""
    rows = wrap_cells(line, 20)
    assert all(cell_len(row) <= 20 for row in rows), rows
    assert "".join(row.strip() for row in rows).replace(" ", "") == line.replace(" ", "")
    assert not any(row.lstrip().startswith(("\u00a0", ":", "；")) for row in rows[1:]), rows
