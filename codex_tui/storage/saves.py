"""Save files: msgpack, versioned, checksummed, written atomically.

A save must never be lost. So: the bytes are built and decoded again *before*
the disk is touched (a bad save never replaces a good one); they go to a
temporary file in the same folder, are fsynced, and renamed over the old
file (a crash leaves the old save or the new one, never half of either);
and loading checks the header, the checksum, every field, and replays every
action through the engine, so a save that loads is a legal game.

Older files are upgraded on load by `migrations` (one step per version) and
written back in the current format the next time the game is saved; files
from a newer codex-tui are refused, never guessed at. docs/save-format.md
describes the format for other programs.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import msgpack

from codex_tui import __version__
from codex_tui.core import registry
from codex_tui.core.contract import GameModule, GameState
from codex_tui.core.errors import RecordError, ReplayError, SetupError
from codex_tui.core.recordfields import text, whole_number
from codex_tui.i18n.text import N_, Later, _
from codex_tui.i18n.words import shown_names
from codex_tui.storage.migrations import FIRST_VERSION, LATEST_VERSION, MigrationError, migrate
from codex_tui.storage.titles import clean_title, day_title, default_title, tidy_text

SAVE_FORMAT = "codex-tui-save"
SAVE_VERSION = LATEST_VERSION
"""The version this code writes; it reads FIRST_VERSION..SAVE_VERSION."""
SAVE_SUFFIX = ".msgpack"
TEMP_SUFFIX = ".tmp"
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""A real game is a few kilobytes; anything this big is not ours."""

HUMAN = "human"


def reader_seat(kinds: Sequence[str]) -> int | None:
    """The seat a local game's screens speak to as "you" when no turn says otherwise (a replay,
    the final scores): its one human; None when several share the keyboard or none plays."""
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    return humans[0] if len(humans) == 1 else None


PLAYER_KINDS_HELP = "'human' or 'bot:<level>'"
DAMAGED = N_("the file is damaged; restore it from a backup or delete it")
OTHER_RULES = N_(
    "its checksum is right, so it was most likely made under rules this version reads differently "
    "(docs/rules-notes.md lists each ruling); it cannot be resumed here"
)
"""An intact save whose actions no longer replay is not damaged: a ruling changed under it."""
NOT_OURS = N_("pick a save from the saves folder")
NOT_A_SAVE = N_("this is not a codex-tui save")
ILLEGAL_ACTION = N_("holds an illegal action at index {index}: {error}")
BROKEN_GAME = N_("has a broken game: {error}")
CANNOT_READ = N_("cannot be read ({error})")
DOES_NOT_EXIST = N_("does not exist")
A_FOLDER = N_("is a folder, not a save file")
TOO_LARGE = N_("is {size} bytes, far larger than any save")
HINTS_KEY = "hints"
"""The body key of the hints shown (optional: absent when none was)."""
ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
"""A day as `titled_on` holds it: `date.fromisoformat` alone would also take 20261207 and 2026-W49-1."""
TITLED_ON_KEY = "titled_on"
"""The body key of the day a game's title was made on, as YYYY-MM-DD (optional, no new version): there,
the title is the one a new game gets (its game, that day, its players), written in the language of the
form that started it and shown in the reader's (`SavedGame.shown_title`); absent, the player's own."""
BRANCH_AT_KEY = "branch_at"
"""The body key of the action a game played on from a replay started at (optional, no new version): its
title is then the original's, followed in the reader's language by "(from action N)"."""


class SaveError(Exception):
    """A save that cannot be read or written. Says which file and what to do.

    `problem` and `advice` are English messages marked for the catalogs, with
    `fields` to format in; `str()` and the attributes are English (the CLI),
    `later` is the message the app shows in the player's language."""

    def __init__(self, path: Path | str, problem: str, advice: str = "", **fields: object) -> None:
        self.path = Path(path)
        self.problem = problem.format(**fields)
        self.advice = advice.format(**fields)
        parts: dict[str, object] = {"path": path, "problem": Later(problem, fields)}
        if advice:
            parts["advice"] = Later(advice, fields)
        self.later = Later(N_("{path}: {problem} ({advice})") if advice else N_("{path}: {problem}"), parts)
        super().__init__(str(self.later))


