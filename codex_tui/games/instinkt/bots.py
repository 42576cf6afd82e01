"""Instinkt bots: random, greedy, and two Monte Carlo searches over what the other player may hold.

Like the Codex bots, each is a function of one player's view. The searches
fill in the hidden part (the other hand, both piles, the other's secret
pick) at random, consistently with what the view shows, play each sample to
the end at random, and keep the move that does best: `SearchBot` (hard)
gives each move its own samples, `HalvingSearchBot` (expert) plays the
moves on shared samples and drops the worse half round by round.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from codex_tui.games.instinkt.rules.actions import Action, Axis, Choose, End, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import ALL_ANIMALS, Animal
from codex_tui.games.instinkt.rules.engine import apply, apply_legal, legal_actions, legal_actions_for
from codex_tui.games.instinkt.rules.grid import deer_push, placement_cells, with_piece
from codex_tui.games.instinkt.rules.scoring import result, score_cards
from codex_tui.games.instinkt.rules.state import Game, Grid, Piece, Seat, Setup, Variant
from codex_tui.games.instinkt.rules.view import SeatView
from codex_tui.games.instinkt.text import N_

InstinktBot = Callable[[SeatView], Action]


def margin(grid: Grid, player: int) -> int:
    """Points of `player` minus the other's, if the game ended with this grid."""
    scores = score_cards(grid)
    return sum(s.points if s.owner == player else -s.points for s in scores)


def grid_after(grid: Grid, action: Action, animal: Animal | None) -> Grid:
    """The grid once `action` is played with `animal` as the seat's card this round (Place needs it)."""
    if isinstance(action, Place) and animal is not None:
        return with_piece(grid, (action.x, action.y), Piece(action.player, animal))
    if isinstance(action, Enter):
        pushed = deer_push(grid, Axis(action.axis), action.index, End(action.end), Piece(action.player, Animal.DEER))
        return pushed[0] if pushed else grid
    if isinstance(action, Move):
        moved = dict(grid)
        moved[(action.to_x, action.to_y)] = moved.pop((action.from_x, action.from_y))
        return moved
    return grid


def _best_cell_gain(grid: Grid, player: int, animal: Animal) -> int:
    """How much placing `animal` at its best cell now would gain (deer: its best entry)."""
    base = margin(grid, player)
    best = -99
    for x, y in placement_cells(grid):
        best = max(best, margin(with_piece(grid, (x, y), Piece(player, animal)), player) - base)
    return best


KEEP_VALUE = {
    Animal.SNAKE: 6,
    Animal.RACCOON: 5,
    Animal.DEER: 4,
    Animal.WOLF: 4,
    Animal.OWL: 4,
    Animal.CAT: 3,
    Animal.WOLPERTINGER: 3,
}


def greedy_choice(v: SeatView, rng: random.Random) -> Action:
    """Best immediate margin; ties broken at random (seeded)."""
    actions = list(v.legal_actions)
    if not actions:
        raise ValueError(f"player {v.seat} has nothing to do now")
    first = actions[0]
    if isinstance(first, Keep):
        keeps = [a for a in actions if isinstance(a, Keep)]
        return max(keeps, key=lambda a: sum(KEEP_VALUE.get(c, 2) + c.number / 20 for c in a.cards))
    if isinstance(first, Choose):
        scored = []
        for action in actions:
            assert isinstance(action, Choose)
            if action.card is Animal.SNAKE:
                value = -1.0  # the greedy bot keeps its snake for the end
            else:
                value = _best_cell_gain(v.grid, v.seat, action.card) + action.card.number / 100
            scored.append((value, rng.random(), action))
        return max(scored)[2]
    animal = v.chosen
    scored_moves = [(margin(grid_after(v.grid, a, animal), v.seat), rng.random(), a) for a in actions]
    return max(scored_moves, key=lambda item: (item[0], item[1]))[2]


