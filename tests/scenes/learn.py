"""Scenes of the guided first games: a Codex placement step, an Instinkt secret pick, the end of a tutorial."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from codex_tui.app.app import CodexApp
from codex_tui.core.tutorial import moves_made
from tests.scenes import Scene, settle, shown
from tests.scenes.pressing import coach_words, play_the_marked_move


def learning(game: str) -> Callable[[Path, Any], CodexApp]:
    def build(tmp_path: Path, monkeypatch: Any) -> CodexApp:
        return CodexApp(saves_dir=tmp_path, bot_delay=0, mode="learn", learn=game)

    return build


def at_move(move: int) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Enter on each marked move until the learner is at their move `move`, its step's words on show."""

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, CodexApp)
        await shown(pilot, lambda: app.learning is not None and app.session is not None, "the guided game")
        run = app.learning
        assert run is not None

        def made() -> int:
            return moves_made(app.session.game, run.learner) if app.session is not None else 0

        def step_on_show() -> bool:
            lesson = run.tutorial.lesson(made())
            return (coach_words(app.screen) or "").endswith(" ".join(run.module.translate(lesson.text).split()))

        while made() < move:
            await shown(pilot, step_on_show, f"the step of move {made()}")
            await play_the_marked_move(pilot, app, run.learner, made())
        await shown(pilot, step_on_show, f"the step of move {move}")
        await settle(pilot)

    return run_before


SCENES = [
    Scene("learn_codex_first_placement", learning("codex-naturalis"), at_move(2)),
    Scene("learn_instinkt_first_pick", learning("instinkt"), at_move(0)),
]
