"""The help of an Instinkt game: its keys, then those every game shares, then the board's marks.

In English, each text marked for the catalogs: the help screen draws each one
from this game's text domain first, then the shell's (the shared sections).
The board's labels ("B 7owl") are messages too, translated as the board draws
them (a test keeps the two in step).
"""

from __future__ import annotations

from codex_tui.games.instinkt.text import N_
from codex_tui.ui.screens.modals import GAME_KEYS, Help, HelpRow, shared_help

INSTINKT_KEYS: Help = (
    (
        N_("Choosing (both players, in secret, in any order)"),
        (
            ("← →  1 2 3", N_("the card to play this round")),
            (N_("enter  space"), N_("choose it")),
            (N_("1 2 3 4 5  enter"), N_("draft variant: mark 3 of your 5 cards to keep, then keep them")),
        ),
    ),
    (
        N_("Placing (the higher number first; on a tie the token holder, and the token passes)"),
        (
            (N_("← → ↑ ↓  h j k l  tab"), N_("move between the cells where the card may go (dotted)")),
            (N_("enter  space"), N_("place it; the line above the keys shows both scores after it")),
            (
                N_("the deer"),
                N_("← → ↑ ↓ or tab: which line end it enters (▸ ◂ ▾ ▴); the board shows the push; enter"),
            ),
            (N_("the raccoon"), N_("choose one of your cards, enter; then its new cell, enter (esc: back)")),
            (
                "!",
                N_("a hint: the search's move goes on show, the line above the keys says why; enter plays it"),
            ),
        ),
    ),
    (
        N_("Replay and review"),
        (
            (N_("tab"), N_("whose turns r reviews (the line above the keys names the player)")),
            (N_("enter on a turn"), N_("the replay goes to the position before it and marks both moves on the board")),
        ),
    ),
)

# Translators: the board's label of black's owl (7), six cells, exactly as the board draws it.
OWL_LABEL = N_("B 7owl")
# Translators: the board's label of white's deer (10), six cells, exactly as the board draws it.
DEER_LABEL = N_("W10der")

INSTINKT_SYMBOLS: tuple[HelpRow, ...] = (
    (
        OWL_LABEL,
        # Translators: list the board's abbreviations that a reader could mix up (English: wolf and wolpertinger).
        N_("a black card (light on dark): its number and animal (wlf wolf, wpt wolpertinger)"),
    ),
    (
        DEER_LABEL,
        N_('a white card (dark on light); "3pt" on its border: its points now'),
    ),
    (
        N_("a-k  1-11"),
        N_("cells named from the first card, f6: a name never changes, so the log and the board agree"),
    ),
    (N_("→ on a card"), N_("the move on show moves that card (the side panel says from where to where)")),
    ("X", N_("the snake, never placed: if either player reveals it, both cards leave the game")),
    (N_("scores at the top"), N_("each player's points if the game ended with the board as it is")),
    (N_("each card in hand"), N_("shows what it scores; the end screen scores every card")),
    (
        N_("played  better"),
        N_(
            "a reviewed turn: red, the cells the move played used; green, the better move's; cyan, a cell both"
            " use (play / best / both on a card's border); the side panel names both moves"
        ),
    ),
)

HELP_TEXT: Help = (
    *INSTINKT_KEYS,
    (N_("The game"), GAME_KEYS),
    *shared_help(),
    (N_("Reading the board"), INSTINKT_SYMBOLS),
)
"""Every key of every screen an Instinkt player meets, and what the board's marks mean."""
