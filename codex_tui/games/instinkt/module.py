"""Instinkt as the shell knows it: the game contract over its rules, record, wire and bots."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from codex_tui.core.advice import ADVICE_SEED, HINT_LEVEL, Assessment, Hint
from codex_tui.core.contract import BotMove, CliCommand, GameModule, GameSummary, VariantField, won
from codex_tui.games.instinkt import advice, record, rules, text, twin, wire
from codex_tui.games.instinkt.bots import instinkt_levels, make_instinkt_bot
from codex_tui.games.instinkt.rules.engine import legal_actions_for
from codex_tui.games.instinkt.text import N_, _

if TYPE_CHECKING:  # the screens load only when `ui()` is called
    from codex_tui.ui.game_ui import GameUI


class Instinkt(GameModule):
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

    def default_variant(self) -> rules.Variant:
        return rules.Variant()

    def variant_to_dict(self, variant: rules.Variant) -> dict[str, Any]:
        return {"draft": variant.draft}

    def variant_from_dict(self, data: Any) -> rules.Variant:
        return record.variant_from(data)

    def variant_text(self, variant: rules.Variant) -> str:
        return _("Instinkt, draft") if variant.draft else _("Instinkt")

    def owns(self, game: object) -> bool:
        return isinstance(game, rules.Game)

    def new_game(self, players: Sequence[str], seed: int, variant: rules.Variant) -> rules.Game:
        return rules.new_game(tuple(players), seed, variant)

    def apply(self, game: rules.Game, action: rules.Action) -> rules.Game:
        return rules.apply(game, action)

    def legal_actions(self, game: rules.Game) -> Sequence[rules.Action]:
        return rules.legal_actions(game)

    def legal_actions_for(self, game: rules.Game, seat: int) -> Sequence[rules.Action]:
        return legal_actions_for(game, seat)

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
        return rules.replay(
            record.players_from(list(players)),
            record.setup_from_dict(body.get("setup")),
            record.variant_from(body.get("variant")),
            record.actions_from_list(body.get("actions")),
            seed,
        )

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
        return wire.result_to_wire(rules.result(game))

    def result_from_wire(self, data: Any) -> rules.Result:
        return wire.result_from_wire(data)

    def bot_levels(self) -> Sequence[str]:
        return tuple(instinkt_levels())

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

    def ui(self) -> GameUI:
        ui: GameUI = importlib.import_module("codex_tui.games.instinkt.ui").UI
        return ui

    def cli_commands(self) -> Sequence[CliCommand]:
        return ()

    def hidden_twin(self, game: rules.Game, seat: int, seed: int) -> rules.Game:
        return twin.hidden_twin(game, seat, seed)


INSTINKT = Instinkt()
