"""Scenes of an Instinkt duel: choosing, placing, the end, help, replay."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from codex_tui.app.app import CodexApp
from codex_tui.games.instinkt.bots import make_instinkt_bot
from codex_tui.games.instinkt.rules import Game, apply, new_game, players_to_act, view
from codex_tui.storage.saves import SavedGame, write_save
from tests.scenes import Scene, settle
from tests.scenes.codex import open_help, to_summary
from tests.scenes.games import PLAYERS, app_with

KINDS = ("human", "bot:normal")


def played(seed: int, until: Callable[[Game], bool]) -> Game:
    """A duel of two `normal` bots from `seed`, stopped when `until(game)` holds."""
    game = new_game(("Ada", "Bo"), seed)
    bots = [make_instinkt_bot("normal", 1), make_instinkt_bot("normal", 2)]
    while not until(game) and not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat](view(game, seat)))
    return game


def choosing(game: Game) -> bool:
    return game.round == 4 and game.phase.value == "choose" and game.seats[0].chosen is None


def placing(game: Game) -> bool:
    return game.round >= 4 and game.phase.value == "place" and game.order[0] == 0


def duel(until: Callable[[Game], bool]) -> Callable[[Path, Any], CodexApp]:
    return lambda tmp, mp: app_with(tmp, played(6, until), kinds=KINDS, name="duel")


def replay_viewer(tmp_path: Path, monkeypatch: Any) -> CodexApp:
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "duel.msgpack"
    write_save(path, SavedGame(played(6, lambda g: False), KINDS, title="Duel"))
    return CodexApp(saves_dir=folder, save=path, bot_delay=0, mode="replay")


async def to_action_eighteen(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press(*["right"] * 18)
    await settle(pilot)


async def open_help_settled(pilot: Pilot[Any]) -> None:
    await open_help(pilot)
    await settle(pilot)


SCENES = [
    Scene("instinkt_choosing", duel(choosing), settle, PLAYERS),
    Scene("instinkt_placing", duel(placing), settle, PLAYERS),
    Scene("instinkt_end", duel(lambda g: False), to_summary, PLAYERS),
    Scene("instinkt_help_screen", duel(choosing), open_help_settled, PLAYERS),
    Scene("instinkt_replay_viewer", replay_viewer, to_action_eighteen, PLAYERS | {"Duel"}),
]
