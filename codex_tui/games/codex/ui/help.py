"""The help of a Codex Naturalis game: its keys, then those every game shares, then the cards' marks."""

from __future__ import annotations

from codex_tui.app.screens.modals import GAME_KEYS, SHARED_KEYS, Help, HelpRow

CODEX_KEYS: Help = (
    (
        "Placing a card",
        (
            ("← → ↑ ↓  h j k l", "move the cursor between the spots where the card may go (dotted boxes)"),
            ("tab  shift+tab", "jump to the next / previous legal spot"),
            ("1 2 3", "choose a card from your hand"),
            ("f", "flip the chosen card (front / back)"),
            (
                "enter  space",
                "place it; the line above the keys shows what it scores, which corners it covers and what "
                "it shows before you confirm (enter passes when no card fits anywhere)",
            ),
        ),
    ),
    (
        "Drawing",
        (
            ("← →  1 2 3 4 5 6", "choose a market card (1-4) or a deck (5 resource, 6 gold)"),
            ("enter  space", "take it"),
        ),
    ),
    (
        "Hints",
        (
            (
                "!",
                "a hint: the hard bot's move from what you can see, chosen for you (the card, its side and spot "
                "with the usual preview, the card or deck to draw, or the set-up choice) with why on the line "
                "under it; enter plays it, any other key while it thinks cancels it. The log notes each hint used",
            ),
        ),
    ),
    (
        "Looking around",
        (
            ("o", "show the next player's area, read-only (their hand as backs); esc: back to yours"),
            ("shift+← → ↑ ↓  H J K L", "pan the view"),
            ("c", "centre the view on your cards"),
        ),
    ),
    (
        "Set-up (before the first turn)",
        (
            ("← → ↑ ↓  h j k l  1 2", "the front or the back of your starter card, then one of two secret objectives"),
            ("enter  space", "confirm"),
            ("backspace", "back to the starter card's side"),
        ),
    ),
)

CODEX_SYMBOLS: tuple[HelpRow, ...] = (
    ("F P A I", "fungi, plant, animal, insect: resources, in their colours"),
    ("Q K M", "quill, inkwell, manuscript: objects"),
    ("·", "an empty corner you can cover"),
    ("┌ ┐ └ ┘", "a hidden corner: nothing goes there"),
    ("═ ║", "a double border: a gold card (a single one: a resource card)"),
    ("f12", "lower case + id: a card's kingdom, for patterns; it is not a resource you hold"),
    ("(F)", "in the middle: a back's permanent resource, which you do hold"),
    ("ok  no", "on a gold: whether your visible resources meet its requirement"),
    (
        "you  best",
        "in a replay, at a turn chosen in the review: the move played (orange) and the better move (green), "
        "as cards on the board or after a market line; the line under the hand names both",
    ),
)

HELP_TEXT: Help = (
    *CODEX_KEYS,
    ("The game", GAME_KEYS),
    *SHARED_KEYS,
    ("Reading the cards", CODEX_SYMBOLS),
)
"""Every key of every screen a Codex Naturalis player meets, and what the cards' marks mean."""
