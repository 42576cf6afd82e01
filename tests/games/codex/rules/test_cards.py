"""The card file: every value as printed, and the published totals."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from codex_tui.games.codex.rules import CATALOG, CardDataError, CardKind, Side, Symbol
from codex_tui.games.codex.rules.cards import Scoring, load_catalog, parse_catalog
from codex_tui.games.codex.rules.symbols import CORNER_NAMES, EMPTY, HIDDEN

REFERENCE = Path(os.environ.get("CODEX_CARDS_REFERENCE", Path(__file__).parent / "reference" / "cards.json"))
"""The reference card file the project was given (a copy of `shared/reference/cards.json`, which lies outside
the repository: read from there, the test was skipped on every clean clone, CI's included)."""

resources = [c for c in CATALOG.playable.values() if c.kind is CardKind.RESOURCE]
golds = [c for c in CATALOG.playable.values() if c.kind is CardKind.GOLD]


def test_there_are_102_cards_with_official_ids() -> None:
    assert sorted(c.id for c in resources) == list(range(1, 41))
    assert sorted(c.id for c in golds) == list(range(41, 81))
    assert sorted(CATALOG.starters) == list(range(81, 87))
    assert sorted(CATALOG.objectives) == list(range(87, 103))


def test_kingdoms_come_in_blocks_of_ten() -> None:
    for offset in (0, 40):
        for index, kingdom in enumerate((Symbol.FUNGI, Symbol.PLANT, Symbol.ANIMAL, Symbol.INSECT)):
            ids = range(offset + 1 + 10 * index, offset + 11 + 10 * index)
            assert {CATALOG.playable[i].kingdom for i in ids} == {kingdom}


def test_resource_points_are_the_last_three_of_each_kingdom() -> None:
    pointed = sorted(c.id for c in resources if c.points)
    assert pointed == [8, 9, 10, 18, 19, 20, 28, 29, 30, 38, 39, 40]
    assert all(c.points == 1 for c in resources if c.points)


def test_gold_points_by_scoring_type() -> None:
    kinds = Counter((c.scoring, c.scoring_object, c.points) for c in golds)
    assert kinds[(Scoring.OBJECT, Symbol.QUILL, 1)] == 4
    assert kinds[(Scoring.OBJECT, Symbol.INKWELL, 1)] == 4
    assert kinds[(Scoring.OBJECT, Symbol.MANUSCRIPT, 1)] == 4
    assert kinds[(Scoring.CORNERS, None, 2)] == 12
    assert kinds[(Scoring.FLAT, None, 3)] == 12
    assert kinds[(Scoring.FLAT, None, 5)] == 4


def test_gold_requirements_lead_with_their_own_kingdom() -> None:
    for card in golds:
        assert card.requires[card.kingdom] == max(card.requires)
    sizes = Counter(sum(c.requires) for c in golds)
    assert sizes == {3: 24, 4: 12, 5: 4}


def test_corner_symbol_totals() -> None:
    def tally(cards: list) -> Counter:
        return Counter(corner for c in cards for corner in c.front.corners)

    r, g = tally(resources), tally(golds)
    for obj in (Symbol.QUILL, Symbol.INKWELL, Symbol.MANUSCRIPT):
        assert (r[obj], g[obj]) == (4, 8)
    for kingdom in (Symbol.FUNGI, Symbol.PLANT, Symbol.ANIMAL, Symbol.INSECT):
        assert (r[kingdom], g[kingdom]) == (17, 0)
    assert (r[EMPTY], g[EMPTY]) == (41, 80)
    assert (r[HIDDEN], g[HIDDEN]) == (39, 56)


def test_hidden_corners_per_card() -> None:
    assert [c.id for c in resources if HIDDEN not in c.front.corners] == [7]
    flat = [c for c in golds if c.scoring is Scoring.FLAT]
    assert all(c.front.corners.count(HIDDEN) == 2 for c in flat)
    assert all(c.front.corners.count(HIDDEN) == 1 for c in golds if c.scoring is not Scoring.FLAT)


def test_backs_have_four_empty_corners_and_the_kingdom_in_the_centre() -> None:
    for card in CATALOG.playable.values():
        assert card.back.corners == (EMPTY,) * 4
        assert card.back.center == (card.kingdom,)


def test_starters() -> None:
    centres = Counter()
    for starter in CATALOG.starters.values():
        assert sorted(starter.front.corners) == [0, 1, 2, 3]
        assert starter.front.center == ()
        centres.update(starter.back.center)
    assert [len(CATALOG.starters[i].back.center) for i in range(81, 87)] == [1, 1, 2, 2, 3, 3]
    assert set(centres.values()) == {3}


def test_objective_groups() -> None:
    points = {i: o.points for i, o in CATALOG.objectives.items()}
    assert [points[i] for i in range(87, 103)] == [2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 3, 2, 2, 2]


def test_every_value_matches_the_reference_file() -> None:
    data = json.loads(REFERENCE.read_text())

    def corners(mapping: dict) -> tuple:
        markers = {"empty": EMPTY, "hidden": HIDDEN}
        return tuple(markers.get(mapping[k]) or Symbol.from_label(mapping[k]) for k in CORNER_NAMES)

    for ref in data["resources"] + data["golds"]:
        card = CATALOG.playable[ref["id"]]
        assert card.kingdom == Symbol.from_label(ref["kingdom"]), ref["id"]
        assert card.points == ref["points"], ref["id"]
        assert card.front.corners == corners(ref["corners"]), ref["id"]
        if "scoring" in ref:
            expected = ref["scoring"]
            actual = card.scoring_object.label if card.scoring is Scoring.OBJECT else card.scoring.value
            assert actual == expected, ref["id"]
            for name, need in ref["requires"].items():
                assert card.requires[Symbol.from_label(name)] == need, ref["id"]
            assert sum(card.requires) == sum(ref["requires"].values())
    for ref in data["starters"]:
        starter = CATALOG.starters[ref["id"]]
        for side in Side:
            assert starter.face(side).corners == corners(ref[side.value]["corners"])
            assert [s.label for s in starter.face(side).center] == ref[side.value]["center"]
    for ref in data["objectives"]:
        objective = CATALOG.objectives[ref["id"]]
        assert objective.points == ref["points"]
        assert objective.objective_kind.value == ref["kind"]
        if ref["kind"] == "pattern":
            cells = {(c.dx, c.dy, c.kingdom.label) for c in objective.cells}
            assert cells == {(c["dx"], c["dy"], c["kingdom"]) for c in ref["cells"]}
        elif ref["kind"] == "resources":
            assert objective.needs[Symbol.from_label(ref["kingdom"])] == ref["count"]
        else:
            assert {Symbol(i).label: n for i, n in enumerate(objective.needs) if n} == ref["requires"]


def test_the_shipped_file_loads() -> None:
    assert load_catalog() == CATALOG


@pytest.mark.parametrize(
    ("mutation", "message"),
    [
        (lambda t: t.replace("  1 F 0 | F . x F", "  1 F 0 | F . x"), "line 14: expected 4 corners"),
        (lambda t: t.replace("  1 F 0 | F . x F", "  1 Z 0 | F . x F"), "line 14: 'Z' is not a symbol"),
        (lambda t: t.replace("  2 F 0 |", "  1 F 0 |"), "card 1 is listed twice"),
        (lambda t: t.replace(" 41 F 1 Q       FFA ", " 41 F 1 F       FFA "), "per object"),
        (lambda t: t.replace("[starter]", "[starters]"), "unknown section [starters]"),
        (lambda t: t.replace(" 99 3 objects   | QKM", ""), "objective cards missing: [99]"),
    ],
)
def test_a_broken_card_file_names_the_line_and_the_fault(mutation, message) -> None:
    text = (Path(__file__).parents[4] / "codex_tui/games/codex/rules/cards.txt").read_text()
    broken = mutation(text)
    assert broken != text
    with pytest.raises(CardDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_catalog(broken, "cards.txt")


def test_an_unreadable_card_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot be read"):
        load_catalog(tmp_path / "missing.txt")
