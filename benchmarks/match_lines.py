"""One printed line per line-up entry of a bot match, shared by the match benchmarks."""

from __future__ import annotations

from codex_tui.games.codex.bots.match import EntryStats


def entry_line(stats: EntryStats) -> str:
    """Wins, win rate with its 95% Wilson interval, average score and CPU per move."""
    low, high = stats.interval()
    return (
        f"  {stats.label:<10} wins {stats.wins:6g}  {100 * stats.win_rate:5.1f}%  "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f}%)  avg score {stats.average_score:4.1f}  "
        f"cpu/move {1000 * stats.cpu_per_move:.0f} ms over {stats.moves} moves"
    )
