"""The guided first game of Codex Naturalis (`codex-tui learn codex`): a fixed deal and what each step says.

The deal is seed 12 for two players; the moves are a game the `greedy` bot (the learner's
seat) once played against `easy` (the coach), 27 to 7, ended by the score. It shows each rule
a first game needs in its order: the starter's side, the secret objective, covering a corner,
drawing from the market and the decks, a gold card's back when its requirement is not met and
its front once it is, a card that scores by corners, the pattern of a common objective, the
end at 20 points and the final count. `tests/games/test_tutorials.py` plays it through.
"""

from __future__ import annotations

from codex_tui.core.tutorial import Lesson, Tutorial
from codex_tui.games.codex.text import N_

SCRIPT = (
    {"type": "starter", "player": 0, "side": "front"},
    {"type": "objective", "player": 0, "card": 96},
    {"type": "starter", "player": 1, "side": "front"},
    {"type": "objective", "player": 1, "card": 93},
    {"type": "place", "player": 1, "card": 13, "side": "back", "x": -1, "y": -1},
    {"type": "draw", "player": 1, "source": "gold_deck"},
    {"type": "place", "player": 0, "card": 20, "side": "front", "x": -1, "y": -1},
    {"type": "draw", "player": 0, "source": "market", "card": 28},
    {"type": "place", "player": 1, "card": 16, "side": "front", "x": 1, "y": -1},
    {"type": "draw", "player": 1, "source": "gold_deck"},
    {"type": "place", "player": 0, "card": 28, "side": "front", "x": -2, "y": -2},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 65, "side": "back", "x": 2, "y": 0},
    {"type": "draw", "player": 1, "source": "gold_deck"},
    {"type": "place", "player": 0, "card": 57, "side": "back", "x": -1, "y": -3},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 80, "side": "back", "x": -2, "y": -2},
    {"type": "draw", "player": 1, "source": "resource_deck"},
    {"type": "place", "player": 0, "card": 59, "side": "front", "x": -2, "y": -4},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 52, "side": "back", "x": 3, "y": 1},
    {"type": "draw", "player": 1, "source": "market", "card": 2},
    {"type": "place", "player": 0, "card": 6, "side": "front", "x": -1, "y": -5},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 2, "side": "back", "x": 2, "y": 2},
    {"type": "draw", "player": 1, "source": "market", "card": 45},
    {"type": "place", "player": 0, "card": 66, "side": "front", "x": 0, "y": -2},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 45, "side": "front", "x": 2, "y": -2},
    {"type": "draw", "player": 1, "source": "market", "card": 74},
    {"type": "place", "player": 0, "card": 47, "side": "back", "x": 1, "y": -3},
    {"type": "draw", "player": 0, "source": "market", "card": 41},
    {"type": "place", "player": 1, "card": 49, "side": "front", "x": -3, "y": -3},
    {"type": "draw", "player": 1, "source": "market", "card": 42},
    {"type": "place", "player": 0, "card": 44, "side": "front", "x": 0, "y": -4},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 74, "side": "back", "x": 4, "y": 2},
    {"type": "draw", "player": 1, "source": "market", "card": 71},
    {"type": "place", "player": 0, "card": 41, "side": "front", "x": 1, "y": -5},
    {"type": "draw", "player": 0, "source": "market", "card": 53},
    {"type": "place", "player": 1, "card": 71, "side": "front", "x": -1, "y": -3},
    {"type": "draw", "player": 1, "source": "gold_deck"},
    {"type": "place", "player": 0, "card": 53, "side": "front", "x": 2, "y": -4},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 42, "side": "front", "x": -3, "y": -1},
    {"type": "draw", "player": 1, "source": "gold_deck"},
    {"type": "place", "player": 0, "card": 62, "side": "front", "x": 2, "y": -2},
    {"type": "draw", "player": 0, "source": "gold_deck"},
    {"type": "place", "player": 1, "card": 55, "side": "back", "x": 3, "y": 3},
    {"type": "place", "player": 0, "card": 67, "side": "front", "x": 3, "y": -5},
)

