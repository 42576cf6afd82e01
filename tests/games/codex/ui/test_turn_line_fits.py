"""The score track's turn line at 80 columns, through a whole 4-player game in French and Chinese:
it fits, or it ends in "…" (before, a French last round with long names was cut mid-word:
"fin déclenchée : plus que 2 tours après"; the French set-up line is 82 cells)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.rules import Variant, apply, new_game, players_to_act, view
from codex_tui.games.codex.ui.score_track import ScoreTrack, status_line
from codex_tui.i18n import set_language

NAMES = ("Marguerite", "Bartholomé", "Éléonore", "Maximilien")
"""The longest names the form takes comfortably: a four-player table reads them all in the turn line."""
WIDTH = 80


@pytest.mark.parametrize("language", ["fr", "zh"])
def test_every_turn_line_of_a_whole_game_fits_or_ends_in_an_ellipsis(language: str) -> None:
    set_language(language)
    game = new_game(NAMES, 7, Variant(20))
    bots = [make_bot("greedy", seat) for seat in range(len(NAMES))]
    while not game.is_over:
        seat = players_to_act(game)[0]
        seen = view(game, seat)
        track = ScoreTrack()
        track.show(seen, ("",) * len(NAMES), None, WIDTH)
        line = track.render().plain.split("\n")[1]
        whole = status_line(seen, WIDTH)
        assert cell_len(line) <= WIDTH, line
        assert line == whole or line.endswith("…"), (line, whole)
        game = apply(game, bots[seat].choose(seen))
