"""Instinkt as the shell knows it: the game contract over its rules, record, wire and bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from codex_tui.core.advice import ADVICE_SEED, HINT_LEVEL, Assessment, Hint
from codex_tui.core.contract import BotMove, GameSummary, VariantField, won
from codex_tui.core.rules_module import RulesModule
from codex_tui.games.instinkt import advice, record, rules, text, twin, wire
from codex_tui.games.instinkt.bots import LEVEL_RATINGS, LEVELS, instinkt_levels, make_instinkt_bot
from codex_tui.games.instinkt.text import N_, _


class Instinkt(RulesModule):
    rules = rules
    record = record
    wire = wire
    twin = twin
    ui_package = "codex_tui.games.instinkt.ui"
    tutorial_module = "codex_tui.games.instinkt.tutorial"
    name = "instinkt"
    title = N_("Instinkt")
    summary = N_("2 players, 4x4 duel")
    min_players = 2
    max_players = 2
    record_format = record.RECORD_FORMAT
    text_domain = text.DOMAIN

    def variant_fields(self) -> tuple[VariantField, ...]:
        return (
            VariantField(
                "draft",
                N_("Variant"),
                "bool",
                False,
                help=N_("draw 5 cards and keep 3 at the start, instead of drawing 3"),
                choices=((N_("Standard: draw 3"), False), (N_("Draft: draw 5, keep 3"), True)),
            ),
        )

    def variant_to_dict(self, variant: rules.Variant) -> dict[str, Any]:
        return {"draft": variant.draft}

    def variant_from_dict(self, data: Any) -> rules.Variant:
        return record.variant_from(data)

    def variant_text(self, variant: rules.Variant) -> str:
        return _("Instinkt, draft") if variant.draft else _("Instinkt")

    def status(self, game: rules.Game) -> str:
        if game.is_over:
            return won(game.players, rules.result(game).winners)
        if game.phase is rules.Phase.KEEP:
            return _("keeping cards")
        if game.phase is rules.Phase.CHOOSE:
            return _("round {round}: choosing").format(round=game.round)
        current = game.current
        assert current is not None
        doing = _("{name} to move a card") if game.phase is rules.Phase.MOVE else _("{name} to place")
        return doing.format(name=game.players[current])

    def game_summary(self, game: rules.Game) -> GameSummary:
        """Points as the grid stands, the round as the turn."""
        outcome = rules.result(game)
        return GameSummary(
            scores=outcome.points,
            totals=outcome.points if outcome.finished else None,
            turn=game.round,
            finished=outcome.finished,
            end="grid" if outcome.finished else None,
            winners=outcome.winners,
        )

    def load_save_body(self, body: dict[str, Any], players: tuple[str, ...], seed: int | None) -> rules.Game:
        return rules.replay(
            record.players_from(list(players)),
            record.setup_from_dict(body.get("setup")),
            record.variant_from(body.get("variant")),
            record.actions_from_list(body.get("actions")),
            seed,
        )

    def result_to_wire(self, game: rules.Game) -> dict[str, Any]:
        return wire.result_to_wire(rules.result(game))

    def bot_levels(self) -> Sequence[str]:
        return tuple(instinkt_levels())

    def bot_description(self, level: str) -> str:
        return LEVELS[level]

    def bot_rating(self, level: str) -> int:
        return LEVEL_RATINGS[level]

    def make_bot(self, level: str, seed: int) -> BotMove:
        return make_instinkt_bot(level, seed)

    def assess(self, view: rules.SeatView, played: rules.Action, level: str, seed: int) -> Assessment:
        return advice.assess(view, played, level, seed)

    def hint(self, view: rules.SeatView, level: str = HINT_LEVEL) -> Hint:
        """The move a review at `level` judges best, not the hard bot's own pick.

        The bot plays for the win on half the samples; its pick lost points in
        the review's eyes two times in three (44 of 67 positions), which would
        list hints followed among a player's mistakes."""
        action = advice.best_move(view, level, ADVICE_SEED)
        return Hint(action, self.hint_reason(view, action))

    def hint_reason(self, view: rules.SeatView, action: rules.Action) -> str:
        return advice.hint_reason(view, action)

    def move_text(self, view: rules.SeatView, action: rules.Action) -> str:
        return advice.move_text(view, action)


INSTINKT = Instinkt()
