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
    BRANCH_AT_KEY,
    TITLED_ON_KEY,
    SavedGame,
    SaveError,
    encode_save,
    load_save,
    write_save,
)
from codex_tui.storage.titles import clean_title

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
        ("fr", "Codex Naturalis, 7 déc. 2026\u00a0: Vous contre Robot 1"),  # no line break before the colon
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


def played_on_from(path: Path, index: int) -> SavedGame:
    """What "play from here" at action `index` of the save at `path` writes (`CodexApp._branch`)."""
    source = load_save(path)
    game = source.game
    earlier = new_game(list(game.players), game.seed, game.variant)
    return SavedGame(earlier, source.kinds, title=source.title, titled_on=source.titled_on, branch_at=index)


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "Codex Naturalis, 7 Dec 2026: You vs Bot 1 (from action 0)"),
        ("zh", "自然法则 Codex Naturalis，2026年12月7日：你对电脑1（从第 0 步起）"),
    ],
)
def test_a_game_played_on_from_a_replay_is_titled_in_the_readers_language(
    tmp_path: Path, language: str, shown: str
) -> None:
    branch = tmp_path / "branch.msgpack"
    write_save(branch, played_on_from(french_new_game(tmp_path), 0))
    (tmp_path / "game.msgpack").unlink()
    set_language(language)
    assert listed_title(tmp_path) == shown
    saved = load_save(branch)
    assert saved.updated(saved.game).shown_title() == shown, "more play keeps it"
    rename_save(branch, "Autre partie")
    assert (load_save(branch).branch_at, listed_title(tmp_path)) == (None, "Autre partie")


@pytest.mark.parametrize("index", [1, -1, "3", True])
def test_a_damaged_branch_point_is_refused_with_the_field_named(tmp_path: Path, index: object) -> None:
    """A new game has played no action: it can only have played on from action 0."""
    path = with_body_key(tmp_path, BRANCH_AT_KEY, index)
    with pytest.raises(SaveError, match=BRANCH_AT_KEY):
        load_save(path)


def test_a_tidy_title_keeps_its_no_break_spaces_and_makes_any_other_space_one_plain_one() -> None:
    typed = "\u00a0Partie\u00a0: «\u202fsoir\u202f»\t\n\u3000 suite "
    assert clean_title(typed) == "Partie\u00a0: «\u202fsoir\u202f» suite"


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
    path = with_body_key(tmp_path, TITLED_ON_KEY, day)
    with pytest.raises(SaveError, match=TITLED_ON_KEY):
        load_save(path)


def with_body_key(folder: Path, key: str, value: object) -> Path:
    """A new game's save whose body holds `key: value`, written past `write_save`'s checks."""
    saved = SavedGame(new_game(["Ada", "Bo"], 3, Variant(20)), ("human", "human"), titled_on=DAY)
    envelope = msgpack.unpackb(encode_save(saved), raw=False)
    body = msgpack.unpackb(envelope["body"], raw=False)
    body[key] = value
    envelope["body"] = msgpack.packb(body, use_bin_type=True)
    envelope["crc32"] = zlib.crc32(envelope["body"])
    path = folder / "bad.msgpack"
    path.write_bytes(msgpack.packb(envelope, use_bin_type=True))
    return path
