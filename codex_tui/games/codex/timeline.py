"""A saved game as a timeline: the state after any number of its actions.

The replay viewer steps, jumps and scrubs through a game. The engine can
only go forward (`apply`), so the timeline replays the whole log once when
it is built and keeps the state at every `every`-th action (a checkpoint);
any other state is the nearest earlier checkpoint plus at most `every - 1`
actions, and the state served last is kept too, so stepping forward costs
one `apply`. States are immutable `Game` values, so handing out a cached one
is safe. benchmarks/replay.py measures the trade-off; a real game has under
200 actions and replays in about a millisecond, so a seek is far below what
a screen refresh notices at any checkpoint spacing.

Turns: turn 0 is set-up (starter sides and secret objectives); turn n >= 1
starts with its player's placement (or pass) and includes the draw after it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence

from codex_tui.games.codex.rules import (
    Action,
    Game,
    IllegalAction,
    LogEntry,
    Pass,
    Phase,
    Place,
    ReplayError,
    Setup,
    Variant,
    apply,
    start,
)

CHECKPOINT_EVERY = 8
"""Default spacing of cached states (see benchmarks/replay.py for the numbers)."""


def starts_turn(action: Action) -> bool:
    """A placement or a pass is the first action of a turn."""
    return isinstance(action, Place | Pass)


def turn_starts(actions: Iterable[Action]) -> tuple[int, ...]:
    """Index of the first action of turn 1, turn 2, ... in `actions`."""
    return tuple(index for index, action in enumerate(actions) if starts_turn(action))


def turn_number(game: Game) -> int:
    """The turn in progress, or the last one played once the game is over.

    Between turns (the next player has not placed yet) the next turn is the
    one in progress, which is what a "Turn 12" label should say.
    """
    started = sum(1 for entry in game.log if starts_turn(entry.action))
    return started + 1 if game.phase is Phase.PLACE else started


class Timeline:
    """Every state of one game, from its deal to its last action.

    Built from the game's setup and actions (or a `Game`, whose log is used;
    a loaded save: `Timeline.of_game(saved.game)`). Building replays every action and raises the engine's
    ReplayError for the first illegal one, like `replay`.
    """

    def __init__(
        self,
        players: Sequence[str],
        setup: Setup,
        variant: Variant,
        actions: Iterable[Action],
        seed: int | None = None,
        *,
        every: int = CHECKPOINT_EVERY,
    ) -> None:
        if every < 1:
            raise ValueError("checkpoints must be at least one action apart")
        self.every = every
        game = start(players, setup, variant, seed)
        self.start = game
        checkpoints = [game]
        phases = [game.phase]
        for index, action in enumerate(actions):
            try:
                game = apply(game, action)
            except IllegalAction as error:
                raise ReplayError(index, error) from error
            phases.append(game.phase)
            if (index + 1) % every == 0:
                checkpoints.append(game)
        self.final = game
        self._checkpoints = tuple(checkpoints)
        self._phases = tuple(phases)
        self._last: tuple[int, Game] = (len(game.log), game)
        self.entries: tuple[LogEntry, ...] = game.log
        """What each action did (points, cards drawn...): entries[i] is action i's."""
        self.actions: tuple[Action, ...] = game.actions
        self.turn_starts: tuple[int, ...] = turn_starts(self.actions)
        """turn_starts[n - 1] is the index of the first action of turn n."""

    @classmethod
    def of_game(cls, game: Game, *, every: int = CHECKPOINT_EVERY) -> Timeline:
        """The timeline of `game`'s log (for a record: `of_game(import_record(data))`)."""
        return cls(game.players, game.setup, game.variant, game.actions, game.seed, every=every)

    # ------------------------------------------------------------- states

    def __len__(self) -> int:
        """How many actions; states go from 0 (the deal) to len (the end)."""
        return len(self.actions)

    @property
    def players(self) -> tuple[str, ...]:
        return self.start.players

    def _check(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self.actions):
            raise IndexError(f"a state index is 0-{len(self.actions)}, not {index!r}")

    def state_at(self, index: int) -> Game:
        """The game after its first `index` actions; equal to replaying them."""
        self._check(index)
        if index == len(self.actions):
            return self.final
        last_index, last = self._last
        if last_index == index:
            return last
        base_index = index - index % self.every
        if base_index <= last_index < index:
            base_index, game = last_index, last  # stepping forward: reuse the state shown last
        else:
            game = self._checkpoints[base_index // self.every]
        for action in self.actions[base_index:index]:
            game = apply(game, action)
        self._last = (index, game)
        return game

    def phase_at(self, index: int) -> Phase:
        """The phase of `state_at(index)`, without building that state."""
        self._check(index)
        return self._phases[index]

    # -------------------------------------------------------------- turns

    @property
    def turns(self) -> int:
        """How many turns were started (set-up not counted)."""
        return len(self.turn_starts)

    def turn_start(self, turn: int) -> int:
        """The state index just before turn `turn` begins; turn 0 is the deal.

        `state_at(turn_start(n))` is the table as the player of turn n found it.
        """
        if not 0 <= turn <= self.turns:
            raise IndexError(f"this game has turns 0-{self.turns}, not {turn}")
        return 0 if turn == 0 else self.turn_starts[turn - 1]

    def turn_at(self, index: int) -> int:
        """The turn `state_at(index)` is in: `turn_number(state_at(index))`, cheaply."""
        self._check(index)
        started = bisect_left(self.turn_starts, index)
        return started + 1 if self._phases[index] is Phase.PLACE else started

    # ------------------------------------------------------------ the log

    def action_at(self, index: int) -> Action:
        """Action `index` (0-based): the one that leads from state index to index + 1."""
        return self.actions[index]

    def entry_at(self, index: int) -> LogEntry:
        """What action `index` did; the log line to highlight after it is the one at index - 1."""
        return self.entries[index]


__all__ = ["CHECKPOINT_EVERY", "Timeline", "starts_turn", "turn_number", "turn_starts"]
