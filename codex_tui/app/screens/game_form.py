"""The rows a local new game and a new SSH table share: game, players, target score, variant, seed.

Both forms put their own seat rows between `game_rows` and `rule_rows`, so
the tab order follows the form from top to bottom. Reading and checking
the values lives here too, so a target score or seed refused in one form is
refused in the other with the same words.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, Select

from codex_tui.app.paging import PageSafeSelect
from codex_tui.games.codex.module import CODEX
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE, MAX_PLAYERS, MAX_TARGET_SCORE, MIN_PLAYERS
from codex_tui.games.instinkt.module import INSTINKT

FOCUS_CSS = """
Input:focus, Select:focus > SelectCurrent { background: $accent 45%; text-style: bold; }
.field:focus-within > Label { color: $accent; text-style: bold reverse; }
Button:focus { text-style: bold reverse; }
"""
"""The field with focus stands out: the compact widgets of a form show almost nothing of it themselves."""

VARIANTS = [("Standard: draw 3", False), ("Draft: draw 5, keep 3", True)]
"""Instinkt's variants; Codex has a target score instead."""


def bot_choices(game: str) -> list[tuple[str, str]]:
    """A seat's bot options for this game: its own levels (Instinkt's bots are not Codex's)."""
    ruleset = INSTINKT if game == INSTINKT.name else CODEX
    return [(f"Bot: {level}", f"bot:{level}") for level in ruleset.bot_levels()]


def game_rows(games: list[tuple[str, str]], game: str, row: str, compact: bool) -> ComposeResult:
    """The game choice and the number of players (hidden for a 2-player-only game)."""
    with Horizontal(classes=row):
        yield Label("Game")
        yield PageSafeSelect(games, value=game, allow_blank=False, id="game", compact=compact)
    with Horizontal(classes=row, id="count-row"):
        yield Label("Players")
        counts = [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        yield PageSafeSelect(counts, value=MIN_PLAYERS, allow_blank=False, id="count", compact=compact)


def rule_rows(row: str, compact: bool) -> ComposeResult:
    """Target score (Codex), variant (Instinkt, hidden until chosen) and seed."""
    with Horizontal(classes=row, id="target-row"):
        yield Label("Target score")
        yield Input(value=str(DEFAULT_TARGET_SCORE), id="target", type="integer", max_length=3, compact=compact)
    with Horizontal(classes=row, id="draft-row"):
        yield Label("Variant")
        yield PageSafeSelect(VARIANTS, value=False, allow_blank=False, id="draft", compact=compact)
    with Horizontal(classes=row):
        yield Label("Seed")
        yield Input(placeholder="random", id="seed", type="integer", max_length=12, compact=compact)


def show_rows_for(screen: Screen[Any], two_players_only: bool) -> int:
    """Show the rows that apply to the chosen game; returns how many seats to show."""
    screen.query_one("#count-row").display = not two_players_only
    screen.query_one("#target-row").display = not two_players_only
    screen.query_one("#draft-row").display = two_players_only
    return MIN_PLAYERS if two_players_only else player_count(screen)


def chosen_game(screen: Screen[Any]) -> str:
    return str(screen.query_one("#game", Select).value)


def player_count(screen: Screen[Any]) -> int:
    count = screen.query_one("#count", Select).value
    return count if isinstance(count, int) else MIN_PLAYERS


def draft_chosen(screen: Screen[Any]) -> bool:
    return screen.query_one("#draft", Select).value is True


def target_score(screen: Screen[Any]) -> int:
    """The target score typed in (the default when empty); ValueError says what to fix."""
    text = screen.query_one("#target", Input).value.strip() or str(DEFAULT_TARGET_SCORE)
    target = int(text) if text.isdigit() else 0
    if not 1 <= target <= MAX_TARGET_SCORE:
        raise ValueError(f"The target score must be a whole number from 1 to {MAX_TARGET_SCORE}.")
    return target


def seed(screen: Screen[Any]) -> int | None:
    """The seed typed in, or None for a random one; ValueError says what to fix."""
    text = screen.query_one("#seed", Input).value.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError("The seed must be a whole number (0 or more), or empty for a random one.")
    return int(text)
