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
from ..rulesets import CODEX, INSTINKT

DEFAULT_BOT = "greedy"


@dataclass(frozen=True)
class NewGameSettings:
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    target_score: int
    seed: int | None
    game: str = CODEX.name
    draft: bool = False
    """Instinkt's variant: draw 5, keep 3."""


GAMES = ((CODEX.title, CODEX.name), ("Instinkt (2 players, 4x4 duel)", INSTINKT.name))


def kind_options(game: str = CODEX.name) -> list[tuple[str, str]]:
    levels = INSTINKT.levels() if game == INSTINKT.name else tuple(bot_levels())
    return [("Human", HUMAN)] + [(f"Bot: {level}", f"bot:{level}") for level in levels]


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

    def compose(self) -> ComposeResult:
        options = kind_options()
        with Vertical(id="form"):
            yield Static("[b]New game[/b]   tab: next field   enter: start")
            with Horizontal(classes="field"):
                yield Label("Game")
                yield Select(list(GAMES), value=CODEX.name, allow_blank=False, id="game", compact=True)
            with Horizontal(classes="field", id="count-row"):
                yield Label("Players")
                yield Select(
                    [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                    value=2,
                    allow_blank=False,
                    id="count",
                    compact=True,
                )
            for seat in range(MAX_PLAYERS):
                name = "You" if seat == 0 else f"Bot {seat}"
                kind = HUMAN if seat == 0 else default_bot_kind()
                with Horizontal(classes="seat", id=f"seat-{seat}"):
                    yield Input(
                        value=name, placeholder=f"Player {seat + 1}", id=f"name-{seat}", max_length=16, compact=True
                    )
                    yield Select(options, value=kind, allow_blank=False, id=f"kind-{seat}", compact=True)
            with Horizontal(classes="field", id="target-row"):
                yield Label("Target score")
                yield Input(value=str(DEFAULT_TARGET_SCORE), id="target", type="integer", max_length=3, compact=True)
            with Horizontal(classes="field", id="draft-row"):
                yield Label("Variant")
                yield Select(
                    [("Standard: draw 3", False), ("Draft: draw 5, keep 3", True)],
                    value=False,
                    allow_blank=False,
                    id="draft",
                    compact=True,
                )
            with Horizontal(classes="field"):
                yield Label("Seed")
                yield Input(placeholder="random", id="seed", type="integer", max_length=12, compact=True)
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

    def _game(self) -> str:
        return str(self.query_one("#game", Select).value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        if event.select.id == "game":
            instinkt = self._game() == INSTINKT.name
            self.query_one("#count-row").display = not instinkt
            self.query_one("#target-row").display = not instinkt
            self.query_one("#draft-row").display = instinkt
            count = self.query_one("#count", Select).value
            self._show_seats(2 if instinkt or not isinstance(count, int) else count)
            for seat in range(MAX_PLAYERS):
                kind = self.query_one(f"#kind-{seat}", Select)
                old = kind.value
                options = kind_options(self._game())
                kind.set_options(options)
                values = [value for _, value in options]
                kind.value = old if old in values else (HUMAN if seat == 0 else default_bot_kind())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def settings(self) -> NewGameSettings:
        """Read the form; ValueError says what to fix."""
        count = self.query_one("#count", Select).value
        assert isinstance(count, int)
        if self._game() == INSTINKT.name:
            count = 2
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
        seed = int(seed_text) if seed_text else None
        draft = self.query_one("#draft", Select).value is True
        return NewGameSettings(tuple(names), kinds, target, seed, game=self._game(), draft=draft)

    def action_start(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)
