"""The raccoon's move says why a free cell drawn beside the cards is not offered (issue 58)."""

from __future__ import annotations

from rich.text import Text

from codex_tui.games.instinkt.ui.screen import InstinktScreen
from codex_tui.i18n import set_language
from tests.games.instinkt.test_grid_and_scoring import grid_of


def refusals(rows: list[str], source: tuple[int, int]) -> str:
    text = Text()
    InstinktScreen._append_refused(text, grid_of(rows), source)
    return text.plain.strip()


def test_a_card_taken_from_the_middle_of_a_row_is_refused_the_cells_that_would_part_the_cards() -> None:
    assert refusals(["b7 b4 b8"], (1, 0)) == (
        "Not offered (the cards would no longer all touch): e5, e6, e7, f5, f7, h5, h7, i5, i6, i7"
    )  # g5 and g7 join both ends: offered


def test_nothing_is_said_when_every_free_cell_drawn_is_offered_and_the_reasons_read_in_french() -> None:
    assert refusals(["b7 b4 b8"], (2, 0)) == ""  # the end of a row may go anywhere beside the others
    set_language("fr")
    try:
        assert refusals(["b7 b4 b8"], (1, 0)).startswith(
            "Impossible ici (les cartes ne se toucheraient plus toutes)\u00a0: "
        )
    finally:
        set_language("en")
