"""One word per thing, and one typography, in every catalog of a language.

A term the glossary (`docs/glossary.md`) fixes must not come back under another word in any
msgstr of that language: each term below names the chosen word (which the glossary must hold)
and the variants a translator reaches for instead. French text uses one apostrophe (’) and the
no-break space before : ; ! ? » and after «; Chinese text uses full-width punctuation beside
its glyphs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from codex_tui.cli.catalogs import all_domains
from codex_tui.i18n import catalogs as tool

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"


@dataclass(frozen=True)
class Term:
    english: str
    chosen: str
    """The glossary's word, as the glossary writes it."""
    forbidden: tuple[str, ...]
    """Regular expressions, case-sensitive: words that must not stand for the term."""


TERMS: dict[str, tuple[Term, ...]] = {
    "fr": (
        Term("replay (viewer)", "rediffusion", (r"\b[Rr]electures?\b", r"\ben revue\b")),
        Term("set (of objects, of resources)", "série", (r"\blots?\b",)),
        Term("better move, review mark", "meilleur", (r"\btop\b",)),
        Term("own area, areas", "aire", (r"\b[Zz]ones?\b", r"\b[Vv]otre aire\b(?! de jeu)")),
        Term("key esc", "Échap", (r"\besc\b", r"\béchap\b")),
        Term("key tab", "tab", (r"\bTab\b", r"\bTabulation\b")),
        Term("a card's side", "face verso", (r"\bsur (?:son|sa|leur|ses) (?:recto|verso)\b",)),
        Term("key enter", "Entrée", (r"\benter\b", r"touche entrée", r"(?<!autre )(?<!une )\bentrée\b(?! de)")),
    ),
    "zh": (
        Term("better move, review mark", "更佳", ("最佳", "更好")),
        Term("move (a player's)", "走法", ("行动", "动作")),
        Term("key enter", "回车", (r"(?i)\benter\b",)),
        Term("you (the player)", "你", ("您",)),
        Term("own area", "我的区域", ("自己的区域",)),
        Term("ellipsis", "…", ("……",)),
        Term("Codex Naturalis", "自然法则", (r"Codex(?! Naturalis)",)),
        Term("draw (a card)", "抽牌", ("摸",)),
        Term("place a card (a player's move)", "放牌", ("走棋", r"(?<![拿带])走了")),
        Term("removed from the game", "移出游戏", ("离开游戏",)),
    ),
}


def texts(code: str) -> Iterator[tuple[str, str, str]]:
    """(catalog, msgid, msgstr) for each translated string of `code`, plural forms each."""
    for domain in all_domains():
        path = tool.po_path(domain, code)
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
            for string in strings:
                if string:
                    yield domain.name, msgid, string


def prose(text: str) -> str:
    """`text` without its format fields and markup, which are code, not typography."""
    return re.sub(r"\{\{.*?\}\}|\{[^{}]*\}|\[/?[a-z]+\]", "§", text)


@pytest.mark.parametrize("code", sorted(TERMS))
def test_the_glossary_holds_each_chosen_word(code: str) -> None:
    glossary = GLOSSARY.read_text()
    assert [term.chosen for term in TERMS[code] if term.chosen not in glossary] == []


@pytest.mark.parametrize(
    ("code", "term"), [pytest.param(code, term, id=f"{code}-{term.english}") for code in TERMS for term in TERMS[code]]
)
def test_no_catalog_uses_another_word_for_a_glossary_term(code: str, term: Term) -> None:
    found = [
        f"{name}: {msgid!r} → {string!r}"
        for name, msgid, string in texts(code)
        if any(re.search(pattern, prose(string)) for pattern in term.forbidden)
    ]
    assert found == [], f"{term.english}: the glossary says {term.chosen!r}"


BEFORE_MARK = re.compile(r"(?<=[\w)\]}»’…%§?!\"←→↑↓]) (?=[:;!?»])")
"""A plain space where French wants a no-break one: after a word (a quoted one, an arrow key), before : ; ! ? » (a lone
`?` or `!` after a `·` or a colon is a key's name, not punctuation)."""
GLUED_MARK = re.compile(r"(?<=[\w)\]}»’…§])[:;!?](?=[\s§]|$)")
"""A mark with no space at all before it."""
AFTER_GUILLEMET = re.compile(r"«(?!\u00a0)")


def french_problems(text: str) -> list[str]:
    bare = prose(text)
    found = []
    if "'" in bare:
        found.append("a straight apostrophe")
    if BEFORE_MARK.search(bare):
        found.append("a plain space before a mark")
    if GLUED_MARK.search(bare):
        found.append("no space before a mark")
    if AFTER_GUILLEMET.search(bare):
        found.append("no no-break space after «")
    return found


def test_french_typography_checker_tells_right_from_wrong() -> None:
    assert french_problems("Il n'y a rien : rien") == ["a straight apostrophe", "a plain space before a mark"]
    assert french_problems("« {name} » supprimé ?") == ["a plain space before a mark", "no no-break space after «"]
    assert french_problems("{card}: {points}") == ["no space before a mark"]
    assert french_problems("Échap\u00a0: retour · ?\u00a0: aide · ctrl+s\u00a0: lancer") == []
    keys = "Conseils permis\u00a0: ! à votre tour (!) ; «\u00a0x\u00a0»"
    assert french_problems(keys) == ["a plain space before a mark"]
    assert french_problems('«\u00a0{hints}\u00a0»\u00a0: http://x, {{"a": 1}}') == []


def test_french_uses_one_apostrophe_and_no_break_spaces() -> None:
    found = [
        f"{name}: {msgid!r} → {string!r}: {', '.join(problems)}"
        for name, msgid, string in texts("fr")
        if (problems := french_problems(string))
    ]
    assert found == []


CJK = r"[\u3400-\u9fff]"
HALF_WIDTH_BESIDE_CJK = re.compile(rf"{CJK}[,;:?!()]|[,;:?!()]{CJK}")


def test_chinese_punctuation_beside_glyphs_is_full_width() -> None:
    found = [
        f"{name}: {msgid!r} → {string!r}"
        for name, msgid, string in texts("zh")
        if HALF_WIDTH_BESIDE_CJK.search(prose(string))
    ]
    assert found == []


SPACE_BESIDE_FULL_WIDTH = re.compile(r" [（），。、；：？！）]|[（），。、；：？！（] ")


def test_chinese_has_no_space_beside_full_width_punctuation() -> None:
    """Full-width punctuation carries its own room: "目标（C 一般）", not "目标 （C 一般）"."""
    found = [
        f"{name}: {msgid!r} → {string!r}"
        for name, msgid, string in texts("zh")
        if SPACE_BESIDE_FULL_WIDTH.search(string)
    ]
    assert found == []
