"""Words speak to the seat reading them, never to a name: "Vous gagnez" for the reader's own seat,
"Vous gagne" never, whatever the seat was called; and the form's default names read in the reader's
language ("You" of an English game is "你" in Chinese)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from codex_tui.games.codex.describe import describe_entry
from codex_tui.games.codex.rules import EndReason
from codex_tui.games.codex.rules.actions import Place
from codex_tui.games.codex.rules.scoring import Result
from codex_tui.games.codex.rules.state import LogEntry as CodexEntry
from codex_tui.games.codex.rules.symbols import Side
from codex_tui.games.codex.ui.end import winners_text
from codex_tui.games.instinkt.rules.actions import Move
from codex_tui.games.instinkt.rules.scoring import Result as InstinktResult
from codex_tui.games.instinkt.rules.state import LogEntry
from codex_tui.games.instinkt.ui.end import verdict
from codex_tui.games.instinkt.ui.words import describe
from codex_tui.i18n import set_language
from codex_tui.i18n.words import shown_name
from codex_tui.ui.screens.game_over import winners_words

APP = Path(__file__).parents[2] / "codex_tui" / "app"
CODEX_WIN = Result(True, EndReason.SCORE, (21, 12), ((0, 0, 0), (0, 0, 0)), (21, 12), (0,), None)
PLACED = CodexEntry(Place(0, 12, Side.FRONT, 1, 1), points=1)


def test_codex_summary_speaks_to_the_reading_seat() -> None:
    assert winners_text(CODEX_WIN, ("You", "Bot 1"), reader=0).startswith("You win.")
    assert winners_text(CODEX_WIN, ("Ada", "Bot 1"), reader=0).startswith("You win.")
    assert winners_text(CODEX_WIN, ("Ada", "Bot 1"), reader=1).startswith("Ada wins.")
    assert winners_text(CODEX_WIN, ("Ada", "Bot 1"), reader=None).startswith("Ada wins.")


def test_instinkt_words_say_you_win_and_your_raccoon_to_the_reader() -> None:
    outcome = InstinktResult(True, (9, 4), (3, 2), (5, 5), (0,), None)
    assert "You win." in verdict(outcome, ("Ada", "Bot 1"), reader=0)
    assert "Ada wins." in verdict(outcome, ("Ada", "Bot 1"), reader=1)
    line = describe(LogEntry(Move(0, 1, 1, 2, 2)), ("Ada", "Bot 1"), viewer=0)
    assert line.startswith("Your raccoon moved a card")


@pytest.mark.parametrize(
    ("language", "yours", "theirs"),
    [("fr", "Vous avez posé", "Vous a posé"), ("zh", "你将", "你 将")],
)
def test_a_translated_you_typed_as_a_name_never_takes_the_third_person(language: str, yours: str, theirs: str) -> None:
    """The new-game form stores "Vous" / "你" for the player at the keyboard: the seat, not the name,
    chooses the sentence ("Vous a posé" and "Vous gagne" were what French players read)."""
    set_language(language)
    name = shown_name("You")
    names = (name, "Ada")
    line = describe_entry(PLACED, names, viewer=0, reader=0)
    assert line.startswith(yours) and theirs not in line
    assert describe_entry(PLACED, names, viewer=1, reader=1).startswith(name)  # read by Ada: a name
    assert winners_words(names, (0,), reader=0) == {"fr": "Vous gagnez", "zh": "你获胜"}[language]


@pytest.mark.parametrize(
    ("language", "stored", "shown"),
    [
        ("zh", "You", "你"),
        ("zh", "Bot 2", "电脑2"),
        ("en", "Vous", "You"),
        ("en", "Robot 3", "Bot 3"),
        ("fr", "电脑1", "Robot 1"),
        ("fr", "Ada", "Ada"),
        ("zh", "Bot 2 Jr", "Bot 2 Jr"),
    ],
)
def test_the_forms_default_names_read_in_the_readers_language(language: str, stored: str, shown: str) -> None:
    set_language(language)
    assert shown_name(stored) == shown


TRANSLATED = re.compile(r"""\b_\(["']""")
"""A message for the catalogs: each language has its own sentence for "you", chosen by seat."""


def test_no_app_text_builds_a_possessive_or_a_verb_from_a_bare_name() -> None:
    """f"{name}'s" and f"{name} wins" read "You's" and "You wins": every such sentence is a message."""
    bare = re.compile(r"\{[a-z_.\[\]0-9]+\}'s |\{[a-z_.\[\]0-9]+\} (wins|is|has)\b")
    offenders = [
        f"{path.relative_to(APP)}:{number}: {line.strip()}"
        for path in APP.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if bare.search(line) and not TRANSLATED.search(line)
    ]
    assert offenders == []
