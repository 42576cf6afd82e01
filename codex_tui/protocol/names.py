"""The rules for player names, one set for every door (SSH, and a browser's sign-in).

A name is what `NAME_PATTERN` allows: 1-16 ASCII letters, digits and `. _ -`,
starting with a letter or a digit, so that it can be shown anywhere (a lobby
row, a log line, a terminal banner) without escaping.

Two names are one name when a player could not tell them apart on screen: case
does not count (`Alice` is `alice`), nor do characters that look alike in a
terminal font (`I`, `l`, `1`; `O`, `0`; `rn`, `m`; `vv`, `w`), nor the
separators `. _ -` (`bea.`, `bea_` and `b-ea` are `bea`: a trailing dot is easy
to miss, and `_` and `-` are hard to tell apart in a lobby row). Otherwise carol
could play as `AIice` beside bob's `alice` and be taken for him. `name_key`
gives the skeleton two names collide on; whoever stores names compares
skeletons, never the names themselves.

The skeleton is built character by character (each character has one image,
`m` becomes `rn` and `w` becomes `vv`), so it is the same however a look-alike
sequence is cut: `vvv`, `vw` and `wv` all have the skeleton `vvv`. Being one
mapping, "collides with" is an equivalence: with case folded too, `i` and `L`
join `l` and `1` (`ali`, `all`, `a11` and `ALI` are one name).
"""

from __future__ import annotations

from codex_tui.i18n.text import N_, Later
from codex_tui.protocol.messages import NAME_PATTERN

MAX_NAME_LENGTH = 16
"""The longest name `NAME_PATTERN` allows (a test checks that they agree)."""
FIRST_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
"""What a name may start with."""
LATER_CHARACTERS = FIRST_CHARACTERS | frozenset("._-")
"""What the rest of a name may be made of."""

LOOK_ALIKES: dict[str, str] = {
    "i": "l",  # (I once lowered)
    "1": "l",
    "|": "l",
    "0": "o",
    "m": "rn",
    "w": "vv",
    ".": "",
    "_": "",
    "-": "",
}
"""After case is folded, what each look-alike character counts as (a separator: nothing)."""

NAME_RULES = N_(
    "Player names: 1 to 16 characters, letters A-Z a-z, digits and . _ - (not first).\n"
    "Case, look-alikes and . _ - do not count: Alice, alice, A1ice and a.lice are\n"
    "one name, and so are I l 1, O 0, rn m, vv w."
)
"""The rules of every door, in lines of at most 80 columns (the same words as
docs/ssh.md), shown wherever a name is refused: translate with `_(NAME_RULES)` where shown."""
KEY_OWNS_NAME = N_("The first SSH key that logs in as a name owns it.")
"""The SSH door's rule of ownership (a browser's sign-in has its own)."""


def name_key(name: str) -> str:
    """The skeleton of `name`: two names are one name when their skeletons are equal."""
    return "".join(LOOK_ALIKES.get(character, character) for character in name.lower())


def shown_character(character: str) -> str | Later:
    """A character of a refused name, safe to show (never a control or direction
    character raw: those become `U+001B`)."""
    if character.isprintable() and not character.isspace():
        return f"'{character}'"
    if character == " ":
        return Later(N_("a space"))
    return f"U+{ord(character):04X}"


def name_problem(name: str) -> Later | None:
    """Why `name` is not a valid player name, to be worded where it is shown, or None.

    The name itself is never repeated: it may hold escape sequences."""
    if not name:
        return Later(N_("A name cannot be empty."))
    if len(name) > MAX_NAME_LENGTH:
        return Later(
            N_("A name has at most {most} characters, and this one has {count}."),
            {"most": MAX_NAME_LENGTH, "count": len(name)},
        )
    if name[0] not in FIRST_CHARACTERS:
        return Later(N_("{character} cannot start a name."), {"character": shown_character(name[0])})
    for character in name[1:]:
        if character not in LATER_CHARACTERS:
            return Later(N_("{character} cannot be part of a name."), {"character": shown_character(character)})
    if NAME_PATTERN.fullmatch(name) is None:  # the pattern is the law; the checks above explain it
        return Later(N_("This is not a valid player name."))
    return None


def name_refusal(name: str) -> str | None:
    """Why `name` is not a valid player name, in the language of the moment, or None if it is one."""
    problem = name_problem(name)
    return problem.text() if problem is not None else None
