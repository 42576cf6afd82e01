"""Set-up choices for one human: the starter's side, then the secret objective."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from codex_tui.games.codex.rules import Action, ChooseObjective, ChooseStarter, SeatView, Side
from codex_tui.games.codex.ui.describe import card_summary, objective_text, pattern_rows
from codex_tui.games.codex.ui.tray import CardTray, TrayCard, TrayScene

HAND_AS_CARDS = 34
"""Terminal rows from which the set-up draws the hand as cards."""


class SetupScreen(Screen[list[Action]]):
    """Two steps; returns the chosen actions (those this seat still owed)."""

    BINDINGS = [
        Binding("left,h,up,k", "choose(0)", "First"),
        Binding("right,l,down,j", "choose(1)", "Second"),
        Binding("1", "choose(0)", "First", show=False),
        Binding("2", "choose(1)", "Second", show=False),
        Binding("enter,space", "confirm", "Confirm"),
        Binding("backspace", "back", "Back"),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    #setup-box { width: 90; max-width: 100%; height: auto; padding: 0 1; border: round $primary; }
    #setup-title { text-style: bold; }
    """

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        self.view = view
        mine = view.seats[view.seat]
        self.need_starter = mine.starter_side is None
        self.need_objective = not mine.has_secret
        self.step = "starter" if self.need_starter else "objective"
        self.choice = 0
        self.chosen: list[Action] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="setup-box"):
            yield Static(id="setup-title")
            yield CardTray(id="setup-tray")
            yield Static(id="setup-detail")
            yield CardTray(id="setup-hand")
        yield Footer()

    def on_mount(self) -> None:
        self.render_step()

    def on_resize(self) -> None:
        self.render_step()

    def _roomy(self) -> bool:
        """Tall enough to draw the hand as cards (below, it is one line of words)."""
        return (self.size.height or self.app.size.height) >= HAND_AS_CARDS

    def render_step(self) -> None:
        view = self.view
        name = view.seats[view.seat].name
        tray = self.query_one("#setup-tray", CardTray)
        detail = Text()
        tray.display = self.step == "starter"
        if self.step == "starter":
            starter = view.seats[view.seat].starter
            title = f"{name}: which side of your starter card goes on the table?"
            items = (
                TrayCard("1 front", card=starter, side=Side.FRONT),
                TrayCard("2 back", card=starter, side=Side.BACK),
            )
            tray.show(
                TrayScene("Front: a resource in each corner. Back: permanent centre resources.", items, self.choice)
            )
        else:
            title = f"{name}: keep one secret objective (only you will see it)"
            for index, card in enumerate(view.objective_choices):
                chosen = index == self.choice
                detail.append(
                    f"{'▶' if chosen else ' '} {index + 1}. Objective {card}: ", style="bold" if chosen else ""
                )
                detail.append(f"{objective_text(card)}\n", style="bold" if chosen else "")
                for row in pattern_rows(card):
                    detail.append(f"       {row}\n")
            detail.append("\nCommon objectives, scored by everyone:\n")
            for card in view.common_objectives:
                detail.append(f"   Objective {card}: {objective_text(card)}\n")
        hand = self.query_one("#setup-hand", CardTray)
        hand.display = self._roomy()
        if self._roomy():
            hand.show(TrayScene("Your hand", tuple(TrayCard(f"{i + 1}", card=c) for i, c in enumerate(view.hand))))
        else:
            detail.append("\nYour hand: " + "; ".join(card_summary(c) for c in view.hand))
        self.query_one("#setup-title", Static).update(title)
        self.query_one("#setup-detail", Static).update(detail)

    def action_choose(self, index: int) -> None:
        self.choice = index
        self.render_step()

    def action_confirm(self) -> None:
        view = self.view
        if self.step == "starter":
            self.chosen.append(ChooseStarter(view.seat, Side.FRONT if self.choice == 0 else Side.BACK))
            if self.need_objective:
                self.step, self.choice = "objective", 0
                self.render_step()
                return
        else:
            self.chosen.append(ChooseObjective(view.seat, view.objective_choices[self.choice]))
        self.dismiss(self.chosen)

    def action_back(self) -> None:
        if self.step == "objective" and self.chosen:
            self.chosen.clear()
            self.step, self.choice = "starter", 0
            self.render_step()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return True if self.step == "objective" and self.chosen else None
        return True
