"""Game records: the format of record-format.md, in and out."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.games.codex.record import RecordError, export_record, import_record, record_json
from codex_tui.games.codex.rules import ReplayError, SetupError
from tests.helpers import play_random, started_game

EXAMPLE_SHAPE = {
    "format": str,
    "version": int,
    "players": list,
    "target_score": int,
    "setup": dict,
    "actions": list,
    "result": dict,
}


def finished_record(seed: int = 1, players: int = 2) -> dict:
    return export_record(play_random(started_game(players=players, seed=seed), seed=seed))


def test_record_has_exactly_the_documented_fields() -> None:
    record = finished_record()
    assert {k: type(v) for k, v in record.items()} == EXAMPLE_SHAPE
    assert record["format"] == "codex-naturalis-record" and record["version"] == 1
    assert set(record["setup"]) == {
        "resource_deck",
        "gold_deck",
        "market",
        "common_objectives",
        "first_player",
        "seats",
    }
    assert set(record["setup"]["seats"][0]) == {"starter", "hand", "objective_choices"}
    assert set(record["result"]) == {"finished", "end", "placement_points", "objective_points", "totals", "winners"}
    kinds = {a["type"] for a in record["actions"]}
    assert {"starter", "objective", "place", "draw"} <= kinds
    draws = [a for a in record["actions"] if a["type"] == "draw"]
    assert all(("card" in a) == (a["source"] == "market") for a in draws)


def test_result_totals_and_winners() -> None:
    result = finished_record(seed=4)["result"]
    assert result["finished"] is True and result["end"] in ("score", "decks")
    assert result["totals"] == [p + sum(o) for p, o in zip(result["placement_points"], result["objective_points"])]
    best = max(result["totals"])
    assert all(result["totals"][w] == best for w in result["winners"])


def test_unfinished_record_has_null_end_and_winners() -> None:
    record = export_record(play_random(started_game(seed=2), seed=2, steps=10))
    assert record["result"]["finished"] is False
    assert record["result"]["end"] is None and record["result"]["winners"] is None


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 300))
def test_export_import_export_is_identical(players, seed, steps) -> None:
    game = play_random(started_game(players=players, seed=seed), seed=seed, steps=steps)
    record = json.loads(record_json(game))
    again = import_record(record)
    assert again == game
    assert export_record(again) == record


def test_an_illegal_action_is_reported_with_its_index() -> None:
    record = finished_record()
    places = [i for i, a in enumerate(record["actions"]) if a["type"] == "place"]
    record["actions"][places[3]]["x"] += 40
    with pytest.raises(ReplayError) as error:
        import_record(record)
    assert error.value.index == places[3]
    assert "Placement rule" in str(error.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="chess"), "not a codex-naturalis-record"),
        (lambda r: r.update(version=2), "only version 1"),
        (lambda r: r.update(players=["solo"]), "2-4 names"),
        (lambda r: r["setup"].pop("gold_deck"), "missing field 'gold_deck'"),
        (lambda r: r["setup"]["seats"][0].update(hand=[1, 2]), r"hand: expected 3 entries"),
        (lambda r: r["actions"][0].update(side="sideways"), "side must be"),
        (lambda r: r["actions"][0].update(player="0"), "expected a whole number"),
        (lambda r: r["actions"].append({"type": "draw", "player": 0, "source": "sky"}), "must be market"),
    ],
)
def test_malformed_records_say_where(change, message) -> None:
    record = copy.deepcopy(finished_record())
    change(record)
    with pytest.raises(RecordError, match=message):
        import_record(record)


def test_an_impossible_deal_is_refused() -> None:
    record = finished_record()
    record["setup"]["gold_deck"].append(record["setup"]["gold_deck"][0])
    with pytest.raises(SetupError, match="dealt twice"):
        import_record(record)
