"""Every screen, at 80x24 and at 160x50 (pytest-textual-snapshot).

Update after an intended change with: python3 -m pytest tests/app/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.rules import Game, Phase, Variant, apply, new_game, players_to_act, view
from codex_tui.storage.saves import SavedGame, write_save

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 50), id="160x50")]
KINDS = ("human", "bot:greedy")


def played(seed: int, until) -> Game:
    """A greedy-vs-greedy game from `seed`, stopped when `until(game)` holds."""
    game = new_game(("Ada", "Bo"), seed, Variant(20))
    bots = [make_bot("greedy", 0), make_bot("greedy", 1)]
    while not until(game) and not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game


def app_with(tmp_path: Path, game: Game | None, kinds: tuple[str, ...] = KINDS) -> CodexApp:
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    path = None
    if game is not None:
        path = folder / "snap.msgpack"
        write_save(path, SavedGame(game, kinds))
    return CodexApp(saves_dir=folder, save=path, bot_delay=0, offer_resume=False)


def mid_game(phase: Phase) -> Game:
    return played(3, lambda g: len(g.log) > 30 and g.current == 0 and g.phase is phase)


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_new_game_screen(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_with(tmp_path, None), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup_starter_side(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_with(tmp_path, new_game(("Ada", "Bo"), 5)), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_setup_secret_objective(snap_compare, tmp_path, size) -> None:
    async def choose_side(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")

    assert snap_compare(app_with(tmp_path, new_game(("Ada", "Bo"), 5)), terminal_size=size, run_before=choose_side)


@pytest.mark.parametrize("size", SIZES)
def test_game_screen_placing(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_with(tmp_path, mid_game(Phase.PLACE)), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_game_screen_drawing(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_with(tmp_path, mid_game(Phase.DRAW)), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_pass_device_screen(snap_compare, tmp_path, size) -> None:
    app = app_with(tmp_path, mid_game(Phase.PLACE), kinds=("human", "human"))
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_game_over_bar(snap_compare, tmp_path, size) -> None:
    """The final board stays in view; the summary waits for enter."""
    assert snap_compare(app_with(tmp_path, played(8, lambda g: False)), terminal_size=size, run_before=settle)


async def to_summary(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_with(tmp_path, played(8, lambda g: False)), terminal_size=size, run_before=to_summary)


@pytest.mark.parametrize("size", SIZES)
def test_help_screen(snap_compare, tmp_path, size) -> None:
    async def open_help(pilot) -> None:
        await settle(pilot)
        await pilot.press("question_mark")

    assert snap_compare(app_with(tmp_path, mid_game(Phase.PLACE)), terminal_size=size, run_before=open_help)


def stable_saves(tmp_path: Path, monkeypatch) -> Path:
    """A saves folder with fixed names and times, so the browser looks the same every run."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    folder = Path("saves")
    folder.mkdir(exist_ok=True)
    when = "2026-01-02T10:30:00+00:00"
    write_save(folder / "a.msgpack", SavedGame(played(8, lambda g: False), KINDS, saved_at=when))
    write_save(folder / "b.msgpack", SavedGame(mid_game(Phase.PLACE), KINDS, saved_at=when, title="Tuesday rematch"))
    broken = folder / "c.msgpack"
    broken.write_bytes(b"half a save")
    os.utime(broken, (1767349800, 1767349800))
    return folder


@pytest.mark.parametrize("size", SIZES)
def test_saves_browser(snap_compare, tmp_path, monkeypatch, size) -> None:
    folder = stable_saves(tmp_path, monkeypatch)
    app = CodexApp(saves_dir=folder, bot_delay=0, mode="saves")
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_replay_viewer(snap_compare, tmp_path, monkeypatch, size) -> None:
    folder = stable_saves(tmp_path, monkeypatch)
    app = CodexApp(saves_dir=folder, save=folder / "a.msgpack", bot_delay=0, mode="replay")

    async def to_turn_nine(pilot) -> None:
        await settle(pilot)
        await pilot.press("g", "9", "enter", "right")

    assert snap_compare(app, terminal_size=size, run_before=to_turn_nine)


