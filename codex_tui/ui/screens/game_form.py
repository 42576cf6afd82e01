"""The rows a local new game and a new SSH table share: game, players, the game's options, seed.

Everything game-specific comes from the registry: the game list (title and
summary), the player counts (its min/max players), the bot levels and one
row per variant field (`GameModule.variant_fields`). Every game's rows are
composed once and only the chosen game's are shown, so the tab order
follows the form from top to bottom. Both forms put their own seat rows
between `game_rows` and `rule_rows`. Reading and checking the values lives
here too, so a value refused in one form is refused in the other with the
same words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from codex_tui.core import registry
from codex_tui.core.advice import APP_REVIEW_LEVEL, HINT_LEVEL, REVIEW_LEVEL
from codex_tui.core.contract import GameModule, VariantField
from codex_tui.i18n.spacing import tidy_spacing
from codex_tui.i18n.text import N_, _
from codex_tui.ui.paging import PageSafeSelect

FORM_CSS = Path(__file__).with_name("game_form.tcss")
"""The style both game forms share (the local new game, the network's new table), for their `CSS_PATH`;
it applies within a screen of class `game-form` (their `DEFAULT_CLASSES`)."""

YES_NO: tuple[tuple[str, bool], ...] = ((N_("No"), False), (N_("Yes"), True))
"""A yes-or-no option's choices when its game names none."""
PREFERRED_BOT = "normal"
"""The level a bot seat starts at when the game has one of that name (else its weakest)."""


BOT_LEVELS = (N_("greedy"), N_("easy"), N_("normal"), N_("hard"), N_("expert"), N_("random"))
"""The bot levels the games have now, for the shell's catalogs: a game's own catalog may name
its levels (it is looked up first); a level named in neither shows as the game calls it."""


def game_options() -> list[tuple[str, str]]:
    """The Game list: each registered game's title and summary."""
    return [
        (
            _("{title} ({summary})").format(
                title=module.translate(module.title), summary=module.translate(module.summary)
            ),
            module.name,
        )
        for module in registry.games()
    ]


def most_seats() -> int:
    """Seat rows a form composes: as many as the largest game has."""
    return max(module.max_players for module in registry.games())


def bot_choices(game: str) -> list[tuple[str, str]]:
    """A seat's bot options for this game: the levels its menus offer."""
    module = registry.game_named(game)
    return [(_("Bot: {level}").format(level=module.translate(level)), f"bot:{level}") for level in module.menu_levels()]


def level_help(game: str, kind: object) -> str:
    """What a seat's choice plays like, when it is a bot: "Bot hard: strong: tries each move by playing
    the game on in its head, about half a second a move. Hints and the review search at this level."
    ("" for a player)."""
    if not isinstance(kind, str) or not kind.startswith("bot:"):
        return ""
    module = registry.game_named(game)
    level = kind.removeprefix("bot:")
    if level not in module.bot_levels():
        return ""
    words = [
        _("Bot {level}: {how}.").format(
            level=module.translate(level), how=module.translate(module.bot_description(level))
        )
    ]
    hints, review = level == HINT_LEVEL, level == APP_REVIEW_LEVEL
    if hints and review:
        words.append(_("Hints and the review search at this level."))
    elif hints:
        words.append(_("Hints search at this level."))
    elif review:
        words.append(_("The review searches at this level."))
    if level == REVIEW_LEVEL:
        words.append(_("The command codex-tui review searches at this level."))
    return tidy_spacing(" ".join(words))


def default_bot(game: str) -> str:
    levels = registry.game_named(game).menu_levels()
    return f"bot:{PREFERRED_BOT if PREFERRED_BOT in levels else levels[0]}"


def _counts(module: GameModule) -> list[tuple[str, int]]:
    return [(str(n), n) for n in range(module.min_players, module.max_players + 1)]


def game_rows(game: str, row: str, compact: bool) -> ComposeResult:
    """The game choice and the number of players (hidden for a game with one count)."""
    with Horizontal(classes=row):
        yield Label(_("Game"))
        yield PageSafeSelect(game_options(), value=game, allow_blank=False, id="game", compact=compact)
    with Horizontal(classes=row, id="count-row"):
        yield Label(_("Players"))
        module = registry.game_named(game)
        counts = _counts(module)
        yield PageSafeSelect(counts, value=module.min_players, allow_blank=False, id="count", compact=compact)


def field_id(game: str, field: VariantField) -> str:
    """The widget id of a variant field; its row is this plus '-row'."""
    return f"variant-{game}-{field.key}"


def _field_widget(module: GameModule, field: VariantField, widget_id: str, compact: bool) -> Widget:
    widget: Widget
    if field.choices or field.kind == "bool":
        choices = [(module.translate(label), value) for label, value in field.choices or YES_NO]
        widget = PageSafeSelect(choices, value=field.default, allow_blank=False, id=widget_id, compact=compact)
    else:
        digits = max(len(str(field.low)), len(str(field.high)))
        widget = Input(value=str(field.default), id=widget_id, type="integer", max_length=digits, compact=compact)
    widget.tooltip = module.translate(field.help) if field.help else None
    return widget


def rule_rows(row: str, compact: bool) -> ComposeResult:
    """Every game's variant fields (only the chosen game's are shown, see `show_rows_for`), then the seed."""
    for module in registry.games():
        for field in module.variant_fields():
            widget_id = field_id(module.name, field)
            with Horizontal(classes=f"{row} variant", id=f"{widget_id}-row"):
                yield Label(module.translate(field.label))
                yield _field_widget(module, field, widget_id, compact)
    with Horizontal(classes=row):
        yield Label(_("Seed"))
        yield Input(placeholder=_("random"), id="seed", type="integer", max_length=12, compact=compact)


def show_rows_for(screen: Screen[Any], game: str) -> int:
    """Show the rows that apply to `game` (its counts, its variant fields); returns how many seats to show."""
    module = registry.game_named(game)
    count = screen.query_one("#count", Select)
    old = count.value
    count.set_options(_counts(module))
    fits = isinstance(old, int) and module.min_players <= old <= module.max_players
    count.value = old if fits else module.min_players
    screen.query_one("#count-row").display = module.min_players != module.max_players
    shown = {f"{field_id(game, field)}-row" for field in module.variant_fields()}
    for variant_row in screen.query(".variant"):
        variant_row.display = variant_row.id in shown
    return player_count(screen, module)


def chosen_game(screen: Screen[Any]) -> str:
    return str(screen.query_one("#game", Select).value)


def player_count(screen: Screen[Any], module: GameModule) -> int:
    """The players chosen for `module`'s game (its only count when it has one)."""
    count = screen.query_one("#count", Select).value
    if isinstance(count, int) and module.min_players <= count <= module.max_players:
        return count
    return module.min_players


def _field_value(screen: Screen[Any], module: GameModule, field: VariantField) -> int | bool:
    """One field as typed or chosen; ValueError says what to fix."""
    widget = screen.query_one(f"#{field_id(module.name, field)}")
    if isinstance(widget, Select):
        value = widget.value
        return value if isinstance(value, int) else field.default  # bool is an int
    assert isinstance(widget, Input)
    text = widget.value.strip() or str(field.default)
    number = int(text) if text.isdigit() else field.low - 1
    if not field.low <= number <= field.high:
        raise ValueError(
            _("The {field} must be a whole number from {low} to {high}.").format(
                field=module.translate(field.label).lower(), low=field.low, high=field.high
            )
        )
    return number


def variant(screen: Screen[Any], module: GameModule) -> Any:
    """The chosen game's Variant, as its fields say; ValueError says what to fix."""
    data = {field.key: _field_value(screen, module, field) for field in module.variant_fields()}
    return module.variant_from_dict(data)


def variant_words(module: GameModule, data: dict[str, Any]) -> str:
    """The game's title, then each option as the form names it ("<title>, target score 20")."""
    words = [module.translate(module.title)]
    for field in module.variant_fields():
        value = data.get(field.key, field.default)
        named = [label for label, choice in field.choices if choice == value and type(choice) is type(value)]
        label = module.translate(field.label).lower()
        if named:
            words.append(module.translate(named[0]))
        elif field.kind == "bool":
            words.extend([label] if value else [])
        else:
            words.append(_("{field} {value}").format(field=label, value=value))
    return _(", ").join(words)


def seed(screen: Screen[Any]) -> int | None:
    """The seed typed in, or None for a random one; ValueError says what to fix."""
    text = screen.query_one("#seed", Input).value.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(_("The seed must be a whole number (0 or more), or empty for a random one."))
    return int(text)
