"""Tic-tac-toe as the shell knows it: a `RulesModule` over its rules, record and wire.

Nothing is hidden (no `twin`): every seat sees the whole board.

Register it for a test with `registry.registered(TICTACTOE)`; it is never in
the app's own registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from codex_tui.core.advice import Assessment
from codex_tui.core.contract import BotMove, GameSummary, VariantField, won
from codex_tui.core.recordfields import field, whole_number
from codex_tui.core.rules_module import RulesModule
from tests.core.tictactoe import bots, record, rules, wire


class TicTacToe(RulesModule):
    rules = rules
    record = record
    wire = wire
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

    def variant_to_dict(self, variant: rules.Variant) -> dict[str, Any]:
        return record.variant_to_dict(variant)

    def variant_from_dict(self, data: Any) -> rules.Variant:
        return record.variant_from_dict(data)

    def variant_text(self, variant: rules.Variant) -> str:
        size = variant.board_size
        return f"Tic-tac-toe {size}x{size}" + (", misère" if variant.misere else "")

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

    def result_to_wire(self, game: rules.Game) -> dict[str, Any]:
        return wire.result_to_wire(game)

    def bot_levels(self) -> Sequence[str]:
        return bots.LEVELS

    def bot_description(self, level: str) -> str:
        return bots.DESCRIPTIONS[level]

    def bot_rating(self, level: str) -> int:
        return bots.RATINGS[level]

    def make_bot(self, level: str, seed: int) -> BotMove:
        return bots.make_bot(level, seed)

    def assess(self, view: rules.SeatView, played: rules.Mark, level: str, seed: int) -> Assessment:
        return bots.assess(view, played, seed)

    def hint_reason(self, view: rules.SeatView, action: rules.Mark) -> str:
        return f"cell {action.cell + 1} is the best square left"

    def move_text(self, view: rules.SeatView, action: rules.Mark) -> str:
        return f"cell {action.cell + 1}"

    def ui(self) -> Any:
        raise NotImplementedError("tic-tac-toe has no screens: the tests play it through the session and the hub")


TICTACTOE = TicTacToe()
