"""Finding the game to offer when codex-tui starts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from codex_tui.i18n.dates import moment_text
from codex_tui.i18n.text import _
from codex_tui.storage.catalog import SaveSummary, scan_saves


def latest_unfinished(folder: Path) -> SaveSummary | None:
    """The most recently saved game that is not over (unreadable files are passed over)."""
    games = [entry for entry in scan_saves(folder) if isinstance(entry, SaveSummary) and entry.resumable]
    return max(games, key=lambda entry: entry.file.modified, default=None)


def describe_save(summary: SaveSummary) -> str:
    """The offered game in the reader's language (drawn, never stored): its title, then which
    game and variant it is (a title from before titles named the game does not say), the
    scores and how far it went, when it was saved on a line of its own (wrapped at 80 columns
    it left a "·" dangling at the end of a line), then its file."""
    when = moment_text(datetime.fromtimestamp(summary.file.modified))
    scores = _(", ").join(f"{name} {score}" for name, score in zip(summary.players, summary.scores))
    line = _("{game} · {scores} · turn {turn}").format(game=summary.variant_text, scores=scores, turn=summary.turn)
    saved = _("saved {when}").format(when=when)
    return f"{summary.title}\n{line}\n{saved}\n{summary.path}"
