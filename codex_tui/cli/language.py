"""`--lang`: the language the app draws in, chosen once as the command starts.

See `codex_tui.i18n.choice` for the order (option, `CODEX_TUI_LANG`, the
remembered choice, the locale, English). CLI output stays English; only the
app's screens follow the language.
"""

from __future__ import annotations

import argparse
import os

from codex_tui.i18n import LANGUAGES, set_language
from codex_tui.i18n.choice import LANGUAGE_VARIABLE, choose_language, known
from codex_tui.i18n.text import N_, Later
from codex_tui.storage.settings import SettingsError, load_settings


def language_code(value: str) -> str:
    """An argparse type: a language we speak."""
    code = known(value)
    if code is None:
        raise argparse.ArgumentTypeError(f"no language {value!r}: choose one of {', '.join(LANGUAGES)}")
    return code


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        type=language_code,
        metavar="{" + ",".join(LANGUAGES) + "}",
        help=f"language of the screens (else ${LANGUAGE_VARIABLE}, the remembered choice, the locale, English)",
    )


STARTUP_PROBLEMS: list[Later] = []
"""What `start_language` found wrong, for the app to show on its first screen (the terminal
line printed before it is gone as soon as the app draws)."""


def start_language(option: str | None) -> list[Later]:
    """Set the process's language; returns the problems to tell the player (an unreadable
    settings file, an unknown $CODEX_TUI_LANG), each with what to do, and keeps them in
    `STARTUP_PROBLEMS` for the app."""
    problems: list[Later] = []
    remembered = None
    try:
        remembered = load_settings().language
    except SettingsError as error:
        problems.append(error.later)
    variable = os.environ.get(LANGUAGE_VARIABLE)
    if option is None and variable and known(variable) is None:
        problems.append(
            Later(
                N_("${variable}={value} is not one of {languages}; ignored"),
                {"variable": LANGUAGE_VARIABLE, "value": repr(variable), "languages": ", ".join(LANGUAGES)},
            )
        )
    set_language(choose_language(option, os.environ, remembered))
    STARTUP_PROBLEMS[:] = problems
    return problems