LESSONS = {
    0: Lesson(
        N_(
            "Welcome! Choose your starter card's side (the front has four corners to build on), "
            "then keep one of two objectives as your secret: it scores at the end. "
            "Press enter on each marked choice."
        ),
        why=N_("Either side works; this tutorial builds on the front, which leaves four open corners."),
    ),
    2: Lesson(
        N_(
            "Your turn. A card goes on a corner of a card already in your area, covering it. "
            "The cursor is on the corner to cover; the line at the bottom says what the card scores. Press enter."
        ),
        point_at=("area",),
        why=N_("Place the marked card on the marked corner: this step shows covering a corner."),
    ),
    3: Lesson(
        N_(
            "Then you draw, to hold three cards again: one of the face-up cards of the market, "
            "or the top card of a deck. Take the marked face-up card with enter."
        ),
        point_at=("tray",),
        why=N_("This step takes the marked face-up card: it is the next card the tutorial places."),
    ),
    4: Lesson(
        N_(
            "This card is worth 1 point: watch your score on the track at the top. "
            "The first player to reach 20 points triggers the end of the game."
        ),
        point_at=("score",),
    ),
    5: Lesson(
        N_(
            "Gold cards score more, but their front needs symbols in your area. "
            "Draw the top of the gold deck (the marked one)."
        ),
        point_at=("tray",),
        why=N_("This step draws from the gold deck, to show a gold card next."),
    ),
    6: Lesson(
        N_(
            "This gold card needs 3 plants; you have 2, so its front cannot be played yet. "
            "Its back needs nothing: no points, but a plant in its centre and four corners. "
            "It is turned over for you (f turns a card): place it."
        ),
        point_at=("symbols",),
        why=N_("Place the gold card on its back here: its front needs one plant more."),
    ),
    8: Lesson(
        N_(
            "Now you count 3 plants (the panel on the right), so this gold card's front can be played: "
            "it scores 3 points. Place it."
        ),
        point_at=("symbols",),
    ),
    10: Lesson(
        N_(
            "Not every card scores: this one shows symbols. F P A I are the four kingdoms (fungi, plant, animal, "
            "insect), Q K M the objects (quill, inkwell, manuscript); the panel on the right counts yours."
        ),
        point_at=("symbols",),
    ),
    12: Lesson(
        N_("Some gold cards score for each corner they cover: this one covers two, at 2 points each, so 4 points."),
        point_at=("area",),
    ),
    14: Lesson(
        N_(
            "Another gold card whose requirement is not met (3 fungi) goes on its back. Its kingdom still "
            "counts for the objectives' patterns: watch the fungi cards line up."
        ),
        point_at=("objectives",),
    ),
    16: Lesson(
        N_(
            "This card completes a rising diagonal of three fungi cards: the pattern of a common objective. "
            "Objectives shared by everyone and your secret one are only counted at the end."
        ),
        point_at=("objectives",),
    ),
    18: Lesson(
        N_("This gold card scores 1 point for each quill (Q) your area shows once it is placed: here, 1."),
        point_at=("symbols",),
    ),
    22: Lesson(
        N_(
            "This card takes you to 20 points: the end is triggered. The round is played to its end, "
            "then every player has one more turn."
        ),
        point_at=("score",),
    ),
    24: Lesson(
        N_("Your last turn. After it, the objectives are counted and added to the score track."),
        point_at=("score", "objectives"),
    ),
}

TUTORIAL = Tutorial(
    seed=12,
    learner=0,
    script=SCRIPT,
    lessons=LESSONS,
    plain=Lesson(N_("Play the marked move with enter (the arrows and f let you look at the others first).")),
    finale=N_(
        "The game is over. Each player's points are the score track plus every objective met; "
        "the most points wins. Press enter for the final scores."
    ),
)
