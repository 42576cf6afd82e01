"""The end of an Instinkt game: every card's points, the totals, the tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen

from codex_tui.games.instinkt.animal_words import animal_name, why_text
from codex_tui.games.instinkt.coords import card_text, cell_name
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.history import round_totals
from codex_tui.games.instinkt.rules.scoring import Result, scores_by_cell
from codex_tui.games.instinkt.rules.state import Game
from codex_tui.games.instinkt.text import DOMAIN, N_, _, ngettext
from codex_tui.games.instinkt.ui.board import BoardScene, BoardView, owner_letter
from codex_tui.ui.screens.modals import END_BINDINGS, EndChoices
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.race_chart import RGB, Chart, Line, RaceChart

OWNER_COLOURS: tuple[RGB, RGB] = ((150, 150, 160), (240, 240, 240))
"""Black's line grey (black itself would vanish on a dark theme), white's white."""
OWNER_SYMBOLS = ("●", "○")
"""Black's and white's markers, filled and hollow like the stones of go: shapes, not the letters B/W,
which are a two-cell glyph in Chinese, and plotext counts characters, not cells."""


def breakdown(game: Game) -> Table:
    """One row per card in reading order, its cell named as during play; the card column says its colour (B/W)."""
    table = Table(title=_("Card by card (reading order)"), expand=False)
    table.add_column(_("Cell"))
    table.add_column(_("Card"))
    # Translators: the points column of the end table; keep it short.
    table.add_column(_("Pts"), justify="right")
    table.add_column(_("Why"), overflow="fold")  # Chinese has no spaces to wrap at: fold, never cut with "…"
    scores = scores_by_cell(game.grid)
    for cell in sorted(scores, key=lambda c: (c[1], c[0])):
        score = scores[cell]
        table.add_row(
            cell_name(cell),
            f"{owner_letter(score.owner)} {card_text(score.animal)}",
            str(score.points),
            why_text(score.why),
            style="bold" if score.points else "dim",
        )
    return table


def hand_text(outcome: Result, player: int, hand: Sequence[Animal]) -> str:
    """'hand: cat 6 + raven 1 = 7, used only to break a tie' (the sum is the second tie-break)."""
    total = outcome.hand_sums[player]
    if hand:
        # A sum, written as arithmetic is in every language: "chat 6 + corbeau 1 = 7".
        cards = " + ".join(_("{animal} {number}").format(animal=animal_name(card), number=card.number) for card in hand)
        shown = f"{cards} = {total}" if len(hand) > 1 else cards
    elif total:
        shown = _("numbers left in hand = {n}").format(n=total)
    else:
        shown = _("no cards left")
    return _("hand: {cards}, used only to break a tie").format(cards=shown)


def verdict(
    outcome: Result, names: tuple[str, str], reader: int | None, hands: Sequence[Sequence[Animal]] = ((), ())
) -> str:
    """Each player's points and hand, then who won, to the seat `reader` ("You win.")."""
    lines = []
    for p in (0, 1):
        colour = (_("black"), _("white"))[p]
        n = outcome.scoring_cards[p]
        points = ngettext("{n} point", "{n} points", outcome.points[p]).format(n=outcome.points[p])
        line = ngettext(
            "{name} ({colour}): {points} from {n} scoring card", "{name} ({colour}): {points} from {n} scoring cards", n
        )
        lines.append(line.format(name=names[p], colour=colour, points=points, n=n))
        lines.append(f"  {hand_text(outcome, p, hands[p])}")
    if len(outcome.winners) == 2:
        lines.append(_("A shared victory: tied on points, scoring cards and the numbers left in hand."))
        return "\n".join(lines)
    winner = names[outcome.winners[0]]
    you = outcome.winners[0] == reader
    if outcome.tie_break == "more scoring cards":
        text = (
            _("You win (tie on points: more scoring cards).")
            if you
            else _("{name} wins (tie on points: more scoring cards).")
        )
    elif outcome.tie_break == "higher numbers in hand":
        text = (
            _("You win (tie on points and scoring cards: the higher sum of numbers in hand).")
            if you
            else _("{name} wins (tie on points and scoring cards: the higher sum of numbers in hand).")
        )
    else:
        text = _("You win.") if you else _("{name} wins.")
    lines.append(text.format(name=winner))
    return "\n".join(lines)


def game_verdict(game: Game, outcome: Result, reader: int | None) -> str:
    return verdict(outcome, game.players, reader, (game.seats[0].hand, game.seats[1].hand))


def race_chart(game: Game, reader: int | None = None) -> RaceChart:
    """Both players' points as each round ended: the grid scored as it stood then; the reader's line on top."""
    rounds = round_totals(game.log)
    lines = tuple(
        Line(name, tuple(points[p] for points in rounds), OWNER_COLOURS[p], OWNER_SYMBOLS[p])
        for p, name in enumerate(game.players)
    )
    caption = _("Points at the end of each round, the grid scored as it stood then")
    ticks = tuple(str(n) for n in range(1, len(rounds) + 1))
    return RaceChart(caption, Chart(lines, ticks, on_top=reader), id="end-race")


class InstinktEndScreen(EndChoices, Screen[str]):
    """The summary of an Instinkt game; returns what `EndChoices` says, or 'review' (`r`)."""

    BINDINGS = [
        *(b for b in END_BINDINGS if not (isinstance(b, Binding) and b.key in ("q", "u"))),
        # In the help, off the key bar: it needs its room in French.
        Binding("u", "end('undo')", N_("Undo"), show=False),
        Binding("q", "end('quit')", N_("Quit"), show=False),
        Binding("r", "end('review')", N_("Review")),
    ]
    CSS_PATH = Path(__file__).with_name("end.tcss")
    """Absolute, so the screen finds it whichever module a subclass of it lives in."""

    def __init__(
        self, game: Game, outcome: Result, reader: int | None, offer_undo: bool = False, to_board: bool = False
    ) -> None:
        super().__init__()
        self.game = game
        self.outcome = outcome
        self.reader = reader
        """The seat the summary speaks to ("You win.")."""
        self.offer_undo = offer_undo
        self.to_board = to_board

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-scroll"):
            yield Prose(Text(game_verdict(self.game, self.outcome, self.reader), style="bold"))
            yield race_chart(self.game, self.reader)
            yield BoardView(BoardScene(self.game.grid, names=tuple(self.game.players)), id="end-board")
            yield Prose(breakdown(self.game))
        yield KeyBar(DOMAIN)

    def on_mount(self) -> None:
        self.query_one("#end-scroll").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.end_allowed(action, parameters)

    def action_end(self, choice: str) -> None:
        self.dismiss(self.end_choice(choice))
