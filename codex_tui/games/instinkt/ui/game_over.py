"""The game-over bar's words at the end of an Instinkt game."""

from __future__ import annotations

from rich.text import Text

from codex_tui.games.instinkt.rules import Game, result
from codex_tui.games.instinkt.text import _, pgettext
from codex_tui.games.instinkt.ui.words import log_lines
from codex_tui.ui.screens.game_over import result_line, tail_start


def last_moves(game: Game, viewer: int) -> list[str]:
    """The log lines of the moves since `viewer`'s own last one, their totals alone (the bar has three lines)."""
    start = tail_start([entry.action.player for entry in game.log], viewer)
    return log_lines(game.log, game.players, viewer, len(game.log) - start, reasons=False)


def game_over_text(game: Game, viewer: int) -> Text:
    moves = last_moves(game, viewer)
    last = _("Last: {moves}.").format(moves=pgettext("between two log lines", "; ").join(moves)) if moves else ""
    return result_line(game.players, result(game).winners, viewer, last)
