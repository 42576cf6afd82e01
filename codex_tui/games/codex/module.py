"""Codex Naturalis as the shell knows it: the game contract over its rules, record, wire and bots."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from codex_tui.core.advice import Assessment
from codex_tui.core.contract import BotMove, CliCommand, GameModule, GameSummary, VariantField, won
from codex_tui.core.errors import RecordError
from codex_tui.games.codex import record, rules, text, twin, wire
from codex_tui.games.codex.bots import advice, bot_levels, explain, make_bot
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE, MAX_PLAYERS, MAX_TARGET_SCORE, MIN_PLAYERS
from codex_tui.games.codex.text import N_, _
from codex_tui.games.codex.timeline import turn_number

if TYPE_CHECKING:  # the screens load only when `ui()` is called
    from codex_tui.ui.game_ui import GameUI


assert (MIN_PLAYERS, MAX_PLAYERS, MAX_TARGET_SCORE) == (2, 4, 200), "the summary and the help below say so"


class CodexNaturalis(GameModule):
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

    def default_variant(self) -> rules.Variant:
        return rules.Variant()

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

    def owns(self, game: object) -> bool:
        return isinstance(game, rules.Game)

    def new_game(self, players: Sequence[str], seed: int, variant: rules.Variant) -> rules.Game:
        return rules.new_game(tuple(players), seed, variant)

    def apply(self, game: rules.Game, action: rules.Action) -> rules.Game:
        return rules.apply(game, action)

    def legal_actions(self, game: rules.Game) -> Sequence[rules.Action]:
        return rules.legal_actions(game)

    def legal_actions_for(self, game: rules.Game, seat: int) -> Sequence[rules.Action]:
        return rules.legal_actions_for(game, seat)

    def players_to_act(self, game: rules.Game) -> tuple[int, ...]:
        return rules.players_to_act(game)

    def view(self, game: rules.Game, seat: int) -> rules.SeatView:
        return rules.view(game, seat)

    def rebuild(self, game: rules.Game, actions: Sequence[rules.Action]) -> rules.Game:
        return rules.replay(game.players, game.setup, game.variant, actions, game.seed)

    def winners(self, game: rules.Game) -> tuple[int, ...]:
        return rules.result(game).winners

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

    def action_to_dict(self, action: rules.Action) -> dict[str, Any]:
        return record.action_to_dict(action)

    def action_from_dict(self, data: Any, where: str) -> rules.Action:
        return record.action_from_dict(data, where)

    def save_body(self, game: rules.Game) -> dict[str, Any]:
        return {
            "variant": self.variant_to_dict(game.variant),
            "setup": record.setup_to_dict(game.setup),
            "actions": [record.action_to_dict(action) for action in game.actions],
        }

    def load_save_body(self, body: dict[str, Any], players: tuple[str, ...], seed: int | None) -> rules.Game:
        variant_data = body.get("variant")
        target = variant_data.get("target_score") if isinstance(variant_data, dict) else None
        if not isinstance(target, int) or isinstance(target, bool):
            raise RecordError("variant.target_score: expected a whole number")
        setup = record.setup_from_dict(body.get("setup"))
        actions = record.actions_from_list(body.get("actions"))
        return rules.replay(players, setup, rules.Variant(target_score=target), actions, seed)

    def export_record(self, game: rules.Game) -> dict[str, Any]:
        return record.export_record(game)

    def import_record(self, data: Any) -> rules.Game:
        return record.import_record(data)

    def result_to_dict(self, game: rules.Game) -> dict[str, Any]:
        return record.result_to_dict(game)

    def encode_view(self, view: rules.SeatView) -> dict[str, Any]:
        return wire.encode_view(view)

    def decode_view(self, data: Any) -> rules.SeatView:
        return wire.decode_view(data)

    def result_to_wire(self, game: rules.Game) -> dict[str, Any]:
        return wire.result_to_wire(rules.result(game), tuple(seat.secret for seat in game.seats))

    def result_from_wire(self, data: Any) -> tuple[rules.Result, tuple[int | None, ...]]:
        return wire.result_from_wire(data)

    def bot_levels(self) -> Sequence[str]:
        return tuple(bot_levels())

    def make_bot(self, level: str, seed: int) -> BotMove:
        return make_bot(level, seed).choose

    def assess(self, view: rules.SeatView, played: rules.Action, level: str, seed: int) -> Assessment:
        return advice.assess(view, played, advice.advice_config(level), seed)

    def hint_reason(self, view: rules.SeatView, action: rules.Action) -> str:
        return explain.hint_reason(view, action)

    def move_text(self, view: rules.SeatView, action: rules.Action) -> str:
        return explain.move_text(view, action)

    def ui(self) -> GameUI:
        ui: GameUI = importlib.import_module("codex_tui.games.codex.ui").UI
        return ui

    def cli_commands(self) -> Sequence[CliCommand]:
        """`selfplay` and `tournament`: whole games between Codex's bots (imported only when asked for)."""
        from codex_tui.games.codex.commands import COMMANDS

        return COMMANDS

    def hidden_twin(self, game: rules.Game, seat: int, seed: int) -> rules.Game:
        return twin.hidden_twin(game, seat, seed)


CODEX = CodexNaturalis()
