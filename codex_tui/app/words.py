"""Words that agree with a player's name, in any game: "Ada's" / "Your", "Ada wins" / "You win"."""

from __future__ import annotations

YOU = "You"
"""The name the new-game form gives the human at the keyboard; words agree with it."""

IRREGULAR = {"is": "are", "has": "have", "was": "were"}


def possessive(name: str, capital: bool = True) -> str:
    """ "Ada's", but "Your" (or "your" mid-sentence) for a player called You."""
    if name == YOU:
        return "Your" if capital else "your"
    return f"{name}'s"


def with_verb(name: str, verb: str) -> str:
    """ "Ada wins", "You win": `verb` is given as it goes with a name ("wins", "is", "reaches")."""
    if name != YOU:
        return f"{name} {verb}"
    if verb in IRREGULAR:
        return f"{name} {IRREGULAR[verb]}"
    plain = verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes", "zes")) else verb.removesuffix("s")
    return f"{name} {plain}"