# ------------------------------------------------------------------ Instinkt


def instinkt_played(seed: int, until) -> object:
    from codex_tui.games.instinkt.bots import make_instinkt_bot
    from codex_tui.games.instinkt.rules import apply as i_apply
    from codex_tui.games.instinkt.rules import new_game as i_new_game
    from codex_tui.games.instinkt.rules import players_to_act as i_players
    from codex_tui.games.instinkt.rules import view as i_view

    game = i_new_game(("Ada", "Bo"), seed)
    bots = [make_instinkt_bot("normal", 1), make_instinkt_bot("normal", 2)]
    while not until(game) and not game.is_over:
        seat = i_players(game)[0]
        game = i_apply(game, bots[seat](i_view(game, seat)))
    return game


def instinkt_app(tmp_path: Path, game) -> CodexApp:
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    path = folder / "duel.msgpack"
    write_save(path, SavedGame(game, ("human", "bot:normal")))
    return CodexApp(saves_dir=folder, save=path, bot_delay=0, offer_resume=False)


@pytest.mark.parametrize("size", SIZES)
def test_instinkt_choosing(snap_compare, tmp_path, size) -> None:
    game = instinkt_played(6, lambda g: g.round == 4 and g.phase.value == "choose" and g.seats[0].chosen is None)
    assert snap_compare(instinkt_app(tmp_path, game), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_instinkt_placing(snap_compare, tmp_path, size) -> None:
    game = instinkt_played(6, lambda g: g.round >= 4 and g.phase.value == "place" and g.order[0] == 0)
    assert snap_compare(instinkt_app(tmp_path, game), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_instinkt_end(snap_compare, tmp_path, size) -> None:
    assert snap_compare(
        instinkt_app(tmp_path, instinkt_played(6, lambda g: False)), terminal_size=size, run_before=to_summary
    )


@pytest.mark.parametrize("size", SIZES)
def test_help_screen_scrolled_to_the_end(snap_compare, tmp_path, size) -> None:
    async def help_end(pilot) -> None:
        await settle(pilot)
        await pilot.press("question_mark", "end")
        await settle(pilot)

    assert snap_compare(app_with(tmp_path, mid_game(Phase.PLACE)), terminal_size=size, run_before=help_end)


@pytest.mark.parametrize("size", SIZES)
def test_instinkt_help_screen(snap_compare, tmp_path, size) -> None:
    async def open_help(pilot) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    game = instinkt_played(6, lambda g: g.round == 4 and g.phase.value == "choose" and g.seats[0].chosen is None)
    assert snap_compare(instinkt_app(tmp_path, game), terminal_size=size, run_before=open_help)


@pytest.mark.parametrize("size", SIZES)
def test_instinkt_replay_viewer(snap_compare, tmp_path, size) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "duel.msgpack"
    write_save(path, SavedGame(instinkt_played(6, lambda g: False), ("human", "bot:normal"), title="Duel"))
    app = CodexApp(saves_dir=folder, save=path, bot_delay=0, mode="replay")

    async def to_action_eighteen(pilot) -> None:
        await settle(pilot)
        await pilot.press(*["right"] * 18)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=to_action_eighteen)


@pytest.mark.parametrize("size", SIZES)
def test_resume_screen(snap_compare, tmp_path, monkeypatch, size) -> None:
    folder = stable_saves(tmp_path, monkeypatch)
    os.utime(folder / "b.msgpack", (1767349800, 1767349800))  # the screen says when it was saved
    app = CodexApp(saves_dir=folder, bot_delay=0, offer_resume=True)
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_focus_on_a_field(snap_compare, tmp_path, size) -> None:
    async def to_players(pilot) -> None:
        await settle(pilot)
        await pilot.press("tab", "tab")
        await settle(pilot)

    assert snap_compare(app_with(tmp_path, None), terminal_size=size, run_before=to_players)