@dataclass(frozen=True)
class SavedGame:
    """A game and what the save keeps beside it: who sits where, its title."""

    game: GameState
    """Any registered game's state (`registry.game_of` tells which)."""
    kinds: tuple[str, ...]
    """Per seat: 'human' or 'bot:<level>'."""
    saved_at: str = field(default="", compare=False)
    created_with: str = field(default=__version__, compare=False)
    title: str = ""
    """Shown in the saves browser. Give "" for the default, the player names;
    after construction it is never empty and always tidy (see `clean_title`)."""
    format_version: int = field(default=SAVE_VERSION, compare=False)
    """The format of the file this was read from (older ones were migrated)."""
    hints: tuple[tuple[int, int], ...] = ()
    """(actions played then, seat) for each hint shown in this game, oldest first: the game
    log says who used a hint, and when. Written only when there is one, so a save without
    hints is the same bytes as before hints existed (an optional body key, no new version)."""
    titled_on: date | None = None
    """The day of a new game's own title (see `TITLED_ON_KEY`); None once the player names it."""
    branch_at: int | None = None
    """The action this game played on from, out of a replay of another (see `BRANCH_AT_KEY`); None once
    the player names it."""

    def __post_init__(self) -> None:
        if not isinstance(self.title, str):
            raise TypeError(f"a title is text, not {type(self.title).__name__}")
        object.__setattr__(self, "title", clean_title(self.title) or default_title(self.game.players))

    def updated(self, game: GameState) -> SavedGame:
        """This save after more play (or an undo): the same seats and title.

        Use it to autosave a resumed game: building a new SavedGame would
        drop a title the user gave, and `dataclasses.replace` would keep the
        loaded file's `saved_at` and `created_with` instead of now and this
        version.
        """
        return SavedGame(
            game, self.kinds, title=self.title, hints=self.hints, titled_on=self.titled_on, branch_at=self.branch_at
        )

    def shown_title(self) -> str:
        """The title in the reader's language: a new game's own title is made again from what it is
        made of (a game saved in French lists as "Codex Naturalis, 7 Dec 2026: You vs Bot 1" to an
        English reader); a title the player gave, as written."""
        if self.titled_on is None:
            title = self.title
        else:
            title = day_title(registry.game_of(self.game), self.game.players, self.titled_on)
        if self.branch_at is None:
            return title
        return clean_title(_("{title} (from action {index})").format(title=title, index=self.branch_at))


SAVE_FILE_MODE = 0o600
"""Saves hold hidden cards: readable by their owner only, whatever the umask."""


def default_saves_dir() -> Path:
    """$CODEX_TUI_SAVES, else ./saves (the project's saves/ folder when run from it)."""
    return Path(os.environ.get("CODEX_TUI_SAVES", "saves"))


def new_save_path(
    folder: Path, players: Sequence[str], when: datetime | None = None, free_in: Sequence[Path] = ()
) -> Path:
    """A fresh, readable file name: 2026-11-29_121300_Ada-vs-Bo.msgpack, free in `folder` and in each
    folder of `free_in` (where saves are filed away later under the same name)."""
    moment = when or datetime.now()
    names = "-vs-".join(re.sub(r"[^A-Za-z0-9]+", "", name)[:12] or "player" for name in players)
    stem = f"{moment:%Y-%m-%d_%H%M%S}_{names}"
    path = folder / f"{stem}{SAVE_SUFFIX}"
    counter = 2
    while path.exists() or any((other / path.name).exists() for other in free_in):
        path = folder / f"{stem}-{counter}{SAVE_SUFFIX}"
        counter += 1
    return path


# ----------------------------------------------------------------- encoding


def _body(saved: SavedGame) -> dict[str, Any]:
    """The save body: seats and title here, the rest the game's own `save_body`.

    The variant and seed come before the game's fields, in the order every
    save since format 3 has written them (so the bytes stay the same).
    """
    game = saved.game
    module = registry.game_of(game)
    players = [{"name": name, "kind": kind} for name, kind in zip(game.players, saved.kinds)]
    body = {
        "game": module.name,
        "title": saved.title,
        "players": players,
        "variant": module.variant_to_dict(game.variant),
        "seed": game.seed,
        **module.save_body(game),
    }
    if saved.hints:
        body[HINTS_KEY] = [[actions, seat] for actions, seat in saved.hints]
    if saved.titled_on is not None:
        body[TITLED_ON_KEY] = saved.titled_on.isoformat()
    if saved.branch_at is not None:
        body[BRANCH_AT_KEY] = saved.branch_at
    return body


