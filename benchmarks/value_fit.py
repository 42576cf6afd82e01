"""Fit the judge's weights (`bots/judge.py`) to the games of `value_data.py`, and say whether it pays.

Run:
    python benchmarks/value_fit.py value-games.jsonl --playouts 32

Every position where a seat has just finished its turn (what the search
judges after a candidate move) becomes a row: the judge's features for that
seat, the mean lead of `--playouts` fast playouts from the true position,
and the lead the seat really finished with. A ridge regression of the final
lead on the playouts' lead alone, on the features alone, and on both, each
scored by five-fold cross-validation over whole games (R^2 on games it did
not see), tells whether the features know something about search-strength
games that the playouts do not. The last line is the weights for `Judge`:
the features' coefficients divided by the playouts' own, so that they read
in points of playout lead.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machine import machine_line  # noqa: E402

from codex_tui.games.codex.bots.judge import FEATURES, features  # noqa: E402
from codex_tui.games.codex.bots.policy import FAST, playout  # noqa: E402
from codex_tui.games.codex.record import import_record  # noqa: E402
from codex_tui.games.codex.rules import Phase, apply, result, undo  # noqa: E402

RIDGE = 30.0
"""Ridge penalty on the standardised coefficients: rows of one game are far from independent."""


def rows_of(record: dict[str, object], number: int, playouts: int) -> list[list[float]]:
    """[game, features..., playout lead, final lead] for every position after a seat's turn."""
    final = import_record(record)
    totals = result(final).totals
    game = undo(final, len(final.actions))
    rows: list[list[float]] = []
    for action in final.actions:
        game = apply(game, action)
        if game.phase is not Phase.PLACE or game.is_over:
            continue
        seat = (game.current - 1) % len(game.seats)
        rng = random.Random(number * 1_000 + len(rows))
        leads = 0
        for _ in range(playouts):
            ends = result(playout(game, rng, FAST)).totals
            leads += ends[seat] - max(t for i, t in enumerate(ends) if i != seat)
        final_lead = totals[seat] - max(t for i, t in enumerate(totals) if i != seat)
        rows.append([float(number), *features(game, seat), leads / playouts, float(final_lead)])
    return rows


def ridge(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Coefficients on standardised columns, with the columns' means and spreads."""
    mean, spread = x.mean(0), x.std(0)
    spread[spread < 1e-9] = 1.0
    z = np.hstack([(x - mean) / spread, np.ones((len(x), 1))])
    coefficients = np.linalg.solve(z.T @ z + RIDGE * np.eye(z.shape[1]), z.T @ y)
    return coefficients, mean, spread


def cross_validated_r2(x: np.ndarray, y: np.ndarray, games: np.ndarray) -> float:
    folds = games.astype(int) % 5
    predicted = np.zeros(len(y))
    for fold in range(5):
        train, test = folds != fold, folds == fold
        coefficients, mean, spread = ridge(x[train], y[train])
        predicted[test] = np.hstack([(x[test] - mean) / spread, np.ones((test.sum(), 1))]) @ coefficients
    return float(1 - np.mean((y - predicted) ** 2) / np.var(y))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", type=Path, help="a value_data.py file")
    parser.add_argument("--playouts", type=int, default=32)
    args = parser.parse_args()
    print(machine_line())
    cache = args.games.with_suffix(f".p{args.playouts}.npy")
    lines = args.games.read_text(encoding="utf-8").splitlines()
    table = np.load(cache) if cache.exists() else np.zeros((0, len(FEATURES) + 3))
    known = set(table[:, 0].astype(int).tolist())
    new = [
        row
        for number, line in enumerate(lines)
        if number not in known
        for row in rows_of(json.loads(line), number, args.playouts)
    ]
    if new:
        table = np.vstack([table, np.array(new)])
        np.save(cache, table)
    games, x, playout_lead, final_lead = table[:, 0], table[:, 1:-2], table[:, -2:-1], table[:, -1]
    print(f"{len(table)} positions from {len(np.unique(games))} games, {args.playouts} playouts each")
    for name, columns in (
        ("playouts' lead", playout_lead),
        ("features", x),
        ("playouts + features", np.hstack([playout_lead, x])),
    ):
        print(f"  {name:36s} cross-validated R^2 {cross_validated_r2(columns, final_lead, games):.4f}")
    coefficients, _, spread = ridge(np.hstack([playout_lead, x]), final_lead)
    raw = coefficients[:-1] / spread
    names = ["playouts", *FEATURES]
    print("  coefficients (points of final lead per unit):")
    for name, value in zip(names, raw):
        print(f"    {name:28s} {value:+.3f}")
    weights = ", ".join(f"{value / raw[0]:.3f}" for value in raw[1:])
    print(f"Judge(weights=({weights}))")


if __name__ == "__main__":
    main()
