"""Where French and Chinese lines break (`codex_tui.ui.line_breaks`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from codex_tui.i18n import set_language
from codex_tui.ui.line_breaks import CLOSING, Broken, break_lines, break_opportunities, longest_run
from tests.scenes import all_scenes, settle


def lines(text: str, width: int, indent: int = 0) -> list[str]:
    return [line.plain for line in break_lines(Text(text), width, indent)]


@pytest.mark.parametrize(
    ("text", "width", "held"),
    [
        ("Objectif commun\u00a0: vous +2\u00a0; entrée pour valider", 16, ["commun\u00a0:", "vous +2\u00a0; entrée"]),
        ("« Codex » est un jeu", 9, ["« Codex »"]),
        ("Ada a posé la carte\u00a057 (recto)", 12, ["carte\u00a057", "(recto)"]),
    ],
)
def test_french_breaks_at_spaces_never_at_a_no_break_space(text: str, width: int, held: list[str]) -> None:
    rows = lines(text, width)
    assert all(cell_len(row) <= width for row in rows), rows
    assert not any(row.startswith((":", ";", "\u00a0", "»", ")", " ")) for row in rows), rows
    for words in held:
        assert any(words in row for row in rows), (words, rows)


@pytest.mark.parametrize(
    ("text", "width", "held"),
    [
        ("按 esc：返回上一页；回车确认选择", 10, ["esc：", "页；"]),
        ("轮到你了（Codex）：放一张牌", 12, ["（Codex）："]),
        ("电脑1放了一张牌；玩家2得了3分", 8, ["电脑1", "玩家2", "3分"]),
        ("你可以拿走1个动物，然后再选", 12, ["1个"]),
    ],
)
def test_chinese_breaks_between_ideographs_never_before_closing_marks(text: str, width: int, held: list[str]) -> None:
    rows = lines(text, width)
    assert all(cell_len(row) <= width for row in rows), rows
    assert not any(row[0] in CLOSING for row in rows), rows
    assert not any(row.endswith(("（", "「", "《")) for row in rows), rows
    for words in held:
        assert any(words in row for row in rows), (words, rows)


def test_chinese_without_spaces_fills_each_line() -> None:
    assert lines("这是一个没有空格的句子", 8) == ["这是一个", "没有空格", "的句子"]


@pytest.mark.parametrize(
    ("text", "width", "held"),
    [
        ("Robot 1 a posé Dorure 75 ici", 9, ["Robot 1", "Dorure 75"]),
        ("电脑1拿走了钱币牌 75，然后", 10, ["牌 75"]),
        ("对方 0；你 +2（鹿角兔 +1：复制）", 10, ["你 +2", "兔 +1"]),
        ("钱币牌 59（植物），3 分，需要 3P", 20, ["3 分"]),
    ],
)
def test_a_number_after_a_space_stays_with_the_word_it_names(text: str, width: int, held: list[str]) -> None:
    rows = lines(text, width)
    assert not any(row[0].isdigit() for row in rows), rows
    for words in held:
        assert any(words in row for row in rows), (words, rows)


def test_continuation_lines_take_the_indent() -> None:
    assert lines("Bot 1 took Resource 20 from the market", 16, indent=2) == [
        "Bot 1 took",
        "  Resource 20",
        "  from the",
        "  market",
    ]


def test_an_unbreakable_run_wider_than_the_line_is_cut_by_cells() -> None:
    assert lines("Anticonstitutionnellement", 10) == ["Anticonsti", "tutionnell", "ement"]
    assert lines("中文", 1) == ["中", "文"]  # a glyph wider than the line still takes a line of its own


def test_styles_are_kept() -> None:
    text = Text("carte ")
    text.append("dorée", style="bold")
    text.append(" posée")
    rows = break_lines(text, 6)
    assert [row.plain for row in rows] == ["carte", "dorée", "posée"]
    assert [(span.start, span.end, str(span.style)) for span in rows[1].spans] == [(0, 5, "bold")]


def test_a_table_cell_breaks_by_the_same_rules() -> None:
    table = Table.grid()
    table.add_column(width=12)
    table.add_row(Broken(Text("按 esc：返回上一页；回车确认")))
    console = Console(width=12, record=True)
    console.print(table)
    rows = [row.rstrip() for row in console.export_text().splitlines()]
    assert rows[0] == "按 esc：返回", rows
    assert not any(row[:1] in CLOSING for row in rows), rows


TEXTS = st.lists(
    st.sampled_from(
        ["a", "Bot1", "esc", " ", "  ", "\u00a0", ":", "；", "（", "）", "电", "脑", "1", "个", "«", "»", "é"]
    ),
    max_size=30,
).map("".join)


@given(TEXTS, st.integers(min_value=1, max_value=20), st.integers(min_value=0, max_value=4))
def test_lines_give_back_the_text_and_fit_unless_a_run_cannot_break(text: str, width: int, indent: int) -> None:
    rows = lines(text, width, indent)
    hang = indent if indent < width else 0
    bodies = [row[hang:] if number else row for number, row in enumerate(rows)]
    assert "".join(bodies).replace(" ", "") == text.replace(" ", "")
    assert not any(body.startswith(" ") for body in bodies[1:]), rows
    if longest_run(Text(text)) <= width - hang:
        assert all(cell_len(row) <= width for row in rows), rows
    assert len(rows) <= max(len(text), 1)  # every line takes at least one character


@given(TEXTS)
def test_opportunities_are_inside_the_line_and_in_order(text: str) -> None:
    starts = break_opportunities(text)
    assert starts == sorted(set(starts))
    assert all(0 < at < len(text) and text[at] != " " for at in starts)


ON_SCREEN = ["help_screen", "game_screen_small", "game_screen_placing", "instinkt_placing", "instinkt_choosing"]
NEVER_FIRST = tuple((CLOSING - set("!?,.%")) | {"\u00a0"})
"""Closing marks that are no key (the help and the key bar start lines with "!" and "?": keys)."""


def widget_rows(app: Any) -> list[str]:
    """Each line each widget on screen draws, its border and padding stripped."""
    rows: list[str] = []
    for widget in app.screen.walk_children():
        if widget.children or not widget.display or not widget.size.area:
            continue
        for y in range(widget.size.height):
            rows.append(widget.render_line(y).text.strip(" │┃║╭╮╰╯─"))
    return rows


@pytest.mark.parametrize("language", ["fr", "zh"])
@pytest.mark.parametrize("name", ON_SCREEN)
async def test_no_line_on_a_real_screen_starts_with_closing_punctuation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, language: str
) -> None:
    scene = next(scene for scene in all_scenes() if scene.name == name)
    set_language(language)
    app = scene.build(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        if scene.run_before is not None:
            await scene.run_before(pilot)
        await settle(pilot)
        rows = widget_rows(app)
    assert rows
    assert [row for row in rows if row.startswith(NEVER_FIRST)] == []
