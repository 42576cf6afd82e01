"""The new-game form: seats, bots, target score, seed. Enter starts at once."""

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
    bot_choices,
    chosen_game,
    draft_chosen,
    game_rows,
    player_count,
    rule_rows,
    seed,
    show_rows_for,
    target_score,
)
from codex_tui.core import registry
from codex_tui.games.codex.bots import bot_levels
from codex_tui.games.codex.module import CODEX
from codex_tui.games.codex.rules.state import MAX_PLAYERS
from codex_tui.games.instinkt.module import INSTINKT
from codex_tui.storage.saves import HUMAN

DEFAULT_BOT = "greedy"


@dataclass(frozen=True)
class NewGameSettings:
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None
    game: str
    """The registry name of the game to start."""
    variant: Any
    """That game's own Variant object."""


GAMES = ((CODEX.title, CODEX.name), ("Instinkt (2 players, 4x4 duel)", INSTINKT.name))


def kind_options(game: str = CODEX.name) -> list[tuple[str, str]]:
    return [("Human", HUMAN), *bot_choices(game)]


def default_bot_kind() -> str:
    levels = bot_levels()
    level = "normal" if "normal" in levels else DEFAULT_BOT
    return f"bot:{level}"


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
    )

    def compose(self) -> ComposeResult:
        options = kind_options()
        with Vertical(id="form"):
            yield Static("[b]New game[/b]   tab / shift+tab: move between fields   ctrl+s: start")
            yield from game_rows(list(GAMES), CODEX.name, "field", compact=True)
            for seat in range(MAX_PLAYERS):
                name = "You" if seat == 0 else f"Bot {seat}"
                kind = HUMAN if seat == 0 else default_bot_kind()
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
        self._show_seats(2)
        self.query_one("#draft-row").display = False
        self.query_one("#start", Button).focus()

    def _show_seats(self, count: int) -> None:
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#seat-{seat}").display = seat < count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        if event.select.id == "game":
            game = chosen_game(self)
            self._show_seats(show_rows_for(self, game == INSTINKT.name))
            options = kind_options(game)
            values = [value for _, value in options]
            for seat in range(MAX_PLAYERS):
                kind = self.query_one(f"#kind-{seat}", Select)
                old = kind.value
                kind.set_options(options)
                kind.value = old if old in values else (HUMAN if seat == 0 else default_bot_kind())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def settings(self) -> NewGameSettings:
        """Read the form; ValueError says what to fix."""
        game = chosen_game(self)
        count = 2 if game == INSTINKT.name else player_count(self)
        names = []
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            names.append(name)
        if len(set(names)) != len(names):
            raise ValueError("Two players have the same name: give each a different one.")
        kinds = tuple(str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(count))
        module = registry.game_named(game)
        options = {"target_score": target_score(self)} if game == CODEX.name else {"draft": draft_chosen(self)}
        return NewGameSettings(tuple(names), kinds, seed(self), game, module.variant_from_dict(options))

    def action_start(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)
