"""The new-table form of network play: the game, the seats after yours, the game's options, the table's own.

It only reads what the player chose (a `CreateRequest`); the remote app sends it to the server.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static
from textual.widgets._select import SelectOverlay

from codex_tui.client.table_hints import table_hint_level
from codex_tui.core import registry
from codex_tui.i18n.spacing import tidy_spacing
from codex_tui.i18n.text import N_, _
from codex_tui.protocol.messages import LIVE, OPEN, TURNS, CreateRequest
from codex_tui.ui.paging import PageSafeSelect
from codex_tui.ui.screens.game_form import (
    FORM_CSS,
    bot_choices,
    chosen_game,
    field_id,
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

HINT_CHOICES: tuple[tuple[str, bool], ...] = ((N_("Off"), False), (N_("Allowed"), True))
SPECTATOR_CHAT_CHOICES: tuple[tuple[str, bool], ...] = (
    (N_("Read the chat"), False),
    (N_("Read and write in the chat"), True),
)
"""The new-table form's choice for spectators: players always read and write."""
PACE_CHOICES: tuple[tuple[str, str], ...] = (
    (N_("Real time"), LIVE),
    (N_("Turn-based"), TURNS),
)
"""The new-table form's pace: a turn-based table needs nobody to stay; the lobby lists where it is your move."""
LIMIT_CHOICES: tuple[tuple[str, int], ...] = (
    (N_("2 minutes"), 120),
    (N_("10 minutes"), 600),
    (N_("1 hour"), 3600),
    (N_("1 day"), 86400),
    (N_("3 days"), 259200),
)
"""How long an absent player's move waits before the others may let a bot play it (`server.absence`)."""
LIMIT_FOR_PACE = {LIVE: 120, TURNS: 86400}
"""The wait the form shows for each pace until the player chooses another."""
CLOCK_CHOICES: tuple[tuple[str, tuple[int, int] | None], ...] = (
    (N_("No clock"), None),
    (N_("5 min + 3 s a move"), (5, 3)),
    (N_("10 min + 5 s a move"), (10, 5)),
    (N_("20 min + 10 s a move"), (20, 10)),
)
"""A real-time table's clock: minutes per player, and seconds added after each of their moves."""
RATED_CHOICES: tuple[tuple[str, bool], ...] = ((N_("Not rated"), False), (N_("Rated"), True))
"""The new-table form's choice of a rated table (never with hints: choosing one turns the other off)."""


FIELD_HELP = {
    "game": N_("Game: what the table plays; the rows below follow it."),
    "count": N_("Players: how many seats, yours included."),
    "seed": N_("Seed: empty for a random deal; a number deals the same game again."),
    "hints": N_(
        "Hints: off by default; allowed, ! on your turn shows the {level} bot's move, "
        "or the {slow} bot's at a turn-based table."
    ),
    "spectator-chat": N_("Spectators: whether those who watch may write in the table's chat too."),
    "pace": N_(
        "Pace: real time, or turn-based (come back when you like: the lobby lists first where it is your move)."
    ),
    "clock": N_(
        "Clock: time per player at a real-time table, ticking only on their move; "
        "out of time, the others may let a bot play for them."
    ),
    "move-limit": N_("Absent player: how long their move waits before the others may let a bot play for them."),
    "rated": N_("Rating: a rated table's result moves each player's rating at this game; no hints, no seed."),
    "create": N_("Create: open the table (ctrl+s does it from any field)."),
}
"""What the form's help line says while a field has the focus (seats and game options: `field_help`)."""
SLOW_HINTS = N_("Hints at a turn-based table come from this level.")
"""Said after the level a turn-based table's hints ask (`level_help` says where the others are used)."""
CHOOSING = N_("↑/↓, then enter: choose · esc: keep")
"""The help line while a drop-down list is open."""


def field_help(widget: Widget) -> str:
    """The help line for the focused `widget`: its field's label and what it is for.

    It also shows, in words, where the focus is: a player on a terminal
    without colours sees which field the keys go to, and so does a test."""
    if isinstance(widget, SelectOverlay):
        return _(CHOOSING)
    key = str(widget.id)
    if key in FIELD_HELP:
        return _(FIELD_HELP[key]).format(level=_(table_hint_level(LIVE)), slow=_(table_hint_level(TURNS)))
    if key.startswith("kind-") and isinstance(widget, Select):
        seat = _("Seat {n}: an open seat for a player who joins, or a bot.").format(n=key[5:])
        level = level_help(chosen_game(widget.screen), widget.value)
        if level and widget.value == f"bot:{table_hint_level(TURNS)}":
            level = f"{level} {_(SLOW_HINTS)}"
        return tidy_spacing(f"{seat} {level}") if level else seat
    for module in registry.games():
        for field in module.variant_fields():
            if key == field_id(module.name, field):
                label = module.translate(field.label)
                if field.help:
                    return _("{field}: {help}").format(field=label, help=module.translate(field.help))
                return _("{field}.").format(field=label)
    return ""


def spectator_chat_row() -> ComposeResult:
    """The form's row for the table's chat option: may spectators write (they always read)."""
    with Horizontal(classes="field"):
        yield Label(_("Spectators"))
        choices = [(_(label), value) for label, value in SPECTATOR_CHAT_CHOICES]
        yield PageSafeSelect(choices, value=False, allow_blank=False, id="spectator-chat", compact=True)


def clock_choice(value: object) -> tuple[int, int] | None:
    """The clock field's value as the request carries it."""
    return value if isinstance(value, tuple) else None


