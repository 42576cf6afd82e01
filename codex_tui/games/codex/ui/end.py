"""The end of a Codex Naturalis game: the final scores, objective by objective, and why it ended."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen

from codex_tui.games.codex.describe import named, objective_text
from codex_tui.games.codex.race import score_race
from codex_tui.games.codex.rules import LogEntry, Result
from codex_tui.games.codex.text import DOMAIN, N_, _
from codex_tui.i18n.lists import and_list
from codex_tui.ui.screens.modals import END_BINDINGS, EndChoices
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.race_chart import RGB, Chart, Line, RaceChart

SEAT_COLOURS: tuple[RGB, ...] = ((240, 150, 40), (70, 160, 240), (220, 90, 200), (110, 200, 90))
"""Orange, blue, magenta, green: apart from each other on dark and light themes (the race's lines)."""
SEAT_SYMBOLS = ("●", "▲", "■", "◆")
"""Each seat's marker on the race, so that the lines read without colour."""
FINAL_TICK = "*"
"""The race's last x tick: the totals with the objectives (a symbol: no words inside the plot)."""


def summary_table(
    result: Result, names: tuple[str, ...], commons: tuple[int, int], secrets: tuple[int | None, ...]
) -> Table:
    table = Table(title=_("Final scores"), expand=False, box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column(_("Player"), overflow="fold")
    table.add_column(_("Cards"), justify="right", overflow="fold")
    # Translators: a column of the final scores: the points of common objective 87 ("Obj." is short).
    table.add_column(_("Obj. {id}").format(id=commons[0]), justify="right", overflow="fold")
    table.add_column(_("Obj. {id}").format(id=commons[1]), justify="right", overflow="fold")
    table.add_column(_("Secret"), justify="right", overflow="fold")
    table.add_column(_("Total"), justify="right", style="bold", overflow="fold")
    for seat, name in enumerate(names):
        first, second, secret = result.objective_points[seat]
        label = f"{secret} ({secrets[seat]})" if secrets[seat] else str(secret)
        winner = seat in result.winners
        table.add_row(
            ("★ " if winner else "  ") + name,
            str(result.placement_points[seat]),
            str(first),
            str(second),
            label,
            str(result.totals[seat]),
            style="bold" if winner else None,
        )
    return table


def winners_text(result: Result, names: tuple[str, ...], reader: int | None) -> str:
    """Who won and why the game ended, to the seat `reader` ("You win")."""
    winners = [names[i] for i in result.winners]
    if len(winners) == 1:
        text = named(result.winners[0], reader, N_("You win"), N_("{name} wins")).format(name=winners[0])
    else:
        text = _("{names} share the victory").format(names=and_list(winners))
    if result.tie_break == "most objective points":
        text = _("{result} (tie on points, broken by most objective points)").format(result=text)
    elif result.tie_break == "shared victory":
        text = _("{result} (tied on points and on objective points)").format(result=text)
    if result.end and result.end.value == "score":
        return _("{result}. The end came because a player reached the target score.").format(result=text)
    return _("{result}. The end came because both decks ran out.").format(result=text)


def race_chart(log: Sequence[LogEntry], result: Result, names: tuple[str, ...], reader: int | None = None) -> RaceChart:
    """The score race, round by round, then the totals once the objectives are added; the reader's
    line on top (where two players meet, the reader's own symbol shows)."""
    race = score_race(log, result)
    lines = tuple(
        Line(name, tuple(race[seat]), SEAT_COLOURS[seat % 4], SEAT_SYMBOLS[seat % 4]) for seat, name in enumerate(names)
    )
    rounds = len(race[0]) - 1 if race else 0
    ticks = (*(str(n) for n in range(1, rounds + 1)), FINAL_TICK)
    # Translators: the caption of the score race; "*" is the chart's last step.
    caption = _("Points after each round ({final}: objectives added)").format(final=FINAL_TICK)
    return RaceChart(caption, Chart(lines, ticks, on_top=reader), id="end-race")


TALL = 36
"""From this height the race has its full height; below it, what the text leaves, but no less than
its least (the objectives below it then scroll)."""
WIDE = 140
"""From this width the race stands beside the scores and objectives (the box is then about 130
wide): a short screen then has room for four players' race too."""


class EndScreen(EndChoices, Screen[str]):
    """The summary of a Codex game; `r` asks for the review of the player's turns ('review')."""

    BINDINGS = [*END_BINDINGS, Binding("r", "end('review')", N_("Review"))]
    CSS_PATH = Path(__file__).with_name("end.tcss")

    wide: var[bool] = var(False, init=False)
    """The race beside the text, not below its first part (from `WIDE` columns)."""

    def __init__(
        self,
        result: Result,
        names: tuple[str, ...],
        commons: tuple[int, int],
        secrets: tuple[int | None, ...],
        reader: int | None,
        log: Sequence[LogEntry],
        offer_undo: bool = False,
        to_board: bool = False,
    ) -> None:
        super().__init__()
        self.result = result
        self.game_log = log
        """The game's log (or a seat's view's: its points are public), for the score race."""
        self.names = names
        self.commons = commons
        self.secrets = secrets
        self.reader = reader
        """The seat the summary speaks to ("You win", "Your secret")."""
        self.offer_undo = offer_undo
        self.to_board = to_board

    def compose(self) -> ComposeResult:
        """Narrow: the scores, who won, the race, the objectives; wide: the race beside all the rest."""
        if not self.size.width:  # first composed: not laid out yet, the app's size is the screen's
            self.set_reactive(EndScreen.wide, self.app.size.width >= WIDE)
        scores = Prose(summary_table(self.result, self.names, self.commons, self.secrets))
        winners = Prose(Text(winners_text(self.result, self.names, self.reader), style="bold"))
        race = race_chart(self.game_log, self.result, self.names, self.reader)
        lines = [_("Obj. {id}: {text}").format(id=c, text=objective_text(c)) for c in self.commons]
        lines += [
            named(seat, self.reader, N_("Your secret {id}: {text}"), N_("{name}'s secret {id}: {text}")).format(
                name=self.names[seat], id=s, text=objective_text(s)
            )
            for seat, s in enumerate(self.secrets)
            if s
        ]
        objectives = Prose("\n".join(lines), id="end-objectives")
        with VerticalScroll(id="end-box"):
            if self.wide:
                with Horizontal(id="end-columns"):
                    with Vertical(id="end-text"):
                        yield from (scores, winners, objectives)
                    yield race
            else:
                yield from (scores, winners, race, objectives)
        yield KeyBar(DOMAIN)

    def on_mount(self) -> None:
        self.focus_box()

    def focus_box(self) -> None:
        """The box has the focus: when four players' scores leave the race too little room, ↑↓ scroll it."""
        self.query_one("#end-box").focus()

    def on_resize(self) -> None:
        """Below the text, the race fills what the text leaves when the screen is short, and keeps to its
        own height when not; beside it, it always has its own height."""
        self.wide = self.size.width >= WIDE
        self.set_class(self.size.height < TALL and not self.wide, "-short")
        self.set_class(self.wide, "-wide")

    async def watch_wide(self) -> None:
        await self.recompose()
        self.focus_box()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.end_allowed(action, parameters)

    def action_end(self, choice: str) -> None:
        self.dismiss(self.end_choice(choice))
