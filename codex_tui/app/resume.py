"""Finding the game to offer when codex-tui starts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from codex_tui.storage.catalog import SaveSummary, scan_saves


def latest_unfinished(folder: Path) -> SaveSummary | None:
    """The most recently saved game that is not over (unreadable files are passed over)."""
    games = [entry for entry in scan_saves(folder) if isinstance(entry, SaveSummary) and entry.resumable]
    return max(games, key=lambda entry: entry.file.modified, default=None)


def describe_save(summary: SaveSummary) -> str:
    when = datetime.fromtimestamp(summary.file.modified).strftime("%Y-%m-%d %H:%M")
    scores = ", ".join(f"{name} {score}" for name, score in zip(summary.players, summary.scores))
    return f"{summary.title}: {scores}; turn {summary.turn}; saved {when}\n{summary.path}"
