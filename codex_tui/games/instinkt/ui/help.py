"""The help of an Instinkt game: its keys, then those every game shares, then the board's marks."""

from __future__ import annotations

from codex_tui.app.screens.modals import GAME_KEYS, SHARED_KEYS, Help, HelpRow

INSTINKT_KEYS: Help = (
    (
        "Choosing (both players, in secret, in any order)",
        (
            ("← →  1 2 3", "the card to play this round"),
            ("enter  space", "choose it"),
            ("1 2 3 4 5  enter", "draft variant: mark 3 of your 5 cards to keep, then keep them"),
        ),
    ),
    (
        "Placing (the higher number first; on a tie the token holder, and the token passes)",
        (
            ("← → ↑ ↓  h j k l  tab", "move between the cells where the card may go (dotted)"),
            ("enter  space", "place it; the line above the keys shows both scores after it"),
            ("the deer", "← → ↑ ↓ or tab: which line end it enters (▸ ◂ ▾ ▴); the board shows the push; enter"),
            ("the raccoon", "choose one of your cards, enter; then its new cell, enter (esc: back)"),
            (
                "!",
                "a hint, when choosing or placing: the hard search's card, cell, deer entry or raccoon move is put"
                " on show, the line above the keys says why; enter plays it, any other key first stops the search",
            ),
        ),
    ),
    (
        "Replay and review",
        (
            ("tab", "whose turns r reviews (the line above the keys names the player)"),
            ("enter on a turn", "the replay goes to the position before it and marks both moves on the board"),
        ),
    ),
)

INSTINKT_SYMBOLS: tuple[HelpRow, ...] = (
    ("B 7owl", "a black card (light on dark): its number and animal (wlf wolf, wpt wolpertinger)"),
    ("W10der", 'a white card (dark on light); "3pt" on its border: its points now'),
    ("a-d  1-4", "columns and rows from the grid's top-left card; + a row or column it may still grow into"),
    ("→ on a card", "the move on show moves that card (the side panel says from where to where)"),
    ("X", "the snake, never placed: if either player reveals it, both cards leave the game"),
    ("scores at the top", "each player's points if the game ended with the board as it is"),
    ("each card in hand", "shows what it scores; the end screen scores every card"),
    (
        "played  better",
        "a reviewed turn: red, the cells the move played used; green, the better move's; cyan, a cell both"
        " use (play / best / both on a card's border); the side panel names both moves",
    ),
)

HELP_TEXT: Help = (
    *INSTINKT_KEYS,
    ("The game", GAME_KEYS),
    *SHARED_KEYS,
    ("Reading the board", INSTINKT_SYMBOLS),
)
"""Every key of every screen an Instinkt player meets, and what the board's marks mean."""
