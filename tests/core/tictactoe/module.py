"""Tic-tac-toe as the shell knows it: the whole `GameModule`, in one small class.

Register it for a test with `registry.registered(TICTACTOE)`; it is never in
the app's own registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from codex_tui.core.advice import Assessment
from codex_tui.core.contract import BotMove, GameModule, GameSummary, VariantField, won
from codex_tui.core.recordfields import field, whole_number
from tests.core.tictactoe import bots, record, rules, wire


class TicTacToe(GameModule):
    name = "tictactoe"
    title = "Tic-tac-toe"
    summary = "2 players, three (or four) in a row"
    min_players = 2
    max_players = 2
    record_format = record.RECORD_FORMAT

    def variant_fields(self) -> tuple[VariantField, ...]:
        return (
            VariantField(
                "board_size",
                "Board size",
                "int",
                3,
                low=rules.MIN_SIZE,
                high=rules.MAX_SIZE,
                help="cells a side; a line fills one",
            ),
            VariantField("misere", "Misère", "bool", False, help="whoever completes a line loses"),
        )

    def default_variant(self) -> rules.Variant:
        return rules.Variant()

    def variant_to_dict(self, variant: rules.Variant) -> dict[str, Any]:
        return record.variant_to_dict(variant)

    def variant_from_dict(self, data: Any) -> rules.Variant:
        return record.variant_from_dict(data)

    def variant_text(self, variant: rules.Variant) -> str:
        size = variant.board_size
        return f"Tic-tac-toe {size}x{size}" + (", misère" if variant.misere else "")

    def owns(self, game: object) -> bool:
        return isinstance(game, rules.Game)

    def new_game(self, players: Sequence[str], seed: int, variant: rules.Variant) -> rules.Game:
        return rules.new_game(players, seed, variant)

    def apply(self, game: rules.Game, action: rules.Mark) -> rules.Game:
        return rules.apply(game, action)

    def legal_actions(self, game: rules.Game) -> Sequence[rules.Mark]:
        return rules.legal_actions(game)

    def legal_actions_for(self, game: rules.Game, seat: int) -> Sequence[rules.Mark]:
        return rules.legal_actions_for(game, seat)

    def players_to_act(self, game: rules.Game) -> tuple[int, ...]:
        return rules.players_to_act(game)

    def view(self, game: rules.Game, seat: int) -> rules.SeatView:
        return rules.view(game, seat)

    def rebuild(self, game: rules.Game, actions: Sequence[rules.Mark]) -> rules.Game:
        return rules.replay(game.players, game.first, game.variant, actions, game.seed)

    def winners(self, game: rules.Game) -> tuple[int, ...]:
        return rules.winners(game)

    def status(self, game: rules.Game) -> str:
        if game.is_over:
            return won(game.players, rules.winners(game))
        return f"{game.players[game.current]} to mark"

    def game_summary(self, game: rules.Game) -> GameSummary:
        """A point for each winner; the turn is the number of marks made."""
        winners = rules.winners(game)
        scores = tuple(int(seat in winners) for seat in range(2))
        return GameSummary(
            scores=scores,
            totals=scores if game.is_over else None,
            turn=len(game.actions),
            finished=game.is_over,
            end=("line" if len(winners) == 1 else "full") if game.is_over else None,
            winners=winners,
        )

    def action_to_dict(self, action: rules.Mark) -> dict[str, Any]:
        return record.action_to_dict(action)

    def action_from_dict(self, data: Any, where: str) -> rules.Mark:
        return record.action_from_dict(data, where)

    def save_body(self, game: rules.Game) -> dict[str, Any]:
        return {
            "variant": record.variant_to_dict(game.variant),
            "first": game.first,
            "actions": [record.action_to_dict(action) for action in game.actions],
        }

    def load_save_body(self, body: dict[str, Any], players: tuple[str, ...], seed: int | None) -> rules.Game:
        return rules.replay(
            players,
            whole_number(field(body, "first", "save"), "first"),
            record.variant_from_dict(body.get("variant")),
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
        return wire.result_to_wire(game)

    def result_from_wire(self, data: Any) -> tuple[int, ...]:
        return wire.result_from_wire(data)

    def bot_levels(self) -> Sequence[str]:
        return bots.LEVELS

    def make_bot(self, level: str, seed: int) -> BotMove:
        return bots.make_bot(level, seed)

    def assess(self, view: rules.SeatView, played: rules.Mark, level: str, seed: int) -> Assessment:
        return bots.assess(view, played, seed)

    def hint_reason(self, view: rules.SeatView, action: rules.Mark) -> str:
        return f"cell {action.cell + 1} is the best square left"

    def move_text(self, view: rules.SeatView, action: rules.Mark) -> str:
        return f"cell {action.cell + 1}"

    def cli_commands(self) -> Sequence[Any]:
        """No command-line commands of its own (the CLI asks every registered game)."""
        return ()

    def ui(self) -> Any:
        raise NotImplementedError("tic-tac-toe has no screens: the tests play it through the session and the hub")

    def hidden_twin(self, game: rules.Game, seat: int, seed: int) -> rules.Game:
        """Nothing is hidden: every seat sees the whole board."""
        return game


TICTACTOE = TicTacToe()
