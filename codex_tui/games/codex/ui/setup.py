"""Set-up choices for one human: the starter's side, then the secret objective.

The step and the choice are reactives; the title, the cards and the words
under them are derived from them into reactives the widgets are bound to,
and two CSS classes (set from reactives too) show the starter's two sides
only at the first step and the hand as cards only when there is room.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive, var
from textual.screen import Screen
from textual.widget import Widget

from codex_tui.core.advice import Hint
from codex_tui.games.codex.describe import card_name, card_summary, list_separator, objective_text, pattern_rows
from codex_tui.games.codex.rules import Action, ChooseObjective, ChooseStarter, SeatView, Side
from codex_tui.games.codex.text import DOMAIN, N_, _, pgettext
from codex_tui.games.codex.ui.tray import CardTray, TrayCard, TrayScene
from codex_tui.ui.messages import RedoRequested
from codex_tui.ui.screens.live import PlayScreen
from codex_tui.ui.widgets.key_bar import KeyBar

HAND_AS_CARDS = 34
"""Terminal rows from which the set-up draws the hand as cards."""
LOOKING = N_("Looking for a hint… (any other key cancels it)")
"""What the game screen and the set-up say while a hint is being looked for (translated where drawn)."""


class Words(Widget):
    """A block of text, as tall as it needs: whatever `text` holds."""

    DEFAULT_CSS = "Words { height: auto; }"

    text: reactive[str | Text] = reactive("", layout=True)

    def render(self) -> str | Text:
        return self.text


class SetupScreen(Screen[list[Action]]):
    """Two steps; returns the chosen actions (those this seat still owed)."""

    BINDINGS = [
        # One key in the bar for both choices: the bar must hold every key in 80 columns in French.
        Binding("left", "choose(0)", N_("Choose"), key_display="←→"),
        Binding("left,h,up,k", "choose(0)", N_("First"), show=False),
        Binding("right,l,down,j", "choose(1)", N_("Second"), show=False),
        Binding("1", "choose(0)", N_("First"), show=False),
        Binding("2", "choose(1)", N_("Second"), show=False),
        Binding("enter,space", "confirm", N_("Confirm")),
        Binding("backspace", "back", N_("Back")),
        Binding("ctrl+r,U", "redo", N_("Redo"), show=False),  # undone back to here: the choices made after
        Binding("exclamation_mark", "hint", N_("Hint")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    CSS_PATH = "setup.tcss"

    step: var[str] = var("starter", init=False, bindings=True)
    """'starter' (which side goes on the table), then 'objective'."""
    choice: var[int] = var(0, init=False)
    roomy: var[bool] = var(False, init=False, toggle_class="-roomy")
    """Tall enough to draw the hand as cards (below, it is one line of words)."""

    note: var[str] = var("", init=False)
    """A line under the title: a hint being looked for (`LOOKING`), or the hint's reason for this step."""

    # What the widgets show, derived from the above (the widgets are bound to these).
    on_starter: var[bool] = var(True, init=False, toggle_class="-starter")
    title: var[str] = var("", init=False)
    sides_scene: var[TrayScene] = var(TrayScene("", ()), init=False)
    detail: var[Text] = var(Text, init=False)
    hand_scene: var[TrayScene] = var(TrayScene("", ()), init=False)

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        self.view = view
        mine = view.seats[view.seat]
        self.need_starter = mine.starter_side is None
        self.need_objective = not mine.has_secret
        self.chosen: list[Action] = []
        self.hints: dict[str, Hint] = {}
        """The hint for each step: one for the objective may come while the starter is chosen (a tutorial
        shows both of its moves at once), and shows once the objective's step comes."""
        self.set_reactive(SetupScreen.step, "starter" if self.need_starter else "objective")
        self._derive()

    def compose(self) -> ComposeResult:
        """The widgets, bound to the screen's state, worded again first (a recompose after a change
        of language redraws every word in the new one)."""
        screen = SetupScreen
        self._derive()
        with Vertical(id="setup-box"):
            yield Words(id="setup-title").data_bind(text=screen.title)
            yield CardTray(id="setup-tray").data_bind(scene=screen.sides_scene)
            yield Words(id="setup-detail").data_bind(text=screen.detail)
            yield CardTray(id="setup-hand").data_bind(scene=screen.hand_scene)
        yield KeyBar(DOMAIN)

    def on_mount(self) -> None:
        self.on_resize()

    def on_resize(self) -> None:
        self.roomy = (self.size.height or self.app.size.height) >= HAND_AS_CARDS

    def watch_step(self) -> None:
        self._derive()

    def watch_choice(self) -> None:
        self._derive()

    def watch_roomy(self) -> None:
        self._derive()

    def watch_note(self) -> None:
        self._derive()

    def _derive(self) -> None:
        """What the widgets show at this step, for this choice."""
        view = self.view
        name = view.seats[view.seat].name
        detail = Text()
        self.on_starter = self.step == "starter"
        if self.step == "starter":
            starter = view.seats[view.seat].starter
            title = _("{name}: which side of your starter card goes on the table?").format(name=name)
            items = (
                TrayCard(
                    _("{n} {side}").format(n=1, side=pgettext("card side", "front")), "1", card=starter, side=Side.FRONT
                ),
                TrayCard(
                    _("{n} {side}").format(n=2, side=pgettext("card side", "back")), "2", card=starter, side=Side.BACK
                ),
            )
            self.sides_scene = TrayScene(_("Your starter card"), items, self.choice)
            detail.append(_("Front: a resource in each corner. Back: permanent centre resources.") + "\n")
        else:
            title = _("{name}: keep one secret objective (only you will see it)").format(name=name)
            for index, card in enumerate(view.objective_choices):
                chosen = index == self.choice
                line = _("{n}. {objective}: {text}").format(
                    n=index + 1, objective=card_name(card), text=objective_text(card)
                )
                detail.append(f"{'▶' if chosen else ' '} {line}\n", style="bold" if chosen else "")
                for row in pattern_rows(card):
                    detail.append(f"       {row}\n")
            detail.append("\n" + _("Common objectives, scored by everyone:") + "\n")
            for card in view.common_objectives:
                detail.append(
                    "   " + _("{objective}: {text}").format(objective=card_name(card), text=objective_text(card)) + "\n"
                )
        if self.note:
            note = _(LOOKING) if self.note == LOOKING else _("Hint: {reason}").format(reason=self.note)
            title += f"\n{note}"
        self.title = title
        if self.roomy:
            self.hand_scene = TrayScene(
                _("Your hand"), tuple(TrayCard(f"{i + 1}", card=c) for i, c in enumerate(view.hand))
            )
        else:
            cards = list_separator().join(card_summary(c) for c in view.hand)
            detail.append("\n" + _("Your hand: {cards}").format(cards=cards))
        self.detail = detail

    # ------------------------------------------------------------ hints
    # The game screen under this one asks for the hint (its `hint_view` knows this screen's step)
    # and hands it here to show; keys reach only this screen while it is open, so it passes them on.

    def _play_screen(self) -> PlayScreen | None:
        under = [screen for screen in self.app.screen_stack if isinstance(screen, PlayScreen)]
        return under[-1] if under else None

    def action_hint(self) -> None:
        play = self._play_screen()
        if play is not None:
            play.action_hint()

    def on_key(self, event: events.Key) -> None:
        play = self._play_screen()
        if event.key != "exclamation_mark" and play is not None:
            play.cancel_hint()

    def hint_pending(self, pending: bool) -> None:
        self.note = LOOKING if pending else ""

    def show_hint(self, hint: Hint) -> None:
        """Preselect the hint's choice, if it is this step's, and say why under the title."""
        action = hint.action
        self.hints["starter" if isinstance(action, ChooseStarter) else "objective"] = hint
        if isinstance(action, ChooseStarter) and self.step == "starter":
            self.choice = 0 if action.side is Side.FRONT else 1
        elif isinstance(action, ChooseObjective) and self.step == "objective":
            self.choice = self.view.objective_choices.index(action.card)
        else:
            self.note = ""
            return
        self.note = hint.reason

    def action_choose(self, index: int) -> None:
        self.choice = index

    def action_confirm(self) -> None:
        view = self.view
        if self.step == "starter":
            self.chosen.append(ChooseStarter(view.seat, Side.FRONT if self.choice == 0 else Side.BACK))
            if self.need_objective:
                self.step, self.choice, self.note = "objective", 0, ""
                if "objective" in self.hints:
                    self.show_hint(self.hints["objective"])
                return
        else:
            self.chosen.append(ChooseObjective(view.seat, view.objective_choices[self.choice]))
        self.dismiss(self.chosen)

    def action_redo(self) -> None:
        """Undone back into the set-up, redo plays again what was undone (the app closes this screen)."""
        self.post_message(RedoRequested())

    def action_back(self) -> None:
        if self.step == "objective" and self.chosen:
            self.chosen.clear()
            self.step, self.choice, self.note = "starter", 0, ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.step == "objective" and bool(self.chosen)
        return True
