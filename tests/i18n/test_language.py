"""Which language the app starts in, the pseudo-language, and the remembered choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex_tui.i18n import LANGUAGES, PSEUDO, language, set_language
from codex_tui.i18n.choice import choose_language, language_of_locale
from codex_tui.i18n.pseudo import CLOSE, KEPT, OPEN, pseudo
from codex_tui.storage.settings import Settings, SettingsError, load_settings, save_settings, settings_path


@pytest.mark.parametrize(
    ("option", "environ", "remembered", "expected"),
    [
        ("fr", {"CODEX_TUI_LANG": "zh", "LANG": "en_US.UTF-8"}, "en", "fr"),
        (None, {"CODEX_TUI_LANG": "zh", "LANG": "fr_FR.UTF-8"}, "en", "zh"),
        (None, {"CODEX_TUI_LANG": "klingon", "LANG": "fr_FR.UTF-8"}, "zh", "zh"),
        (None, {"LANG": "fr_FR.UTF-8"}, "zh", "zh"),
        (None, {"LANG": "fr_FR.UTF-8"}, None, "fr"),
        (None, {"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, None, "en"),
        (None, {"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "fr_FR.UTF-8"}, None, "zh"),
        (None, {"LANG": "de_DE.UTF-8"}, None, "en"),
        (None, {}, None, "en"),
    ],
)
def test_the_first_named_language_we_speak_wins(option, environ, remembered, expected) -> None:
    assert choose_language(option, environ, remembered) == expected


@pytest.mark.parametrize(
    ("value", "code"),
    [("fr_FR.UTF-8", "fr"), ("fr_CA", "fr"), ("zh_CN.GB18030", "zh"), ("zh-Hans", "zh"), ("C.UTF-8", None), ("", None)],
)
def test_locale_names(value: str, code: str | None) -> None:
    assert language_of_locale(value) == code


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="fr"):
        set_language("de")
    assert language() == "en"
    assert "pseudo" not in LANGUAGES and PSEUDO == "pseudo"


def test_pseudo_keeps_fields_and_markup_and_grows() -> None:
    text = pseudo("[b]{name}[/b] draws {count:>2} cards")
    assert text.startswith(OPEN) and text.endswith(CLOSE)
    assert "[b]{name}[/b]" in text and "{count:>2}" in text
    words = KEPT.sub("", text)
    assert words and not any(c.isascii() and c.isalpha() for c in words)
    assert len(text) >= len("[b]{name}[/b] draws {count:>2} cards") * 1.2
    assert text.format(name="Ada", count=3)


def test_settings_round_trip_and_a_broken_file_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "codex-tui" / "settings.json"
    assert load_settings(path) == Settings()
    save_settings(Settings(language="zh"), path)
    assert load_settings(path).language == "zh"
    path.write_text("{not json")
    with pytest.raises(SettingsError, match=r"settings\.json: not JSON .*fix or delete it"):
        load_settings(path)
    with pytest.raises(SettingsError):
        save_settings(Settings(language="fr"), path)
    assert path.read_text() == "{not json"


def test_settings_live_in_the_xdg_config_folder() -> None:
    assert settings_path({"XDG_CONFIG_HOME": "/x"}) == Path("/x/codex-tui/settings.json")
    assert settings_path({"HOME": "/home/ada"}) == Path("/home/ada/.config/codex-tui/settings.json")
