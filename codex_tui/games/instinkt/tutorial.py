"""The guided first game of Instinkt (`codex-tui learn instinkt`): a fixed deal and what each step says.

The deal is seed 1; the moves are a game the `normal` bot (the learner's seat, black) once
played against `easy` (the coach), 15 to 6. It shows each rule in its order: the secret pick
and the reveal, placing on the growing 4x4, a tie and the tie-break token, the snake (the
coach reveals it), spiders in corners, the raccoon's move, the deer's push, the full grid and
the count. `tests/games/test_tutorials.py` plays it through.
"""

from __future__ import annotations

from codex_tui.core.tutorial import Lesson, Tutorial
from codex_tui.games.instinkt.text import N_

SCRIPT = (
    {"type": "choose", "player": 0, "card": "spider_5"},
    {"type": "choose", "player": 1, "card": "deer"},
    {"type": "place", "player": 1, "x": 0, "y": 0},
    {"type": "place", "player": 0, "x": 0, "y": -1},
    {"type": "choose", "player": 0, "card": "wolf"},
    {"type": "choose", "player": 1, "card": "wolf"},
    {"type": "place", "player": 1, "x": 0, "y": 1},
    {"type": "place", "player": 0, "x": 1, "y": -1},
    {"type": "choose", "player": 0, "card": "owl"},
    {"type": "choose", "player": 1, "card": "snake"},
    {"type": "choose", "player": 0, "card": "spider_4"},
    {"type": "choose", "player": 1, "card": "cat"},
    {"type": "place", "player": 1, "x": 2, "y": -1},
    {"type": "place", "player": 0, "x": 3, "y": -1},
    {"type": "choose", "player": 0, "card": "raccoon"},
    {"type": "choose", "player": 1, "card": "owl"},
    {"type": "place", "player": 0, "x": 2, "y": 0},
    {"type": "move", "player": 0, "from": [1, -1], "to": [1, 0]},
    {"type": "place", "player": 1, "x": 1, "y": 1},
    {"type": "choose", "player": 0, "card": "deer"},
    {"type": "choose", "player": 1, "card": "wolpertinger"},
    {"type": "deer", "player": 0, "axis": "column", "index": 2, "end": "start"},
    {"type": "place", "player": 1, "x": 3, "y": 0},
    {"type": "choose", "player": 0, "card": "moth"},
    {"type": "choose", "player": 1, "card": "raven"},
    {"type": "place", "player": 0, "x": 2, "y": 0},
    {"type": "place", "player": 1, "x": 3, "y": 2},
    {"type": "choose", "player": 0, "card": "raven"},
    {"type": "choose", "player": 1, "card": "spider_4"},
    {"type": "place", "player": 1, "x": 1, "y": -1},
    {"type": "place", "player": 0, "x": 3, "y": 1},
    {"type": "choose", "player": 0, "card": "wolpertinger"},
    {"type": "choose", "player": 1, "card": "moth"},
    {"type": "place", "player": 0, "x": 0, "y": 2},
    {"type": "place", "player": 1, "x": 1, "y": 2},
)

LESSONS = {
    0: Lesson(
        N_(
            "Welcome! Each round, both players choose a card from their hand in secret, then reveal them "
            "together. Press enter to choose the marked spider (5)."
        ),
        point_at=("i-panel",),
        why=N_("This step picks the spider (5): it is the card the tutorial places in a corner."),
    ),
    1: Lesson(
        N_(
            "The higher number places first (your coach's deer, 10). A card goes on an empty cell touching "
            "another, diagonals too, within 4 by 4. Place your spider on the marked cell: if it is still a "
            "corner of the grid at the end, it scores 2."
        ),
        point_at=("i-board",),
        why=N_("Place the spider on the marked cell: it becomes a corner of the grid."),
    ),
    2: Lesson(
        N_("Choose the wolf (8): it scores 1 point for each of your opponent's cards around it."),
        point_at=("i-panel",),
    ),
    3: Lesson(
        N_(
            "Both of you revealed an 8. On a tie, the holder of the tie-break token places first and then "
            "hands it over: your coach had it, now you do. Place your wolf on the marked cell."
        ),
        point_at=("i-header",),
    ),
    4: Lesson(N_("Choose the owl (7): it scores 1 point for each card of your colour in its row or column.")),
    5: Lesson(
        N_(
            "Your coach revealed the snake: when a snake is revealed, both revealed cards leave the game "
            "and nobody places this round. Choose again: the other spider (4)."
        ),
        point_at=("i-panel",),
    ),
    6: Lesson(
        N_("When both spiders of one colour sit in corners, each scores 3. Place it on the marked cell."),
        point_at=("i-board",),
    ),
    7: Lesson(
        N_(
            "Choose the raccoon (11): it scores nothing, but once placed it moves one of your other cards "
            "to another empty cell."
        ),
        point_at=("i-panel",),
    ),
    8: Lesson(N_("Place the raccoon on the marked cell.")),
    9: Lesson(
        N_(
            "Now move one of your cards: the marked wolf goes to the marked cell, next to more of your "
            "opponent's cards. Every card must still touch another. Press enter."
        ),
        point_at=("i-board",),
        why=N_("This step moves the wolf to the marked cell, where it touches more cards."),
    ),
    10: Lesson(
        N_(
            "Choose the deer (10): instead of a cell, it slides in at the end of a row or column "
            "and pushes that line's cards."
        ),
        point_at=("i-panel",),
    ),
    11: Lesson(
        N_(
            "Slide the deer in at the marked end: the cards of that line are pushed as far as they go, "
            "staying inside 4 by 4 and touching each other. Press enter."
        ),
        point_at=("i-board",),
    ),
    12: Lesson(
        N_(
            "Choose the moth (3): it scores 2 in one of the 4 middle cells of the grid, "
            "3 if the other moth is not in the middle."
        ),
        point_at=("i-panel",),
    ),
    14: Lesson(
        N_("Choose the raven (1): it scores 1 with a moth around it (diagonals too, either colour), 3 with both."),
        point_at=("i-panel",),
    ),
    16: Lesson(
        N_("Choose the wolpertinger (9): it copies the points of one of your own cards beside it (not diagonally)."),
        point_at=("i-panel",),
    ),
    17: Lesson(
        N_(
            "After this round the grid holds 16 cards and the game ends: every card is scored, "
            "left to right and top to bottom. Place your last card."
        ),
        point_at=("i-header",),
    ),
}

TUTORIAL = Tutorial(
    seed=1,
    learner=0,
    script=SCRIPT,
    lessons=LESSONS,
    plain=Lesson(N_("Play the marked move with enter (the arrows let you look at the others first).")),
    finale=N_(
        "The game is over. The most points wins; on a tie, the player who scored with more cards, "
        "then the higher sum of the numbers left in hand. Press enter for the card-by-card count."
    ),
)
