"""Instinkt in French and Chinese: a change of language mid-game redraws every part, and the board stays aligned."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len

from codex_tui.app.app import CodexApp
from codex_tui.games.instinkt.animal_words import why_text
from codex_tui.games.instinkt.rules import Animal, score_cards
from codex_tui.games.instinkt.rules.state import Piece
from codex_tui.games.instinkt.text import DOMAIN
from codex_tui.games.instinkt.ui.board import CELL_W, piece_label, points_mark, review_tag, short_names
from codex_tui.games.instinkt.ui.help import DEER_LABEL, OWL_LABEL
from codex_tui.games.instinkt.ui.replay import InstinktReplayScreen
from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.i18n import LANGUAGES, set_language
from tests.driving import settle
from tests.i18n.screen_words import screen_lines
from tests.scenes.instinkt import duel, placing, played, replay_viewer


def switch(app: CodexApp, code: str) -> None:
    """What the app does on a change of language: every screen on the stack composed again."""
    set_language(code)
    for screen in app.screen_stack:
        screen.refresh(recompose=True)


async def test_a_change_of_language_mid_game_redraws_the_board_side_and_prompt(tmp_path: Path) -> None:
    app = duel(placing)(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InstinktScreen)
        english = "\n".join(screen_lines(app))
        assert "Your card this round" in english and "Log" in english
        switch(app, "fr")
        await settle(pilot)
        french = "\n".join(screen_lines(app))
        assert app.screen is screen  # the same game screen, its state kept
        assert "Votre carte ce tour" in french and "Journal" in french and "Poser votre" in french
        assert "Your card" not in french and "Log" not in french
        await pilot.press("tab")  # still playable: the cursor moves to another cell, the preview speaks French
        await settle(pilot)
        assert isinstance(screen, InstinktScreen) and screen.status_text().startswith("Poser votre")
        switch(app, "zh")
        await settle(pilot)
        chinese = "\n".join(screen_lines(app))
        assert "你本轮的牌" in chinese and "记录" in chinese and "把你的" in chinese
        assert "Votre" not in chinese


async def test_the_replay_redraws_in_the_new_language(tmp_path: Path) -> None:
    app = replay_viewer(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*["right"] * 18)
        await settle(pilot)
        assert isinstance(app.screen, InstinktReplayScreen)
        switch(app, "fr")
        await settle(pilot)
        french = "\n".join(screen_lines(app))
        assert "Votre main" in french and "action 18/" in french and "tour " in french  # Ada reads her replay
        assert "hand" not in french


def test_every_board_label_is_six_cells_in_every_language() -> None:
    """A Chinese glyph takes two cells: the labels, tags and points are measured in cells, never in characters."""
    for code in LANGUAGES:
        set_language(code)
        labels = {piece_label(Piece(owner, animal)) for owner in (0, 1) for animal in Animal}
        assert {cell_len(label) for label in labels} == {CELL_W - 2}, code
        names = short_names()
        assert len({names[a] for a in Animal if not a.is_spider}) == len(Animal) - 2, code  # all told apart
        assert all(cell_len(review_tag(mark)) <= 4 for mark in ("played", "better", "both")), code
        assert cell_len(points_mark(11)) <= 4, code


def test_the_help_shows_the_board_s_labels_as_the_board_draws_them() -> None:
    """The help's "B 7owl" and "W10der" are messages; their translations must be the board's own labels."""
    for code in LANGUAGES:
        set_language(code)
        assert DOMAIN.gettext(OWL_LABEL) == piece_label(Piece(0, Animal.OWL)), code
        assert DOMAIN.gettext(DEER_LABEL) == piece_label(Piece(1, Animal.DEER)), code


def test_every_scoring_reason_of_a_whole_game_is_translated() -> None:
    """The rules give their reasons in English; each one that a game produces has its French and Chinese words."""
    for seed in range(6):
        game = played(seed, lambda g: False)
        for score in score_cards(game):
            for code in ("fr", "zh"):
                set_language(code)
                assert why_text(score.why) != score.why, (code, score.why)
            set_language("en")
            assert why_text(score.why) == score.why
