"""Reading an Instinkt board: the hand's rules, the cursor on a card, the previews' points, wide cells, hints."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widget import Widget

from codex_tui.app.app import CodexApp
from codex_tui.core.advice import Hint
from codex_tui.games.instinkt.animal_words import animal_name, rule_text
from codex_tui.games.instinkt.coords import cell_name
from codex_tui.games.instinkt.rules import Animal, Choose, Move, Place, apply
from codex_tui.games.instinkt.rules.scoring import score_cards
from codex_tui.games.instinkt.rules.state import Cell, Grid, Piece
from codex_tui.games.instinkt.ui.board import BoardScene, BoardView, draw_board, large_points, piece_label
from codex_tui.games.instinkt.ui.screen import InstinktScreen, SidePanel
from codex_tui.i18n import set_language
from tests.driving import session, settle
from tests.games.instinkt.ui.test_instinkt_app import duel, open_screen, save
from tests.i18n.screen_words import screen_lines
from tests.scenes import shown
from tests.scenes.instinkt import choosing, played

A = Animal
SIZES = [(80, 24), (120, 40), (160, 50)]


def widget_lines(app: CodexApp, widget: Widget) -> list[str]:
    """The rows of `widget` as the terminal shows them."""
    region = widget.region
    rows = screen_lines(app)[region.y : region.bottom]
    return [row[region.x : region.x + region.width].rstrip() for row in rows]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_hand_shows_each_rule_whole_under_its_card(saves: Path, size: tuple[int, int]) -> None:
    """The rules were cut ('3 each if both / spiders are'), their second line at the panel's edge."""
    game = duel([A.SPIDER_4, A.MOTH, A.WOLPERTINGER], [A.OWL, A.CAT, A.BAT], [])
    app = CodexApp(saves_dir=saves, save=save(saves, game), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(app, pilot)
        assert screen._kind() == "choose"
        hand = screen.view.hand if screen.view else ()
        await settle(pilot)
        lines = widget_lines(app, screen.query_one(SidePanel))
        rules = 0
        for index, card in enumerate(hand):
            at = next(i for i, line in enumerate(lines) if re.match(rf"^.{index + 1} ", line))
            rule: list[str] = []
            for line in lines[at + 1 :]:
                if not line.startswith("  "):
                    break
                rule.append(line.strip())
            # A short panel keeps only the rule of the card under the cursor (the log needs its lines).
            assert " ".join(rule) == (rule_text(card) if rule or index == screen.selected else ""), (size, lines)
            rules += bool(rule)
        assert rules == (1 if size == (80, 24) else len(hand)), lines


def grid_text(scene: Any) -> list[str]:
    """The compact board as text rows (each cell 8 wide, 3 high, from a 2-column and 1-row gutter)."""
    canvas, width, height = draw_board(scene)
    rows = []
    for segments in canvas.lines(width, height, None):
        rows.append("".join(segment.text for segment in segments))
    return rows


def drawn_points(scene: Any, cell: Cell) -> int:
    """The points on the bottom border of `cell`'s card (0 when none are drawn)."""
    min_x, min_y = scene.window[0], scene.window[1]
    col, row = 2 + (cell[0] - min_x) * 8, 1 + (cell[1] - min_y) * 3
    border = grid_text(scene)[row + 2][col : col + 8]
    found = re.search(r"(\d+)pt", border)
    return int(found.group(1)) if found else 0


def points_on(grid: Grid) -> dict[Cell, int]:
    left, top = min(x for x, _ in grid), min(y for _, y in grid)
    return {(s.cell[0] + left, s.cell[1] + top): s.points for s in score_cards(grid)}


def raccoon_duel() -> Any:
    """Ada's owl at f6 and cat at g7, Bo's moth and raven; Ada's raccoon (11) places first in round 3."""
    game = duel(
        [A.OWL, A.CAT, A.RACCOON],
        [A.MOTH, A.RAVEN, A.BAT],
        [(A.OWL, A.MOTH, [Place(0, 0, 0), Place(1, 1, 0)]), (A.CAT, A.RAVEN, [Place(0, 1, 1), Place(1, 2, 0)])],
    )
    return apply(apply(game, Choose(0, A.RACCOON)), Choose(1, A.BAT))


async def tab_to(pilot: Any, screen: InstinktScreen, cell: Cell) -> None:
    for _ in range(30):
        if screen.cursor == cell:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never reached {cell}")


async def test_previews_draw_the_points_each_card_will_have(saves: Path) -> None:
    """The raccoon's preview drew `2pt` on an owl that read `3pt` once the move was made."""
    game = raccoon_duel()
    app = CodexApp(saves_dir=saves, save=save(saves, game, ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_screen(app, pilot)
        assert screen._kind() == "place"
        await tab_to(pilot, screen, (-1, 0))  # the raccoon in the owl's row: the owl scores 1 once it is there
        after = {**game.grid, (-1, 0): Piece(0, A.RACCOON)}
        scene = screen.board_scene()
        assert {cell: drawn_points(scene, cell) for cell in after} == points_on(after)
        await pilot.press("enter")
        await settle(pilot)
        assert screen._kind() == "source"
        await tab_to(pilot, screen, (1, 1))
        await pilot.press("enter")
        await tab_to(pilot, screen, (0, 1))  # the cat below the owl: its column too, the owl scores 2
        moved = dict(session(app).game.grid)
        moved[(0, 1)] = moved.pop((1, 1))
        scene = screen.board_scene()
        expected = points_on(moved)
        assert expected[(0, 0)] == 2
        assert {cell: drawn_points(scene, cell) for cell in moved} == expected
        await pilot.press("enter")
        await settle(pilot)
        final = session(app).game
        assert final.log[-1].action == Move(0, 1, 1, 0, 1) and points_on(final.grid) == expected


async def test_the_cursor_on_a_card_says_whose_it_is_what_it_scores_and_its_rule(saves: Path) -> None:
    """The other player's cards' rules were nowhere before the final table."""
    game = raccoon_duel()
    app = CodexApp(saves_dir=saves, save=save(saves, game, ("human", "human")), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_screen(app, pilot)
        assert screen._kind() == "place"
        for _ in range(12):  # arrows only: the cursor walks onto Bo's raven at h6
            cursor = screen.cursor
            assert cursor is not None
            if cursor == (2, 0):
                break
            await pilot.press("right" if cursor[0] < 2 else "down" if cursor[1] < 0 else "up")
        assert screen.cursor == (2, 0)
        status = screen.status_text()
        assert status.startswith("Bo's raven at h6: 1 point now — next to a moth · "), status
        await pilot.pause()
        side = " ".join(line.strip() for line in widget_lines(app, screen.query_one(SidePanel)))
        assert f"Under the cursor: Bo's raven {rule_text(A.RAVEN)}" in side, side
        count = len(session(app).game.log)
        await pilot.press("enter")  # not a cell the raccoon may take: nothing happens
        await settle(pilot)
        assert len(session(app).game.log) == count and screen._kind() == "place"
        await pilot.press("left")
        await pilot.press("left")
        assert screen.cursor == (0, 0)
        assert screen.status_text().startswith(
            "Your owl at f6: 0 points now — 0 of its colour in its row and column · "
        )


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_a_wide_board_draws_cards_in_full_and_a_narrow_one_compact(saves: Path, size: tuple[int, int]) -> None:
    """At 160x50 the board stayed at `W11rac`, `W 9wpt`."""
    game = played(6, choosing)
    app = CodexApp(saves_dir=saves, save=save(saves, game), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(app, pilot)
        await settle(pilot)
        text = "\n".join(widget_lines(app, screen.query_one(BoardView)))
        for piece in game.grid.values():
            if size == (160, 50):
                owner = f"{piece.animal.mark:>2} · {game.players[piece.owner]}"
                assert animal_name(piece.animal) in text and owner in text
            else:
                assert piece_label(piece) in text
        assert max(cell_len(line) for line in text.splitlines()) <= screen.query_one(BoardView).size.width


async def test_the_placing_cursor_starts_at_the_cell_the_hint_named(saves: Path) -> None:
    """The hint said '(b2)' while the cursor started at a4."""
    game = duel([A.CAT, A.OWL, A.WOLF], [A.RAVEN, A.BAT, A.MOTH], [(A.CAT, A.RAVEN, [Place(0, 0, 0), Place(1, 1, 0)])])
    app = CodexApp(saves_dir=saves, save=save(saves, game), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app, pilot)
        assert screen._kind() == "choose" and screen.view is not None
        screen.show_hint(Hint(Choose(0, A.OWL), ""))
        await pilot.pause()
        hint = screen.status_text()
        named = re.search(r"best spot now \((\w+)\)", hint)
        assert named, hint
        await pilot.press("enter")
        await shown(pilot, lambda: screen._kind() == "place", "Ada placing her owl")
        assert screen.cursor is not None and cell_name(screen.cursor) == named.group(1)
        assert screen.status_text().startswith(f"Place your owl at {named.group(1)}")
        assert screen._cells()[0] != screen.cursor  # not merely the first cell


@pytest.mark.parametrize("code", ["en", "fr", "zh"])
def test_a_large_card_shows_its_points_whole_in_every_language(code: str) -> None:
    """A Chinese '3分' lost its glyph: it was right-aligned by characters, not by terminal cells."""
    set_language(code)
    grid = {(0, 0): Piece(0, A.OWL), (1, 0): Piece(0, A.CAT), (2, 0): Piece(1, A.BAT), (3, 0): Piece(1, A.RAVEN)}
    canvas, width, height = draw_board(BoardScene(grid, names=("Ada", "Bo")), (160, 50))
    text = "\n".join("".join(s.text for s in line) for line in canvas.lines(width, height, None))
    assert large_points(3) in text and animal_name(A.CAT) in text, text
