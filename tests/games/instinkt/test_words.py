"""Instinkt's words: whole-sentence rules, a log that never rewrites itself, the deer's entry, the hint's swing."""

from __future__ import annotations

import random
import re

import pytest

from codex_tui.games.instinkt.advice import hint_reason
from codex_tui.games.instinkt.animal_words import rule_text
from codex_tui.games.instinkt.bots import make_instinkt_bot
from codex_tui.games.instinkt.coords import line_text
from codex_tui.games.instinkt.rules import Animal, Choose, Game, Place, apply, new_game, players_to_act, view
from codex_tui.games.instinkt.rules.actions import Enter
from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.games.instinkt.ui.words import log_lines
from codex_tui.i18n import LANGUAGES, set_language
from tests.games.instinkt.ui.test_instinkt_app import duel

A = Animal
LANGS = list(LANGUAGES)


@pytest.mark.parametrize("code", LANGS)
def test_every_card_rule_is_a_whole_sentence(code: str) -> None:
    """The hand showed "2 in a corner, 3 each if both spiders are": the strings themselves stopped short."""
    set_language(code)
    for animal in Animal:
        rule = rule_text(animal)
        assert rule.endswith((".", "。")), (code, animal, rule)
    if code == "en":
        assert rule_text(A.SPIDER_4).endswith("both spiders of its colour are in corners.")
        assert rule_text(A.MOTH).endswith("if the other moth is not there.")


def bot_game(seed: int, until: int | None = None) -> Game:
    game = new_game(("Ada", "Bo"), seed)
    bots = [make_instinkt_bot("easy", 1), make_instinkt_bot("easy", 2)]
    while not game.is_over and (until is None or len(game.log) < until):
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat](view(game, seat)))
    return game


def grew_left_or_up(game: Game) -> bool:
    """Some card ended left of or above the first card's cell: a frame-relative name would have moved."""
    return any(x < 0 for x, _y in game.grid) or any(y < 0 for _x, y in game.grid)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_log_line_once_written_never_changes(seed: int) -> None:
    """ "You placed bat at b1" read "at c1" once the grid grew left: every earlier line stays byte-identical."""
    game = bot_game(seed)
    assert grew_left_or_up(game)  # the case that used to rename cells
    for seat in (0, 1):
        final = view(game, seat)
        written: list[str] = []
        for count in range(1, len(final.log) + 1):
            lines = log_lines(final.log[:count], final.players, seat, count)
            assert lines[: len(written)] == written, count
            written = lines
        assert len(written) == len(final.log)


def deer_views() -> list[tuple[Game, int]]:
    """Positions where a player's deer may enter a line, from seeded random games (all four directions met)."""
    found: list[tuple[Game, int]] = []
    ends: set[tuple[str, str]] = set()
    for seed in range(60):
        rng = random.Random(seed)
        game = new_game(("Ada", "Bo"), seed)
        while not game.is_over:
            seat = players_to_act(game)[0]
            legal = list(view(game, seat).legal_actions)
            entries = [a for a in legal if isinstance(a, Enter)]
            if entries:
                found.append((game, seat))
                ends |= {(str(e.axis), str(e.end)) for e in entries}
            game = apply(game, rng.choice(legal))
    assert len(ends) == 4
    return found


DIRECTIONS = {
    "en": ("left", "right", "top", "bottom", "above", "below"),
    "fr": ("gauche", "droite", "haut", "bas", "dessus", "dessous"),
    "zh": ("左", "右", "上", "下"),
}


@pytest.mark.parametrize("code", ["en", "fr", "zh"])
def test_the_deer_preview_says_each_direction_once(code: str) -> None:
    """ "Deer enters row 1 from the left left of a1": the line's end and the cell both said where."""
    set_language(code)
    positions = deer_views()
    for game, seat in positions:
        screen = InstinktScreen()
        screen.update_game(view(game, seat), ("", ""), False, False)
        screen.cursor = next(iter(game.grid))  # left on a card by the placing before: the deer's words still show
        for index in range(len(screen._entries())):
            screen.entry_index = index
            assert line_text(screen._entries()[index]) in screen.status_text()
            shown = screen.preview()
            assert shown is not None
            words = shown[0]
            for word in DIRECTIONS[code]:
                assert words.count(word) <= 1, words
            assert not re.search(r"\b(\w+) \1\b", words), words


def test_a_choose_hint_says_the_swing_between_the_two_players() -> None:
    """ "the cat makes +6" where the cat scores 3: +6 was the change in the margin, now said as such."""
    # Bo's cat is on an edge of a column of three; Ada's cat, placed in line with it, makes it an inner card.
    game = duel(
        [A.OWL, A.CAT, A.BAT],
        [A.WOLF, A.CAT, A.RAVEN],
        [(A.OWL, A.WOLF, [Place(1, 0, 0), Place(0, 0, 1)]), (A.BAT, A.CAT, [Place(1, 1, 1), Place(0, 0, 2)])],
    )
    seat_view = view(game, 0)
    reason = hint_reason(seat_view, Choose(0, A.CAT))
    match = re.search(r"you ([+-]\d+), them ([+-]\d+), so you (gain|lose) (\d+) points? (on|to) them", reason)
    assert match, reason
    mine, theirs, way, swing = int(match.group(1)), int(match.group(2)), match.group(3), int(match.group(4))
    assert swing == abs(mine - theirs) and (way == "gain") == (mine > theirs)
    assert "makes" not in reason
