"""The Instinkt screens: a 4x4 board, secret picks, the deer's push and the raccoon's move.

`UI` is what `Instinkt.ui()` hands the shell (see `codex_tui.ui.game_ui.GameUI`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from codex_tui.games.instinkt.rules import Game, Result, SeatView, result
from codex_tui.games.instinkt.text import N_, _
from codex_tui.games.instinkt.ui.end import InstinktEndScreen
from codex_tui.games.instinkt.ui.from_view import TURN_WORDS, shown_game
from codex_tui.games.instinkt.ui.game_over import game_over_text
from codex_tui.games.instinkt.ui.help import HELP_TEXT
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen
from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.ui.game_ui import GameUI
from codex_tui.ui.screens.modals import Help


class InstinktUI:
    help_text: Help = HELP_TEXT
    """In English: the help screen draws each text from this game's catalog, then the shell's."""

    def play_screen(self) -> InstinktScreen:
        return InstinktScreen()

    def setup_screen(self, view: SeatView, sent: Sequence[Any] = ()) -> None:
        """None: the draft's keep is chosen on the board itself."""
        return None

    def game_over_text(self, game: Game, perspective: int) -> Text:
        return game_over_text(game, perspective)

    def end_screen(self, game: Game, reader: int | None, *, offer_undo: bool, to_board: bool) -> InstinktEndScreen:
        return InstinktEndScreen(game, result(game), reader, offer_undo=offer_undo, to_board=to_board)

    def replay_screen(
        self, game: Game, title: str, reader: int | None, review_seat: int | None = None, may_branch: bool = True
    ) -> InstinktReplayScreen:
        return InstinktReplayScreen(game, title, reader, review_seat, may_branch)

    def turn_words(self, view: SeatView) -> str | None:
        return _(TURN_WORDS.get(view.phase, N_("play")))

    def result_winners(self, result: Result) -> tuple[int, ...]:
        return result.winners

    def end_screen_from_view(self, view: SeatView, result: Result) -> InstinktEndScreen:
        return InstinktEndScreen(shown_game(view), result, view.seat, to_board=True)


UI: GameUI = InstinktUI()
"""Checked against the protocol here, where both are known."""
