"""Opening a file to replay: a save (msgpack) or a game record (JSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codex_tui.core import registry
from codex_tui.core.errors import RecordError, ReplayError, SetupError
from codex_tui.i18n.text import N_
from codex_tui.storage.saves import (
    HUMAN,
    ILLEGAL_ACTION,
    SavedGame,
    SaveError,
    load_save,
    read_save_bytes,
    reader_seat,
)

CHECK_RECORD = N_("check the record")


@dataclass(frozen=True)
class Replayable:
    game: Any
    """The state of any registered game."""
    kinds: tuple[str, ...]
    title: str
    """As shown, in the reader's language."""
    saved: SavedGame | None = None
    """The save it was read from (None: a record): a game played on from it keeps its title's parts."""

    @property
    def reader(self) -> int | None:
        """The seat its replay speaks to (`reader_seat`)."""
        return reader_seat(self.kinds)


def looks_like_json(path: Path) -> bool:
    if path.suffix.lower() == ".json":
        return True
    try:
        return read_save_bytes(path)[:1] in (b"{", b"[")
    except SaveError:
        return False


def open_replayable(path: Path) -> Replayable:
    """Load a save or a record; SaveError (for both) says what is wrong.

    A record does not say who was human, so a game branched from it is
    played by humans at every seat. The record's `format` names its game; a
    record of no known format is read as the default game's, whose error
    says what is wrong with it.
    """
    if not looks_like_json(path):
        saved = load_save(path)
        return Replayable(saved.game, saved.kinds, saved.shown_title(), saved)
    try:
        data = json.loads(read_save_bytes(path).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SaveError(
            path, N_("is not a readable game record ({error})"), N_("check the file"), error=error
        ) from None
    try:
        game = (registry.game_for_record(data) or registry.game_named(registry.unnamed_records_game())).import_record(
            data
        )
    except ReplayError as error:
        raise SaveError(path, ILLEGAL_ACTION, CHECK_RECORD, index=error.index, error=error.error) from None
    except (RecordError, SetupError) as error:
        raise SaveError(path, N_("is not a valid game record: {error}"), CHECK_RECORD, error=error) from None
    return Replayable(game, (HUMAN,) * len(game.players), " vs ".join(game.players))