def encode_save(saved: SavedGame) -> bytes:
    if len(saved.kinds) != len(saved.game.players):
        raise ValueError("one kind per seat is needed")
    body = msgpack.packb(_body(saved), use_bin_type=True)
    envelope = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "created_with": saved.created_with,
        "saved_at": saved.saved_at or datetime.now(UTC).isoformat(timespec="seconds"),
        "crc32": zlib.crc32(body),
        "body": body,
    }
    packed: bytes = msgpack.packb(envelope, use_bin_type=True)
    return packed


def _unpack(data: bytes) -> Any:
    """Unpack with limits: a hostile file cannot make us allocate much."""
    return msgpack.unpackb(
        data,
        raw=False,
        strict_map_key=True,
        max_bin_len=MAX_SAVE_BYTES,
        max_str_len=64 * 1024,
        max_array_len=100_000,
        max_map_len=1_000,
        max_ext_len=0,
    )


def _kinds(players: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if not isinstance(players, list):
        raise RecordError("players: expected a list of {name, kind}")
    names, kinds = [], []
    for index, seat in enumerate(players):
        if not isinstance(seat, dict) or not isinstance(seat.get("kind"), str):
            raise RecordError(f"players[{index}]: expected a name and a kind ({PLAYER_KINDS_HELP})")
        names.append(text(seat.get("name"), f"players[{index}]"))
        kinds.append(seat["kind"])
    return tuple(names), tuple(kinds)


def _seats_fit(module: GameModule, names: Sequence[str]) -> None:
    """RecordError unless the game takes this many seats."""
    low, high = module.min_players, module.max_players
    if not low <= len(names) <= high:
        count = str(low) if low == high else f"{low}-{high}"
        raise RecordError(f"players: expected a list of {count} names")


def _title(body: dict[str, Any], names: Sequence[str]) -> str:
    title = body.get("title")
    if not isinstance(title, str):
        raise RecordError(f"title: expected text, found {type(title).__name__}")
    return clean_title(title) or default_title(names)


def _titled_on(data: Any) -> date | None:
    """The optional `titled_on` key: a day as YYYY-MM-DD (none in older saves, or once renamed)."""
    if data is None:
        return None
    if isinstance(data, str) and ISO_DAY.fullmatch(data):
        with contextlib.suppress(ValueError):  # 2026-13-01
            return date.fromisoformat(data)
    raise RecordError(f"{TITLED_ON_KEY}: expected a day as YYYY-MM-DD, found {data!r:.40}")


def _branch_at(data: Any, actions: int) -> int | None:
    """The optional `branch_at` key: the action, among those the game has played, it played on from."""
    if data is None:
        return None
    index = whole_number(data, BRANCH_AT_KEY)
    if not 0 <= index <= actions:
        raise RecordError(f"{BRANCH_AT_KEY}: expected an action from 0 to {actions}, found {index}")
    return index


def _hints(data: Any, seats: int) -> tuple[tuple[int, int], ...]:
    """The optional `hints` key: a list of [actions played, seat] pairs (none in older saves)."""
    if data is None:
        return ()
    if not isinstance(data, list):
        raise RecordError(f"{HINTS_KEY}: expected a list of [actions, seat] pairs")
    hints = []
    for index, pair in enumerate(data):
        where = f"{HINTS_KEY}[{index}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise RecordError(f"{where}: expected [actions, seat]")
        actions, seat = whole_number(pair[0], f"{where}[0]"), whole_number(pair[1], f"{where}[1]")
        if actions < 0 or not 0 <= seat < seats:
            raise RecordError(f"{where}: expected a count of actions and a seat from 0 to {seats - 1}")
        hints.append((actions, seat))
    return tuple(hints)


def _envelope(data: bytes, path: Path | str) -> tuple[dict[str, Any], int, bytes]:
    """The checked header: (envelope, version, body bytes). SaveError if not."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(path, TOO_LARGE, NOT_A_SAVE, size=len(data))
    if not data:
        raise SaveError(path, N_("is empty"), N_("the game was never saved into it; pick another save or delete it"))
    try:
        envelope = _unpack(data)
    except Exception as error:  # msgpack raises many types for broken input
        raise SaveError(path, N_("is not a codex-tui save, or it was cut short"), NOT_OURS) from error
    if not isinstance(envelope, dict) or envelope.get("format") != SAVE_FORMAT:
        raise SaveError(path, N_("is not a codex-tui save (no codex-tui header)"), NOT_OURS)
    version = envelope.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, N_("has a broken header (no version)"), DAMAGED)
    if version > SAVE_VERSION:
        made_by = envelope.get("created_with")
        made_by = tidy_text(made_by, 40) if isinstance(made_by, str) else ""
        writer: object = f"codex-tui {made_by}" if made_by else Later(N_("a newer codex-tui"))
        raise SaveError(
            path,
            N_(
                "was written by {writer} in save format {version}; this is codex-tui {ours}, "
                "which reads save formats {first} to {last}"
            ),
            N_("upgrade codex-tui to open it"),
            writer=writer,
            version=version,
            ours=__version__,
            first=FIRST_VERSION,
            last=SAVE_VERSION,
        )
    if version < FIRST_VERSION:
        raise SaveError(path, N_("has an unknown save format version {version}"), DAMAGED, version=version)
    body_bytes = envelope.get("body")
    checksum = envelope.get("crc32")
    if not isinstance(body_bytes, bytes) or not isinstance(checksum, int):
        raise SaveError(path, N_("has a broken header (no body or checksum)"), DAMAGED)
    if zlib.crc32(body_bytes) != checksum:
        raise SaveError(path, N_("is damaged: its checksum does not match its contents"), DAMAGED)
    return envelope, version, body_bytes


def decode_save(data: bytes, path: Path | str = "<save>") -> SavedGame:
    """Check, migrate and replay a save's bytes. Raises SaveError, never anything else."""
    envelope, version, body_bytes = _envelope(data, path)
    try:
        raw_body = _unpack(body_bytes)
    except Exception:  # msgpack raises many types for broken input
        raise SaveError(path, N_("is damaged: its game data cannot be decoded"), DAMAGED) from None
    try:
        body = migrate(raw_body, version)
        stored, kinds = _kinds(body.get("players"))
        names = shown_names(stored)  # the form's "You" / "Bot 1" in the reader's language
        title = _title(body, names)
        seed = body.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("seed: expected a whole number or nothing")
        module = registry.game_named(body.get("game"))
        _seats_fit(module, names)
        game: GameState = module.load_save_body(body, names, seed)
        hints = _hints(body.get(HINTS_KEY), len(names))
        titled_on = _titled_on(body.get(TITLED_ON_KEY))
        branch_at = _branch_at(body.get(BRANCH_AT_KEY), len(game.actions))
    except ReplayError as error:
        raise SaveError(path, ILLEGAL_ACTION, OTHER_RULES, index=error.index, error=error.error) from None
    except registry.UnknownGame as error:
        raise SaveError(path, BROKEN_GAME, DAMAGED, error=f"game: {error}") from None
    except (RecordError, SetupError, MigrationError) as error:
        raise SaveError(path, BROKEN_GAME, DAMAGED, error=error) from None
    except Exception as error:
        raise SaveError(path, CANNOT_READ, DAMAGED, error=f"{type(error).__name__}: {error}") from None
    saved_at = envelope.get("saved_at")
    created_with = envelope.get("created_with")
    return SavedGame(
        game=game,
        kinds=kinds,
        saved_at=tidy_text(saved_at, 64) if isinstance(saved_at, str) else "",
        created_with=tidy_text(created_with, 64) if isinstance(created_with, str) else "",
        title=title,
        format_version=version,
        hints=hints,
        titled_on=titled_on,
        branch_at=branch_at,
    )


# ------------------------------------------------------------------ disk


def read_save_bytes(path: Path | str) -> bytes:
    """The bytes of a save file, or SaveError saying why they cannot be had.

    Opened non-blocking and checked to be a regular file first, so a FIFO or
    a device named like a save is refused instead of hanging the browser.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise SaveError(path, DOES_NOT_EXIST, N_("check the path; it may have been moved or deleted")) from None
    except IsADirectoryError:
        raise SaveError(path, A_FOLDER, NOT_OURS) from None
    except OSError as error:
        raise SaveError(
            path, N_("cannot be opened ({error})"), N_("check the file's permissions"), error=error.strerror
        ) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(path, A_FOLDER, NOT_OURS)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, N_("is not a regular file"), NOT_OURS)
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(path, TOO_LARGE, NOT_A_SAVE, size=info.st_size)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        advice = N_("check the disk and the file's permissions")
        raise SaveError(path, CANNOT_READ, advice, error=error.strerror) from None
    finally:
        os.close(fd)


def load_save(path: Path | str) -> SavedGame:
    """Read, check, migrate and replay a save. Raises SaveError, never anything else."""
    path = Path(path)
    return decode_save(read_save_bytes(path), path)


def temp_path(path: Path, pid: int | None = None) -> Path:
    """A new name where `write_save` stages the next version of `path`.

    Hidden, in the same folder (a rename is only atomic within one file
    system), named by the writer's process id (so a leftover can be told
    stale) plus a random token (so two threads saving the same game never
    write into one file): `.game.msgpack.1234-5f3a9c01.tmp`.
    """
    owner = os.getpid() if pid is None else pid
    return path.with_name(f".{path.name}.{owner}-{secrets.token_hex(4)}{TEMP_SUFFIX}")


_TEMP_NAME = re.compile(r"^\.(?P<target>.+)\.(?P<pid>[0-9]+)(?:-[0-9a-f]+)?" + re.escape(TEMP_SUFFIX) + "$")
"""Also matches `.name.1234.tmp`, the temp names of codex-tui before tokens."""


def is_temp_file(path: Path) -> bool:
    """Whether `path` is named like a temporary file of `write_save`."""
    return _TEMP_NAME.match(path.name) is not None


def temp_file_owner(path: Path) -> tuple[str, int] | None:
    """(save file name, writer's process id) of a temp file; None for other names."""
    match = _TEMP_NAME.match(path.name)
    return None if match is None else (match["target"], int(match["pid"]))


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process, or no way to tell: keep its file
    return True


def stale_temp_files(folder: Path, target: Path | None = None) -> list[Path]:
    """Temporary files in `folder` left by writers that were killed mid-write.

    A temp file is stale when the process named in it is gone; a live
    writer's file is never listed (removing it would fail that write). With
    `target`, only the leftovers of that one save. A reused process id only
    delays the clean-up; it never removes a file in use.
    """
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    stale = []
    for entry in entries:
        owner = temp_file_owner(entry)
        if owner is None or (target is not None and owner[0] != target.name):
            continue
        if not _process_alive(owner[1]):
            stale.append(entry)
    return sorted(stale)


def remove_stale_temp_files(folder: Path, target: Path | None = None) -> int:
    """Delete what `stale_temp_files` lists; returns how many went. Never raises."""
    removed = 0
    for entry in stale_temp_files(folder, target):
        try:
            if entry.is_file() and not entry.is_symlink():
                entry.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def write_save(path: Path | str, saved: SavedGame) -> None:
    """Write atomically; the old file stays whole if anything goes wrong, and a disk that refuses the
    write (full, read-only, the folder gone) is always a SaveError, never a bare OSError.

    A save is its owner's alone (mode 0600, a new folder 0700): it holds the
    deck order and every hand, which the other players of a hot-seat game or
    a server table must not read from their own accounts.

    Afterwards, temp files that killed writers left for this same save are
    removed, so a crash loop cannot fill the folder.
    """
    path = Path(path)
    write_save_bytes(path, checked_save_bytes(saved, path))


def checked_save_bytes(saved: SavedGame, path: Path | str) -> bytes:
    """`saved` encoded, and read back once: what could not be read is never written (SaveError)."""
    data = encode_save(saved)
    decode_save(data, path)
    return data


def write_save_bytes(path: Path, data: bytes) -> None:
    """Write a save's bytes (`checked_save_bytes`) atomically, as `write_save` does."""
    tmp = temp_path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, SAVE_FILE_MODE), "wb") as handle:
            os.fchmod(handle.fileno(), SAVE_FILE_MODE)  # a leftover temp file keeps its old mode
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError as error:
        with contextlib.suppress(OSError):  # gone, or in a folder that is no folder any more
            tmp.unlink()
        raise SaveError(
            path, N_("could not be written ({error})"), N_("check the folder and free space"), error=error.strerror
        ) from None
    remove_stale_temp_files(path.parent, path)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def move_save(path: Path, folder: Path) -> Path:
    """Move the save at `path` into `folder` (made 0700 if missing), keeping its name; returns where
    it is now. One rename, so the save is whole in one place or the other; OSError if it cannot move."""
    folder.mkdir(exist_ok=True, mode=0o700)
    target = folder / path.name
    os.replace(path, target)
    return target
