"""The score of every match file in results/, read only: what README.md's table is taken from.

Run:
    python benchmarks/expert/results_summary.py  # every match file in results/
    python benchmarks/expert/results_summary.py benchmarks/expert/results/chase-hardcpu-hard-2p.jsonl --first 56

`expert_trials.py` prints the same lines when it resumes a match, but only for
the candidates it still knows, and it plays on if the file holds fewer games
than `--games`; this reads any file of it and never writes. Each file's line-up
is read from its `match` field ("balanced,hard / 1 from deal 1"), and each
entry gets `expert_trials.py`'s line (wins, win share with its 95% Wilson
interval, average score, CPU a move). `--first N` counts only the games of
index below N, as `expert_trials.py --games N` does. Files of `value_data.py`
(whole game records, no `match` field) are skipped.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: machine.py, match_lines.py

from expert_trials import read_results  # noqa: E402
from match_lines import entry_line  # noqa: E402

from codex_tui.games.codex.bots.match import summarize  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def match_of(path: Path) -> str | None:
    """The match a results file holds games of (None for a file of another kind)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            fields = json.loads(line)
        except json.JSONDecodeError:
            continue
        match = fields.get("match")
        return match if isinstance(match, str) else None
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path, help="results files (default: every one in results/)")
    parser.add_argument("--first", type=int, default=None, help="count only the games of index below this")
    args = parser.parse_args()
    for path in args.files or sorted(RESULTS.glob("*.jsonl")):
        match = match_of(path)
        if match is None:
            continue
        entries = tuple(match.split(" / ")[0].split(","))
        done = read_results(path, match)
        outcomes = [done[i] for i in sorted(done) if args.first is None or i < args.first]
        print(f"{path.name}: {len(outcomes)} games of {match}")
        for stats in summarize(entries, outcomes):
            print(entry_line(stats))


if __name__ == "__main__":
    main()
