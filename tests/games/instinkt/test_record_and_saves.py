"""Instinkt games as records (JSON) and saves (msgpack), and in the saves catalogue."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_tui.cli import main
from codex_tui.games.instinkt.record import RecordError, export_record, import_record, record_json
from codex_tui.games.instinkt.rules import ReplayError, Variant, apply, legal_actions, new_game
from codex_tui.storage.catalog import SaveSummary, scan_saves
from codex_tui.storage.saves import SavedGame, decode_save, encode_save, load_save, write_save


def played(seed: int, steps: int | None = None, draft: bool = False):
    rng = random.Random(seed)
    game = new_game(("Black", "White"), seed, Variant(draft=draft))
    count = 0
    while not game.is_over and (steps is None or count < steps):
        moves = legal_actions(game)
        game = apply(game, moves[rng.randrange(len(moves))])
        count += 1
    return game


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.booleans())
def test_record_and_save_round_trips(seed: int, steps: int, draft: bool) -> None:
    game = played(seed, steps, draft)
    record = json.loads(record_json(game))
    assert import_record(record) == game
    assert export_record(import_record(record)) == record
    saved = SavedGame(game, ("human", "bot:random"))
    assert decode_save(encode_save(saved)) == saved


def test_a_finished_record_has_the_card_by_card_result() -> None:
    result = export_record(played(4))["result"]
    assert result["finished"] and len(result["cards"]) == 16
    assert sum(c["points"] for c in result["cards"] if c["player"] == 0) == result["points"][0]


def test_an_illegal_action_is_named_by_index() -> None:
    record = export_record(played(5))
    index = next(i for i, a in enumerate(record["actions"]) if a["type"] == "place")
    record["actions"][index]["x"] += 9
    with pytest.raises(ReplayError) as error:
        import_record(record)
    assert error.value.index == index
    record["actions"][0] = {"type": "choose", "player": 0, "card": "dragon"}
    with pytest.raises(RecordError, match="'dragon' is not an animal"):
        import_record(record)


def test_the_cli_exports_and_checks_instinkt_games(tmp_path: Path, capsys) -> None:
    path = tmp_path / "duel.msgpack"
    write_save(path, SavedGame(played(6), ("human", "human")))
    assert main(["export", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["format"] == "instinkt-record"
    checked = tmp_path / "duel.json"
    checked.write_text(json.dumps(record))
    assert main(["check", str(checked)]) == 0
    assert json.loads(capsys.readouterr().out) == record["result"]


def test_the_catalogue_lists_instinkt_saves(tmp_path: Path) -> None:
    write_save(tmp_path / "duel.msgpack", SavedGame(played(7, steps=10), ("human", "bot:random")))
    (entry,) = scan_saves(tmp_path)
    assert isinstance(entry, SaveSummary)
    assert entry.game == "instinkt" and not entry.finished and entry.variant_text == "Instinkt"
    assert load_save(tmp_path / "duel.msgpack").title == "Black vs White"


def with_deer(seed: int):
    """A random game up to its first deer entry (and the index of that entry)."""
    from codex_tui.games.instinkt.rules import Enter

    rng = random.Random(seed)
    game = new_game(("Black", "White"), seed)
    while not game.is_over:
        moves = legal_actions(game)
        entries = [m for m in moves if isinstance(m, Enter)]
        if entries:
            return game, entries[0]
        game = apply(game, moves[rng.randrange(len(moves))])
    return None


def test_a_save_or_record_whose_deer_entry_is_no_longer_legal_names_it(tmp_path: Path, capsys) -> None:
    from dataclasses import replace

    from codex_tui.games.instinkt.rules.state import LogEntry
    from codex_tui.storage.saves import SaveError

    found = next(f for f in (with_deer(seed) for seed in range(40)) if f is not None)
    game, entry = found
    stale = replace(entry, index=entry.index + 9)  # a line the deer cannot enter under the current ruling
    broken = game.evolve(log=game.log + (LogEntry(stale),))
    path = tmp_path / "old.msgpack"
    with pytest.raises(SaveError, match=r"deer entering (row|column) -?\d+ from the (left|right|top|bottom) \(action"):
        write_save(path, SavedGame(broken, ("human", "human")))  # the save is replayed (checked) when written
        load_save(path)
    record = export_record(game)
    record["actions"].append(
        {"type": "deer", "player": stale.player, "axis": stale.axis.value, "index": stale.index, "end": stale.end.value}
    )
    checked = tmp_path / "old.json"
    checked.write_text(json.dumps(record))
    assert main(["check", str(checked)]) != 0
    out = capsys.readouterr()
    assert "older reading" in out.out + out.err
