"""A save written where nothing can be written: always a SaveError that says so, the old save kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex_tui.games.codex.rules import Variant, new_game
from codex_tui.storage.saves import SavedGame, SaveError, load_save, write_save
from tests.unwritable import Unwritable


def test_a_folder_that_cannot_be_written_is_a_save_error_and_the_old_save_stays(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    path = folder / "game.msgpack"
    first = SavedGame(new_game(("Ada", "Bo"), 3, Variant(20)), ("human", "human"))
    write_save(path, first)
    disk = Unwritable(folder)
    later = SavedGame(new_game(("Ada", "Bo"), 4, Variant(20)), ("human", "human"))
    with pytest.raises(SaveError, match="could not be written") as error:
        write_save(path, later)
    assert error.value.path == path and "check the folder and free space" in error.value.advice
    disk.mend()
    assert load_save(path).game == first.game
