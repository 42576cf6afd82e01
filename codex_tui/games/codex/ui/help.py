"""The help of a Codex Naturalis game: its keys, then those every game shares, then the cards' marks."""

from __future__ import annotations

from codex_tui.games.codex.text import N_
from codex_tui.ui.screens.modals import GAME_KEYS, Help, HelpRow, shared_help

CODEX_KEYS: Help = (
    (
        N_("Placing a card"),
        (
            ("← → ↑ ↓  h j k l", N_("move the cursor between the spots where the card may go (dotted boxes)")),
            (N_("tab  shift+tab"), N_("jump to the next / previous legal spot")),
            ("1 2 3", N_("choose a card from your hand")),
            ("f", N_("flip the chosen card (front / back)")),
            (
                N_("enter  space"),
                N_(
                    "place it; the line above the keys shows what it scores, which corners it covers and "
                    "what it shows before you confirm (enter passes when no card fits anywhere)"
                ),
            ),
        ),
    ),
    (
        N_("Drawing"),
        (
            ("← →  1 2 3 4 5 6", N_("choose a market card (1-4) or a deck (5 resource, 6 gold)")),
            (N_("enter  space"), N_("take it")),
        ),
    ),
    (
        N_("Hints"),
        (
            (
                "!",
                N_(
                    "a hint: the hard bot's move (the expert's at a turn-based network table) from what you "
                    "can see, chosen for you (the card, its side and spot with the usual preview, the card or "
                    "deck to draw, or the set-up choice) with why on the line under it; enter plays it, any "
                    "other key while it thinks cancels it. The log notes each hint used"
                ),
            ),
        ),
    ),
    (
        N_("Looking around"),
        (
            ("o", N_("show the next player's area, read-only (their hand as backs); esc: back to yours")),
            (
                "v",
                N_(
                    "split view: the other player's area beside yours (o picks whose), from 140 columns; "
                    "v again closes it"
                ),
            ),
            ("shift+← → ↑ ↓  H J K L", N_("pan the view")),
            ("c", N_("centre the view on your cards")),
            (
                "+  -  =",
                N_(
                    "larger or smaller cards on the board (small, medium, large), kept as the board grows; "
                    "= goes back to the automatic size: the largest at which the whole area fits, else the "
                    "smallest. An arrow at an edge of the board (◀3) says the area goes on that way, 3 cards further"
                ),
            ),
        ),
    ),
    (
        N_("Set-up (before the first turn)"),
        (
            (
                "← → ↑ ↓  h j k l  1 2",
                N_("the front or the back of your starter card, then one of two secret objectives"),
            ),
            (N_("enter  space"), N_("confirm")),
            (N_("backspace"), N_("back to the starter card's side")),
        ),
    ),
)

CODEX_SYMBOLS: tuple[HelpRow, ...] = (
    ("F P A I", N_("fungi, plant, animal, insect: resources, in their colours")),
    ("Q K M", N_("quill, inkwell, manuscript: objects")),
    ("3F1A", N_("a count before a letter: three fungi and one animal (a gold's requirement, what a card shows)")),
    ("R12  G57", N_("a resource card, a gold card, by number (R deck, G deck: the two decks)")),
    ("2/└  1/Q", N_("on a card too narrow for the words: 2 points per corner covered, 1 point per quill")),
    ("C  S", N_("in the objectives panel: a common objective, your secret one")),
    ("3F /  L 2F+1P", N_("an objective's pattern: three fungi on a rising diagonal, an L of two fungi and a plant")),
    ("#81", N_("a starter card with no resource in its middle")),
    ("·", N_("an empty corner you can cover")),
    ("┌ ┐ └ ┘", N_("a hidden corner: nothing goes there")),
    ("═ ║", N_("a double border: a gold card (a single one: a resource card)")),
    ("f12", N_("lower case + id: a card's kingdom, for patterns; it is not a resource you hold")),
    ("(F)", N_("in the middle: a back's permanent resource, which you do hold")),
    ("×", N_("on the cursor's red dotted box: the chosen card may not go there (the line under the hand says why)")),
    ("*", N_("on the border of another player's card: the last one they placed")),
    (N_("ok  no"), N_("on a gold: whether your visible resources meet its requirement")),
    (
        N_("you  best"),
        N_(
            "in a replay, at a turn chosen in the review: the move played (orange) and the better "
            "move (green), as cards on the board or after a market line; the line under the hand "
            "names both"
        ),
    ),
)

AT_THE_END: tuple[HelpRow, ...] = (
    (N_("o  esc"), N_("at the end: the other players' areas, and back to yours")),
    ("← → ↑ ↓  h j k l  c", N_("at the end: pan the final board, centre it again")),
    ("+  -  =", N_("at the end: larger or smaller cards, or the automatic size")),
)
"""Codex's keys on its final board, shown in the shared section on the end of a game."""

IN_REPLAYS: tuple[HelpRow, ...] = (
    (N_("↓ ↑  j k  page down  page up  ] ["), N_("one turn forward / back")),
    ("g", N_("go to a turn")),
    (">  <", N_("faster, slower")),
    (N_("tab  1 2 3 4"), N_("whose hand and area to show")),
)
"""Codex's replay keys beyond the shared ones (a turn is several moves; four areas to look at)."""

HELP_TEXT: Help = (
    *CODEX_KEYS,
    (N_("The game"), GAME_KEYS),
    *shared_help(AT_THE_END, IN_REPLAYS),
    (N_("Reading the cards"), CODEX_SYMBOLS),
)
"""Every key of every screen a Codex Naturalis player meets, and what the cards' marks mean."""
