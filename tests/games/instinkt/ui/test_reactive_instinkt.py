"""The Instinkt screens' reactive state: what a key repaints, and states that come before or after the widgets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from textual.widget import Widget

from codex_tui.app.app import CodexApp
from codex_tui.games.instinkt.rules import Animal, Choose, Place, Setup, Variant, apply, start, view
from codex_tui.games.instinkt.rules.state import Game
from codex_tui.games.instinkt.ui.board import BoardView
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen
from codex_tui.games.instinkt.ui.screen import InstinktScreen, PromptLine, ScoreHeader, SidePanel
from codex_tui.storage.saves import SavedGame, write_save
from codex_tui.ui.screens.modals import PassDeviceScreen
from tests.driving import settle

A = Animal


def pile(top: list[Animal]) -> tuple[Animal, ...]:
    return tuple(top) + tuple(a for a in Animal if a not in top)


def placing() -> Game:
    """Ada (black) places her wolf, with seven cells open around two cards."""
    game = start(("Ada", "Bo"), Setup(piles=(pile([A.CAT, A.WOLF]), pile([A.OWL, A.MOTH])), token=0), Variant())
    game = apply(apply(game, Choose(0, A.CAT)), Choose(1, A.OWL))
    game = apply(apply(game, Place(1, 0, 0)), Place(0, 1, 0))
    return apply(apply(game, Choose(1, A.MOTH)), Choose(0, A.WOLF))


async def open_game(app: CodexApp, pilot) -> InstinktScreen:
    await settle(pilot)
    if isinstance(app.screen, PassDeviceScreen):
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, InstinktScreen)
    return app.screen


def count_renders(widgets: list[Widget]) -> Counter[Widget]:
    """Count each widget's `render` calls from now on (a render is a repaint of its content)."""
    renders: Counter[Widget] = Counter()

    def counting(widget: Widget, render: Callable[[], object]) -> Callable[[], object]:
        def counted() -> object:
            renders[widget] += 1
            return render()

        return counted

    for widget in widgets:
        setattr(widget, "render", counting(widget, widget.render))  # noqa: B010 (an instance's own render)
    return renders


async def test_a_cursor_move_repaints_only_the_board_and_the_prompt_line(saves: Path) -> None:
    path = saves / "duel.msgpack"
    write_save(path, SavedGame(placing(), ("human", "human")))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_game(app, pilot)
        assert screen._kind() == "place"
        widgets = list(screen.query("*"))
        renders = count_renders(widgets)
        for key in ("tab", "tab", "tab", "tab"):
            before = (screen.cursor, screen.query_one(PromptLine).text)
            await pilot.press(key)
            await settle(pilot)
            assert (screen.cursor, screen.query_one(PromptLine).text) != before  # the key moved the cursor
        assert list(screen.query("*")) == widgets  # nothing was composed again (the footer neither)
        repainted = {type(widget) for widget in renders}
        assert repainted == {BoardView, PromptLine}, renders
        assert renders[screen.query_one(BoardView)] >= 4
        assert not renders[screen.query_one(SidePanel)] and not renders[screen.query_one(ScoreHeader)]


async def test_a_choice_repaints_the_hand_and_not_the_board(saves: Path) -> None:
    path = saves / "duel.msgpack"
    game = start(("Ada", "Bo"), Setup(piles=(pile([A.CAT, A.WOLF]), pile([A.OWL, A.MOTH])), token=0), Variant())
    write_save(path, SavedGame(game, ("human", "human")))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_game(app, pilot)
        assert screen._kind() == "choose"
        renders = count_renders(list(screen.query("*")))
        await pilot.press("right")
        await settle(pilot)
        assert screen.selected == 1 and "▶2" in screen.query_one(SidePanel).body.plain
        assert renders[screen.query_one(SidePanel)] and renders[screen.query_one(PromptLine)]
        assert not renders[screen.query_one(BoardView)] and not renders[screen.query_one(ScoreHeader)]


async def test_states_before_compose_are_drawn_at_mount_and_states_after_the_pop_are_kept(saves: Path) -> None:
    game = placing()
    screen = InstinktScreen()
    screen.update_game(view(game, 1), ("", ""), False, False, "Ada")  # before compose: kept, drawn at mount
    app = CodexApp(saves_dir=saves, bot_delay=0, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        await settle(pilot)
        assert screen.query_one(PromptLine).text == screen.status_text() == "Ada is playing…"
        assert screen.query_one(BoardView).scene == screen.board_scene()
        assert screen.query_one(SidePanel).log_lines and screen.query_one(ScoreHeader).text.plain.startswith(
            " Now: Ada (black)"
        )
        app.ask_new_game()
        await settle(pilot)
        assert not screen.is_attached
        screen.update_game(view(game, 0), ("", ""), True, False)  # after the pop: kept, not drawn, no error
        screen.action_next()
        await settle(pilot)
        assert screen.view is not None and screen.view.seat == 0 and screen.can_undo
        assert screen.status_text().startswith("Place your wolf ")
    assert app.return_code in (None, 0)


async def test_the_replay_side_widens_from_130_columns(saves: Path) -> None:
    path = saves / "duel.msgpack"
    write_save(path, SavedGame(placing(), ("human", "human"), title="Duel"))
    for width, side in ((129, 37), (130, 64)):
        app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
        async with app.run_test(size=(width, 30)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, InstinktReplayScreen)
            assert app.screen.query_one("#ir-side").outer_size.width == side
            await pilot.press("right")
            await settle(pilot)
            assert app.screen.prompt.startswith("action 1/")


async def test_the_replay_header_shows_a_save_title_as_written(saves: Path) -> None:
    """A title is the player's text: brackets in it are shown, not read as markup (they vanished before)."""
    path = saves / "duel.msgpack"
    write_save(path, SavedGame(placing(), ("human", "human"), title="[b]Duel[/b] [red]"))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, InstinktReplayScreen)
        assert app.screen.query_one(ScoreHeader).text.plain.startswith(" [b]Duel[/b] [red] · round 1 ·")
