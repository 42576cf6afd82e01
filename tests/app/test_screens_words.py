"""Words agree with a player called "You": "You win", "Your hand", never "You wins" or "You's"."""

from __future__ import annotations

import re
from pathlib import Path

from codex_tui.games.codex.rules import EndReason
from codex_tui.games.codex.rules.scoring import Result
from codex_tui.games.codex.ui.end import winners_text
from codex_tui.games.instinkt.rules.actions import Move
from codex_tui.games.instinkt.rules.scoring import Result as InstinktResult
from codex_tui.games.instinkt.rules.state import LogEntry
from codex_tui.games.instinkt.ui.end import verdict
from codex_tui.games.instinkt.ui.words import describe
from codex_tui.i18n.words import possessive, with_verb

APP = Path(__file__).parents[2] / "codex_tui" / "app"


def test_the_helper_agrees_with_you_and_leaves_other_names_alone() -> None:
    assert with_verb("You", "wins") == "You win" and with_verb("Ada", "wins") == "Ada wins"
    assert with_verb("You", "is") == "You are" and with_verb("You", "reaches") == "You reach"
    assert with_verb("You", "has") == "You have" and with_verb("Youssef", "has") == "Youssef has"
    assert possessive("You") == "Your" and possessive("You", capital=False) == "your"
    assert possessive("Ada") == "Ada's"


def test_codex_summary_says_you_win() -> None:
    outcome = Result(True, EndReason.SCORE, (21, 12), ((0, 0, 0), (0, 0, 0)), (21, 12), (0,), None)
    assert winners_text(outcome, ("You", "Bot 1")).startswith("You win.")
    assert winners_text(outcome, ("Ada", "Bot 1")).startswith("Ada wins.")


def test_instinkt_words_say_you_win_and_your_raccoon() -> None:
    outcome = InstinktResult(True, (9, 4), (3, 2), (5, 5), (0,), None)
    assert "You win." in verdict(outcome, ("You", "Bot 1"))
    line = describe(LogEntry(Move(0, 1, 1, 2, 2)), ("You", "Bot 1"), viewer=0)
    assert line.startswith("Your raccoon moved a card")


TRANSLATED = re.compile(r"""\b_\(["']""")
"""A message for the catalogs: the code picks the player-at-the-keyboard sentence with `is_you`."""


def test_no_app_text_builds_a_possessive_or_a_verb_from_a_bare_name() -> None:
    """f"{name}'s" and f"{name} wins" read "You's" and "You wins"; the helpers say it right
    (and a translated message has its own sentence for "you", chosen with `is_you`)."""
    bare = re.compile(r"\{[a-z_.\[\]0-9]+\}'s |\{[a-z_.\[\]0-9]+\} (wins|is|has)\b")
    offenders = [
        f"{path.relative_to(APP)}:{number}: {line.strip()}"
        for path in APP.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if bare.search(line) and not TRANSLATED.search(line)
    ]
    assert offenders == []
