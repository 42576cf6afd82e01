"""Players' names as a reader sees them, in any game and language.

Whether a sentence speaks to its reader ("You win", "Vous gagnez", "你获胜") is
decided by the seat it is about and the seat reading it, never by the name: a
translated screen writes whole sentences for each (`_("You win")` and
`_("{name} wins")`) and the screen picks one by seat.

Names themselves are stored as typed. The new-game form's defaults ("You",
"Bot 1") are stored in the language of the form, so `shown_name` gives them in
the reader's language: a game started in English lists "你、电脑1" in Chinese,
and one started in French ("Vous", "Robot 1") reads "You, Bot 1" in English.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from functools import cache, reduce

from codex_tui.i18n import DEFAULT, LANGUAGES
from codex_tui.i18n.dates import day_text
from codex_tui.i18n.text import DOMAIN, N_, _

YOU = N_("You")
"""The name the new-game form gives the human at the keyboard (in the form's language)."""

BOT = N_("Bot {number}")
"""The name the new-game form gives a bot seat (in the form's language)."""


@cache  # the catalogs are read once per process: the forms never change while it runs
def _in_every_language(message: str) -> tuple[str, ...]:
    """`message` as each of our languages writes it (the English id first)."""
    return tuple(
        dict.fromkeys(message if code == DEFAULT else DOMAIN.translations(code).gettext(message) for code in LANGUAGES)
    )


@cache
def _bot_pattern() -> re.Pattern[str]:
    forms = (re.escape(form).replace(re.escape("{number}"), r"(\d{1,2})") for form in _in_every_language(BOT))
    return re.compile("|".join(f"(?:{form})" for form in forms))


def shown_name(name: str) -> str:
    """`name` for the reader: the form's default names ("You", "Vous", "你"; "Bot 2", "Robot 2",
    "电脑2") in the reader's language, any other name as it was typed."""
    if name in _in_every_language(YOU):
        return _(YOU)
    matched = _bot_pattern().fullmatch(name)
    if matched is not None:
        number = next(group for group in matched.groups() if group is not None)
        return _(BOT).format(number=int(number))
    return name


def shown_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """`shown_name` of each seat's name."""
    return tuple(shown_name(name) for name in names)


def versus(names: Sequence[str]) -> str:
    """'Ada vs Bo', 'Ada contre Bo', 'Ada对Bo': the players of a game, as a title names them."""
    # Translators: two players (or a list of players, then one more) in a game's title.
    return reduce(lambda first, second: _("{first} vs {second}").format(first=first, second=second), names)


def new_game_title(game: str, names: Sequence[str], day: date) -> str:
    """ "Instinkt, 2 Dec 2026: Ada vs Bo": the title a new local game is saved with, in the
    language of the form. The game and the day tell apart the many saves that share their
    players (every "You vs Bot 1"); the player may rename it."""
    return _("{game}, {day}: {players}").format(game=game, day=day_text(day), players=versus(names))
