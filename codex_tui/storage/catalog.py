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
from typing import Any

import msgpack

from codex_tui import __version__
from codex_tui.core import registry
from codex_tui.i18n.text import N_, Later
from codex_tui.storage.saves import (
    A_FOLDER,
    CANNOT_READ,
    DOES_NOT_EXIST,
    SAVE_FORMAT,
    SAVE_SUFFIX,
    SavedGame,
    SaveError,
    is_temp_file,
    load_save,
    remove_stale_temp_files,
    write_save,
)
from codex_tui.storage.titles import clean_title, default_title


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
    """Points as the game stands."""
    totals: tuple[int, ...] | None
    """Final totals, once finished; None before (they may count secrets,
    such as hidden objectives, that are not shown while the game goes on)."""
    turn: int
    """The game's own count of progress (`GameSummary.turn`), 0 at set-up."""
    finished: bool
    end: str | None
    """Why it ended, in a word (`GameSummary.end`), once finished."""
    winners: tuple[int, ...]
    """Seat indexes of the winners (empty until finished)."""
    saved_at: str
    """ISO 8601 time written in the file (UTC); "" if the file had none."""
    actions: int
    format_version: int
    """The file's format version; below the current one until it is saved again."""
    created_with: str
    game: str
    """Which game: its registry name (`GameModule.name`)."""
    variant: Any
    """The game's own variant value."""

    @property
    def variant_text(self) -> str:
        """The game and its variant in a few words, in the reader's language ("Codex to 20"):
        worded when drawn, so a summary kept across a change of language reads right."""
        return registry.game_named(self.game).variant_text(self.variant)

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
    later: Later
    """The reason, to draw in the reader's language."""


SaveEntry = SaveSummary | BrokenSave
GONE = N_("it may already have been deleted; refresh the list")
CANNOT_DELETE = N_("cannot be deleted ({error})")
PERMISSIONS = N_("check the folder's permissions")


def summarize(path: Path, saved: SavedGame, file: FileInfo | None = None) -> SaveSummary:
    """The table row of a loaded save, from its game's `game_summary`."""
    game = saved.game
    module = registry.game_of(game)
    progress = module.game_summary(game)
    return SaveSummary(
        path=path,
        file=file or _file_info(path),
        title=saved.shown_title(),
        players=game.players,
        kinds=saved.kinds,
        scores=progress.scores,
        totals=progress.totals,
        turn=progress.turn,
        finished=progress.finished,
        end=progress.end,
        winners=progress.winners,
        saved_at=saved.saved_at,
        actions=len(game.actions),
        format_version=saved.format_version,
        created_with=saved.created_with,
        game=module.name,
        variant=game.variant,
    )


def read_entry(path: Path) -> SaveEntry:
    """One file as a summary or a broken entry. Never raises."""
    info = _file_info(path)
    try:
        return summarize(path, load_save(path), info)
    except SaveError as error:
        return BrokenSave(path, info, str(error), error.problem, error.advice, error.later)
    except Exception as error:  # load_save promises SaveError; a listing must survive a broken promise
        broken = SaveError(path, CANNOT_READ, error=f"{type(error).__name__}: {error}")
        return BrokenSave(path, info, str(broken), broken.problem, "", broken.later)


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
        raise SaveError(path, N_("cannot take the title {title}"), N_("a title is text"), title=repr(title))
    saved = load_save(path)
    renamed = replace(
        saved,
        title=clean_title(title) or default_title(saved.game.players),
        created_with=__version__,
        titled_on=None,
        branch_at=None,
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
        raise SaveError(path, DOES_NOT_EXIST, GONE) from None
    except OSError as error:
        raise SaveError(path, CANNOT_DELETE, PERMISSIONS, error=error.strerror) from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(path, A_FOLDER, N_("remove it with your file manager if you mean to"))
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, DOES_NOT_EXIST, GONE) from None
    except OSError as error:
        raise SaveError(path, CANNOT_DELETE, PERMISSIONS, error=error.strerror) from None
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
