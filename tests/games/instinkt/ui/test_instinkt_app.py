"""Instinkt through the app: a whole game by keyboard, hot-seat secrecy, the deer and raccoon previews."""

from __future__ import annotations

import json
from pathlib import Path

from codex_tui.app.app import CodexApp
from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.games.instinkt.rules import Animal, Choose, Phase, Setup, Variant, apply, new_game, start
from codex_tui.games.instinkt.rules.actions import Enter
from codex_tui.games.instinkt.rules.grid import deer_push
from codex_tui.games.instinkt.rules.state import Piece
from codex_tui.games.instinkt.ui.end import InstinktEndScreen
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen
from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.storage.saves import SavedGame, load_save, write_save
from codex_tui.ui.screens.modals import PassDeviceScreen
from codex_tui.ui.screens.replay import ReplayLog
from tests.driving import session, settle
from tests.scenes import shown

A = Animal


def save(folder: Path, game, kinds=("human", "bot:normal")) -> Path:
    path = folder / "duel.msgpack"
    write_save(path, SavedGame(game, kinds))
    return path


async def test_a_whole_instinkt_game_by_keyboard(saves: Path) -> None:
    path = save(saves, new_game(("Ada", "Bo"), 17))
    app = CodexApp(saves_dir=saves, save=path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(200):
            if isinstance(app.screen, InstinktEndScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, InstinktEndScreen)
        game = session(app).game
        assert game.is_over and len(game.grid) == 16
        assert load_save(path).game == game
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "wins" in text or "shared victory" in text


def pile(top: list[Animal]) -> tuple[Animal, ...]:
    return tuple(top) + tuple(a for a in Animal if a not in top)


async def test_the_deer_shows_where_it_can_enter_and_what_it_pushes(saves: Path) -> None:
    setup = Setup(
        piles=(pile([Animal.CAT, Animal.DEER, Animal.BAT]), pile([Animal.OWL, Animal.MOTH, Animal.RAVEN])), token=0
    )
    game = start(("Ada", "Bo"), setup, Variant())
    game = apply(apply(game, Choose(0, Animal.CAT)), Choose(1, Animal.OWL))
    from codex_tui.games.instinkt.rules import Place

    game = apply(apply(game, Place(1, 0, 0)), Place(0, 1, 0))
    game = apply(game, Choose(1, Animal.MOTH))
    app = CodexApp(saves_dir=saves, save=save(saves, game, ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassDeviceScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        await pilot.press("1", "enter")  # choose the deer: the reveal happens, Ada (10) places first
        await settle(pilot)
        if isinstance(app.screen, PassDeviceScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen) and screen._kind() == "deer"
        first = screen.board_scene()
        assert sum(first.entrances.values()) == 1 and len(first.entrances) == len(screen._entries())
        assert first.highlight and first.cursor in first.highlight  # the deer and the pushed cards are shown
        assert "you " in screen.status_text() and "them " in screen.status_text()
        await pilot.press("tab")
        second = screen.board_scene()
        assert second != first
        assert second.window == first.window  # the board keeps still between previews
        entry = screen._chosen_action()
        assert isinstance(entry, Enter)
        assert second.grid == deer_push(game.grid, entry.axis, entry.index, entry.end, Piece(0, Animal.DEER))[0]
        await pilot.press("enter")
        await settle(pilot)
        placed = session(app).game
        assert any(e.action == entry for e in placed.log)


async def test_hot_seat_picks_stay_secret(saves: Path) -> None:
    app = CodexApp(saves_dir=saves, save=save(saves, new_game(("Ada", "Bo"), 3), ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        first = app.screen.player_name
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")  # first player picks
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen) and app.screen.player_name != first
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        assert screen.view is not None and screen.view.revealed == (None, None)
        assert session(app).game.phase is Phase.CHOOSE


async def test_help_explains_instinkt_at_an_instinkt_game(saves: Path) -> None:
    from codex_tui.ui.screens.modals import HelpScreen

    app = CodexApp(saves_dir=saves, save=save(saves, new_game(("Ada", "Bo"), 8)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(f"{title} {keys} {what}" for title, rows in app.screen.help for keys, what in rows)
        assert "deer" in text and "raccoon" in text
        assert "starter" not in text


def duel(black: list[Animal], white: list[Animal], rounds: list[tuple[Animal, Animal, list]]):
    """A game from chosen piles, played through the given rounds (black's card, white's, the placements)."""
    game = start(("Ada", "Bo"), Setup(piles=(pile(black), pile(white)), token=0), Variant())
    for mine, theirs, actions in rounds:
        game = apply(apply(game, Choose(0, mine)), Choose(1, theirs))
        for action in actions:
            game = apply(game, action)
    return game


async def open_screen(app: CodexApp, pilot) -> InstinktScreen:
    await settle(pilot)
    await shown(pilot, lambda: isinstance(app.screen, PassDeviceScreen | InstinktScreen), "the game")
    if isinstance(app.screen, PassDeviceScreen):
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, InstinktScreen)
    return app.screen


async def test_the_placement_preview_names_the_cell_and_both_scores(saves: Path) -> None:
    from codex_tui.games.instinkt.rules import Place

    game = duel([A.CAT, A.WOLF, A.BAT], [A.OWL, A.MOTH, A.RAVEN], [(A.CAT, A.OWL, [Place(1, 0, 0), Place(0, 1, 0)])])
    game = apply(apply(game, Choose(1, A.MOTH)), Choose(0, A.WOLF))  # Ada's wolf (8) places first
    app = CodexApp(saves_dir=saves, save=save(saves, game, ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_screen(app, pilot)
        assert screen._kind() == "place"
        status = screen.status_text()
        assert status.startswith("Place your wolf ")
        assert "you " in status and "them " in status
        # The cursor starts on the cell best for the points now (+1), not the first cell: above and left of the
        # first card (f6, where the grid grows) Ada's cat would end up in a corner and she would lose 2.
        assert screen.cursor == (-1, 0)
        assert status == "Place your wolf at e6 (a new column): you 4 (+1), them 0 (+0) · enter"
        screen.cursor = (-1, -1)
        assert screen.status_text() == (
            "Place your wolf at e5 (a new column and a new row): you 1 (-2), them 0 (+0) · enter"
        )
        await pilot.press("tab")
        assert screen.status_text().startswith("Place your wolf ")
        assert screen.board_scene().window == screen._window()


async def test_the_raccoon_says_which_card_goes_where_and_both_scores(saves: Path) -> None:
    from codex_tui.games.instinkt.rules import Place

    game = duel(
        [A.CAT, A.RACCOON, A.BAT],
        [A.OWL, A.MOTH, A.RAVEN],
        [(A.CAT, A.OWL, [Place(1, 0, 0), Place(0, 1, 0)])],
    )
    game = apply(apply(game, Choose(0, A.RACCOON)), Choose(1, A.MOTH))
    game = apply(game, Place(0, 2, 0))
    app = CodexApp(saves_dir=saves, save=save(saves, game, ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_screen(app, pilot)
        assert screen._kind() == "source"
        assert screen.status_text().startswith("Raccoon: move your cat at g6?")
        await pilot.press("enter")
        status = screen.status_text()
        assert status.startswith("Move your cat from g6 to ")
        assert "you " in status and "them " in status
        scene = screen.board_scene()
        assert scene.ghost == Piece(0, A.CAT) and scene.markers == {(1, 0): Piece(0, A.CAT)}  # where it comes from


async def test_a_turn_notice_leaves_once_the_seat_has_acted(saves: Path) -> None:
    from textual.widgets._toast import Toast, ToastRack

    app = CodexApp(saves_dir=saves, save=save(saves, new_game(("Ada", "Bo"), 17)), bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_screen(app, pilot)
        app.notify("Your turn: choose your card in secret.", title="Ada")
        await pilot.pause()
        rack = screen.get_child_by_type(ToastRack)
        toasts = list(rack.query(Toast))
        assert toasts and all(t.region.y >= 2 and t.region.bottom <= 4 for t in toasts)  # the header's spare lines
        await pilot.press("enter")
        await settle(pilot)
        assert not list(rack.query(Toast))


def test_log_lines_say_why_each_players_cards_changed_a_score() -> None:
    from codex_tui.games.instinkt.rules import Place
    from codex_tui.games.instinkt.rules.state import LogEntry
    from codex_tui.games.instinkt.ui.words import describe

    # Ada's cat is on the edge of a one-column grid; Bo's wolf left of it makes the cat an inner card.
    before = {(0, 0): Piece(1, A.OWL), (0, 1): Piece(0, A.CAT), (0, 2): Piece(1, A.BAT), (0, 3): Piece(1, A.RAVEN)}
    after = {**before, (-1, 1): Piece(1, A.WOLF)}
    line = describe(LogEntry(Place(1, -1, 1)), ("Ada", "Bo"), 0, before, after)
    why = "(wolf +1: 1 opponent card around it); you -3 (cat -3: not on an edge's middle)"
    assert line == f"Bo placed the wolf at e7: Bo +1 {why}"
    seen_by_bo = describe(LogEntry(Place(1, -1, 1)), ("Ada", "Bo"), 1, before, after)
    assert seen_by_bo == f"You placed the wolf at e7: you +1 {why.replace('you -3', 'Ada -3')}"


def test_labels_tell_the_wolf_from_the_wolpertinger_and_cells_are_named_from_the_first_card() -> None:
    from codex_tui.games.instinkt.coords import at_cell, cell_name
    from codex_tui.games.instinkt.ui.board import piece_label

    assert piece_label(Piece(0, A.WOLF))[3:] != piece_label(Piece(0, A.WOLPERTINGER))[3:]
    assert len({piece_label(Piece(0, a))[3:] for a in A if not a.is_spider}) == len(A) - 2
    assert cell_name((0, 0)) == "f6" and cell_name((2, 1)) == "h7" and cell_name((-5, -5)) == "a1"
    assert cell_name((5, 5)) == "k11"  # as far as two raccoon moves can slide the grid
    assert at_cell((-1, 0), [(0, 0)]) == "at e6 (a new column)" and at_cell((0, 1), [(0, 0)]) == "at f7 (a new row)"


def test_the_end_summary_explains_the_hand_tie_break() -> None:
    from codex_tui.games.instinkt.rules.scoring import Result
    from codex_tui.games.instinkt.ui.end import hand_text

    outcome = Result(True, (19, 19), (7, 7), (7, 12), (1,), "higher numbers in hand")
    assert hand_text(outcome, 0, (A.CAT, A.RAVEN)) == "hand: cat 6 + raven 1 = 7, used only to break a tie"


async def test_the_replay_names_cells_as_its_board_does(saves: Path) -> None:
    import re

    from codex_tui.games.instinkt.bots import make_instinkt_bot
    from codex_tui.games.instinkt.rules import players_to_act, view
    from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen

    game = new_game(("Ada", "Bo"), 5)
    bots = [make_instinkt_bot("easy", 1), make_instinkt_bot("easy", 2)]
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat](view(game, seat)))
    app = CodexApp(saves_dir=saves, save=save(saves, game), bot_delay=0, mode="replay")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InstinktReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        lines = screen.query_one(ReplayLog).lines
        placed = [line for line in lines if " placed " in line]
        assert placed and all(re.search(r" at [a-k]([1-9]|1[01])\b", line) for line in placed)
        firsts = {line.split()[0] for line in lines}
        assert "You" in firsts and "Ada" not in firsts  # the save's human (Ada) reads her own replay


async def test_the_newest_log_line_stays_in_sight_at_80x24(saves: Path) -> None:
    from codex_tui.games.instinkt.bots import make_instinkt_bot
    from codex_tui.games.instinkt.rules import players_to_act, view
    from codex_tui.games.instinkt.ui.screen import SidePanel

    game = new_game(("Ada", "Bo"), 11)
    bots = [make_instinkt_bot("easy", 1), make_instinkt_bot("easy", 2)]
    while game.round < 7:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat](view(game, seat)))
    app = CodexApp(saves_dir=saves, save=save(saves, game), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot)
        panel = screen.query_one(SidePanel)

        def log_in_view() -> bool:
            """The panel laid out, holding the log of the game as it is now (a bot may have moved)."""
            view = screen.view
            current = view is not None and len(view.log) == len(session(app).game.log)
            return current and bool(panel.log_lines) and panel.log_lines == screen.recent_log and panel.size.height > 0

        await shown(pilot, log_in_view, "the game's log in the side panel")
        shown_text = panel.render()
        lines = shown_text.wrap(app.console, panel.size.width)
        assert len(lines) <= panel.size.height
        assert shown_text.plain.endswith(panel.log_lines[-1].plain)


async def test_an_instinkt_game_record_replays(saves: Path, tmp_path: Path) -> None:
    """`codex-tui replay game.json` used to read every record as Codex Naturalis's and refuse Instinkt's."""
    game = new_game(("Ada", "Bo"), 23)
    bots = [INSTINKT.make_bot("normal", seat) for seat in (0, 1)]
    while not game.is_over:
        seat = INSTINKT.players_to_act(game)[0]
        game = INSTINKT.apply(game, bots[seat](INSTINKT.view(game, seat)))
    record = tmp_path / "duel.json"
    record.write_text(json.dumps(INSTINKT.export_record(game)))
    app = CodexApp(saves_dir=saves, save=record, bot_delay=0, mode="replay")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InstinktReplayScreen)
        assert screen.final == game
