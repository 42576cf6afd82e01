"""Words that agree with a player's name, in any game: "Ada's" / "Your", "Ada wins" / "You win".

English grammar only (`possessive`, `with_verb`): a translated screen writes whole
sentences with the name as a format field, and uses `is_you` to choose the sentence
for the player at the keyboard ("You win")."""

from __future__ import annotations

from codex_tui.i18n.text import N_, _

YOU = N_("You")
"""The name the new-game form gives the human at the keyboard (in the player's language); words agree with it."""


def is_you(name: str) -> bool:
    """The form's name for the player at the keyboard, in English or in the language of now."""
    return name in (YOU, _(YOU))


IRREGULAR = {"is": "are", "has": "have", "was": "were"}


def possessive(name: str, capital: bool = True) -> str:
    """ "Ada's", but "Your" (or "your" mid-sentence) for a player called You."""
    if is_you(name):
        return "Your" if capital else "your"
    return f"{name}'s"


def with_verb(name: str, verb: str) -> str:
    """ "Ada wins", "You win": `verb` is given as it goes with a name ("wins", "is", "reaches")."""
    if not is_you(name):
        return f"{name} {verb}"
    if verb in IRREGULAR:
        return f"{name} {IRREGULAR[verb]}"
    plain = verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes", "zes")) else verb.removesuffix("s")
    return f"{name} {plain}"
