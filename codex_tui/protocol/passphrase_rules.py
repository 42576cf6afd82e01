"""What a browser passphrase must be, and the words that say so.

Apart from the passphrase book (`passphrases.py`, which reads the key book and
so loads asyncssh) because the player app, one process per session, checks a
new passphrase before sending it and must stay light.
"""

from __future__ import annotations

from codex_tui.i18n.text import N_, Later

MIN_LENGTH = 8
"""Fewer characters than this are refused (a short passphrase is guessed offline from the file)."""
MAX_LENGTH = 256
"""More is refused: scrypt's cost grows with the input, and nobody types more."""

TOO_SHORT = N_("A passphrase has at least {n} characters.")
TOO_LONG = N_("A passphrase has at most {n} characters.")
DIFFERENT = N_("The two passphrases differ. Type them again.")


def passphrase_problem(passphrase: str) -> Later | None:
    """Why `passphrase` cannot be set (to show in the player's language), or None."""
    if len(passphrase) < MIN_LENGTH:
        return Later(TOO_SHORT, {"n": MIN_LENGTH})
    if len(passphrase) > MAX_LENGTH:
        return Later(TOO_LONG, {"n": MAX_LENGTH})
    return None
