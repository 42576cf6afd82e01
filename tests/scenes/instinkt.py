"""Scenes of an Instinkt duel: choosing, placing, the deer, the raccoon, the draft, the end, help, replay, a review."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from codex_tui.app.app import CodexApp
from codex_tui.core.advice import Assessment, Estimate
from codex_tui.core.review import Decision
from codex_tui.games.instinkt.bots import make_instinkt_bot
from codex_tui.games.instinkt.rules import Animal, Game, Phase, Place, Variant, apply, new_game, players_to_act, view
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen
from codex_tui.storage.saves import SavedGame, write_save
from tests.scenes import Scene, settle
from tests.scenes.codex import open_help, to_summary
from tests.scenes.games import PLAYERS, app_with

KINDS = ("human", "bot:normal")


def played(seed: int, until: Callable[[Game], bool], variant: Variant | None = None) -> Game:
    """A duel of two `normal` bots from `seed`, stopped when `until(game)` holds."""
    game = new_game(("Ada", "Bo"), seed, variant or Variant())
    bots = [make_instinkt_bot("normal", 1), make_instinkt_bot("normal", 2)]
    while not until(game) and not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat](view(game, seat)))
    return game


def choosing(game: Game) -> bool:
    return game.round == 4 and game.phase.value == "choose" and game.seats[0].chosen is None


def placing(game: Game) -> bool:
    return game.round >= 4 and game.phase.value == "place" and game.order[0] == 0


def deer_to_enter(game: Game) -> bool:
    """Ada places her deer, and it can enter a line (seed 0, round 8)."""
    return game.phase is Phase.PLACE and game.current == 0 and game.seats[0].chosen is Animal.DEER


def raccoon_to_move(game: Game) -> bool:
    """Ada's raccoon is down: she moves one of her cards (seed 1, round 5)."""
    return game.phase is Phase.MOVE and game.current == 0


def duel(until: Callable[[Game], bool], seed: int = 6) -> Callable[[Path, Any], CodexApp]:
    return lambda tmp, mp: app_with(tmp, played(seed, until), kinds=KINDS, name="duel")


def draft(tmp_path: Path, monkeypatch: Any) -> CodexApp:
    """The draft variant's first decision: keep 3 of 5 cards."""
    return app_with(tmp_path, new_game(("Ada", "Bo"), 4, Variant(draft=True)), kinds=KINDS, name="draft")


async def raccoon_card_picked(pilot: Pilot[Any]) -> None:
    """The raccoon's card picked: the board shows where it comes from and where it may go."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def keep_two_marked(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("1", "3")
    await settle(pilot)


async def review_marked(pilot: Pilot[Any]) -> None:
    """A reviewed placement of Ada's on the replay: the move played and a better one marked on the board."""
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, InstinktReplayScreen)
    index = next(
        i
        for i, state in enumerate(screen.states[:-1])
        if state.round >= 5 and isinstance(screen.game.actions[i], Place)
    )
    played_move = screen.game.actions[index]
    seat = played_move.player
    other = next(a for a in view(screen.states[index], seat).legal_actions if a != played_move)
    assessment = Assessment(Estimate(played_move, -1.5, 96), Estimate(other, 2.25, 96))
    screen.show_decision(Decision(index, seat, assessment))
    await settle(pilot)


async def help_at_the_end(pilot: Pilot[Any]) -> None:
    """The help's last section: how to read the board (its labels drawn as the board draws them)."""
    await settle(pilot)
    await pilot.press("question_mark")
    await settle(pilot)
    await pilot.press("end")
    await settle(pilot)


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
    Scene("instinkt_game_over", duel(lambda g: False), settle, PLAYERS),
    Scene("instinkt_end", duel(lambda g: False), to_summary, PLAYERS),
    Scene("instinkt_help_screen", duel(choosing), open_help_settled, PLAYERS),
    Scene("instinkt_replay_viewer", replay_viewer, to_action_eighteen, PLAYERS | {"Duel"}),
    Scene("instinkt_deer", duel(deer_to_enter, seed=0), settle, PLAYERS),
    Scene("instinkt_raccoon", duel(raccoon_to_move, seed=1), raccoon_card_picked, PLAYERS),
    Scene("instinkt_draft_keep", draft, keep_two_marked, PLAYERS),
    Scene("instinkt_review_marks", replay_viewer, review_marked, PLAYERS | {"Duel"}),
    Scene("instinkt_help_board", duel(choosing), help_at_the_end, PLAYERS),
]
