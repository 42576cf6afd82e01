"""Finding the game to offer when codex-tui starts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from ..storage.saves import SAVE_SUFFIX, SaveError, load_save


def save_files(folder: Path) -> list[Path]:
    """Save files in `folder`, newest first (temporary files are skipped)."""
    try:
        files = [p for p in folder.glob(f"*{SAVE_SUFFIX}") if p.is_file() and not p.name.startswith(".")]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def latest_unfinished(folder: Path, look_at: int = 20) -> Path | None:
    """The newest save whose game is not over (broken files are passed over)."""
    for path in save_files(folder)[:look_at]:
        try:
            if not load_save(path).game.is_over:
                return path
        except SaveError:
            continue
    return None


def describe_save(path: Path) -> str:
    try:
        game = load_save(path).game
    except SaveError as error:
        return str(error)
    when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    scores = ", ".join(f"{name} {seat.score}" for name, seat in zip(game.players, game.seats))
    turns = sum(1 for entry in game.log if type(entry.action).__name__ in ("Place", "Pass"))
    return f"{' vs '.join(game.players)}: {scores}; {turns} cards played; saved {when}\n{path}"
