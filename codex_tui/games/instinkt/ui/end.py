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
from textual.widgets import Footer, Static

from codex_tui.app.screens.modals import END_BINDINGS, EndChoices
from codex_tui.app.words import with_verb
from codex_tui.games.instinkt.coords import card_text, cell_name
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.scoring import Result, score_cards
from codex_tui.games.instinkt.rules.state import Game
from codex_tui.games.instinkt.ui.board import BoardScene, BoardView


def breakdown(game: Game) -> Table:
    """One row per card, named a1-d4 as during play; the card column says its colour (B/W) as the board does."""
    table = Table(title="Card by card (reading order)", expand=False)
    for column in ("Cell", "Card", "Pts", "Why"):
        table.add_column(column, justify="right" if column == "Pts" else "left")
    for score in score_cards(game):
        table.add_row(
            cell_name(score.cell, (0, 0)),
            f"{'BW'[score.owner]} {card_text(score.animal)}",
            str(score.points),
            score.why,
            style="bold" if score.points else "dim",
        )
    return table


def hand_text(outcome: Result, player: int, hand: Sequence[Animal]) -> str:
    """'hand: cat 6 + raven 1 = 7, used only to break a tie' (the sum is the second tie-break)."""
    total = outcome.hand_sums[player]
    if hand:
        cards = " + ".join(f"{card.label} {card.number}" for card in hand)
        shown = f"{cards} = {total}" if len(hand) > 1 else cards
    else:
        shown = f"numbers left in hand = {total}" if total else "no cards left"
    return f"hand: {shown}, used only to break a tie"


def verdict(outcome: Result, names: tuple[str, str], hands: Sequence[Sequence[Animal]] = ((), ())) -> str:
    lines = []
    for p in (0, 1):
        cards = f"card{'s' if outcome.scoring_cards[p] != 1 else ''}"
        lines.append(
            f"{names[p]} ({'BW'[p]}): {outcome.points[p]} points from {outcome.scoring_cards[p]} scoring {cards}"
        )
        lines.append(f"  {hand_text(outcome, p, hands[p])}")
    if len(outcome.winners) == 2:
        lines.append("A shared victory: tied on points, scoring cards and the numbers left in hand.")
    else:
        winner = names[outcome.winners[0]]
        reason = {
            None: "",
            "more scoring cards": " (tie on points: more scoring cards)",
            "higher numbers in hand": " (tie on points and scoring cards: the higher sum of numbers in hand)",
        }
        lines.append(f"{with_verb(winner, 'wins')}{reason.get(outcome.tie_break, '')}.")
    return "\n".join(lines)


def game_verdict(game: Game, outcome: Result) -> str:
    return verdict(outcome, game.players, (game.seats[0].hand, game.seats[1].hand))


class InstinktEndScreen(EndChoices, Screen[str]):
    """The summary of an Instinkt game; returns what `EndChoices` says, or 'review' (`r`)."""

    BINDINGS = [*END_BINDINGS, Binding("r", "end('review')", "Review")]
    CSS_PATH = Path(__file__).with_name("end.tcss")
    """Absolute: Textual resolves a relative path from the file of the instance's class (the network's subclass)."""

    def __init__(self, game: Game, outcome: Result, offer_undo: bool = False, to_board: bool = False) -> None:
        super().__init__()
        self.game = game
        self.outcome = outcome
        self.offer_undo = offer_undo
        self.to_board = to_board

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-scroll"):
            yield Static(Text(game_verdict(self.game, self.outcome), style="bold"))
            yield BoardView(BoardScene(self.game.grid), id="end-board")
            yield Static(breakdown(self.game))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#end-scroll").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.end_allowed(action, parameters)

    def action_end(self, choice: str) -> None:
        self.dismiss(self.end_choice(choice))
