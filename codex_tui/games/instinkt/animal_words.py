"""The animals in the player's language: their names, the board's 3-cell abbreviations, what each scores and why.

The names are the French rule sheet's (`docs/glossary.md`, section Instinkt)
and their Chinese equivalents. The rules keep English data (`Animal.label`,
`CardScore.why`); they are put into words here, where they are drawn, so a
saved game reads in the reader's language. Pure words, no Textual: the hints
and reviews (`advice.py`) name cards with them too.
"""

from __future__ import annotations

import re

from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.text import N_, _, ngettext, pgettext
from codex_tui.i18n.lists import and_list

NAMES = {
    Animal.RAVEN: N_("raven"),
    Animal.BAT: N_("bat"),
    Animal.MOTH: N_("moth"),
    Animal.SPIDER_4: N_("spider"),
    Animal.SPIDER_5: N_("spider"),
    Animal.CAT: N_("cat"),
    Animal.OWL: N_("owl"),
    Animal.WOLF: N_("wolf"),
    Animal.WOLPERTINGER: N_("wolpertinger"),
    Animal.DEER: N_("deer"),
    Animal.RACCOON: N_("raccoon"),
    Animal.SNAKE: N_("snake"),
}

THE_NAMES = {
    Animal.RAVEN: N_("the raven"),
    Animal.BAT: N_("the bat"),
    Animal.MOTH: N_("the moth"),
    Animal.SPIDER_4: N_("the spider"),
    Animal.SPIDER_5: N_("the spider"),
    Animal.CAT: N_("the cat"),
    Animal.OWL: N_("the owl"),
    Animal.WOLF: N_("the wolf"),
    Animal.WOLPERTINGER: N_("the wolpertinger"),
    Animal.DEER: N_("the deer"),
    Animal.RACCOON: N_("the raccoon"),
    Animal.SNAKE: N_("the snake"),
}
"""An animal with its article, for a sentence that names it ("keeps the bat and the raven"): French
gives each its own ("le corbeau", "la chauve-souris"), which a template around a bare name cannot."""

OWNED = {
    Animal.RAVEN: N_("{name}'s raven"),
    Animal.BAT: N_("{name}'s bat"),
    Animal.MOTH: N_("{name}'s moth"),
    Animal.SPIDER_4: N_("{name}'s spider"),
    Animal.SPIDER_5: N_("{name}'s spider"),
    Animal.CAT: N_("{name}'s cat"),
    Animal.OWL: N_("{name}'s owl"),
    Animal.WOLF: N_("{name}'s wolf"),
    Animal.WOLPERTINGER: N_("{name}'s wolpertinger"),
    Animal.DEER: N_("{name}'s deer"),
    Animal.RACCOON: N_("{name}'s raccoon"),
    Animal.SNAKE: N_("{name}'s snake"),
}
"""An animal and the player it belongs to, one sentence per animal for the same reason ("le chat de
Bo", "la chauve-souris de Bo")."""

RULE_TEXT = {
    Animal.RAVEN: N_("1 point next to a moth, 3 points next to both moths (diagonals count)."),
    Animal.BAT: N_("3 points beside the raven of its colour (not diagonally)."),
    Animal.MOTH: N_("2 points in the middle 4 cells; 3 if the other moth is not there."),
    Animal.SPIDER_4: N_("2 points in a corner; 3 each when both spiders of its colour are in corners."),
    Animal.SPIDER_5: N_("2 points in a corner; 3 each when both spiders of its colour are in corners."),
    Animal.CAT: N_("3 points on an edge, but not in a corner."),
    Animal.OWL: N_("1 point per other card of its colour in its row and its column."),
    Animal.WOLF: N_("1 point per opponent card around it (diagonals count)."),
    Animal.WOLPERTINGER: N_("Scores what the best card of its colour beside it scores (not diagonally)."),
    Animal.DEER: N_("No points; when placed, it enters a line's end and pushes that line's cards."),
    Animal.RACCOON: N_("No points; once it is placed, its owner moves another of their cards."),
    Animal.SNAKE: N_("Never placed; when it is revealed, both revealed cards leave the game."),
}
"""What each card scores or does, as a whole sentence that holds for either player's card (the hand, the cursor)."""


def animal_name(animal: Animal) -> str:
    """'owl', 'hibou', '猫头鹰'."""
    return _(NAMES[animal])


def the_animal(animal: Animal) -> str:
    """'the owl', 'le hibou', '猫头鹰'."""
    return _(THE_NAMES[animal])


def owned_animal(animal: Animal, owner: str) -> str:
    """ "Bo's owl", 'le hibou de Bo', 'Bo的猫头鹰'."""
    return _(OWNED[animal]).format(name=owner)


def rule_text(animal: Animal) -> str:
    return _(RULE_TEXT[animal])


WHY = {
    "next to both moths": N_("next to both moths"),
    "next to a moth": N_("next to a moth"),
    "no moth next to it": N_("no moth next to it"),
    "beside its raven": N_("beside its raven"),
    "not beside its raven": N_("not beside its raven"),
    "not in the middle": N_("not in the middle"),
    "in the middle, like the other moth": N_("in the middle, like the other moth"),
    "alone in the middle": N_("alone in the middle"),
    "not in a corner": N_("not in a corner"),
    "both spiders in corners": N_("both spiders in corners"),
    "in a corner": N_("in a corner"),
    "on an edge": N_("on an edge"),
    "not on an edge's middle": N_("not on an edge's middle"),
    "scores nothing": N_("scores nothing"),
    "none of its own cards beside it (diagonals do not count)": N_(
        "none of its own cards beside it (diagonals do not count)"
    ),
    "left the grid": N_("left the grid"),
}
"""The rules' reasons (`CardScore.why`, `CardChange.why`) without a number or a card in them."""
BY_LABEL = {animal.label: animal for animal in Animal}
OWL = re.compile(r"(\d+) of its colour in its row and column")
WOLF = re.compile(r"(\d+) opponent cards? around it")
COPIES_NOTHING = re.compile(r"copies 0: its (.+) beside it scores? 0")
COPIES = re.compile(r"copies its (\w+)")


def why_text(why: str) -> str:
    """The rules' English reason for a card's points, in the player's language ('copies its cat': 'copie son chat')."""
    if why in WHY:
        return _(WHY[why])
    if match := OWL.fullmatch(why):
        n = int(match.group(1))
        return ngettext("{n} of its colour in its row and column", "{n} of its colour in its row and column", n).format(
            n=n
        )
    if match := WOLF.fullmatch(why):
        n = int(match.group(1))
        return ngettext("{n} opponent card around it", "{n} opponent cards around it", n).format(n=n)
    if match := COPIES_NOTHING.fullmatch(why):
        animals = [BY_LABEL[label] for label in match.group(1).split(" and ")]
        names = and_list([animal_name(animal) for animal in animals])
        if len(animals) == 1:
            return _("copies 0: its {animal} beside it scores 0").format(animal=names)
        return _("copies 0: its {animals} beside it score 0").format(animals=names)
    if match := COPIES.fullmatch(why):
        return _("copies its {animal}").format(animal=animal_name(BY_LABEL[match.group(1)]))
    return why


def comma() -> str:
    """Between the items of a list: ', ' (Chinese lists take '、')."""
    return pgettext("list separator", ", ")
