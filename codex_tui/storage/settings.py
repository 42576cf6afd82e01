"""What a player chose once and expects remembered: for now, the language.

One small JSON file, `$XDG_CONFIG_HOME/codex-tui/settings.json` (else
`~/.config/codex-tui/settings.json`), written atomically. A file we cannot read
is never fatal and never overwritten: `load_settings` raises `SettingsError`
naming the file, what is wrong and what to do, the app says so and goes on with
defaults, and `save_settings` refuses to replace it (the player's own edits are
not lost to a menu choice).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from codex_tui.i18n.text import N_, Later

FILE_NAME = "settings.json"


class SettingsError(Exception):
    """A settings file that cannot be read or written; the message says which and what to do.

    `later` is the message still to translate: the app shows it in the player's language."""

    def __init__(self, message: str, **fields: object) -> None:
        self.later = Later(message, fields)
        super().__init__(str(self.later))


@dataclass(frozen=True)
class Settings:
    language: str | None = None
    """A language code the player chose in the app, or None: follow the system."""


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_CONFIG_HOME") or str(Path(environ.get("HOME") or Path.home()) / ".config")
    return Path(base) / "codex-tui" / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; defaults when there is no file; SettingsError when the file is not ours to read."""
    path = settings_path() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as error:
        raise SettingsError(N_("{path}: cannot be read ({error}); fix or delete it"), path=path, error=error) from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SettingsError(
            N_("{path}: not JSON ({error}, line {line}); fix or delete it"),
            path=path,
            error=error.msg,
            line=error.lineno,
        ) from error
    if not isinstance(data, dict):
        raise SettingsError(N_('{path}: expected a JSON object like {{"language": "fr"}}; fix or delete it'), path=path)
    language = data.get("language")
    if language is not None and not isinstance(language, str):
        raise SettingsError(N_('{path}: "language" must be a string such as "fr"; fix or delete it'), path=path)
    return Settings(language=language)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write `settings` atomically; SettingsError (and nothing written) if the file there is unreadable."""
    path = settings_path() if path is None else path
    load_settings(path)  # refuse to overwrite a file the player must look at first
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps({"language": settings.language}, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise SettingsError(N_("{path}: cannot be written ({error})"), path=path, error=error.strerror) from error
