"""The score track: every score against the target, who plays, how long is left."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from codex_tui.games.codex.describe import named
from codex_tui.games.codex.rules import Phase, SeatView
from codex_tui.games.codex.text import N_, _, ngettext, pgettext
from codex_tui.i18n.lists import and_list

BAR = 8
BOT_LEVELS = (N_("random"), N_("easy"), N_("greedy"), N_("normal"), N_("hard"), N_("expert"))
"""The bots' levels (`bots.levels`), as the tags after their names say them (translated where drawn)."""
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
        return _("The game is over")
    if view.phase is Phase.SETUP:
        return _("Set-up: each player chooses a starter side and a secret objective")
    name = names[view.current]
    if view.phase is Phase.PLACE:
        text = named(view.current, view.seat, N_("Your turn: place a card"), N_("{name} to place a card"))
    else:
        text = named(view.current, view.seat, N_("Your turn: draw a card"), N_("{name} to draw a card"))
    text = text.format(name=name)
    if view.turns_left is None:
        return text
    if view.turns_left == 0:  # "final round: the last turn" said one thing twice (in French, "dernier tour" twice)
        return _("{turn} · the last turn of the game").format(turn=text)
    stage = _("final round") if view.is_last_turn else _("end triggered")
    after = [names[(view.current + i) % len(names)] for i in range(1, view.turns_left + 1)]
    listed = _("{turn} · {stage}: after this, {names}, then the end").format(
        turn=text, stage=stage, names=and_list(after)
    )
    if cell_len(listed) <= width:
        return listed
    turns = view.turns_left
    counted = ngettext("{n} turn after this ({name} next)", "{n} turns after this ({name} next)", turns)
    return _("{turn} · {stage}: {turns}").format(turn=text, stage=stage, turns=counted.format(n=turns, name=after[0]))


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
    line: reactive[str] = reactive("")
    """The turn line in words of the screen's own ('' : the view's `status_line`; a replay says
    whose turn comes next and whose view is shown, where 'Your turn' would read as a request)."""

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
            text.append(
                set_cell_size(public.name, min(cell_len(public.name), 10 if budget >= 22 else 7)), style=name_style
            )
            tag = tags[seat] if seat < len(tags) else ""
            if tag and budget >= 22:
                # Translators: a bot's level right after its name on the score track: "Bot 1(normal)".
                text.append(pgettext("bot level after a name", "({level})").format(level=_(tag)), style=DIM)
            text.append(f" {public.score:>2}", style=Style(bold=True))
            if budget >= 34:
                text.append(" " + score_bar(public.score, target), style=FILLED)
            text.append("  ")
        text.append(f"→{target}", style=DIM)
        text.append("\n")
        turn = Text(self.line or status_line(view, width), style=DIM)
        turn.truncate(width, overflow="ellipsis")  # a line that does not fit says so with "…"
        text.append_text(turn)
        return text
