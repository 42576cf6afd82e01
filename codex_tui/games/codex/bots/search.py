"""The search bot: Monte Carlo search over determinisations of what it cannot see.

Each decision (a placement, a draw, a set-up choice) is searched on its own:

1. The view is read once for what it implies (`determinize.read_knowledge`).
2. The legal moves are ranked by a heuristic and cut to a short list
   (`candidates.root_candidates`).
3. Sequential halving shares the playout budget among the candidates: every
   round, each surviving candidate is played out on the *same* sampled
   determinisations with the same playout seeds (common random numbers, so
   a candidate wins by being better, not by drawing luckier decks); the worse
   half is dropped; the last one standing is played.

After a placement candidate, the seat's own draw is a second tree level
(`DrawNode`, UCB1): the seat knows the market and the two deck draws in every
determinisation, so that node is an information set shared by all samples.
Below it, the fast playout policy (`policy.py`) plays every seat to the end
of the game, so the end-game race, the draws and the objectives all show in
the final scores the playouts return.

The result depends only on the view and the bot's seed: the random generator
of a decision is seeded from them, and the budget is a number of playouts,
not a time (a wall-clock cap exists for interactive use but is off by default).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from codex_tui.games.codex.bots.candidates import Macro, root_candidates
from codex_tui.games.codex.bots.determinize import Knowledge, read_knowledge, sample_game
from codex_tui.games.codex.bots.policy import FAST, PlayoutPolicy, playout
from codex_tui.games.codex.rules import Action, Game, Phase, SeatView, apply, legal_actions, result
from codex_tui.games.codex.rules.objectives import objective_points

_MASK = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How hard the bot thinks. `playouts` is per decision, shared by its candidates."""

    playouts: int
    """Playouts per decision in a 2-player game; with more players a playout is that much
    longer, so the budget shrinks in proportion (4 players: half) to keep the thinking time."""
    candidates: int = 10
    """Placements kept for the search after the heuristic ranking."""
    margin_weight: float = 0.02
    """Reward per point of lead over the best opponent, added to the win (0, 1/k or 1)."""
    secret_inference: float = 1.0
    """How strongly the others' play suggests their secret (0: every unseen objective alike)."""
    draw_tree: bool = False
    """Search the seat's own draw after each placement candidate (a second tree level, UCB1)
    instead of leaving it to the playout policy."""
    exploration: float = 0.4
    """UCB1 exploration constant of the draw level (rewards are about 0..1)."""
    policy: PlayoutPolicy = FAST
    """How the playouts play (FAST; BALANCED, which judges positions better; or the slower CAREFUL)."""
    time_limit: float | None = None
    """Optional wall-clock cap in seconds; None keeps the bot deterministic."""


@dataclass(slots=True)
class SearchStats:
    """What the last decision cost, for benchmarks."""

    playouts: int = 0
    seconds: float = 0.0
    candidates: int = 0
    values: dict[Action, float] = field(default_factory=dict)


def decision_seed(seed: int, view: SeatView) -> int:
    """A seed for one decision, from the bot's seed and what the view shows of the moment."""
    value = (seed & _MASK) * 0x9E3779B97F4A7C15 + view.seat * 0xBF58476D1CE4E5B9
    value += len(view.log) * 0x94D049BB133111EB + len(view.legal_actions)
    return value & _MASK


