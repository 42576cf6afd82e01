"""No space beside full-width punctuation (`codex_tui.i18n.spacing`), in the words a game puts together."""

from __future__ import annotations

import re

from rich.text import Text

from codex_tui.games.codex.describe import describe_entry, last_turn
from codex_tui.games.codex.rules import Side, view
from codex_tui.i18n import set_language
from codex_tui.i18n.spacing import held, tidy_spacing, tidy_spacing_text
from tests.scenes.games import played

BESIDE_FULL_WIDTH = re.compile(r" [（），。、；：]|[（），。、；：] ")


def test_spaces_beside_full_width_punctuation_go_and_others_stay() -> None:
    assert tidy_spacing("一张钱币牌（动物） 背面朝上") == "一张钱币牌（动物）背面朝上"
    assert tidy_spacing("你获胜。 最后： 资源牌 3 背面朝上") == "你获胜。最后：资源牌 3 背面朝上"
    assert tidy_spacing("Ada a posé la carte : +2") == "Ada a posé la carte : +2"


def test_styled_text_keeps_each_characters_style() -> None:
    text = Text("目前： ")
    text.append("Ada", style="bold")
    tidy = tidy_spacing_text(text)
    assert tidy.plain == "目前：Ada"
    assert [(tidy.plain[span.start : span.end], span.style) for span in tidy.spans] == [("Ada", "bold")]


def test_held_words_have_no_plain_space() -> None:
    assert held("le hibou de Bo (7)") == "le\u00a0hibou\u00a0de\u00a0Bo\u00a0(7)"


def test_a_whole_chinese_game_log_has_no_space_beside_full_width_punctuation() -> None:
    game = played(11, lambda g: False)
    log = view(game, 0).log
    assert any(entry.action.player == 1 and getattr(entry.action, "side", None) is Side.BACK for entry in log)
    set_language("zh")
    lines = [describe_entry(entry, game.players, 0, 0) for entry in log]
    lines += last_turn(log, game.players, 1, 0)
    assert any("）背面朝上" in line for line in lines)  # a card known by its back, on its back
    assert not [line for line in lines if BESIDE_FULL_WIDTH.search(line)]
