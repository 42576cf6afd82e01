"""The command palette's commands in the player's language: Textual's own, and one per language.

Textual writes its system commands (Theme, Quit, Keys, Maximize, Screenshot)
in English inside `App.get_system_commands`; these are the same commands with
our words, so the palette never mixes two languages. All but Textual's "Keys"
(its panel of the focused widget's keys): beside the app's own "Keys and
symbols" (the help, `?`) it read as the same entry twice, and the help lists
every key a screen has, in the player's words. "Language: Français"
and the like switch the whole app (see `CodexApp.switch_language`); each
language is named in itself, as a language menu does, so a player lost in a
language they cannot read still recognises theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import Screen

from codex_tui.i18n import LANGUAGES, language
from codex_tui.i18n.text import _


def textual_commands(app: App[Any], screen: Screen[Any]) -> Iterator[SystemCommand]:
    """`App.get_system_commands` but "Keys", translated (the same actions, in the same order)."""
    yield SystemCommand(_("Theme"), _("Change the current theme"), app.action_change_theme)
    yield SystemCommand(_("Quit"), _("Quit the application as soon as possible"), app.action_quit)
    if screen.maximized is not None:
        yield SystemCommand(_("Minimize"), _("Minimize the widget and restore to normal size"), screen.action_minimize)
    elif screen.focused is not None and screen.focused.allow_maximize:
        yield SystemCommand(_("Maximize"), _("Maximize the focused widget"), screen.action_maximize)
    yield SystemCommand(
        _("Screenshot"),
        _("Save an SVG 'screenshot' of the current screen"),
        lambda: app.set_timer(0.1, app.deliver_screenshot),
    )


def language_commands(switch: Callable[[str], object]) -> Iterator[SystemCommand]:
    """'Language: English', 'Language: Français', 'Language: 中文' (all but the current one)."""
    for code, name in LANGUAGES.items():
        if code != language():
            yield SystemCommand(
                _("Language: {language}").format(language=name),
                _("Show every screen in {language} from now on (remembered)").format(language=name),
                lambda code=code: switch(code),
            )
