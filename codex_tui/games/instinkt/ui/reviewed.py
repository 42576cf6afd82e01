"""A reviewed decision on the replay's board: where the move played and the better move go, and both in words.

The replay shows the position before the decision; each move marks the
cells it uses on that board (the card's cell, the deer's landing cell, the
raccoon's card and its new cell) in its own colour, and the side panel says
both moves and what the search expects of each. A choice of card (or of the
cards to keep) has no cell: the words alone tell it.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from codex_tui.core.review import Decision
from codex_tui.games.instinkt.advice import move_text
from codex_tui.games.instinkt.rules.actions import Action, Axis, End, Enter, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.grid import deer_push
from codex_tui.games.instinkt.rules.state import Cell, Grid, Piece
from codex_tui.games.instinkt.rules.view import SeatView
from codex_tui.games.instinkt.text import _, ngettext
from codex_tui.games.instinkt.ui.board import REVIEW_STYLES
from codex_tui.i18n.numbers import decimal, signed


def move_cells(grid: Grid, action: Action) -> list[Cell]:
    """The cells `action` uses on `grid`, the board before it."""
    if isinstance(action, Place):
        return [(action.x, action.y)]
    if isinstance(action, Enter):
        deer = Piece(action.player, Animal.DEER)
        pushed = deer_push(grid, Axis(action.axis), action.index, End(action.end), deer)
        return [cell for cell, piece in pushed[0].items() if piece == deer] if pushed else []
    if isinstance(action, Move):
        return [(action.from_x, action.from_y), (action.to_x, action.to_y)]
    return []


def review_marks(grid: Grid, decision: Decision) -> dict[Cell, str]:
    """Each used cell marked "played", "better", or "both" when the two moves share it."""
    assessment = decision.assessment
    played = move_cells(grid, assessment.played.action)
    marks = dict.fromkeys(played, "played")
    if assessment.best.action != assessment.played.action:
        for cell in move_cells(grid, assessment.best.action):
            marks[cell] = "both" if cell in played else "better"
    return marks


def review_text(view: SeatView, decision: Decision) -> Text:
    """'Review: move 14, Ada' then the move played and the better one in their board colours, and the margins."""
    assessment = decision.assessment
    played, best = assessment.played, assessment.best
    name = view.players[decision.seat]
    text = Text(_("Review: move {n}, {name}").format(n=decision.index + 1, name=name) + "\n", style=Style(bold=True))
    text.append("■ " + _("played") + " ", style=REVIEW_STYLES["played"])
    text.append(
        _("{move}: {margin}").format(move=move_text(view, played.action), margin=signed(played.margin, 1)) + "\n"
    )
    if best.action == played.action:
        text.append("  " + _("the search found no better move here") + "\n", style=Style(bold=True))
        return text
    text.append("■ " + _("better") + " ", style=REVIEW_STYLES["better"])
    text.append(_("{move}: {margin}").format(move=move_text(view, best.action), margin=signed(best.margin, 1)) + "\n")
    lost = ngettext(
        "lost {points} pts (expected final margin, {n} sampled game)",
        "lost {points} pts (expected final margin, {n} sampled games)",
        played.playouts,
    ).format(points=decimal(decision.cost), n=played.playouts)
    text.append(f"  {lost}\n", style=Style(bold=True))
    return text
