"""Following the other players' turns on the Codex screens, and the fixes that came with it (issue 29).

The hint's flip undone when another card is picked; the game-over bar naming
the last move as the log does; the replay saying whose turn it is once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from codex_tui.app.app import CodexApp
from codex_tui.core.advice import Hint
from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.describe import card_name, describe_entry, points_text
from codex_tui.games.codex.rules import (
    CATALOG,
    SPECTATOR,
    Draw,
    DrawSource,
    Phase,
    Place,
    Side,
    Variant,
    apply,
    new_game,
    players_to_act,
    view,
)
from codex_tui.games.codex.rules.engine import legal_actions_for
from codex_tui.games.codex.rules.hidden import HIDDEN_CARDS
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.game_over import last_moves
from codex_tui.games.codex.ui.panels import GameLog, LastMoves
from codex_tui.games.codex.ui.play_area import PlayAreaView
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.codex.ui.theme import corner_glyph
from codex_tui.games.codex.ui.tray import CardTray
from codex_tui.storage.saves import SavedGame, write_save
from codex_tui.ui.widgets.status_line import StatusLine
from tests.games.codex.ui.test_layout_game import game_app, screen_lines
from tests.scenes import settle, shown
from tests.scenes.games import KINDS, played


async def test_a_hints_flip_is_undone_when_another_card_is_picked(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        card = screen.view.hand[1]
        place = next(a for a in screen.view.legal_actions if isinstance(a, Place) and a.card == card)
        screen.show_hint(Hint(Place(place.player, card, Side.BACK, place.x, place.y), "a reason"))
        tray = screen.query_one(CardTray)
        await shown(pilot, lambda: tray.scene.items[1].side is Side.BACK, "the hint's card on its back")
        await pilot.press("1")
        await shown(pilot, lambda: tray.scene.selected == 0, "the first card picked")
        assert tray.scene.items[1].side is Side.FRONT, "the side the hint chose stayed after another card was picked"
        await pilot.press("2", "f", "1")  # a flip of the player's own stays
        await shown(pilot, lambda: tray.scene.selected == 0, "the first card picked again")
        assert tray.scene.items[1].side is Side.BACK


def test_the_game_over_bar_names_a_card_placed_on_its_back_as_the_log_does() -> None:
    game = played(3, lambda g: len(g.log) > 30 and g.current == 1 and g.phase is Phase.PLACE)
    back = next(a for a in legal_actions_for(game, 1) if isinstance(a, Place) and a.side is Side.BACK)
    game = apply(game, back)
    moves = last_moves(game, 0)
    assert moves[-1] == describe_entry(view(game, 0).log[-1], game.players, 0, 0)
    assert moves[-1].startswith("Bo placed a ") and "on its back" in moves[-1], moves[-1]
    assert card_name(back.card) not in moves[-1]


async def test_a_replay_says_once_whose_turn_comes_and_whose_view_it_shows(tmp_path: Path) -> None:
    game = played(8, lambda g: len(g.log) > 20 and g.current == 0 and g.phase is Phase.PLACE)
    path = tmp_path / "a.msgpack"
    write_save(path, SavedGame(game, KINDS))
    app = CodexApp(saves_dir=tmp_path, save=path, bot_delay=0, mode="replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        screen.action_jump(-1)  # after Bo's draw: Ada to place, the replay following Bo
        await shown(
            pilot, lambda: screen.seat == 1 and screen.index == len(game.log), "the end of the game in Bo's eyes"
        )
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert text.count("you place a card") == 1, text  # Ada, the save's human, reads her replay
        assert "Next: you place a card · Bo's view" in text
        assert "to act" not in text and "to place a card" not in text, text


NAMES = {2: ("Ada", "Bo"), 3: ("Ada", "Bo", "Cy"), 4: ("Ada", "Bo", "Cy", "Di")}


def table_app(tmp_path: Path, players: int, phase: Phase = Phase.PLACE) -> CodexApp:
    """Ada (human) against greedy bots, 12 turns in, Ada to act in `phase`."""
    names = NAMES[players]
    game = new_game(names, 7, Variant(20))
    bots = [make_bot("greedy", seat) for seat in range(players)]
    while not (len(game.log) > 24 * players // 2 and game.current == 0 and game.phase is phase):
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    path = tmp_path / "table.msgpack"
    write_save(path, SavedGame(game, ("human",) + ("bot:greedy",) * (players - 1)))
    return CodexApp(saves_dir=tmp_path, save=path, bot_delay=0, offer_resume=False)


def last_turn_of(log: Any, seat: int) -> tuple[Any, Any]:
    """The seat's last placement and the draw after it, from the viewer's log."""
    start = max(i for i, entry in enumerate(log) if entry.action.player == seat and isinstance(entry.action, Place))
    draw = next(e for e in log[start + 1 :] if e.action.player == seat and isinstance(e.action, Draw))
    return log[start], draw


def letters(card_id: int) -> str:
    """'R19', 'G44'; for a card known by its back, 'G(A)'."""
    hidden = HIDDEN_CARDS.get(card_id)
    if hidden is not None:
        return ("G" if hidden.is_gold else "R") + f"({hidden.kingdom.letter})"
    return ("G" if CATALOG.playable[card_id].is_gold else "R") + str(card_id)


def screen_text(app: CodexApp) -> str:
    return "\n".join(screen_lines(app))


async def test_the_side_panel_says_what_the_bot_placed_and_drew_on_its_turn(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        before = len(screen.view.log)
        place = next(a for a in screen.view.legal_actions if isinstance(a, Place))
        screen.show_hint(Hint(place, "a reason"))  # a legal move on screen
        await pilot.pause()
        await pilot.press("enter")  # Ada places, then draws; Bo plays
        await shown(pilot, lambda: screen.view is not None and screen.view.phase is Phase.DRAW, "Ada's draw")
        await pilot.press("enter")
        await shown(
            pilot,
            lambda: screen.view is not None and len(screen.view.log) >= before + 4 and screen.view.current == 0,
            "Bo's turn played",
        )
        await settle(pilot)
        placed, drawn = last_turn_of(screen.view.log, 1)
        assert placed.action.player == 1 and len(screen.view.log) == before + 4
        where = f"({placed.action.x},{placed.action.y})"
        name = letters(placed.action.card)
        if drawn.action.source is DrawSource.MARKET:
            took = f"took {letters(drawn.action.card)}"
        else:
            took = "drew resource" if drawn.action.source is DrawSource.RESOURCE_DECK else "drew gold"
        row = next((line for line in screen_lines(app) if f"Bo: {name}" in line and where in line), None)
        assert row is not None, screen_text(app)
        if placed.action.side is Side.FRONT:
            assert f"{where} +{placed.points}" in row, row
        assert took in row, row


@pytest.mark.parametrize("players", [2, 4])
async def test_three_log_lines_show_at_80x24_with_a_hint_on_two_lines(tmp_path: Path, players: int) -> None:
    app = table_app(tmp_path, players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        place = next(a for a in screen.view.legal_actions if isinstance(a, Place))
        screen.show_hint(Hint(place, "a reason long enough to want the second line"))
        status = screen.query_one(StatusLine)
        await shown(pilot, lambda: status.size.height == 2, "the hint on the status's second line")
        await pilot.pause()
        log = screen.query_one(GameLog)
        rows = [line[log.region.x : log.region.right].rstrip() for line in screen_lines(app)]
        shown_rows = [row for row in rows[log.region.y : log.region.bottom] if row.strip() and row.strip() != "Log"]
        assert len(shown_rows) >= 3, "\n".join(rows)
        words = set(" ".join(log.lines).split())
        for row in shown_rows:  # whole words, or a cut that says so
            assert row.endswith("…") or all(word in words for word in row.split()), row
        others = [
            line for line in rows if any(f"{name}: " in line or f"{name} placed" in line for name in NAMES[players][1:])
        ]
        assert len(others) >= players - 1, "\n".join(rows)


def corners_seen(card_id: int) -> str:
    """A market card's corners as the line beside the hand spells them: top edge, bottom edge."""
    card = CATALOG.playable[card_id]
    edge = "═" if card.is_gold else "─"
    tl, tr, br, bl = (corner_glyph(c, card.kind, i) for i, c in enumerate(card.front.corners))
    return f"{tl}{edge}{tr} {bl}{edge}{br}"


