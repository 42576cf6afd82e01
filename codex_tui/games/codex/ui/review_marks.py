"""A reviewed decision on the replay's board: the move played and the better one, each marked, and a legend.

A placement (or the starter's side) is drawn as a preview card at its spot
with a label on its border, "you" for the move played and "best" for the
better one, in two colours; a draw puts the same labels after the market
card or deck in the market panel. The legend says both moves in words
(`GameModule.move_text`, as the review's table does) and the points lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from codex_tui.core.review import Decision
from codex_tui.games.codex.rules import ChooseStarter, Draw, DrawSource, Place, SeatView
from codex_tui.games.codex.text import N_, _
from codex_tui.games.codex.ui.play_area import Mark
from codex_tui.games.codex.ui.theme import BETTER_LABEL, PLAYED_LABEL, Label
from codex_tui.i18n.numbers import decimal
from codex_tui.ui.widgets.status_line import fit

PLAYED: Label = (N_("you"), PLAYED_LABEL)
BETTER: Label = (N_("best"), BETTER_LABEL)
"""The labels (English, translated where drawn: the play area's marks, the market panel)."""

MoveWords = Callable[[Any, Any], str]
"""A move in a few words, from the view it was chosen in (`GameModule.move_text`)."""


@dataclass(frozen=True)
class ReviewMarks:
    area: tuple[Mark, ...]
    """Preview cards on the play area."""
    market: tuple[tuple[int | DrawSource, Label], ...]
    """Labels after a market card or a deck."""
    legend: str


def _card_mark(view: SeatView, action: Any, label: Label) -> Mark | None:
    if isinstance(action, Place):
        return Mark(action.pos, action.card, action.side, label)
    if isinstance(action, ChooseStarter):
        return Mark((0, 0), view.seats[view.seat].starter, action.side, label)
    return None


def _market_mark(action: Any, label: Label) -> tuple[int | DrawSource, Label] | None:
    if not isinstance(action, Draw):
        return None
    return (action.card if action.source is DrawSource.MARKET and action.card is not None else action.source), label


def review_marks(view: SeatView, decision: Decision, words: MoveWords, width: int) -> ReviewMarks:
    """The marks and the legend for `decision`, taken from `view` (the seat's, just before it)."""
    played, better = decision.assessment.played.action, decision.assessment.best.action
    mine, best = _card_mark(view, played, PLAYED), _card_mark(view, better, BETTER)
    area: tuple[Mark, ...] = tuple(m for m in (mine, best) if m is not None)
    if mine is not None and best is not None and mine.pos == best.pos:  # one spot: the better card, both labels
        area = (Mark(best.pos, best.card, best.side, BETTER, bottom=PLAYED),)
    market = tuple(m for m in (_market_mark(played, PLAYED), _market_mark(better, BETTER)) if m is not None)
    said_played, said_better, lost = words(view, played), words(view, better), decimal(decision.cost)
    legend = fit(
        (
            [
                _("you: played {move}").format(move=said_played),
                _("best: {move}").format(move=said_better),
                _("about {points} points lost").format(points=lost),
            ],
            [
                _("you: {move}").format(move=said_played),
                _("best: {move}").format(move=said_better),
                _("-{points} pt").format(points=lost),
            ],
        ),
        width,
    )
    return ReviewMarks(area, market, legend)
