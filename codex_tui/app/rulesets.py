"""The two games behind one interface, so the session and the app serve both.

A ruleset is the handful of rule functions the session needs (apply, who
acts, a seat's view, rebuilding from actions, bots); nothing here decides a
rule itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from codex_tui.games.codex import rules
from codex_tui.games.codex.bots import bot_levels, make_bot
from codex_tui.games.instinkt import rules as instinkt
from codex_tui.games.instinkt.bots import instinkt_levels, make_instinkt_bot

BotMove = Callable[[Any], Any]
"""A bot as the session uses it: a seat's view in, an action out."""


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    apply: Callable[[Any, Any], Any]
    players_to_act: Callable[[Any], tuple[int, ...]]
    view: Callable[[Any, int], Any]
    replay: Callable[[Any, Sequence[Any]], Any]
    """The game rebuilt from its setup with these actions (for undo)."""
    make_bot: Callable[[str, int], BotMove]
    levels: Callable[[], Sequence[str]]


def _codex_bot(level: str, seed: int) -> BotMove:
    return make_bot(level, seed).choose


CODEX = Ruleset(
    name="codex-naturalis",
    title="Codex Naturalis",
    apply=rules.apply,
    players_to_act=rules.players_to_act,
    view=rules.view,
    replay=lambda game, actions: rules.replay(game.players, game.setup, game.variant, actions, game.seed),
    make_bot=_codex_bot,
    levels=lambda: tuple(bot_levels()),
)

INSTINKT = Ruleset(
    name="instinkt",
    title="Instinkt",
    apply=instinkt.apply,
    players_to_act=instinkt.players_to_act,
    view=instinkt.view,
    replay=lambda game, actions: instinkt.replay(game.players, game.setup, game.variant, actions, game.seed),
    make_bot=make_instinkt_bot,
    levels=instinkt_levels,
)


def ruleset_of(game: object) -> Ruleset:
    return INSTINKT if isinstance(game, instinkt.Game) else CODEX
