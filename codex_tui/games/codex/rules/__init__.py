"""Codex Naturalis rules: immutable state and pure functions, no UI.

The public surface is re-exported here so that callers write
`from codex_tui.games.codex.rules import new_game, apply, legal_actions`.
"""

from codex_tui.core.errors import IllegalAction, ReplayError, SetupError
from codex_tui.core.seats import SPECTATOR
from codex_tui.games.codex.rules.actions import Action, ChooseObjective, ChooseStarter, Draw, DrawSource, Pass, Place
from codex_tui.games.codex.rules.area import PlayArea, Pos
from codex_tui.games.codex.rules.cards import CATALOG, CardDataError
from codex_tui.games.codex.rules.engine import (
    apply,
    legal_actions,
    legal_actions_for,
    players_to_act,
    replay,
)
from codex_tui.games.codex.rules.scoring import Result, result
from codex_tui.games.codex.rules.setup import new_game, start
from codex_tui.games.codex.rules.state import EndReason, Game, LogEntry, Phase, Seat, SeatSetup, Setup, Variant
from codex_tui.games.codex.rules.symbols import CardKind, Side, Symbol
from codex_tui.games.codex.rules.view import SeatView, view

__all__ = [
    "CATALOG",
    "Action",
    "CardDataError",
    "CardKind",
    "ChooseObjective",
    "ChooseStarter",
    "Draw",
    "DrawSource",
    "EndReason",
    "Game",
    "IllegalAction",
    "LogEntry",
    "Pass",
    "Phase",
    "Place",
    "PlayArea",
    "Pos",
    "ReplayError",
    "Result",
    "SPECTATOR",
    "Seat",
    "SeatSetup",
    "SeatView",
    "Setup",
    "SetupError",
    "Side",
    "Symbol",
    "Variant",
    "apply",
    "legal_actions",
    "legal_actions_for",
    "new_game",
    "players_to_act",
    "replay",
    "result",
    "start",
    "view",
]