def random_choice(v: SeatView, rng: random.Random) -> Action:
    actions = v.legal_actions
    if not actions:
        raise ValueError(f"player {v.seat} has nothing to do now")
    return actions[rng.randrange(len(actions))]


# ---------------------------------------------------------------- search


def _known_out(v: SeatView, player: int) -> list[Animal]:
    """The cards of `player` the viewer has seen leave their hand (revealed or on the grid)."""
    seen: list[Animal] = []
    for entry in v.log:
        if entry.revealed is not None:
            seen.append(entry.revealed[player])
    chosen = v.revealed[player]
    if chosen is not None and chosen not in seen:
        seen.append(chosen)
    return seen


def sample_game(v: SeatView, rng: random.Random) -> Game:
    """A full game consistent with the view: unknown cards dealt at random."""
    me, other = v.seat, 1 - v.seat
    seats: list[Seat] = [Seat((), (), None, ()), Seat((), (), None, ())]
    mine_out = _known_out(v, me)
    my_unknown = [a for a in ALL_ANIMALS if a not in v.hand and a not in mine_out and a is not v.chosen]
    rng.shuffle(my_unknown)
    seats[me] = Seat(v.hand, tuple(my_unknown), v.chosen, tuple(a for a in mine_out if a is not v.chosen))
    their_out = _known_out(v, other)
    their_chosen = v.revealed[other]
    unknown = [a for a in ALL_ANIMALS if a not in their_out]
    rng.shuffle(unknown)
    if v.has_chosen[other] and their_chosen is None:
        their_chosen = unknown.pop()  # a secret pick made this round: any of the unseen cards
    hand_size = v.hand_sizes[other]
    seats[other] = Seat(
        tuple(unknown[:hand_size]),
        tuple(unknown[hand_size:]),
        their_chosen,
        tuple(a for a in their_out if a is not their_chosen),
    )
    return Game(
        players=v.players,
        variant=Variant(),
        setup=Setup(piles=(ALL_ANIMALS, ALL_ANIMALS), token=v.token),
        seats=(seats[0], seats[1]),
        grid=dict(v.grid),
        token=v.token,
        phase=v.phase,
        order=v.order,
        round=v.round,
        log=(),
    )


def playout(game: Game, rng: random.Random) -> Game:
    """Play to the end at random: cheap, so many samples fit in a move's budget.

    (Greedy playouts played better per sample but cost ~50 times more; at an
    equal time budget random ones won more games against the greedy bot.)
    """
    while not game.is_over:
        actions = legal_actions(game)
        game = apply_legal(game, actions[rng.randrange(len(actions))])
    return game


def candidates(v: SeatView, actions: list[Action], width: int) -> list[Action]:
    """The moves worth a search: every card to choose, else the `width` best for points now."""
    if isinstance(actions[0], Choose) or len(actions) <= width:
        return actions
    ranked = sorted(actions, key=lambda a: -margin(grid_after(v.grid, a, v.chosen), v.seat))
    return ranked[:width]


def reward(final: Game, seat: int) -> float:
    """A playout's worth to `seat`: the win (1, ½ shared, 0) and a hundredth per point of margin."""
    outcome = result(final)
    won = 1.0 if outcome.winners == (seat,) else 0.5 if seat in outcome.winners else 0.0
    return won + (outcome.points[seat] - outcome.points[1 - seat]) / 100


def unsearched_move(v: SeatView, rng: random.Random) -> Action | None:
    """The move a search need not think about: the only one, or the greedy keep of the draft
    (which both searches leave to the greedy bot); None when there is a choice to search."""
    actions = v.legal_actions
    if len(actions) == 1:
        return actions[0]
    if isinstance(actions[0], Keep):
        return greedy_choice(v, rng)
    return None


