"""The play screen's `!`, the part every game shares: a worker, cancelled by any other key, never fatal.

A bare `PlayScreen` on tic-tac-toe (its search takes milliseconds) stands in
for a game's screen; each game's own tests check how its screen shows a hint.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from textual.app import App

from codex_tui.core.advice import Hint
from codex_tui.ui.messages import HintShown
from codex_tui.ui.screens.live import PlayScreen
from tests.core.tictactoe import rules
from tests.core.tictactoe.module import TICTACTOE, TicTacToe


class Gated(TicTacToe):
    """A search that waits at a gate (and may fail)."""

    def __init__(self, fail: bool = False) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.fail = fail

    def hint(self, view: Any, level: str = "hard") -> Hint:
        self.started.set()
        self.gate.wait(10)
        if self.fail:
            raise RuntimeError("the search broke")
        return super().hint(view, level)


class HintScreen(PlayScreen):
    """Tic-tac-toe's seat 0 to act; records what the base asks of a game's screen."""

    def __init__(self, module: TicTacToe, hints_allowed: bool = True) -> None:
        super().__init__()
        self.module = module
        self.hints_allowed = hints_allowed
        game = TICTACTOE.rebuild(TICTACTOE.new_game(("Ada", "Bo"), 2, rules.Variant()), ())
        self.view = TICTACTOE.view(game, game.current)
        self.shown: list[Hint] = []
        self.pending: list[bool] = []

    @property
    def game_module(self) -> Any:  # type: ignore[override]
        return self.module

    def hint_view(self) -> Any:
        return self.view

    def show_hint(self, hint: Hint) -> None:
        self.shown.append(hint)

    def hint_pending(self, pending: bool) -> None:
        self.pending.append(pending)

    def update_game(
        self, view: Any, tags: Sequence[str], can_undo: bool, can_redo: bool, waiting_for: str | None = None
    ) -> None:
        self.view = view


class Host(App[None]):
    def __init__(self, screen: HintScreen) -> None:
        super().__init__()
        self.play = screen
        self.noted: list[int] = []

    def on_mount(self) -> None:
        self.push_screen(self.play)

    def on_hint_shown(self, message: HintShown) -> None:
        self.noted.append(message.seat)


async def finish(pilot: Any) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_a_hint_is_shown_and_noted() -> None:
    module = Gated()
    module.gate.set()
    app = Host(HintScreen(module))
    async with app.run_test() as pilot:
        await pilot.press("exclamation_mark")
        await finish(pilot)
        screen = app.play
        assert screen.pending == [True]
        (hint,) = screen.shown
        assert hint.action in screen.view.legal_actions and hint.reason
        assert app.noted == [screen.view.seat]


async def test_another_key_cancels_a_hint_being_computed() -> None:
    module = Gated()
    app = Host(HintScreen(module))
    async with app.run_test() as pilot:
        await pilot.press("exclamation_mark")
        assert module.started.wait(10)
        await pilot.press("x")
        await pilot.pause()
        module.gate.set()
        await finish(pilot)
        assert app.play.pending == [True, False]
        assert app.play.shown == [] and app.noted == [], "the answer that came late is dropped"


async def test_a_failing_search_costs_the_hint_not_the_game() -> None:
    module = Gated(fail=True)
    module.gate.set()
    app = Host(HintScreen(module))
    async with app.run_test() as pilot:
        await pilot.press("exclamation_mark")
        await finish(pilot)
        assert app.is_running and app.screen is app.play
        assert app.play.pending == [True, False] and app.play.shown == []
        assert any("the search broke" in str(n.message) for n in app._notifications)


async def test_no_hint_where_the_table_forbids_them() -> None:
    module = Gated()
    app = Host(HintScreen(module, hints_allowed=False))
    async with app.run_test() as pilot:
        await pilot.press("exclamation_mark")
        await finish(pilot)
        assert not module.started.is_set() and app.play.pending == []
        assert any("Hints are off" in str(n.message) for n in app._notifications)
