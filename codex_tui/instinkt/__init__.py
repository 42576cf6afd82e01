"""Instinkt (Duell der Tiere): the two-player 4x4 animal duel, as an immutable rules core.

Same shape as the Codex rules: `new_game`, `legal_actions`, `apply`, `view`,
`replay`, `undo`, `result`; no UI imports. Built from the French rule sheet
(../shared/rules/003_...), with every open choice in docs/rules-notes.md.
"""

from .actions import Action, Choose, Enter, Keep, Move, Place
from .animals import Animal
from .engine import IllegalAction, ReplayError, apply, legal_actions, players_to_act, replay, undo
from .scoring import Result, result, score_cards
from .setup import new_game, start
from .state import Game, Phase, Setup, Variant
from .view import SPECTATOR, SeatView, view

__all__ = [
    "SPECTATOR",
    "Action",
    "Animal",
    "Choose",
    "Enter",
    "Game",
    "IllegalAction",
    "Keep",
    "Move",
    "Phase",
    "Place",
    "ReplayError",
    "Result",
    "SeatView",
    "Setup",
    "Variant",
    "apply",
    "legal_actions",
    "new_game",
    "players_to_act",
    "replay",
    "result",
    "score_cards",
    "start",
    "undo",
    "view",
]
