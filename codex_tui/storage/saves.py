"""Save files: msgpack, versioned, checksummed, written atomically.

A save must never be lost. So: the bytes are built and decoded again *before*
the disk is touched (a bad save never replaces a good one); they go to a
temporary file in the same folder, are fsynced, and renamed over the old
file (a crash leaves the old save or the new one, never half of either);
and loading checks the header, the checksum, every field, and replays every
action through the engine, so a save that loads is a legal game.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgpack

from .. import __version__
from ..rules import Game, ReplayError, SetupError, Variant, replay
from .record import RecordError, action_to_dict, actions_from_list, players_from_list, setup_from_dict, setup_to_dict

SAVE_FORMAT = "codex-tui-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".msgpack"
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""A real game is a few kilobytes; anything this big is not ours."""

HUMAN = "human"
PLAYER_KINDS_HELP = "'human' or 'bot:<level>'"


class SaveError(Exception):
    """A save that cannot be read or written. Says which file and what to do."""

    def __init__(self, path: Path | str, problem: str, advice: str = "") -> None:
        self.path = Path(path)
        self.problem = problem
        self.advice = advice
        message = f"{path}: {problem}"
        if advice:
            message += f" ({advice})"
        super().__init__(message)


@dataclass(frozen=True)
class SavedGame:
    """A game and what the save keeps beside it: who sits where."""

    game: Game
    kinds: tuple[str, ...]
    """Per seat: 'human' or 'bot:<level>'."""
    saved_at: str = field(default="", compare=False)
    created_with: str = field(default=__version__, compare=False)


def default_saves_dir() -> Path:
    """$CODEX_TUI_SAVES, else ./saves (the project's saves/ folder when run from it)."""
    return Path(os.environ.get("CODEX_TUI_SAVES", "saves"))


def new_save_path(folder: Path, players: Sequence[str], when: datetime | None = None) -> Path:
    """A fresh, readable file name: 2026-11-29_121300_Ada-vs-Bo.msgpack."""
    moment = when or datetime.now()
    names = "-vs-".join(re.sub(r"[^A-Za-z0-9]+", "", name)[:12] or "player" for name in players)
    stem = f"{moment:%Y-%m-%d_%H%M%S}_{names}"
    path = folder / f"{stem}{SAVE_SUFFIX}"
    counter = 2
    while path.exists():
        path = folder / f"{stem}-{counter}{SAVE_SUFFIX}"
        counter += 1
    return path


# ----------------------------------------------------------------- encoding


def _body(saved: SavedGame) -> dict[str, Any]:
    game = saved.game
    return {
        "players": [{"name": name, "kind": kind} for name, kind in zip(game.players, saved.kinds)],
        "variant": {"target_score": game.variant.target_score},
        "seed": game.seed,
        "setup": setup_to_dict(game.setup),
        "actions": [action_to_dict(action) for action in game.actions],
    }


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
    return msgpack.packb(envelope, use_bin_type=True)


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
        names.append(seat.get("name"))
        kinds.append(seat["kind"])
    return players_from_list(names), tuple(kinds)


def decode_save(data: bytes, path: Path | str = "<save>") -> SavedGame:
    """Check and replay a save's bytes. Raises SaveError, never anything else."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(path, f"is {len(data)} bytes, far larger than any save", "this is not a codex-tui save")
    if not data:
        raise SaveError(path, "is empty", "the game was never saved into it; pick another save")
    try:
        envelope = _unpack(data)
    except Exception as error:  # msgpack raises many types for broken input
        raise SaveError(
            path, "is not a codex-tui save, or it was cut short", "pick a save from the saves folder"
        ) from error
    if not isinstance(envelope, dict) or envelope.get("format") != SAVE_FORMAT:
        raise SaveError(path, "is not a codex-tui save (no codex-tui header)", "pick a file from the saves folder")
    version = envelope.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, "has a broken header (no version)", "the file is damaged")
    if version > SAVE_VERSION:
        made_by = envelope.get("created_with", "a newer codex-tui")
        raise SaveError(
            path,
            f"was written by codex-tui {made_by} in save format {version}; this is {__version__}, "
            f"which reads up to format {SAVE_VERSION}",
            "upgrade codex-tui to open it",
        )
    if version < 1:
        raise SaveError(path, f"has an unknown save format version {version}", "the file is damaged")
    body_bytes = envelope.get("body")
    checksum = envelope.get("crc32")
    if not isinstance(body_bytes, bytes) or not isinstance(checksum, int):
        raise SaveError(path, "has a broken header (no body or checksum)", "the file is damaged")
    if zlib.crc32(body_bytes) != checksum:
        raise SaveError(path, "is damaged: its checksum does not match its contents", "restore it from a backup")
    try:
        body = _unpack(body_bytes)
        names, kinds = _kinds(body.get("players") if isinstance(body, dict) else None)
        variant_data = body.get("variant")
        target = variant_data.get("target_score") if isinstance(variant_data, dict) else None
        if not isinstance(target, int) or isinstance(target, bool):
            raise RecordError("variant.target_score: expected a whole number")
        seed = body.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("seed: expected a whole number or nothing")
        setup = setup_from_dict(body.get("setup"))
        actions = actions_from_list(body.get("actions"))
        game = replay(names, setup, Variant(target_score=target), actions, seed)
    except ReplayError as error:
        raise SaveError(
            path, f"holds an illegal action at index {error.index}: {error.error}", "the file is damaged"
        ) from None
    except (RecordError, SetupError) as error:
        raise SaveError(path, f"has a broken game: {error}", "the file is damaged") from None
    except Exception as error:
        raise SaveError(path, f"cannot be read ({type(error).__name__}: {error})", "the file is damaged") from None
    return SavedGame(
        game=game,
        kinds=kinds,
        saved_at=str(envelope.get("saved_at", "")),
        created_with=str(envelope.get("created_with", "")),
    )


# ------------------------------------------------------------------ disk


def load_save(path: Path | str) -> SavedGame:
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(path, "does not exist", "check the path") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except OSError as error:
        raise SaveError(path, f"cannot be opened ({error.strerror})") from None
    return decode_save(data, path)


def write_save(path: Path | str, saved: SavedGame) -> None:
    """Write atomically; the old file stays whole if anything goes wrong."""
    path = Path(path)
    data = encode_save(saved)
    decode_save(data, path)  # refuse to write what we could not read back
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise SaveError(path, f"could not be written ({error.strerror})", "check the folder and free space") from None


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
