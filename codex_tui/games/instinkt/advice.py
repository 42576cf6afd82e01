"""Instinkt hints and reviews: the search bot's Monte Carlo, read as expected final margins.

This module judges moves for reviews, picks the hint (the best move of the
same judgement, so a hint followed is never a review's mistake), and puts
moves and reasons into words. `assess` tries the moves
the search bot would try (every card to choose or keep, else the best few
for points now) plus the move played, each on the same sampled deals of the
cards the seat cannot see, played to the end at random with the same random
stream per sample (common random numbers: two moves differ by what they do,
not by luck of the draw). Everything is read from the seat's view, so a game
that differs only in hidden cards gets the same answer.
"""

from __future__ import annotations

import random

from codex_tui.core.advice import Assessment, Estimate
from codex_tui.games.instinkt.animal_words import animal_name, comma, the_animal, why_text
from codex_tui.games.instinkt.bots import ALIASES, KEEP_VALUE, candidates, grid_after, margin, playout, sample_game
from codex_tui.games.instinkt.coords import at_cell, card_text, cell_name, line_text
from codex_tui.games.instinkt.rules.actions import Action, Choose, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.engine import apply, deer_entries, legal_actions_for
from codex_tui.games.instinkt.rules.grid import placement_cells, with_piece
from codex_tui.games.instinkt.rules.history import totals
from codex_tui.games.instinkt.rules.scoring import result, score_cards
from codex_tui.games.instinkt.rules.state import Cell, Grid, Piece
from codex_tui.games.instinkt.rules.view import SeatView
from codex_tui.games.instinkt.text import _, ngettext
from codex_tui.i18n.lists import and_list
from codex_tui.i18n.numbers import signed

SAMPLES = {"easy": 8, "normal": 16, "hard": 32, "expert": 96}
"""Sampled deals per move compared, by level: the hard bot tries 16 per move, a review wants steadier numbers."""
WIDTH = 6
"""Moves for points now compared besides the one played (the hard bot's width)."""
HIGH = 8
"""A card number this high usually places first, so the reason says so."""


def samples_for(level: str) -> int:
    """The sample budget of `level` (a bot level, or a name the bots map to one)."""
    if level in SAMPLES:
        return SAMPLES[level]
    if level in ALIASES:
        return SAMPLES[ALIASES[level]]
    raise ValueError(f"unknown Instinkt level {level!r}; choose one of: {', '.join(SAMPLES)}")


def compared(view: SeatView, played: Action) -> list[Action]:
    """The moves an assessment compares: the one played first, then the search's own candidates."""
    actions = list(view.legal_actions)
    if played not in actions:
        raise ValueError(f"{played!r} is not a legal move for seat {view.seat} now")
    pool = actions if isinstance(actions[0], Keep) else candidates(view, actions, WIDTH)
    return [played, *(action for action in pool if action != played)]


def assess(view: SeatView, played: Action, level: str, seed: int) -> Assessment:
    """Each compared move's mean final margin (the seat's points minus the other's) on shared samples."""
    samples = samples_for(level)
    moves = compared(view, played)
    seat = view.seat
    sums = [0.0] * len(moves)
    counts = [0] * len(moves)
    for sample in range(samples):
        game = sample_game(view, random.Random(f"instinkt-advice:{seed}:{sample}"))
        legal = set(legal_actions_for(game, seat))
        for index, move in enumerate(moves):
            if move not in legal:  # never for a move of the view's; kept as the bot keeps it
                continue
            final = playout(apply(game, move), random.Random(f"instinkt-advice:{seed}:{sample}:play"))
            points = result(final).points
            sums[index] += points[seat] - points[1 - seat]
            counts[index] += 1
    estimates = [Estimate(move, sums[i] / max(counts[i], 1), counts[i]) for i, move in enumerate(moves)]
    best = max(estimates, key=lambda e: e.margin)  # the first of equals: the move played when it ties
    return Assessment(estimates[0], best)


def best_move(view: SeatView, level: str, seed: int) -> Action:
    """The move `assess` at `level` calls best from `view`: a review at that level finds nothing better than it."""
    actions = list(view.legal_actions)
    if len(actions) == 1:
        return actions[0]
    first = actions[0] if isinstance(actions[0], Keep) else candidates(view, actions, WIDTH)[0]
    best: Action = assess(view, first, level, seed).best.action
    return best


# ---------------------------------------------------------------- words


def move_text(view: SeatView, action: Action) -> str:
    """'choose 7 owl', '7 owl at g7', 'deer into row 7 from the left', 'raccoon: cat g6→h7'."""
    if isinstance(action, Keep):
        return _("keep {cards}").format(cards=comma().join(card_text(card) for card in action.cards))
    if isinstance(action, Choose):
        return _("choose {card}").format(card=card_text(action.card))
    if isinstance(action, Place):
        card = card_text(view.chosen) if view.chosen is not None else _("card")
        return _("{card} {where}").format(card=card, where=at_cell((action.x, action.y), view.grid))
    if isinstance(action, Enter):
        return _("deer into {line}").format(line=line_text(action))
    source, target = (action.from_x, action.from_y), (action.to_x, action.to_y)
    moved = animal_name(view.grid[source].animal) if source in view.grid else _("card")
    return _("raccoon: {card} {source}→{target}").format(card=moved, source=cell_name(source), target=cell_name(target))