def playout_budget(config: SearchConfig, players: int) -> int:
    """The playouts of one decision at this table size (see `SearchConfig.playouts`)."""
    return max(1, config.playouts * 2 // players)


def lead(totals: Sequence[int], seat: int) -> int:
    """The seat's total minus the best other seat's (negative when behind)."""
    return totals[seat] - max(total for index, total in enumerate(totals) if index != seat)


def reward(final: Game, seat: int, margin_weight: float) -> float:
    """Win share (1, or 1/k for a shared win) plus a small bonus for the lead."""
    outcome = result(final)
    win = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    return win + margin_weight * lead(outcome.totals, seat)


def secret_weights(view: SeatView, knowledge: Knowledge, strength: float) -> list[list[float]] | None:
    """Per seat, a weight for each unseen objective being its secret.

    Players steer towards their secret, so an objective that another seat's
    area already meets well is a likelier secret (and a likelier threat).
    """
    if strength <= 0:
        return None
    weights: list[list[float]] = []
    for index, seat in enumerate(view.seats):
        if index == view.seat or not seat.has_secret:
            weights.append([1.0] * len(knowledge.unseen_objectives))
            continue
        weights.append([1.0 + strength * objective_points(seat.area, o) for o in knowledge.unseen_objectives])
    return weights


@dataclass(slots=True)
class DrawNode:
    """The seat's own draw after one placement candidate: UCB1 over the draws offered.

    This is an information set of the seat: the market is the same in every
    determinisation, and the deck draws are the same two actions, so the
    statistics can be shared across samples.
    """

    totals: dict[Action, float] = field(default_factory=dict)
    visits: dict[Action, int] = field(default_factory=dict)

    def select(self, options: Sequence[Action], exploration: float) -> Action:
        for option in options:
            if option not in self.visits:
                return option
        log_total = math.log(sum(self.visits[o] for o in options))
        return max(
            options,
            key=lambda o: self.totals[o] / self.visits[o] + exploration * math.sqrt(log_total / self.visits[o]),
        )

    def update(self, option: Action, value: float) -> None:
        self.totals[option] = self.totals.get(option, 0.0) + value
        self.visits[option] = self.visits.get(option, 0) + 1


class SearchBot:
    """Sequential-halving Monte Carlo search over determinisations of the view."""

    def __init__(self, seed: int, config: SearchConfig, name: str = "search") -> None:
        self.seed = seed
        self.config = config
        self.name = name
        self.stats = SearchStats()

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        started = time.perf_counter()
        self.stats = SearchStats()
        if len(legal) == 1:
            return legal[0]
        candidates = root_candidates(view, self.config.candidates)
        self.stats.candidates = len(candidates)
        if len(candidates) == 1:
            return candidates[0][0]
        best = self._halving(view, candidates, random.Random(decision_seed(self.seed, view)), started)
        self.stats.seconds = time.perf_counter() - started
        return best[0]

    def judge(self, game: Game, seat: int, rng: random.Random, candidate: int, drawn: Action | None) -> float:
        """One playout's reward from `game`, where candidate number `candidate` and then the seat's
        draw `drawn` (None if the search left it to the playout) were played.

        A method, and told which candidate and draw it judges, so that a trial of another
        verdict (`benchmarks/expert/trial_search.py`) changes only this, not the search around it."""
        return reward(playout(game, rng, self.config.policy), seat, self.config.margin_weight)

    def _halving(self, view: SeatView, candidates: Sequence[Macro], rng: random.Random, started: float) -> Macro:
        config = self.config
        knowledge = read_knowledge(view)
        weights = secret_weights(view, knowledge, config.secret_inference)
        count = len(candidates)
        totals = [0.0] * count
        visits = [0] * count
        nodes = [DrawNode() for _ in range(count)]
        alive = list(range(count))
        rounds = max(1, math.ceil(math.log2(count)))
        remaining = playout_budget(config, len(view.seats))
        deadline = None if config.time_limit is None else started + config.time_limit
        for round_index in range(rounds):
            if len(alive) == 1:
                break
            per_candidate = max(1, remaining // (rounds - round_index) // len(alive))
            for _ in range(per_candidate):
                if deadline is not None and visits[alive[0]] and time.perf_counter() > deadline:
                    break
                sample = sample_game(view, knowledge, rng, weights)
                playout_seed = rng.getrandbits(64)
                for index in alive:
                    game = sample
                    for action in candidates[index]:
                        game = apply(game, action)
                    draw: Action | None = None
                    if config.draw_tree and game.phase is Phase.DRAW and game.current == view.seat:
                        draw = nodes[index].select(legal_actions(game), config.exploration)
                        game = apply(game, draw)
                    value = self.judge(game, view.seat, random.Random(playout_seed), index, draw)
                    if draw is not None:
                        nodes[index].update(draw, value)
                    totals[index] += value
                    visits[index] += 1
            remaining -= per_candidate * len(alive)
            alive.sort(key=lambda i: (-totals[i] / max(1, visits[i]), i))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        self.stats.playouts = sum(visits)
        self.stats.values = {candidates[i][0]: totals[i] / visits[i] for i in range(count) if visits[i]}
        return candidates[alive[0]]
