"""The game-over bar's words at the end of a Codex Naturalis game."""

from __future__ import annotations

from rich.text import Text

from codex_tui.games.codex.describe import describe_entry, list_separator
from codex_tui.games.codex.rules import Game, result, view
from codex_tui.games.codex.text import _
from codex_tui.ui.screens.game_over import result_line, tail_start


def last_moves(game: Game, viewer: int) -> list[str]:
    """The log lines of the moves since `viewer`'s own last one, as the log words them: from
    the viewer's own view, so a card another player placed on its back stays known by its back."""
    log = view(game, viewer).log
    start = tail_start([entry.action.player for entry in log], viewer)
    return [describe_entry(entry, game.players, viewer, viewer) for entry in log[start:]]


def game_over_text(game: Game, viewer: int) -> Text:
    moves = last_moves(game, viewer)
    last = _("Last: {moves}.").format(moves=list_separator().join(moves)) if moves else ""
    return result_line(game.players, result(game).winners, viewer, last)
