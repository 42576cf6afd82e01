"""Searches tried as the expert that change what a playout is, set up for `expert_trials.py`;
nothing the shipped bots play changes.

Each is `search.SearchBot` with another verdict on a position after a
candidate (`SearchBot.judge`); the sequential halving around it is the shipped
one.

`OwnNextSearch`, the issue's "deeper search of the seat's own next turns". The
shipped search compares its candidates by playouts in which the policy plays
the seat's next turn, noisily, so a candidate that sets up a gold or a pattern
is worth only what the noisy policy makes of it. Here that next turn is a third
tree level. The seat's area after a candidate is the same in every
determinisation, and so is its hand after a market draw (after a blind draw it
differs by the card drawn), so the next placement is an information set keyed
by (candidate, draw, hand). Its options are the cards of that hand (face up; on
their backs if none fits face up), each at the spot the careful policy would
pick for it, chosen by UCB1 like the draw level. The opponents' moves between
the two turns, and everything after, stay the policy's.

`ModelledOpponents`, the issue's "opponent moves chosen by the careful policy":
the other seats play out by a policy of their own, the seat by its config's.

Each plays as many playouts as its config says; what a trial costs beyond the
shipped search shows in the CPU a move that `expert_trials.py` records, and
the candidates' budgets there are cut to match.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from codex_tui.games.codex.bots.candidates import Macro
from codex_tui.games.codex.bots.cardinfo import CARDS
from codex_tui.games.codex.bots.policy import (
    PlayoutPolicy,
    choose_spot,
    draw_choice,
    patterns_of,
    placement,
    requirement_met,
    seat_objectives,
    seat_playout,
    symbol_weights,
)
from codex_tui.games.codex.bots.search import (
    DrawNode,
    SearchBot,
    SearchConfig,
    reward,
)
from codex_tui.games.codex.bots.simulate import Table, draw, end_turn, game_of, place, table_of
from codex_tui.games.codex.rules import Action, Game, Phase, Place, SeatView, Side


def next_options(table: Table, seat: int) -> list[Place]:
    """Each card the seat can play face up now (each on its back if none can), at the spot the
    careful policy picks for it. Backs are left out while a front can be played: UCB1 tries every
    option once before it prefers any, and in the few visits an information set gets, trying
    three backs would drown its value in moves the policy itself rarely plays.

    The spot rule's ties are broken by a fixed generator, so the same hand on the
    same area gives the same options in every determinisation."""
    state = table.seats[seat]
    area = state.area
    spots = tuple(area.open_spots)
    if not spots or not state.hand:
        return []
    objectives = seat_objectives(table, seat)
    weights = symbol_weights(state.hand, area.counts, objectives)
    patterns = patterns_of(objectives)
    ties = random.Random(0)
    cards = dict.fromkeys(state.hand)
    fronts = [card for card in cards if not CARDS[card].gold or requirement_met(CARDS[card], area.counts)]
    side = Side.FRONT if fronts else Side.BACK
    options: list[Place] = []
    for card in fronts or cards:
        x, y = choose_spot(area, CARDS[card], side, spots, weights, patterns, ties, every_spot=True)
        options.append(Place(seat, card, side, x, y))
    return options


@dataclass(slots=True)
class NextNode:
    """The seat's next placement in one information set: its options, and UCB1 over them (the
    draw level's `DrawNode`, which takes any actions)."""

    options: list[Place]
    choice: DrawNode = field(default_factory=DrawNode)


def play_on(
    table: Table,
    seat: int,
    rng: random.Random,
    search: SearchBot,
    nodes: dict[tuple[int, Action | None, tuple[int, ...]], NextNode],
    candidate: int,
    drawn: Action | None,
) -> tuple[NextNode, Place] | None:
    """Play the table to the end: the policy everywhere but the seat's next placement, which its
    node chooses. Returns that node and the option played (None if the seat never placed)."""
    policy = search.config.policy
    chosen: tuple[NextNode, Place] | None = None
    decided = False
    while True:
        phase = table.phase
        if phase is Phase.PLACE:
            if not decided and table.current == seat:
                decided = True
                key = (candidate, drawn, tuple(table.seats[seat].hand))
                node = nodes.get(key)
                if node is None:
                    node = nodes[key] = NextNode(next_options(table, seat))
                if node.options:
                    option = node.choice.select(node.options, search.config.exploration)
                    assert isinstance(option, Place)
                    place(table, option.card, option.side, option.x, option.y)
                    chosen = (node, option)
                    continue
            picked = placement(table, rng, policy)
            if picked is None:
                end_turn(table)
            else:
                place(table, *picked)
        elif phase is Phase.DRAW:
            source, card = draw_choice(table, rng, policy)
            draw(table, source, card)
        else:
            return chosen


class OwnNextSearch(SearchBot):
    """The search with the seat's next placement searched too (see the module's docstring)."""

    def __init__(self, seed: int, config: SearchConfig, name: str = "ownnext") -> None:
        super().__init__(seed, config, name=name)
        self.next_nodes: dict[tuple[int, Action | None, tuple[int, ...]], NextNode] = {}

    def _halving(self, view: SeatView, candidates: Sequence[Macro], rng: random.Random, started: float) -> Macro:
        self.next_nodes = {}
        return super()._halving(view, candidates, rng, started)

    def judge(self, game: Game, seat: int, rng: random.Random, candidate: int, drawn: Action | None) -> float:
        if game.phase is Phase.SETUP or game.phase is Phase.OVER:
            return super().judge(game, seat, rng, candidate, drawn)
        table = table_of(game)
        chosen = play_on(table, seat, rng, self, self.next_nodes, candidate, drawn)
        value = reward(game_of(table), seat, self.config.margin_weight)
        if chosen is not None:
            node, option = chosen
            node.choice.update(option, value)
        return value


class ModelledOpponents(SearchBot):
    """The search with the other seats played out by a policy of their own (the issue's "opponent
    moves chosen by the careful policy"): the seat's own moves stay its config's policy."""

    def __init__(self, seed: int, config: SearchConfig, opponents: PlayoutPolicy, name: str) -> None:
        super().__init__(seed, config, name=name)
        self.opponents = opponents

    def judge(self, game: Game, seat: int, rng: random.Random, candidate: int, drawn: Action | None) -> float:
        policies = [self.opponents] * len(game.seats)
        policies[seat] = self.config.policy
        return reward(seat_playout(game, rng, policies), seat, self.config.margin_weight)
