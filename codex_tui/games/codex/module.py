"""Codex Naturalis as the shell knows it: the game contract over its rules, record, wire and bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from codex_tui.core.advice import Assessment
from codex_tui.core.contract import BotMove, CliCommand, GameSummary, VariantField, won
from codex_tui.core.errors import RecordError
from codex_tui.core.rules_module import RulesModule
from codex_tui.games.codex import record, rules, text, twin, wire
from codex_tui.games.codex.bots import LEVEL_RATINGS, advice, bot_levels, explain, make_bot
from codex_tui.games.codex.bots.roster import SAVES_ONLY
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE, MAX_PLAYERS, MAX_TARGET_SCORE, MIN_PLAYERS
from codex_tui.games.codex.text import N_, _
from codex_tui.games.codex.timeline import turn_number

assert (MIN_PLAYERS, MAX_PLAYERS, MAX_TARGET_SCORE) == (2, 4, 200), "the summary and the help below say so"


class CodexNaturalis(RulesModule):
    rules = rules
    record = record
    wire = wire
    twin = twin
    ui_package = "codex_tui.games.codex.ui"
    tutorial_module = "codex_tui.games.codex.tutorial"
    name = "codex-naturalis"
    title = N_("Codex Naturalis")
    summary = N_("2-4 players, race to the target score")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    record_format = record.RECORD_FORMAT
    text_domain = text.DOMAIN
    owns_unnamed_records = True

    def variant_fields(self) -> tuple[VariantField, ...]:
        return (
            VariantField(
                "target_score",
                N_("Target score"),
                "int",
                DEFAULT_TARGET_SCORE,
                low=1,
                high=MAX_TARGET_SCORE,
                help=N_("the end is triggered at this score (1-200; the rule sheet says 20)"),
            ),
        )

    def variant_to_dict(self, variant: rules.Variant) -> dict[str, Any]:
        return {"target_score": variant.target_score}

    def variant_from_dict(self, data: Any) -> rules.Variant:
        target = data.get("target_score") if isinstance(data, dict) else None
        if not isinstance(target, int) or isinstance(target, bool):
            raise RecordError("variant.target_score: expected a whole number")
        if not 1 <= target <= MAX_TARGET_SCORE:
            raise RecordError(f"variant.target_score: expected 1 to {MAX_TARGET_SCORE}, found {target}")
        return rules.Variant(target_score=target)

    def variant_text(self, variant: rules.Variant) -> str:
        return _("Codex to {score}").format(score=variant.target_score)

    def has_move(self, view: rules.SeatView) -> bool:
        """Only the turns' placing and drawing: the set-up's choices get no "your turn" notice."""
        return view.phase in (rules.Phase.PLACE, rules.Phase.DRAW) and bool(view.legal_actions)

    def status(self, game: rules.Game) -> str:
        if game.is_over:
            return won(game.players, rules.result(game).winners)
        if game.phase is rules.Phase.SETUP:
            return _("set-up")
        if game.phase is rules.Phase.PLACE:
            return _("{name} to place").format(name=game.players[game.current])
        return _("{name} to draw").format(name=game.players[game.current])

    def game_summary(self, game: rules.Game) -> GameSummary:
        outcome = rules.result(game)
        return GameSummary(
            scores=game.scores,
            totals=outcome.totals if outcome.finished else None,
            turn=turn_number(game),
            finished=outcome.finished,
            end=outcome.end.value if outcome.end else None,
            winners=outcome.winners,
        )

    def load_save_body(self, body: dict[str, Any], players: tuple[str, ...], seed: int | None) -> rules.Game:
        variant_data = body.get("variant")
        target = variant_data.get("target_score") if isinstance(variant_data, dict) else None
        if not isinstance(target, int) or isinstance(target, bool):
            raise RecordError("variant.target_score: expected a whole number")
        setup = record.setup_from_dict(body.get("setup"))
        actions = record.actions_from_list(body.get("actions"))
        return rules.replay(players, setup, rules.Variant(target_score=target), actions, seed)

    def result_to_wire(self, game: rules.Game) -> dict[str, Any]:
        return wire.result_to_wire(rules.result(game), tuple(seat.secret for seat in game.seats))

    def bot_levels(self) -> Sequence[str]:
        return tuple(bot_levels())

    def menu_levels(self) -> Sequence[str]:
        return tuple(level for level in bot_levels() if level not in SAVES_ONLY)

    def bot_description(self, level: str) -> str:
        return bot_levels()[level]

    def bot_rating(self, level: str) -> int:
        return LEVEL_RATINGS[level]

    def make_bot(self, level: str, seed: int) -> BotMove:
        return make_bot(level, seed).choose

    def assess(self, view: rules.SeatView, played: rules.Action, level: str, seed: int) -> Assessment:
        return advice.assess(view, played, advice.advice_config(level), seed)

    def hint_reason(self, view: rules.SeatView, action: rules.Action) -> str:
        return explain.hint_reason(view, action)

    def move_text(self, view: rules.SeatView, action: rules.Action) -> str:
        return explain.move_text(view, action)

    def cli_commands(self) -> Sequence[CliCommand]:
        """`selfplay` and `tournament`: whole games between Codex's bots (imported only when asked for)."""
        from codex_tui.games.codex.commands import COMMANDS

        return COMMANDS


CODEX = CodexNaturalis()
