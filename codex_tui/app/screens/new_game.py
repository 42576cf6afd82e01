"""The new-game form: the game, seats, bots, the game's options, seed. Enter starts at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from codex_tui.core import registry
from codex_tui.i18n import LANGUAGES, language
from codex_tui.i18n.text import N_, _
from codex_tui.i18n.words import BOT, YOU
from codex_tui.storage.saves import HUMAN
from codex_tui.ui.paging import PageSafeSelect
from codex_tui.ui.screens.game_form import (
    FORM_CSS,
    bot_choices,
    chosen_game,
    default_bot,
    game_rows,
    level_help,
    most_seats,
    player_count,
    rule_rows,
    seed,
    show_rows_for,
    variant,
)
from codex_tui.ui.widgets.broken_text import Prose
from codex_tui.ui.widgets.key_bar import KeyBar
from codex_tui.ui.widgets.shown_text import ShownText


@dataclass(frozen=True)
class NewGameSettings:
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None
    game: str
    """The registry name of the game to start."""
    variant: Any
    """That game's own Variant object."""
    tutorial: bool = False
    """Play the game's guided first game instead (the form's "Learn to play"); the rest is not read."""


def kind_options(game: str) -> list[tuple[str, str]]:
    return [(_("Human"), HUMAN), *bot_choices(game)]


class NewGameScreen(Screen[NewGameSettings]):
    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start")),
        Binding("ctrl+l", "learn", N_("Learn to play")),
        Binding("ctrl+o", "app.browse_saves", N_("Saves")),
        Binding("escape", "app.quit", N_("Quit")),
    ]
    CSS_PATH = [FORM_CSS, Path(__file__).with_name("new_game.tcss")]
    DEFAULT_CLASSES = "game-form"

    seat_help: reactive[str | None] = reactive(None)
    """The line under the form while a seat's choice has the focus: how its bot plays (`level_help`)."""

    default_names: dict[str, str]
    """The name each seat's field was given, in the language of its compose."""

    def __init__(self, game: str | None = None, kinds: Sequence[str] = ()) -> None:
        super().__init__()
        self.first_choice = game if game in registry.names() else registry.first_game()
        """The game the form opens on (the one last played, when there is one)."""
        self.first_kinds = tuple(kinds)
        """Each seat's kind in the game last played, when it was `first_choice`: a player who just played
        against the hard bot wants hard again, not the default level."""

    def compose(self) -> ComposeResult:
        self.default_names = {}
        game = self.first_choice
        options = kind_options(game)
        with Vertical(id="form"):
            yield Prose(_("[b]New game[/b]   tab / shift+tab: move between fields   ctrl+s: start"))
            with Horizontal(classes="field"):
                yield Label(_("Language"))
                yield PageSafeSelect(
                    [(name, code) for code, name in LANGUAGES.items()],
                    value=language() if language() in LANGUAGES else "en",
                    allow_blank=False,
                    id="language",
                    compact=True,
                )
            yield from game_rows(game, "field", compact=True)
            for seat in range(most_seats()):
                name = _(YOU) if seat == 0 else _(BOT).format(number=seat)
                kind = HUMAN if seat == 0 else default_bot(game)
                if seat < len(self.first_kinds) and self.first_kinds[seat] in {value for _label, value in options}:
                    kind = self.first_kinds[seat]
                self.default_names[f"name-{seat}"] = name
                with Horizontal(classes="seat", id=f"seat-{seat}"):
                    yield Input(
                        value=name,
                        placeholder=_("Player {number}").format(number=seat + 1),
                        id=f"name-{seat}",
                        max_length=16,
                        compact=True,
                    )
                    yield PageSafeSelect(options, value=kind, allow_blank=False, id=f"kind-{seat}", compact=True)
            yield from rule_rows("field", compact=True)
            yield Prose(id="error")
            with Horizontal(id="buttons"):
                yield Button(_("Start"), variant="primary", id="start", compact=True)
                yield Button(_("Learn to play"), variant="success", id="learn", compact=True)
        yield ShownText(id="seat-help").data_bind(text=NewGameScreen.seat_help)
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_seats(show_rows_for(self, chosen_game(self)))
        self.query_one("#start", Button).focus()

    async def recompose(self) -> None:
        """The form in a new language, keeping what was typed and chosen (and where the focus was)."""
        values = {widget.id: widget.value for widget in self.query("Input, Select") if widget.id}  # type: ignore[attr-defined]
        for widget_id, default in self.default_names.items():
            if values.get(widget_id) == default:
                del values[widget_id]  # an untouched name follows the language ("You" becomes "Vous")
        focused = self.focused.id if self.focused is not None else None
        await super().recompose()
        kept = dict(values)
        kept.pop("language", None)
        for widget_id in ("game", *kept):  # the game first: it decides which rows and choices exist
            if widget_id in kept:
                widget = self.query_one(f"#{widget_id}")
                if isinstance(widget, Select):
                    self._choose(widget, kept[widget_id])
                elif isinstance(widget, Input):
                    widget.value = str(kept[widget_id])
        self._show_seats(show_rows_for(self, chosen_game(self)))
        if focused is not None:
            self.query_one(f"#{focused}").focus()

    def _choose(self, select: Select[object], value: object) -> None:
        """Set a Select as it was (the game's rows and options follow a change of game)."""
        if select.id == "game" and value != select.value:
            select.value = value
            self._game_changed()
        elif value != select.value:
            select.value = value

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._tell_level(event.widget)

    def _tell_level(self, widget: object) -> None:
        """Say how the focused seat's bot plays; nothing while another field has the focus."""
        chosen = widget.value if isinstance(widget, Select) and str(widget.id).startswith("kind-") else None
        self.seat_help = level_help(chosen_game(self), chosen) or None

    def _show_seats(self, count: int) -> None:
        for seat in range(most_seats()):
            self.query_one(f"#seat-{seat}").display = seat < count

    def on_select_changed(self, event: Select.Changed) -> None:
        chosen = event.value
        if event.select.id == "language" and chosen in LANGUAGES and language() in LANGUAGES and chosen != language():
            # (a test language is not among the choices: the field shows English and changes nothing)
            switch = getattr(self.app, "switch_language", None)
            if switch is not None:
                switch(chosen)  # saved at once; every screen redraws, this form keeps its fields
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        if event.select.id == "game":
            self._game_changed()
        if event.select.has_focus:
            self._tell_level(event.select)

    def _game_changed(self) -> None:
        game = chosen_game(self)
        self._show_seats(show_rows_for(self, game))
        options = kind_options(game)
        values = [value for _label, value in options]
        for seat in range(most_seats()):
            kind = self.query_one(f"#kind-{seat}", Select)
            old = kind.value
            kind.set_options(options)
            kind.value = old if old in values else (HUMAN if seat == 0 else default_bot(game))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "learn":
            self.action_learn()
        else:
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def settings(self) -> NewGameSettings:
        """Read the form; ValueError says what to fix."""
        module = registry.game_named(chosen_game(self))
        count = player_count(self, module)
        names = []
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or _("Player {number}").format(number=seat + 1)
            names.append(name)
        if len(set(names)) != len(names):
            raise ValueError(_("Two players have the same name: give each a different one."))
        kinds = tuple(str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(count))
        return NewGameSettings(tuple(names), kinds, seed(self), module.name, variant(self, module))

    def action_learn(self) -> None:
        """The chosen game's tutorial (the form says nothing of one a game lacks: the app does)."""
        module = registry.game_named(chosen_game(self))
        self.dismiss(NewGameSettings((), (), None, module.name, module.default_variant(), tutorial=True))

    def action_start(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)
