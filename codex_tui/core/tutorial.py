"""A guided first game, as data: a fixed deal, every move of it, and what to say before the learner's moves.

Each game's package writes its tutorial (`GameModule.tutorial`): the seed, the
seat the learner plays, the whole game's moves in the record's action form
(both seats', as a bot game once played them) and a `Lesson` for the moves
worth a word. One shell component runs any game's (`app/learning.py`): the
other seat plays its scripted moves, the learner's next move is put on show
as a hint would show it, and only that move goes on.

The script is read per seat ("the learner's fourth move"), never by its place
in the whole list: where both seats choose at once (a set-up, a secret pick)
the app may take them in either order, and undo stays possible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol


class ScriptRules(Protocol):
    """The two things a tutorial asks of its game's rules (every `GameModule` has them): named here
    rather than by importing the contract, which itself names `Tutorial`."""

    def action_from_dict(self, data: Any, where: str) -> Any: ...

    def legal_actions_for(self, game: Any, seat: int) -> Sequence[Any]: ...


@dataclass(frozen=True)
class Lesson:
    """What the tutorial says before one of the learner's moves, and what it points at."""

    text: str
    """The step's words (English, marked with the game's `N_`; drawn through `GameModule.translate`)."""
    point_at: tuple[str, ...] = ()
    """Ids of the game screen's widgets to outline ("tray", "score"): the game's own ids, which
    only its package knows; the move itself is shown as a hint shows it."""
    why: str = ""
    """The answer to another legal move: why this step wants its own (empty: the shell's general answer,
    the same for every game)."""


@dataclass(frozen=True)
class Tutorial:
    """One game's guided first game (see the module)."""

    seed: int
    learner: int
    """The seat the learner plays."""
    script: tuple[dict[str, Any], ...]
    """Every move of the game, both seats', in the record's action form (`GameModule.action_from_dict`)."""
    lessons: Mapping[int, Lesson]
    """By the learner's move number (0: their first move); a move without one gets `plain`."""
    plain: Lesson
    """The step for a move with nothing new to learn."""
    finale: str
    """Said over the final count, before the offer of a real game (English, the game's `N_`)."""
    variant: Any = None
    """The game's variant; None: its default."""
    offer_level: str = "easy"
    """The bot the last step offers a real game against."""
    steps: tuple[int, ...] = field(init=False)
    """The learner's move numbers that have a lesson, in order (for "step 3 of 9")."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(sorted(self.lessons)))

    def moves_of(self, module: ScriptRules, seat: int) -> tuple[Any, ...]:
        """The scripted moves of `seat`, in their order, as the game's actions."""
        moves = (module.action_from_dict(data, f"tutorial move {n + 1}") for n, data in enumerate(self.script))
        return tuple(move for move in moves if move.player == seat)

    def lesson(self, move: int) -> Lesson:
        return self.lessons.get(move, self.plain)

    def step_number(self, move: int) -> int:
        """How many lessons have come up to `move` (the learner's move number), this one included."""
        return sum(1 for step in self.steps if step <= move)


def moves_made(game: Any, seat: int) -> int:
    """How many moves `seat` has made in `game` (the script's index for its next one)."""
    actions: Sequence[Any] = game.actions
    return sum(1 for action in actions if action.player == seat)


def scripted_move(moves: Sequence[Any], game: Any, seat: int) -> Any | None:
    """`seat`'s next move in the script, or None once the script has no more (or the game left it)."""
    made = moves_made(game, seat)
    return moves[made] if made < len(moves) else None


class Verdict(Enum):
    AWAITED = "awaited"
    """The move the step asks for: it is played."""
    OTHER = "other"
    """Another legal move: answered with why the step wants its own, not played."""
    ILLEGAL = "illegal"
    """Against the rules: the engine's refusal says which rule."""


def judge(module: ScriptRules, game: Any, action: Any, awaited: Any | None) -> Verdict:
    """What the tutorial makes of the learner's `action` when the step awaits `awaited`."""
    if awaited is not None and action == awaited:
        return Verdict.AWAITED
    if action in module.legal_actions_for(game, action.player):
        return Verdict.OTHER
    return Verdict.ILLEGAL
