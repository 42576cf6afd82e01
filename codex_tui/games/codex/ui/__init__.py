"""Codex Naturalis screens and widgets (Textual); imported only by the app, never by the rules.

`UI` is what `CodexNaturalis.ui()` hands the shell (see `codex_tui.ui.game_ui.GameUI`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from codex_tui.core.seats import SPECTATOR
from codex_tui.games.codex.rules import (
    ChooseObjective,
    ChooseStarter,
    Game,
    Phase,
    Result,
    SeatView,
    result,
)
from codex_tui.games.codex.text import _
from codex_tui.games.codex.timeline import Timeline
from codex_tui.games.codex.ui.end import EndScreen
from codex_tui.games.codex.ui.game import GameScreen
from codex_tui.games.codex.ui.game_over import game_over_text
from codex_tui.games.codex.ui.help import HELP_TEXT
from codex_tui.games.codex.ui.replay import ReplayScreen
from codex_tui.games.codex.ui.setup import SetupScreen
from codex_tui.ui.game_ui import GameUI
from codex_tui.ui.screens.modals import Help

WireResult = tuple[Result, tuple[int | None, ...]]
"""The result and every seat's secret objective, as `result_from_wire` gives them."""


class CodexUI:
    help_text: Help = HELP_TEXT

    def play_screen(self) -> GameScreen:
        return GameScreen()

    def setup_screen(self, view: SeatView, sent: Sequence[Any] = ()) -> SetupScreen | None:
        """The starter's side and the secret objective, while the seat owes either."""
        if view.phase is not Phase.SETUP or view.seat == SPECTATOR:
            return None
        mine = view.seats[view.seat]
        owed: set[type] = set() if mine.starter_side is not None else {ChooseStarter}
        owed |= set() if mine.has_secret else {ChooseObjective}
        return SetupScreen(view) if owed - {type(action) for action in sent} else None

    def game_over_text(self, game: Game, perspective: int) -> Text:
        return game_over_text(game, perspective)

    def end_screen(self, game: Game, reader: int | None, *, offer_undo: bool, to_board: bool) -> EndScreen:
        secrets = tuple(seat.secret for seat in game.seats)
        commons = game.setup.common_objectives
        return EndScreen(result(game), game.players, commons, secrets, reader, game.log, offer_undo, to_board)

    def replay_screen(
        self, game: Game, title: str, reader: int | None, review_seat: int | None = None, may_branch: bool = True
    ) -> ReplayScreen:
        return ReplayScreen(Timeline.of_game(game), title, reader, review_seat, may_branch)

    def turn_words(self, view: SeatView) -> str | None:
        """A notice when a turn starts (placing); the draw that follows gets none."""
        return _("place a card") if view.phase is Phase.PLACE else None

    def result_winners(self, result: WireResult) -> tuple[int, ...]:
        return result[0].winners

    def end_screen_from_view(self, view: SeatView, result: WireResult) -> EndScreen:
        outcome, secrets = result
        return EndScreen(outcome, view.players, view.common_objectives, secrets, view.seat, view.log, to_board=True)


UI: GameUI = CodexUI()
"""Checked against the protocol here, where both are known."""
