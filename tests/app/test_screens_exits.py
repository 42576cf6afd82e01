"""No dead ends: at 80x24 every screen shows, in words on the screen, a key that leaves it."""

from __future__ import annotations

import contextlib
import html
import re
from pathlib import Path

import pytest

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.bots.selfplay import selfplay_game
from codex_tui.games.codex.rules import Variant, new_game
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.bots import make_instinkt_bot
from codex_tui.storage.saves import SavedGame, write_save
from tests.driving import settle
from tests.waiting import until_shown

LEAVE = re.compile(r"\b(q|esc)\b:? ?(Quit|Back|Close|quit|close|Final board|back)")


def screen_text(app: CodexApp) -> str:
    """The characters on screen, row by row, read back from Textual's SVG screenshot."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for match in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(match[2]), []).append((float(match[1]), html.unescape(match[3])))
    return "\n".join("".join(text for _, text in sorted(row)) for _, row in sorted(rows.items())).replace("\xa0", " ")


def finished(folder: Path) -> Path:
    path = folder / "done.msgpack"
    write_save(path, SavedGame(selfplay_game(["greedy", "greedy"], 4), ("human", "bot:greedy")))
    return path


def duel(folder: Path) -> Path:
    game = instinkt.new_game(("Ada", "Bo"), 6)
    bots = [make_instinkt_bot("normal", 1), make_instinkt_bot("normal", 2)]
    while not game.is_over:
        seat = instinkt.players_to_act(game)[0]
        game = instinkt.apply(game, bots[seat](instinkt.view(game, seat)))
    path = folder / "duel.msgpack"
    write_save(path, SavedGame(game, ("human", "bot:normal")))
    return path


def hot_seat(folder: Path) -> Path:
    path = folder / "seats.msgpack"
    write_save(path, SavedGame(new_game(("Ada", "Bo"), 5, Variant(20)), ("human", "human")))
    return path


CASES = {
    "saves browser": (lambda f: CodexApp(saves_dir=f, bot_delay=0, mode="saves"), []),
    "replay": (lambda f: CodexApp(saves_dir=f, save=finished(f), bot_delay=0, mode="replay"), []),
    "game over": (lambda f: CodexApp(saves_dir=f, save=finished(f), bot_delay=0, offer_resume=False), []),
    "summary": (lambda f: CodexApp(saves_dir=f, save=finished(f), bot_delay=0, offer_resume=False), ["enter"]),
    "help": (lambda f: CodexApp(saves_dir=f, save=finished(f), bot_delay=0, offer_resume=False), ["question_mark"]),
    "pass device": (lambda f: CodexApp(saves_dir=f, save=hot_seat(f), bot_delay=0, offer_resume=False), []),
    "set-up": (lambda f: CodexApp(saves_dir=f, save=hot_seat(f), bot_delay=0, offer_resume=False), ["enter"]),
    "new game": (lambda f: CodexApp(saves_dir=f, bot_delay=0, offer_resume=False), []),
    "instinkt replay": (lambda f: CodexApp(saves_dir=f, save=duel(f), bot_delay=0, mode="replay"), []),
    "instinkt summary": (lambda f: CodexApp(saves_dir=f, save=duel(f), bot_delay=0, offer_resume=False), ["enter"]),
    "resume": (lambda f: (hot_seat(f), CodexApp(saves_dir=f, bot_delay=0))[1], []),
}


@pytest.mark.parametrize("case", sorted(CASES))
async def test_every_screen_says_how_to_leave_it_at_80_columns(saves: Path, case: str) -> None:
    make, keys = CASES[case]
    app = make(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        with contextlib.suppress(AssertionError):  # the bar draws its keys after the first refresh: late when loaded
            await until_shown(pilot, lambda: LEAVE.search(screen_text(app)) is not None, what="the way out")
        text = screen_text(app)
        assert LEAVE.search(text), f"{case}: {type(app.screen).__name__}\n{text}"
