"""The score track: every score against the target, who plays, how long is left."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from codex_tui.games.codex.rules import Phase, SeatView

BAR = 8
CURRENT = Style(color="#ffff5f", bold=True)
DIM = Style(color="#8a8a8a")
FILLED = Style(color="#d7af00")


def score_bar(score: int, target: int, width: int = BAR) -> str:
    filled = min(width, score * width // max(target, 1))
    return "█" * filled + "░" * (width - filled)


def status_line(view: SeatView, width: int = 80) -> str:
    """Who is to play and, once the end is triggered, whose turns remain."""
    names = view.players
    if view.phase is Phase.OVER:
        return "The game is over"
    if view.phase is Phase.SETUP:
        return "Set-up: each player chooses a starter side and a secret objective"
    doing = "place a card" if view.phase is Phase.PLACE else "draw a card"
    text = f"{names[view.current]} to {doing}"
    if view.turns_left is None:
        return text
    stage = "final round" if view.is_last_turn else "end triggered"
    if view.turns_left == 0:
        return f"{text} · {stage}: this is the last turn"
    after = [names[(view.current + i) % len(names)] for i in range(1, view.turns_left + 1)]
    named = f"{text} · {stage}: after this, {_listed(after)}, then the end"
    if len(named) <= width:
        return named
    turns = view.turns_left
    return f"{text} · {stage}: {turns} turn{'s' if turns != 1 else ''} after this ({after[0]} next)"


def _listed(names: list[str]) -> str:
    """'Bo', 'Bo and Ada', 'Bo, Ada and Bo'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class ScoreTrack(Widget):
    """Scores, bars and tags per seat, then the turn line: drawn from its reactives."""

    DEFAULT_CSS = "ScoreTrack { height: 2; }"

    view: reactive[SeatView | None] = reactive(None)
    tags: reactive[tuple[str, ...]] = reactive(())
    """A tag per seat (a bot's level), or ''."""
    viewing: reactive[int | None] = reactive(None)
    """The seat whose area is on show (underlined)."""
    columns: reactive[int] = reactive(80)
    """The width to fit: how much shows per seat (bars and bot tags go first)."""

    def show(self, view: SeatView, tags: Sequence[str], viewing: int | None, width: int) -> None:
        """Set what to show (for screens that set it rather than bind it)."""
        self.view, self.tags, self.viewing, self.columns = view, tuple(tags), viewing, width

    def render(self) -> Text:
        view, tags, width = self.view, self.tags, self.columns
        if view is None:
            return Text()
        target = view.variant.target_score
        budget = width // max(len(view.seats), 1)
        text = Text()
        for seat, public in enumerate(view.seats):
            mover = seat == view.current and view.phase is not Phase.OVER
            text.append("▶" if mover else " ", style=CURRENT)
            name_style = CURRENT if mover else Style(bold=seat == self.viewing, underline=seat == self.viewing)
            text.append(public.name[: 10 if budget >= 22 else 7], style=name_style)
            tag = tags[seat] if seat < len(tags) else ""
            if tag and budget >= 22:
                text.append(f"({tag})", style=DIM)
            text.append(f" {public.score:>2}", style=Style(bold=True))
            if budget >= 34:
                text.append(" " + score_bar(public.score, target), style=FILLED)
            text.append("  ")
        text.append(f"→{target}", style=DIM)
        text.append("\n")
        text.append(status_line(view, width), style=DIM)
        return text
