"""The help of an Instinkt game: its keys, then those every game shares, then the board's marks.

`HELP_TEXT` holds the English; `help_text()` gives it in the player's
language when the help opens (this game's words from its catalog, the
shared sections from the shell's, the board's card labels drawn as the board
draws them).
"""

from __future__ import annotations

from codex_tui.app.screens.modals import GAME_KEYS, SHARED_KEYS, Help, HelpRow
from codex_tui.games.instinkt.animal_words import animal_name, comma
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.state import Piece
from codex_tui.games.instinkt.text import DOMAIN, N_, _
from codex_tui.games.instinkt.ui.board import piece_label, points_mark, review_tag, short_names
from codex_tui.i18n import TextDomain
from codex_tui.i18n.text import DOMAIN as SHELL

HINT = (
    N_("a hint, when choosing or placing:"),
    N_("the hard search's card, cell, deer entry or raccoon move is put on show;"),
    N_("the line above the keys says why; enter plays it, any other key first stops the search"),
)
REVIEWED = (
    N_("a reviewed turn: red, the cells the move played used; green, the better move's;"),
    N_("cyan, a cell both use ({played} / {better} / {both} on a card's border); the side panel names both moves"),
)
LONG = {" ".join(parts): parts for parts in (HINT, REVIEWED)}
"""Descriptions kept as a few messages each: a translation is easier to check, and wraps, in short parts."""

INSTINKT_KEYS: Help = (
    (
        N_("Choosing (both players, in secret, in any order)"),
        (
            ("← →  1 2 3", N_("the card to play this round")),
            ("enter  space", N_("choose it")),
            ("1 2 3 4 5  enter", N_("draft variant: mark 3 of your 5 cards to keep, then keep them")),
        ),
    ),
    (
        N_("Placing (the higher number first; on a tie the token holder, and the token passes)"),
        (
            ("← → ↑ ↓  h j k l  tab", N_("move between the cells where the card may go (dotted)")),
            ("enter  space", N_("place it; the line above the keys shows both scores after it")),
            (
                N_("the deer"),
                N_("← → ↑ ↓ or tab: which line end it enters (▸ ◂ ▾ ▴); the board shows the push; enter"),
            ),
            (N_("the raccoon"), N_("choose one of your cards, enter; then its new cell, enter (esc: back)")),
            (
                "!",
                " ".join(HINT),
            ),
        ),
    ),
    (
        N_("Replay and review"),
        (
            ("tab", N_("whose turns r reviews (the line above the keys names the player)")),
            (N_("enter on a turn"), N_("the replay goes to the position before it and marks both moves on the board")),
        ),
    ),
)

OWL_LABEL, DEER_LABEL, POINTS_LABEL = "B 7owl", "W10der", "3pt"
"""The board's labels as the English help shows them; `help_text` draws them as the board does."""

INSTINKT_SYMBOLS: tuple[HelpRow, ...] = (
    (OWL_LABEL, N_("a black card (light on dark): its number and animal ({legend})")),
    (DEER_LABEL, N_('a white card (dark on light); "{points}" on its border: its points now')),
    (N_("a-d  1-4"), N_("columns and rows from the grid's top-left card; + a row or column it may still grow into")),
    (N_("→ on a card"), N_("the move on show moves that card (the side panel says from where to where)")),
    ("X", N_("the snake, never placed: if either player reveals it, both cards leave the game")),
    (N_("scores at the top"), N_("each player's points if the game ended with the board as it is")),
    (N_("each card in hand"), N_("shows what it scores; the end screen scores every card")),
    (
        N_("played  better"),
        " ".join(REVIEWED),
    ),
)

HELP_TEXT: Help = (
    *INSTINKT_KEYS,
    (N_("The game"), GAME_KEYS),
    *SHARED_KEYS,
    (N_("Reading the board"), INSTINKT_SYMBOLS),
)
"""Every key of every screen an Instinkt player meets, and what the board's marks mean (in English)."""


def _rows(rows: tuple[HelpRow, ...], domain: TextDomain) -> tuple[HelpRow, ...]:
    return tuple((domain.gettext(keys), _words(what, domain)) for keys, what in rows)


def _words(what: str, domain: TextDomain) -> str:
    return " ".join(domain.gettext(part) for part in LONG.get(what, (what,)))


def _symbols() -> tuple[HelpRow, ...]:
    """The board's marks, with the labels and tags the board draws in this language."""
    labels = {
        OWL_LABEL: piece_label(Piece(0, Animal.OWL)),
        DEER_LABEL: piece_label(Piece(1, Animal.DEER)),
    }
    names = short_names()
    legend = comma().join(
        _("{short} {animal}").format(short=names[animal].strip(), animal=animal_name(animal))
        for animal in Animal
        if animal is not Animal.SPIDER_5
    )
    fields = {
        "legend": legend,
        "points": points_mark(3).strip(),
        "played": review_tag("played").strip(),
        "better": review_tag("better").strip(),
        "both": review_tag("both").strip(),
    }
    return tuple(
        (labels.get(keys) or _(keys), _words(what, DOMAIN).format(**fields)) for keys, what in INSTINKT_SYMBOLS
    )


def help_text() -> Help:
    """`HELP_TEXT` in the player's language, looked up now."""
    return (
        *((_(title), _rows(rows, DOMAIN)) for title, rows in INSTINKT_KEYS),
        (_("The game"), _rows(GAME_KEYS, SHELL)),
        *((SHELL.gettext(title), _rows(rows, SHELL)) for title, rows in SHARED_KEYS),
        (_("Reading the board"), _symbols()),
    )
