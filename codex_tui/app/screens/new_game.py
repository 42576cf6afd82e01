"""The new-game form: seats, bots, target score, seed. Enter starts at once."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...bots import bot_levels
from ...rules.state import DEFAULT_TARGET_SCORE, MAX_PLAYERS, MIN_PLAYERS
from ...storage.saves import HUMAN

DEFAULT_BOT = "greedy"


@dataclass(frozen=True)
class NewGameSettings:
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    target_score: int
    seed: int | None


def kind_options() -> list[tuple[str, str]]:
    options = [("Human", HUMAN)]
    options += [(f"Bot: {level}", f"bot:{level}") for level in bot_levels()]
    return options


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
    DEFAULT_CSS = """
    NewGameScreen { align: center middle; }
    #form { width: 76; max-width: 100%; height: auto; border: round $primary; padding: 0 1; }
    .seat { height: 3; }
    .seat Input { width: 24; }
    .seat Select { width: 1fr; }
    .field { height: 3; }
    .field Label { width: 14; padding: 1 0 0 0; }
    .field Input { width: 20; }
    #error { color: $error; height: auto; }
    #start { margin: 0 0 0 14; }
    """

    def compose(self) -> ComposeResult:
        options = kind_options()
        with Vertical(id="form"):
            yield Static("[b]New game of Codex Naturalis[/b]   tab: next field   enter: start")
            with Horizontal(classes="field"):
                yield Label("Players")
                yield Select(
                    [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)], value=2, allow_blank=False, id="count"
                )
            for seat in range(MAX_PLAYERS):
                name = "You" if seat == 0 else f"Bot {seat}"
                kind = HUMAN if seat == 0 else default_bot_kind()
                with Horizontal(classes="seat", id=f"seat-{seat}"):
                    yield Input(value=name, placeholder=f"Player {seat + 1}", id=f"name-{seat}", max_length=16)
                    yield Select(options, value=kind, allow_blank=False, id=f"kind-{seat}")
            with Horizontal(classes="field"):
                yield Label("Target score")
                yield Input(value=str(DEFAULT_TARGET_SCORE), id="target", type="integer", max_length=3)
            with Horizontal(classes="field"):
                yield Label("Seed")
                yield Input(placeholder="random", id="seed", type="integer", max_length=12)
            yield Static(id="error")
            yield Button("Start", variant="primary", id="start")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(2)
        self.query_one("#start", Button).focus()

    def _show_seats(self, count: int) -> None:
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#seat-{seat}").display = seat < count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def settings(self) -> NewGameSettings:
        """Read the form; ValueError says what to fix."""
        count = self.query_one("#count", Select).value
        assert isinstance(count, int)
        names = []
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            names.append(name)
        if len(set(names)) != len(names):
            raise ValueError("Two players have the same name: give each a different one.")
        kinds = tuple(str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(count))
        target_text = self.query_one("#target", Input).value.strip() or str(DEFAULT_TARGET_SCORE)
        target = int(target_text) if target_text.lstrip("-").isdigit() else 0
        if target < 1:
            raise ValueError("The target score must be a whole number of at least 1.")
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            raise ValueError("The seed must be a whole number, or empty for a random one.")
        return NewGameSettings(tuple(names), kinds, target, int(seed_text) if seed_text else None)

    def action_start(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)
