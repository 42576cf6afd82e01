"""The game-over bar's words at the end of a Codex Naturalis game."""

from __future__ import annotations

from rich.text import Text

from codex_tui.games.codex.describe import describe_entry
from codex_tui.games.codex.rules import Game, result
from codex_tui.games.codex.text import _
from codex_tui.ui.screens.game_over import result_line, tail_start


def last_moves(game: Game, viewer: int) -> list[str]:
    """The log lines of the moves since `viewer`'s own last one."""
    start = tail_start([entry.action.player for entry in game.log], viewer)
    return [describe_entry(entry, game.players, viewer) for entry in game.log[start:]]


def game_over_text(game: Game, viewer: int) -> Text:
    moves = last_moves(game, viewer)
    last = _("Last: {moves}.").format(moves="; ".join(moves)) if moves else ""
    return result_line(game.players, result(game).winners, last)