def _points_now(view: SeatView, after: Grid) -> str:
    """'you 5 (+2), them 3 (-1) now'."""
    before, now = totals(view.grid), totals(after)
    me, them = view.seat, 1 - view.seat
    return _("you {mine} ({my_change}), them {theirs} ({their_change}) now").format(
        mine=now[me],
        my_change=signed(now[me] - before[me]),
        theirs=now[them],
        their_change=signed(now[them] - before[them]),
    )


def _why(grid: Grid, owner: int, animal: Animal) -> str:
    """'your owl: 2 of its colour in its row and column' (what the card scores on this grid)."""
    for score in score_cards(grid):
        if score.owner == owner and score.animal is animal:
            return _("your {animal}: {why}").format(animal=animal_name(animal), why=why_text(score.why))
    return _("your {animal}").format(animal=animal_name(animal))


def best_spot(view: SeatView, animal: Animal) -> tuple[Grid, Cell | Enter]:
    """Where `animal` adds the most to the seat's margin now (deer: its best entry), and the grid it leaves there.

    The first of equals in reading order of the cells (or of the deer's
    entries): the hint names it, and the placing cursor starts there.
    """
    base = margin(view.grid, view.seat)
    if animal is Animal.DEER:
        entries = deer_entries(view.grid, view.seat)
        if entries:
            grids = [(grid_after(view.grid, e, animal), e) for e in entries]
            return max(grids, key=lambda g: margin(g[0], view.seat) - base)
    spots = [(with_piece(view.grid, cell, Piece(view.seat, animal)), cell) for cell in placement_cells(view.grid)]
    grid, cell = max(spots, key=lambda s: margin(s[0], view.seat) - base)
    return grid, cell


def swing_text(view: SeatView, after: Grid) -> str:
    """'you +3, them -3, so you gain 6 points on them': both changes, then what they do to the gap between you."""
    before, now = totals(view.grid), totals(after)
    me, them = view.seat, 1 - view.seat
    mine, theirs = now[me] - before[me], now[them] - before[them]
    swing = mine - theirs
    if swing > 0:
        gap = ngettext("so you gain {n} point on them", "so you gain {n} points on them", swing)
    elif swing < 0:
        gap = ngettext("so you lose {n} point to them", "so you lose {n} points to them", -swing)
    else:
        gap = _("so the gap between you stays the same")
    return _("you {my_change}, them {their_change}, {gap}").format(
        my_change=signed(mine), their_change=signed(theirs), gap=gap.format(n=abs(swing))
    )


def hint_reason(view: SeatView, action: Action) -> str:
    """Points now and why the card scores, what a pick could make, and what stays in hand for later."""
    if isinstance(action, Keep):
        rest = list(view.hand)
        for card in action.cards:
            rest.remove(card)
        kept = and_list([the_animal(card) for card in sorted(action.cards, key=lambda c: -KEEP_VALUE.get(c, 2))])
        return _("keeps {kept}; {rest} go under your pile").format(
            kept=kept, rest=and_list([card_text(c) for c in rest])
        )
    if isinstance(action, Choose):
        return _choose_reason(view, action.card)
    after = grid_after(view.grid, action, view.chosen)
    now = _points_now(view, after)
    if isinstance(action, Place):
        animal = view.chosen if view.chosen is not None else Animal.SNAKE
        if animal is Animal.RACCOON:
            return _("{points}: {why}; then move one of your cards").format(
                points=now, why=_why(after, view.seat, animal)
            )
        return _("{points}: {why}").format(points=now, why=_why(after, view.seat, animal))
    if isinstance(action, Enter):
        pushed = [piece for cell, piece in view.grid.items() if after.get(cell) != piece]
        words = comma().join(
            (_("your {animal}") if p.owner == view.seat else _("their {animal}")).format(animal=animal_name(p.animal))
            for p in pushed
        )
        if words:
            return _("{points}: the deer pushes {cards}").format(points=now, cards=words)
        return _("{points}: the deer pushes no card").format(points=now)
    assert isinstance(action, Move)
    moved = view.grid[(action.from_x, action.from_y)]
    return _("{points}: {why}").format(points=now, why=_why(after, view.seat, moved.animal))


def _choose_reason(view: SeatView, card: Animal) -> str:
    """What `card` makes at its best spot now, whether it likely places first, and what stays in hand."""
    others = and_list([the_animal(c) for c in view.hand if c is not card])
    if card is Animal.SNAKE:
        text = _("the snake spoils their pick: both revealed cards leave the game")
    else:
        grid, spot = best_spot(view, card)
        where = cell_name(spot) if isinstance(spot, tuple) else _("entering {line}").format(line=line_text(spot))
        text = _("{animal} at its best spot now ({where}): {swing}").format(
            animal=the_animal(card), where=where, swing=swing_text(view, grid)
        )
        if card.number >= HIGH:
            text = _("{reason}; {number} is high, so it likely places first").format(reason=text, number=card.number)
    if others:
        text = _("{reason}; keeps {cards} for later").format(reason=text, cards=others)
    return text
