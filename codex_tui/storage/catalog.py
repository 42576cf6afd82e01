"""What is in a saves folder, for the saves browser: one entry per save file.

Every save is listed: one that loads becomes a `SaveSummary` (what a table
row shows), a damaged one a `BrokenSave` carrying the reason, so it is
visible and can be deleted instead of silently missing. A save is a file
named like one (`.msgpack`) or a file that starts like one (renamed, say,
to `.bak`); other files (the folder's README, notes, pictures) were never
saves and are not listed. Scanning never raises and never changes the
folder. Also skipped: `write_save`'s own temporary files (a kill mid-write
leaves one; the next write of that game removes it) and sub-folders, except
those named like a save, which are listed as broken.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import msgpack

from codex_tui import __version__
from codex_tui.games.codex.rules import result
from codex_tui.games.codex.timeline import turn_number
from codex_tui.games.instinkt.rules import Game as InstinktGame
from codex_tui.games.instinkt.rules import result as instinkt_result
from codex_tui.storage.saves import (
    CODEX,
    INSTINKT,
    SAVE_FORMAT,
    SAVE_SUFFIX,
    SavedGame,
    SaveError,
    clean_title,
    default_title,
    is_temp_file,
    load_save,
    remove_stale_temp_files,
    write_save,
)


@dataclass(frozen=True, slots=True)
class FileInfo:
    """What the file system says about an entry, for sorting and display."""

    size: int
    modified: float
    """st_mtime, seconds since the epoch; 0.0 when unknown."""


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """One readable save, as the browser's table shows it."""

    path: Path
    file: FileInfo
    title: str
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    """Per seat: 'human' or 'bot:<level>'."""
    scores: tuple[int, ...]
    """Placement points (the score track) per seat."""
    totals: tuple[int, ...] | None
    """Final totals with objective points, once finished; None before (the
    objectives are secret while the game goes on)."""
    turn: int
    """The turn being played, or the last one played (0 during set-up); see `timeline.turn_number`."""
    finished: bool
    end: str | None
    """'score' or 'decks' once finished."""
    winners: tuple[int, ...]
    """Seat indexes of the winners (empty until finished)."""
    saved_at: str
    """ISO 8601 time written in the file (UTC); "" if the file had none."""
    target_score: int | None
    """Codex Naturalis only (None for Instinkt)."""
    actions: int
    format_version: int
    """The file's format version; below the current one until it is saved again."""
    created_with: str
    game: str = CODEX
    """Which game: 'codex-naturalis' or 'instinkt'."""
    variant: str = ""
    """The variant in words, for games without a target score."""

    @property
    def variant_text(self) -> str:
        return f"target {self.target_score}" if self.target_score is not None else self.variant

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.players[seat] for seat in self.winners)

    @property
    def resumable(self) -> bool:
        """Unfinished games resume; finished ones can only be replayed."""
        return not self.finished


@dataclass(frozen=True, slots=True)
class BrokenSave:
    """A file in the saves folder that does not load, and why."""

    path: Path
    file: FileInfo
    reason: str
    """The whole SaveError message: file, problem and advice."""
    problem: str
    advice: str


SaveEntry = SaveSummary | BrokenSave


def summarize(path: Path, saved: SavedGame, file: FileInfo | None = None) -> SaveSummary:
    """The table row of a loaded save."""
    game = saved.game
    if isinstance(game, InstinktGame):
        return _summarize_instinkt(path, saved, game, file)
    outcome = result(game)
    return SaveSummary(
        path=path,
        file=file or _file_info(path),
        title=saved.title,
        players=game.players,
        kinds=saved.kinds,
        scores=game.scores,
        totals=outcome.totals if outcome.finished else None,
        turn=turn_number(game),
        finished=outcome.finished,
        end=outcome.end.value if outcome.end else None,
        winners=outcome.winners,
        saved_at=saved.saved_at,
        target_score=game.variant.target_score,
        actions=len(game.log),
        format_version=saved.format_version,
        created_with=saved.created_with,
    )


def _summarize_instinkt(path: Path, saved: SavedGame, game: InstinktGame, file: FileInfo | None) -> SaveSummary:
    """An Instinkt save's row: points as the grid stands, the round as the turn."""
    outcome = instinkt_result(game)
    return SaveSummary(
        path=path,
        file=file or _file_info(path),
        title=saved.title,
        players=game.players,
        kinds=saved.kinds,
        scores=outcome.points,
        totals=outcome.points if outcome.finished else None,
        turn=game.round,
        finished=outcome.finished,
        end="grid" if outcome.finished else None,
        winners=outcome.winners,
        saved_at=saved.saved_at,
        target_score=None,
        actions=len(game.log),
        format_version=saved.format_version,
        created_with=saved.created_with,
        game=INSTINKT,
        variant="draft" if game.variant.draft else "standard",
    )


