"""`codex-tui hint` and `codex-tui review`, on tic-tac-toe (tests/core/tictactoe) so they run fast.

Tic-tac-toe is registered for each test only; its greedy bot (its "hard")
takes a winning cell, and its assessment is a small flat Monte Carlo, so
what the commands print can be checked against the game's own answers.
Reviews run with `--jobs 1`: worker processes start fresh and would not
know a game registered only in this process.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from codex_tui.cli import main
from codex_tui.core import registry
from codex_tui.core.contract import GameModule
from codex_tui.core.review import decision_points, points_text
from codex_tui.storage.saves import SavedGame, load_save, write_save
from tests.core.tictactoe.rules import Mark

HUMAN_FIRST = ("human", "bot:greedy")
FIRST_TURNS = 12
"""Actions of a Codex game reviewed through the command line with worker processes: set-up and four turns."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def save(path: Path, game: Any, kinds: tuple[str, ...] = HUMAN_FIRST) -> Path:
    write_save(path, SavedGame(game, kinds))
    return path


def one_to_win(game_module: GameModule) -> Any:
    """The first player has two in the top row and the other two in the middle: the first to mark."""
    game = game_module.new_game(("ada", "bo"), 17, game_module.default_variant())
    first, other = game.first, 1 - game.first
    for action in (Mark(first, 0), Mark(other, 3), Mark(first, 1), Mark(other, 4)):
        game = game_module.apply(game, action)
    return game


def played_out(game_module: GameModule, seed: int = 3) -> Any:
    """A whole game between a random bot (seat 0) and the greedy one (seat 1)."""
    game = game_module.new_game(("ada", "bo"), seed, game_module.default_variant())
    bots = (game_module.make_bot("random", seed), game_module.make_bot("greedy", seed))
    while not game.is_over:
        seat = game_module.players_to_act(game)[0]
        game = game_module.apply(game, bots[seat](game_module.view(game, seat)))
    return game


# ------------------------------------------------------------------- hint