def seat_options(game: str) -> list[tuple[str, str]]:
    """An open seat or a bot of the game's own levels."""
    return [(_("Open seat: a player joins"), OPEN), *bot_choices(game)]


class NewTableScreen(Screen[CreateRequest]):
    """The game, the seats after yours (players or bots), the game's own
    options, an optional seed, whether hints are allowed. The seat rows and
    options shown are the chosen game's (its player counts, bot levels and
    variant fields)."""

    BINDINGS = [Binding("ctrl+s", "create", N_("Create")), Binding("escape", "cancel", N_("Back"))]
    CSS_PATH = [FORM_CSS, Path(__file__).with_name("new_table.tcss")]
    DEFAULT_CLASSES = "game-form"

    focus_help: reactive[str | Text] = reactive("")
    """The line under the form: the focused field and what it is for (`field_help`)."""

    def compose(self) -> ComposeResult:
        game = registry.first_game()
        options = seat_options(game)
        with Vertical(id="form"):
            yield Prose(
                Text.assemble(
                    (_("New table"), "bold"),
                    "   ",
                    _("you take seat 1   tab: next field   enter: open a list   ctrl+s: create   esc: back"),
                ),
                id="form-title",
            )
            yield from game_rows(game, "field", compact=True)
            for seat in range(2, most_seats() + 1):
                with Horizontal(classes="field", id=f"seat-{seat}"):
                    yield Label(_("Seat {n}").format(n=seat))
                    yield PageSafeSelect(options, value=OPEN, allow_blank=False, id=f"kind-{seat}", compact=True)
            yield from rule_rows("field", compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Hints"))
                choices = [(_(label), value) for label, value in HINT_CHOICES]
                yield PageSafeSelect(choices, value=False, allow_blank=False, id="hints", compact=True)
            yield from spectator_chat_row()
            with Horizontal(classes="field"):
                yield Label(_("Pace"))
                paces = [(_(label), value) for label, value in PACE_CHOICES]
                yield PageSafeSelect(paces, value=LIVE, allow_blank=False, id="pace", compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Clock"))
                clocks = [(_(label), value) for label, value in CLOCK_CHOICES]
                yield PageSafeSelect(clocks, value=None, allow_blank=False, id="clock", compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Absent player"))
                limits = [(_(label), value) for label, value in LIMIT_CHOICES]
                yield PageSafeSelect(
                    limits, value=LIMIT_FOR_PACE[LIVE], allow_blank=False, id="move-limit", compact=True
                )
            with Horizontal(classes="field"):
                yield Label(_("Rating"))
                choices = [(_(label), value) for label, value in RATED_CHOICES]
                yield PageSafeSelect(choices, value=False, allow_blank=False, id="rated", compact=True)
            yield Prose(id="error")
            yield Button(_("Create"), variant="primary", id="create", compact=True)
        yield ShownText(id="field-help").data_bind(text=NewTableScreen.focus_help)
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_seats(show_rows_for(self, chosen_game(self)))
        self.query_one("#game", Select).focus()  # the first field: a first enter must not create a table

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.focus_help = Text(f"› {field_help(event.widget)}")

    def _show_seats(self, count: int) -> None:
        for seat in range(2, most_seats() + 1):
            self.query_one(f"#seat-{seat}").display = seat <= count

    def on_select_changed(self, event: Select.Changed) -> None:
        if str(event.select.id).startswith("kind-") and event.select.has_focus:
            self.focus_help = Text(f"› {field_help(event.select)}")  # the level just chosen
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        if event.select.id == "game":
            self._game_chosen(chosen_game(self))
        if event.select.id == "pace" and event.value in LIMIT_FOR_PACE:  # a turn-based table waits longer
            self.query_one("#move-limit", Select).value = LIMIT_FOR_PACE[str(event.value)]
            if event.value == TURNS:  # and has no clock
                self.query_one("#clock", Select).value = None
        if event.select.id == "clock" and event.value is not None:
            self.query_one("#pace", Select).value = LIVE
        if event.value is True and event.select.id in ("hints", "rated"):  # a rated table has no hints
            other = self.query_one("#rated" if event.select.id == "hints" else "#hints", Select)
            other.value = False

    def _game_chosen(self, game: str) -> None:
        """The game's own seat counts, bots and options."""
        self._show_seats(show_rows_for(self, game))
        options = seat_options(game)
        values = [value for _, value in options]
        for seat in range(2, most_seats() + 1):
            kind = self.query_one(f"#kind-{seat}", Select)
            old = kind.value
            kind.set_options(options)
            kind.value = old if old in values else OPEN

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_create()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_create()

    def settings(self) -> CreateRequest:
        """Read the form; ValueError says what to fix."""
        module = registry.game_named(chosen_game(self))
        count = player_count(self, module)
        others = tuple(str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(2, count + 1))
        hints = self.query_one("#hints", Select).value is True
        chat = self.query_one("#spectator-chat", Select).value is True
        rated = self.query_one("#rated", Select).value is True
        chosen_seed = seed(self)
        if rated and chosen_seed is not None:
            raise ValueError(_("A rated table deals at random: leave the seed empty, or make it not rated."))
        pace = str(self.query_one("#pace", Select).value)
        limit = self.query_one("#move-limit", Select).value
        return CreateRequest(
            module.name,
            others,
            module.variant_to_dict(variant(self, module)),
            chosen_seed,
            hints,
            chat,
            rated,
            pace,
            None if limit == LIMIT_FOR_PACE[pace] else int(str(limit)),
            clock_choice(self.query_one("#clock", Select).value) if pace == LIVE else None,
        )

    def action_create(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(settings)

    def action_cancel(self) -> None:
        self.dismiss(None)