async def test_the_market_shows_its_cards_corners_and_points_while_placing(tmp_path: Path) -> None:
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        text = screen_text(app)
        for card_id in screen.view.market:
            assert card_id is not None
            card = CATALOG.playable[card_id]
            line = next((row for row in screen_lines(app) if f"{letters(card_id)} " in row), "")
            assert corners_seen(card_id) in line, text
            if card.points:
                assert points_text(card) in line, text
    app = game_app(tmp_path, Phase.PLACE)
    async with app.run_test(size=(160, 50)) as pilot:  # room for the market's large cards beside the hand
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        tray = screen.query_one(CardTray)
        shown_cards = [item.card for item in tray.scene.aside if item.card is not None]
        assert shown_cards == list(screen.view.market)
        tray_text = "\n".join(line[tray.region.x : tray.region.right] for line in screen_lines(app)[tray.region.y :])
        for card_id in screen.view.market:
            assert letters(card_id) in tray_text, tray_text


async def test_the_split_view_opens_from_140_columns_and_says_why_not_below(tmp_path: Path) -> None:
    app = table_app(tmp_path, 3)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view is not None
        beside = screen.query_one("#beside")
        assert not beside.display
        await pilot.press("o", "v")  # Bo's area, as o showed it, goes beside Ada's
        await shown(pilot, lambda: beside.display and beside.size.width > 0, "the split view")
        area, other = screen.query_one("#area", PlayAreaView), screen.query_one("#beside-area", PlayAreaView)
        assert area.scene.area == screen.view.seats[0].area and other.scene.area == screen.view.seats[1].area
        assert area.scene.cursor is not None, "one's own area keeps the cursor"
        assert area.region.right <= other.region.x and other.region.right <= screen.query_one("#side").region.x
        assert "v Split view" in screen_text(app)
        await pilot.press("o")  # o cycles the area beside
        await shown(pilot, lambda: other.scene.area == screen.view.seats[2].area, "Cy's area beside")
        await pilot.press("o")
        await shown(pilot, lambda: other.scene.area == screen.view.seats[1].area, "Bo's area again, never Ada's")
        await pilot.resize_terminal(120, 40)  # too narrow: one area, the split kept for when it is wide again
        await shown(pilot, lambda: not beside.display, "the split view gone at 120 columns")
        assert screen.query_one("#area", PlayAreaView).scene.area == screen.view.seats[0].area
        await pilot.press("v")
        await shown(pilot, lambda: any("140" in str(n.message) for n in app._notifications), "why not")
        assert not beside.display and "Split view" not in screen_text(app)
        await pilot.resize_terminal(160, 50)
        await shown(pilot, lambda: beside.display, "the split view back at 160 columns")
        await pilot.press("v")
        await shown(pilot, lambda: not beside.display, "the split view closed")