def test_hint_prints_the_winning_mark_as_a_record_action(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = one_to_win(tictactoe)
    code, out, err = run(capsys, "hint", str(save(tmp_path / "g.msgpack", game)))
    assert code == 0
    assert json.loads(out) == tictactoe.action_to_dict(Mark(game.first, 2))
    assert out.count("\n") == 1, "one JSON action, nothing else, on stdout"
    assert err == f"{game.players[game.first]}: cell 3 is the best square left\n"


def test_hint_reads_a_record_as_well_as_a_save(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = one_to_win(tictactoe)
    record = tmp_path / "g.json"
    record.write_text(json.dumps(tictactoe.export_record(game)), encoding="utf-8")
    from_save = run(capsys, "hint", str(save(tmp_path / "g.msgpack", game)))
    assert run(capsys, "hint", str(record)) == from_save


def test_hint_on_a_finished_game_exits_1_with_a_message(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "hint", str(save(tmp_path / "done.msgpack", played_out(tictactoe))))
    assert code == 1 and out == ""
    assert "the game is over" in err and "no move to hint" in err


def test_hint_for_a_seat_that_is_not_to_act_exits_1(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = one_to_win(tictactoe)
    code, out, err = run(capsys, "hint", str(save(tmp_path / "g.msgpack", game)), "--seat", str(1 - game.first))
    assert code == 1 and out == ""
    assert f"seat {1 - game.first} has nothing to do now (seats to act: {game.first})" in err


@pytest.mark.parametrize("command", ["hint", "review"])
def test_an_unknown_level_is_refused_with_the_game_s_levels(
    command: str, tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save(tmp_path / "g.msgpack", one_to_win(tictactoe))
    code, out, err = run(capsys, command, str(path), "--level", "wizard")
    assert code == 2 and out == ""
    assert "Tic-tac-toe has no bot level 'wizard'; choose one of: random, greedy, hard, expert" in err


@pytest.mark.parametrize("command", ["hint", "review"])
def test_a_missing_or_broken_file_fails_cleanly(
    command: str, tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, command, str(tmp_path / "none.msgpack"))
    assert code == 2 and out == "" and "does not exist" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, command, str(broken))
    assert code == 2 and out == "" and "is not a readable game record" in err


# ----------------------------------------------------------------- review


def review_json(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> list[dict[str, Any]]:
    code, out, err = run(capsys, "review", str(path), "--jobs", "1", "--json", *options)
    assert code == 0 and err == ""
    return [json.loads(line) for line in out.splitlines()]


def test_review_json_has_one_line_per_decision_equal_to_a_direct_assessment(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played_out(tictactoe)
    lines = review_json(capsys, save(tmp_path / "g.msgpack", game), "--seat", "1", "--seed", "4")
    points = list(decision_points(tictactoe, game, 1))
    assert len(points) >= 2 and [line["index"] for line in lines] == [point.index for point in points]
    for line, point in zip(lines, points, strict=True):
        direct = tictactoe.assess(point.view, point.played, "expert", 4)
        assert line["seat"] == 1
        assert line["played"] == tictactoe.action_to_dict(game.actions[line["index"]])
        assert line["best"] == tictactoe.action_to_dict(direct.best.action)
        assert (line["played_margin"], line["best_margin"]) == (direct.played.margin, direct.best.margin)
        assert line["cost"] == direct.cost == max(0.0, line["best_margin"] - line["played_margin"])
        assert line["playouts"] == direct.played.playouts > 0


def test_review_is_the_same_every_time_and_for_the_game_s_record(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played_out(tictactoe, seed=8)
    path = save(tmp_path / "g.msgpack", game, ("human", "human"))
    record = tmp_path / "g.json"
    record.write_text(json.dumps(tictactoe.export_record(game)), encoding="utf-8")
    first = review_json(capsys, path)
    assert first and review_json(capsys, path) == first
    assert review_json(capsys, record) == first


@pytest.mark.parametrize(
    ("kinds", "seat"), [(("bot:greedy", "human"), 1), (("human", "bot:random"), 0), (("bot:random", "bot:greedy"), 0)]
)
def test_review_takes_the_first_human_seat_unless_told(
    kinds: tuple[str, ...], seat: int, tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save(tmp_path / "g.msgpack", played_out(tictactoe), kinds)
    lines = review_json(capsys, path)
    assert lines and {line["seat"] for line in lines} == {seat}
    assert {line["seat"] for line in review_json(capsys, path, "--seat", str(1 - seat))} == {1 - seat}


def test_review_table_lists_the_costliest_decisions_and_the_totals(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played_out(tictactoe)
    path = save(tmp_path / "g.msgpack", game, ("bot:random", "human"))
    lines = review_json(capsys, path, "--seat", "0")
    costly = sorted((line for line in lines if line["cost"] > 0), key=lambda line: (-line["cost"], line["index"]))
    assert costly, "the random seat gave points away"
    worst = costly[0]
    code, out, err = run(capsys, "review", str(path), "--jobs", "1", "--seat", "0", "--top", "1")
    assert code == 0 and err == ""
    assert out.startswith(
        f"ada (seat 0), judged by the expert search, seed 0: the 1 costliest of {len(lines)} decisions"
    )
    rows = [row for row in out.splitlines() if "│" in row]
    assert len(rows) == 1
    cells = [cell.strip() for cell in rows[0].split("│")]
    played, best = worst["played"]["cell"] + 1, worst["best"]["cell"] + 1
    assert cells == [  # tic-tac-toe's turn is the number of marks made: the index
        str(worst["index"] + 1),
        str(worst["index"]),
        f"cell {played}",
        f"cell {best}",
        f"{worst['cost']:.1f}",
    ]
    as_good = sum(1 for line in lines if line["cost"] == 0)
    total = sum(line["cost"] for line in lines)
    assert out.splitlines()[-1] == (
        f"{len(lines)} decisions, {as_good} as good as the search's best; {total:.1f} points lost in all"
    )


def test_review_prints_names_as_they_are_not_as_markup(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played_out(tictactoe)
    renamed = tictactoe.rebuild(tictactoe.new_game(("[/b]ada[b]", "bo"), 3, game.variant), game.actions)
    code, out, _ = run(capsys, "review", str(save(tmp_path / "g.msgpack", renamed)), "--jobs", "1")
    assert code == 0 and out.startswith("[/b]ada[b] (seat 0), judged by the expert search")


def test_review_of_a_game_without_decisions_says_so(
    tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fresh = tictactoe.new_game(("ada", "bo"), 1, tictactoe.default_variant())
    path = save(tmp_path / "new.msgpack", fresh)
    code, out, _ = run(capsys, "review", str(path), "--jobs", "1")
    assert code == 0
    assert out.splitlines() == [
        "ada (seat 0), judged by the expert search, seed 0",
        "0 decisions, 0 as good as the search's best; 0.0 points lost in all",
    ]
    assert review_json(capsys, path) == []


@pytest.mark.parametrize(
    ("option", "message"), [(("--seat", "2"), "--seat must be 0-1"), (("--top", "0"), "top must be at least 1")]
)
def test_review_refuses_a_bad_option(
    option: tuple[str, str], message: str, tictactoe: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save(tmp_path / "g.msgpack", played_out(tictactoe))
    try:
        code = main(["review", str(path), "--jobs", "1", *option])
    except SystemExit as exit_:  # argparse's own refusal
        code = int(str(exit_.code))
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and message in captured.err


@pytest.mark.slow
def test_a_codex_review_is_the_same_with_two_worker_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The workers start fresh (spawn) and look the game up by name: the real Codex, at hard, on the first
    turns of a game (tests/core/test_advice_conformance spreads a review of every game over processes too)."""
    assert main(["selfplay", "--players", "2", "--seed", "5", "--target-score", "6", "--out", str(tmp_path)]) == 0
    (played,) = tmp_path.glob("*.msgpack")
    capsys.readouterr()
    whole = load_save(played)
    first_turns = registry.game_of(whole.game).rebuild(whole.game, list(whole.game.actions)[:FIRST_TURNS])
    path = save(tmp_path / "first-turns.msgpack", first_turns, whole.kinds)
    alone = review_json(capsys, path, "--level", "hard")
    assert len(alone) >= 3 and {line["seat"] for line in alone} == {0}, "a bots-only save: seat 0"
    code, out, err = run(capsys, "review", str(path), "--level", "hard", "--jobs", "2", "--json")
    assert code == 0 and err == ""
    assert [json.loads(line) for line in out.splitlines()] == alone


def test_a_tiny_cost_is_not_shown_as_none() -> None:
    assert [points_text(cost) for cost in (0.0, 0.03, 0.05, 2.34)] == ["0.0", "<0.1", "0.1", "2.3"]
