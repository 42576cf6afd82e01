"""The new-game form: the game, seats, bots, the game's options, seed. Enter starts at once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Select, Static

from codex_tui.app.paging import PageSafeSelect
from codex_tui.app.screens.game_form import (
    FOCUS_CSS,
    GAME_CSS,
    bot_choices,
    chosen_game,
    default_bot,
    game_rows,
    most_seats,
    player_count,
    rule_rows,
    seed,
    show_rows_for,
    variant,
)
from codex_tui.core import registry
from codex_tui.storage.saves import HUMAN


@dataclass(frozen=True)
class NewGameSettings:
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None
    game: str
    """The registry name of the game to start."""
    variant: Any
    """That game's own Variant object."""


def kind_options(game: str) -> list[tuple[str, str]]:
    return [("Human", HUMAN), *bot_choices(game)]


class NewGameScreen(Screen[NewGameSettings]):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+o", "app.browse_saves", "Saves"),
        Binding("escape", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = (
        """
    NewGameScreen { align: center middle; }
    #form { width: 76; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto; border: round $primary;
            padding: 0 1; }
    .seat { height: 1; margin: 0 0 1 0; }
    .seat Input { width: 24; margin: 0 1 0 0; }
    .seat Select { width: 1fr; }
    .field { height: 1; margin: 0 0 1 0; }
    .field Label { width: 14; }
    .field Input { width: 20; }
    .field Select { width: 1fr; }
    #error { color: $error; height: auto; }
    #start { margin: 0 0 0 14; }
    """
        + FOCUS_CSS
        + GAME_CSS
    )

    def compose(self) -> ComposeResult:
        game = registry.DEFAULT_GAME
        options = kind_options(game)
        with Vertical(id="form"):
            yield Static("[b]New game[/b]   tab / shift+tab: move between fields   ctrl+s: start")
            yield from game_rows(game, "field", compact=True)
            for seat in range(most_seats()):
                name = "You" if seat == 0 else f"Bot {seat}"
                kind = HUMAN if seat == 0 else default_bot(game)
                with Horizontal(classes="seat", id=f"seat-{seat}"):
                    yield Input(
                        value=name, placeholder=f"Player {seat + 1}", id=f"name-{seat}", max_length=16, compact=True
                    )
                    yield PageSafeSelect(options, value=kind, allow_blank=False, id=f"kind-{seat}", compact=True)
            yield from rule_rows("field", compact=True)
            yield Static(id="error")
            yield Button("Start", variant="primary", id="start", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(show_rows_for(self, chosen_game(self)))
        self.query_one("#start", Button).focus()

    def _show_seats(self, count: int) -> None:
        for seat in range(most_seats()):
            self.query_one(f"#seat-{seat}").display = seat < count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        if event.select.id == "game":
            game = chosen_game(self)
            self._show_seats(show_rows_for(self, game))
            options = kind_options(game)
            values = [value for _, value in options]
            for seat in range(most_seats()):
                kind = self.query_one(f"#kind-{seat}", Select)
                old = kind.value
                kind.set_options(options)
                kind.value = old if old in values else (HUMAN if seat == 0 else default_bot(game))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def settings(self) -> NewGameSettings:
        """Read the form; ValueError says what to fix."""
        module = registry.game_named(chosen_game(self))
        count = player_count(self, module)
        names = []
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            names.append(name)
        if len(set(names)) != len(names):
            raise ValueError("Two players have the same name: give each a different one.")
        kinds = tuple(str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(count))
        return NewGameSettings(tuple(names), kinds, seed(self), module.name, variant(self, module))

    def action_start(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)