def test_the_last_turn_lines_are_of_the_players_other_than_the_viewer() -> None:
    game = played(3, lambda g: len(g.log) > 30 and g.current == 0 and g.phase is Phase.PLACE)
    lines = LastMoves()
    lines.set_reactive(LastMoves.view, view(game, 1))  # Bo's screen (a network seat, a passed device)
    assert [row.split(":")[0].split(" placed")[0] for row in lines.rows(80)] == ["Ada"]
    lines.set_reactive(LastMoves.view, view(game, SPECTATOR))
    assert [row.split(":")[0].split(" placed")[0] for row in lines.rows(80)] == ["Ada", "Bo"]


async def test_at_60_columns_every_draw_choice_can_be_seen_whole(tmp_path: Path) -> None:
    """Six choices of 13 columns are wider than 60: choosing the gold deck (6) moves the row so that it
    shows whole with its label; choosing the first again moves it back."""
    app = table_app(tmp_path, 2, Phase.DRAW)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        tray = app.screen.query_one(CardTray)
        assert len(tray.scene.items) == 6 and tray.size.width == 60
        labels = lambda: screen_lines(app)[tray.region.y + 6]  # noqa: E731
        assert "▶1 " in labels() and "6 " not in labels()
        await pilot.press("6")
        await shown(pilot, lambda: "▶6 deck" in labels(), "the gold deck's choice in view")
        assert "Gold deck" in screen_text(app)
        await pilot.press("1")
        await shown(pilot, lambda: labels().startswith("▶1 "), "the first choice back in view")


def test_the_last_turn_lines_keep_one_wording_for_a_width_whatever_the_move() -> None:
    """The long wording ('Bo placed Resource 19 front at (2,1): +3, ...') where a usual move fits, else
    the short one ('Bo: R19 (2,1) +3, ...') for every turn: never one, then the other, at one width."""
    game = new_game(["Ada", "Bo"], 5, Variant())
    bots = [make_bot("greedy", seat) for seat in range(2)]
    lines = LastMoves()
    wordings: dict[int, set[bool]] = {width: set() for width in range(40, 101, 4)}
    while not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
        if seat == 1 and game.current == 0 and game.phase is Phase.PLACE:  # Bo's turn is over
            lines.set_reactive(LastMoves.view, view(game, 0))
            for width, seen in wordings.items():
                seen.add(" placed " in " ".join(lines.rows(width)))  # a rare longer move wraps
    assert all(len(seen) == 1 for seen in wordings.values()), sorted(wordings.items())
    assert wordings[100] == {True} and wordings[40] == {False}
