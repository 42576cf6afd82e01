"""Codex Naturalis rules: immutable state and pure functions, no UI.

The public surface is re-exported here so that callers write
`from codex_tui.rules import new_game, apply, legal_actions`.
"""

from .actions import Action, ChooseObjective, ChooseStarter, Draw, DrawSource, Pass, Place
from .area import PlayArea, Pos
from .cards import CATALOG, CardDataError
from .engine import (
    IllegalAction,
    ReplayError,
    apply,
    legal_actions,
    legal_actions_for,
    players_to_act,
    replay,
    undo,
)
from .scoring import Result, result
from .setup import SetupError, new_game, start
from .state import EndReason, Game, LogEntry, Phase, Seat, SeatSetup, Setup, Variant
from .symbols import CardKind, Side, Symbol
from .view import SPECTATOR, SeatView, view

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
    "undo",
    "view",
]