class SearchBot:
    """Flat Monte Carlo over determinisations.

    The `width` moves the greedy bot likes best are each tried on `samples`
    random determinisations of the hidden cards, played to the end at random;
    the move with the best average (wins, then point margin) is chosen.
    """

    def __init__(self, seed: int = 0, samples: int = 16, width: int = 6) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.width = width

    def __call__(self, v: SeatView) -> Action:
        settled = unsearched_move(v, self.rng)
        if settled is not None:
            return settled
        actions = candidates(v, list(v.legal_actions), self.width)
        best: tuple[float, Action] | None = None
        for action in actions:
            total = 0.0
            for _ in range(self.samples):
                game = sample_game(v, self.rng)
                if action not in legal_actions_for(game, v.seat):
                    continue
                total += reward(playout(apply(game, action), self.rng), v.seat)
            if best is None or total > best[0]:
                best = (total, action)
        assert best is not None
        return best[1]


class HalvingSearchBot:
    """Monte Carlo search with sequential halving and common random numbers.

    Where `SearchBot` gives every move its own samples, this one plays every
    surviving move on the *same* determinisations with the same playout seed,
    so a move wins by being better rather than by meeting luckier hidden
    cards; each round the worse half is dropped and the budget goes to the
    rest. The budget is a number of playouts, so the moves depend only on the
    view and the seed. A move of the view is legal in every sample (it depends
    only on the grid and the seat's own cards, which the view shows), so the
    playouts apply it unchecked.
    """

    def __init__(self, seed: int = 0, playouts: int = 400, width: int = 10) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.width = width

    def __call__(self, v: SeatView) -> Action:
        settled = unsearched_move(v, self.rng)
        if settled is not None:
            return settled
        alive = candidates(v, list(v.legal_actions), self.width)
        totals = dict.fromkeys(alive, 0.0)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        remaining = self.playouts
        for round_index in range(rounds):
            if len(alive) == 1:
                break
            per_move = max(1, remaining // (rounds - round_index) // len(alive))
            for _ in range(per_move):
                game = sample_game(v, self.rng)
                playout_seed = self.rng.getrandbits(64)
                for action in alive:
                    final = playout(apply_legal(game, action), random.Random(playout_seed))
                    totals[action] += reward(final, v.seat)
            remaining -= per_move * len(alive)
            alive = sorted(alive, key=lambda a: -totals[a])[: max(1, (len(alive) + 1) // 2)]
        return alive[0]


LEVELS: dict[str, str] = {
    "easy": N_("any legal move, at random"),
    "normal": N_("the most points now"),
    "hard": N_("strong: tries its best moves against guesses of your hidden cards, a quarter of a second a move"),
    "expert": N_("the strongest: checks its best moves against many more guesses, about a second a move"),
}
"""Level name -> how it plays (a text id of Instinkt's catalog), weakest first."""
LEVEL_RATINGS: dict[str, int] = {"easy": 910, "normal": 1500, "hard": 1566, "expert": 1725}
"""The fixed rating each level plays at on a rated table (docs/ratings.md has the matches they come from):
`normal` is put at 1500, where a new player starts; easy is 590 below it (normal won 194 / 200), hard 66
above (it won 119 / 200 against normal), expert 159 above hard (it won 143 / 200 against hard)."""
ALIASES = {"random": "easy", "greedy": "normal"}
"""Codex bot levels that have no Instinkt twin map to the nearest one."""


def make_instinkt_bot(level: str, seed: int = 0) -> InstinktBot:
    level = ALIASES.get(level, level)
    rng = random.Random(seed)
    if level == "easy":
        return lambda v: random_choice(v, rng)
    if level == "normal":
        return lambda v: greedy_choice(v, rng)
    if level == "hard":
        return SearchBot(seed)
    if level == "expert":
        return HalvingSearchBot(seed)
    raise ValueError(f"unknown Instinkt bot {level!r}; choose one of: {', '.join(LEVELS)}")


def instinkt_levels() -> Sequence[str]:
    return tuple(LEVELS)