def read_entry(path: Path) -> SaveEntry:
    """One file as a summary or a broken entry. Never raises."""
    info = _file_info(path)
    try:
        return summarize(path, load_save(path), info)
    except SaveError as error:
        return BrokenSave(path, info, str(error), error.problem, error.advice)
    except Exception as error:  # load_save promises SaveError; a listing must survive a broken promise
        problem = f"cannot be read ({type(error).__name__}: {error})"
        return BrokenSave(path, info, f"{path}: {problem}", problem, "")


def scan_saves(folder: Path | str) -> list[SaveEntry]:
    """Every save file in `folder` (not its sub-folders), sorted by file name.

    A missing or unreadable folder gives an empty list: the browser shows
    "no saves" and the folder is created by the first save.
    """
    return [read_entry(path) for path in sorted(_candidates(Path(folder)), key=lambda p: p.name)]


def _candidates(folder: Path) -> Iterator[Path]:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        path = Path(entry.path)
        if is_temp_file(path):
            continue
        try:
            is_dir = entry.is_dir()  # follows symlinks: a link to a folder is a folder
        except OSError:
            is_dir = False
        if entry.name.endswith(SAVE_SUFFIX) or (not is_dir and _starts_like_a_save(path)):
            yield path


SAVE_MAGIC: bytes = msgpack.packb({"format": SAVE_FORMAT})[1:]
"""How every save file starts after its map header: `write_save` puts the format key first."""


def _starts_like_a_save(path: Path) -> bool:
    """Whether a file not named like a save holds one; only regular files are opened (never a FIFO)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return os.read(fd, 1 + len(SAVE_MAGIC))[1:] == SAVE_MAGIC
    except OSError:
        return False
    finally:
        os.close(fd)


def _file_info(path: Path) -> FileInfo:
    try:
        info = path.stat()
    except OSError:
        try:
            info = path.lstat()  # a dangling symlink still has a date
        except OSError:
            return FileInfo(size=0, modified=0.0)
    return FileInfo(size=info.st_size if stat.S_ISREG(info.st_mode) else 0, modified=info.st_mtime)


# ------------------------------------------------------------------ changes


def rename_save(path: Path | str, title: str) -> SavedGame:
    """Give a save a new title, rewriting it atomically; returns the new save.

    The title is tidied (see `clean_title`); a blank one resets it to the
    player names. The game and its `saved_at` are unchanged, so renaming does
    not reorder the browser by date. The file is rewritten in the current
    format (an old one is migrated). Raises SaveError if the save does not
    load or cannot be written; the file is then untouched.
    """
    path = Path(path)
    if not isinstance(title, str):
        raise SaveError(path, f"cannot take the title {title!r}", "a title is text")
    saved = load_save(path)
    renamed = replace(
        saved,
        title=clean_title(title) or default_title(saved.game.players),
        created_with=__version__,
    )
    write_save(path, renamed)
    return load_save(path)


def delete_save(path: Path | str) -> None:
    """Delete one file of the saves folder, broken or not (the browser asks first).

    Refuses folders (even one named like a save: it could hold anything).
    Leftover temporary files of that save go too. Raises SaveError with the
    reason when the file cannot be deleted.
    """
    path = Path(path)
    try:
        info = path.lstat()
    except FileNotFoundError:
        raise SaveError(path, "does not exist", "it may already have been deleted; refresh the list") from None
    except OSError as error:
        raise SaveError(path, f"cannot be deleted ({error.strerror})", "check the folder's permissions") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(path, "is a folder, not a save file", "remove it with your file manager if you mean to")
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, "does not exist", "it may already have been deleted; refresh the list") from None
    except OSError as error:
        raise SaveError(path, f"cannot be deleted ({error.strerror})", "check the folder's permissions") from None
    remove_stale_temp_files(path.parent, path)


__all__ = [
    "BrokenSave",
    "FileInfo",
    "SaveEntry",
    "SaveSummary",
    "delete_save",
    "read_entry",
    "rename_save",
    "scan_saves",
    "summarize",
]
