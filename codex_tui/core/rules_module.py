"""A `GameModule` whose pass-throughs come from the game's own packages.

Most of the contract is one call into the game's rules, record or wire module
(`legal_actions(game)` is `rules.legal_actions(game)`). A game names those
modules once, as class attributes of a `RulesModule`, and writes only the
methods whose body is its own: variant fields, status, summary, bots.

The protocols below say which functions each package must offer; mypy checks
a game's modules against them where the class attributes are assigned.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

from codex_tui.core.contract import CliCommand, GameModule
from codex_tui.core.seats import SPECTATOR
from codex_tui.core.tutorial import Tutorial


class Outcome(Protocol):
    """What the base reads of a rules package's `result(game)`."""

    @property
    def winners(self) -> tuple[int, ...]: ...


class SeatViewFields(Protocol):
    """What the base reads of a seat's view (a rules package's `view(game, seat)`)."""

    @property
    def seat(self) -> int: ...

    @property
    def legal_actions(self) -> Sequence[Any]: ...


class RulesPackage(Protocol):
    """The rules functions the contract passes through (a game's `rules` package)."""

    @property
    def Game(self) -> type[Any]: ...  # noqa: N802 (the rules' own class name)

    @property
    def Variant(self) -> type[Any]: ...  # noqa: N802 (the rules' own class name)

    def new_game(self, players: tuple[str, ...], seed: int, variant: Any) -> Any: ...

    def apply(self, game: Any, action: Any) -> Any: ...

    def legal_actions(self, game: Any) -> Sequence[Any]: ...

    def legal_actions_for(self, game: Any, player: int) -> Sequence[Any]: ...

    def players_to_act(self, game: Any) -> tuple[int, ...]: ...

    def view(self, game: Any, seat: int) -> Any: ...

    def replay(
        self, players: tuple[str, ...], setup: Any, variant: Any, actions: Sequence[Any], seed: int | None
    ) -> Any: ...

    def result(self, game: Any) -> Outcome: ...


class RecordPackage(Protocol):
    """The record functions the contract passes through (a game's `record` module)."""

    def action_to_dict(self, action: Any) -> dict[str, Any]: ...

    def action_from_dict(self, data: Any, where: str) -> Any: ...

    def setup_to_dict(self, setup: Any) -> dict[str, Any]: ...

    def export_record(self, game: Any) -> dict[str, Any]: ...

    def import_record(self, data: Any) -> Any: ...

    def result_to_dict(self, game: Any) -> dict[str, Any]: ...


class WirePackage(Protocol):
    """The hub protocol's view functions (a game's `wire` module)."""

    def encode_view(self, view: Any) -> dict[str, Any]: ...

    def decode_view(self, data: Any) -> Any: ...

    def result_from_wire(self, data: Any) -> Any: ...


class TwinPackage(Protocol):
    """A game with hidden information: its `twin` module (see `GameModule.hidden_twin`)."""

    def hidden_twin(self, game: Any, seat: int, seed: int) -> Any: ...


class RulesModule(GameModule):
    """A `GameModule` over a game's `rules`, `record` and `wire` modules.

    A subclass assigns those modules (and `twin`, `ui_package` when it has
    them) and writes the rest of the contract; it overrides any method here
    whose body differs for its game.
    """

    rules: RulesPackage
    record: RecordPackage
    wire: WirePackage
    twin: TwinPackage | None = None
    """None: nothing is hidden, `hidden_twin` returns the game itself."""
    ui_package: str
    """The dotted name of the package whose `UI` is the game's screens, imported by `ui()` only."""
    tutorial_module: str | None = None
    """The dotted name of the module whose `TUTORIAL` is the game's guided first game (None: none)."""

    def default_variant(self) -> Any:
        return self.rules.Variant()

    def owns(self, game: object) -> bool:
        return isinstance(game, self.rules.Game)

    def new_game(self, players: Sequence[str], seed: int, variant: Any) -> Any:
        return self.rules.new_game(tuple(players), seed, variant)

    def apply(self, game: Any, action: Any) -> Any:
        return self.rules.apply(game, action)

    def legal_actions(self, game: Any) -> Sequence[Any]:
        return self.rules.legal_actions(game)

    def legal_actions_for(self, game: Any, seat: int) -> Sequence[Any]:
        return self.rules.legal_actions_for(game, seat)

    def players_to_act(self, game: Any) -> tuple[int, ...]:
        return self.rules.players_to_act(game)

    def view(self, game: Any, seat: int) -> Any:
        return self.rules.view(game, seat)

    def has_move(self, view: Any) -> bool:
        seen: SeatViewFields = view
        return bool(seen.legal_actions)

    def may_send(self, view: Any, action: Any) -> bool:
        seen: SeatViewFields = view
        return seen.seat != SPECTATOR and action in seen.legal_actions

    def rebuild(self, game: Any, actions: Sequence[Any]) -> Any:
        return self.rules.replay(game.players, game.setup, game.variant, actions, game.seed)

    def winners(self, game: Any) -> tuple[int, ...]:
        return self.rules.result(game).winners

    def action_to_dict(self, action: Any) -> dict[str, Any]:
        return self.record.action_to_dict(action)

    def action_from_dict(self, data: Any, where: str) -> Any:
        return self.record.action_from_dict(data, where)

    def save_body(self, game: Any) -> dict[str, Any]:
        return {
            "variant": self.variant_to_dict(game.variant),
            "setup": self.record.setup_to_dict(game.setup),
            "actions": [self.record.action_to_dict(action) for action in game.actions],
        }

    def export_record(self, game: Any) -> dict[str, Any]:
        return self.record.export_record(game)

    def import_record(self, data: Any) -> Any:
        return self.record.import_record(data)

    def result_to_dict(self, game: Any) -> dict[str, Any]:
        return self.record.result_to_dict(game)

    def encode_view(self, view: Any) -> dict[str, Any]:
        return self.wire.encode_view(view)

    def decode_view(self, data: Any) -> Any:
        return self.wire.decode_view(data)

    def result_from_wire(self, data: Any) -> Any:
        return self.wire.result_from_wire(data)

    def hidden_twin(self, game: Any, seat: int, seed: int) -> Any:
        return game if self.twin is None else self.twin.hidden_twin(game, seat, seed)

    def ui(self) -> object:
        screens: object = importlib.import_module(self.ui_package).UI
        return screens

    def cli_commands(self) -> Sequence[CliCommand]:
        return ()

    def tutorial(self) -> Tutorial | None:
        if self.tutorial_module is None:
            return None
        found = importlib.import_module(self.tutorial_module).TUTORIAL
        if not isinstance(found, Tutorial):
            raise TypeError(f"{self.tutorial_module}.TUTORIAL is not a Tutorial")
        return found
