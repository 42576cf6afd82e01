"""The end of an Instinkt game: every card's points, the totals, the tie-breaks."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...instinkt.scoring import Result, score_cards
from ...instinkt.state import Game
from ..describe import with_verb
from ..screens.modals import END_BINDINGS, EndChoices
from .board import BoardScene, BoardView
from .words import card_text


def breakdown(game: Game) -> Table:
    """One row per card; the card column says its colour (B/W) as the board does."""
    table = Table(title="Card by card (reading order)", expand=False)
    for column in ("Cell", "Card", "Pts", "Why"):
        table.add_column(column, justify="right" if column == "Pts" else "left")
    for score in score_cards(game):
        table.add_row(
            f"{score.cell[0] + 1},{score.cell[1] + 1}",
            f"{'BW'[score.owner]} {card_text(score.animal)}",
            str(score.points),
            score.why,
            style="bold" if score.points else "dim",
        )
    return table


def verdict(outcome: Result, names: tuple[str, str]) -> str:
    lines = [
        f"{names[p]} ({'BW'[p]}): {outcome.points[p]} points from {outcome.scoring_cards[p]} scoring"
        f" card{'s' if outcome.scoring_cards[p] != 1 else ''}, {outcome.hand_sums[p]} left in hand"
        for p in (0, 1)
    ]
    if len(outcome.winners) == 2:
        lines.append("A shared victory: tied on points, scoring cards and the cards in hand.")
    else:
        winner = names[outcome.winners[0]]
        reason = {
            None: "",
            "more scoring cards": " (tie on points: more scoring cards)",
            "higher numbers in hand": " (tie on points and scoring cards: higher numbers in hand)",
        }
        lines.append(f"{with_verb(winner, 'wins')}{reason.get(outcome.tie_break, '')}.")
    return "\n".join(lines)


class InstinktEndScreen(EndChoices, Screen[str]):
    """The summary of an Instinkt game; returns what `EndChoices` says."""

    BINDINGS = END_BINDINGS
    DEFAULT_CSS = """
    InstinktEndScreen { layout: vertical; }
    #end-scroll { height: 1fr; }
    #end-scroll Static { width: auto; }
    #end-board { width: 40; height: 13; }
    """

    def __init__(self, game: Game, outcome: Result, offer_undo: bool = False, to_board: bool = False) -> None:
        super().__init__()
        self.game = game
        self.outcome = outcome
        self.offer_undo = offer_undo
        self.to_board = to_board

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-scroll"):
            yield Static(Text(verdict(self.outcome, self.game.players), style="bold"))
            yield BoardView(id="end-board")
            yield Static(breakdown(self.game))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(BoardView).show(BoardScene(self.game.grid))
        self.query_one("#end-scroll").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.end_allowed(action, parameters)

    def action_end(self, choice: str) -> None:
        self.dismiss(self.end_choice(choice))
