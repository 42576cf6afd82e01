"""Instinkt (Duell der Tiere): the two-player 4x4 animal duel, as an immutable rules core.

Same shape as the Codex rules: `new_game`, `legal_actions`, `apply`, `view`,
`replay`, `result`; no UI imports. Built from the French rule sheet
(../shared/rules/003_...), with every open choice in docs/rules-notes.md.
"""

from codex_tui.core.errors import IllegalAction, ReplayError, SetupError
from codex_tui.core.seats import SPECTATOR
from codex_tui.games.instinkt.rules.actions import Action, Choose, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.engine import (
    apply,
    legal_actions,
    legal_actions_for,
    players_to_act,
    replay,
)
from codex_tui.games.instinkt.rules.scoring import Result, result, score_cards
from codex_tui.games.instinkt.rules.setup import new_game, start
from codex_tui.games.instinkt.rules.state import Game, Phase, Setup, Variant
from codex_tui.games.instinkt.rules.view import SeatView, view

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
    "SetupError",
    "Variant",
    "apply",
    "legal_actions",
    "legal_actions_for",
    "new_game",
    "players_to_act",
    "replay",
    "result",
    "score_cards",
    "start",
    "view",
]
