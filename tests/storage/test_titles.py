"""A new game's title is stored as what it is made of and shown in the reader's language; a title the
player gave is shown as written (docs/i18n.md: "never stored translated")."""

from __future__ import annotations

import zlib
from datetime import date
from pathlib import Path

import msgpack
import pytest

from codex_tui.games.codex.rules import Variant, new_game
from codex_tui.i18n import set_language
from codex_tui.i18n.words import BOT, YOU, new_game_title
from codex_tui.storage.catalog import SaveSummary, rename_save, scan_saves
from codex_tui.storage.saves import (
    TITLED_ON_KEY,
    SavedGame,
    SaveError,
    encode_save,
    load_save,
    write_save,
)

DAY = date(2026, 12, 7)


def french_new_game(folder: Path) -> Path:
    """A game started from the French form, as the app saves it: its title written in French."""
    set_language("fr")
    names = [YOU, BOT.format(number=1)]
    game = new_game(names, 7, Variant(20))
    title = new_game_title("Codex Naturalis", ["Vous", "Robot 1"], DAY)
    assert title == "Codex Naturalis, 7 déc. 2026\u00a0: Vous contre Robot 1"
    path = folder / "game.msgpack"
    write_save(path, SavedGame(game, ("human", "bot:normal"), title=title, titled_on=DAY))
    return path


def listed_title(folder: Path) -> str:
    (entry,) = scan_saves(folder)
    assert isinstance(entry, SaveSummary)
    return entry.title


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "Codex Naturalis, 7 Dec 2026: You vs Bot 1"),
        ("zh", "自然法则 Codex Naturalis，2026年12月7日：你对电脑1"),
        ("fr", "Codex Naturalis, 7 déc. 2026 : Vous contre Robot 1"),  # one line: its spaces are plain
    ],
)
def test_a_new_games_title_is_shown_in_the_readers_language(tmp_path: Path, language: str, shown: str) -> None:
    path = french_new_game(tmp_path)
    set_language(language)
    assert listed_title(tmp_path) == shown
    assert load_save(path).shown_title() == shown


def test_a_title_the_player_gave_is_shown_as_written_in_every_language(tmp_path: Path) -> None:
    path = french_new_game(tmp_path)
    rename_save(path, "La revanche")
    assert load_save(path).titled_on is None
    for language in ("en", "zh"):
        set_language(language)
        assert listed_title(tmp_path) == "La revanche"


def test_more_play_keeps_the_day_of_the_title(tmp_path: Path) -> None:
    path = french_new_game(tmp_path)
    saved = load_save(path)
    assert saved.updated(saved.game).titled_on == DAY


def test_a_save_without_the_day_shows_its_title_as_stored(tmp_path: Path) -> None:
    """Saves written before titles were stored by their parts keep what they say."""
    path = tmp_path / "old.msgpack"
    write_save(path, SavedGame(new_game(["Ada", "Bo"], 3, Variant(20)), ("human", "human"), title="Mardi soir"))
    set_language("zh")
    assert listed_title(tmp_path) == "Mardi soir"


@pytest.mark.parametrize("day", ["7 Dec 2026", 20261207, "20261207", "2026-W49-1", "2026-13-01"])
def test_a_damaged_day_is_refused_with_the_field_named(tmp_path: Path, day: object) -> None:
    saved = SavedGame(new_game(["Ada", "Bo"], 3, Variant(20)), ("human", "human"), titled_on=DAY)
    envelope = msgpack.unpackb(encode_save(saved), raw=False)
    body = msgpack.unpackb(envelope["body"], raw=False)
    body[TITLED_ON_KEY] = day
    envelope["body"] = msgpack.packb(body, use_bin_type=True)
    envelope["crc32"] = zlib.crc32(envelope["body"])
    path = tmp_path / "bad.msgpack"
    path.write_bytes(msgpack.packb(envelope, use_bin_type=True))
    with pytest.raises(SaveError, match=TITLED_ON_KEY):
        load_save(path)
