"""The language of each network player: what their client says, what they chose.

Over SSH every player's app is its own process with its own language, so two
players at one table may read it in two languages. The order, first that
names a language we speak: the language the player chose in the lobby
(remembered per player name in `languages.json` in the server's data folder),
the locale their SSH client sends (`LANG`, `LC_ALL`, `LC_MESSAGES`; OpenSSH
sends them with `SendEnv LANG LC_*`), English.

The hub words a few things itself (a game's state in the lobby, notices such
as "ada left the table"); it says them to each player in theirs with
`speaking`, which is safe because the hub's event loop formats a message in
one go, with no await in between.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from codex_tui.i18n import DEFAULT, LANGUAGES, language, set_language
from codex_tui.i18n.choice import locale_language
from codex_tui.protocol.messages import valid_name
from codex_tui.server.identity import write_private

log = logging.getLogger(__name__)

LANGUAGES_FILE = "languages.json"
LOCALE_PREFIX = "LC_"
MAX_VALUE = 64
"""A locale name is short ('zh_CN.UTF-8'); a longer value is not one."""


def client_locale(environ: Mapping[str, str]) -> dict[str, str]:
    """Of what an SSH client sent (its env requests), only `LANG` and `LC_*` with a
    value that can be a locale name: nothing else of the client's reaches the app."""
    return {
        name: value
        for name, value in environ.items()
        if (name == "LANG" or name.startswith(LOCALE_PREFIX)) and len(value) <= MAX_VALUE and value.isprintable()
    }


def client_language(environ: Mapping[str, str]) -> str | None:
    """The language of the client's locale, if it is one we speak."""
    return locale_language(client_locale(environ))


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Word messages in `code` inside the block (the hub, for one player); then as before."""
    before = language()
    set_language(code if code in LANGUAGES else DEFAULT)
    try:
        yield
    finally:
        set_language(before)


class LanguageBook:
    """Player name -> the language they chose in the lobby, kept in the data folder.

    A file that cannot be read is logged and left as it is (a choice is then
    forgotten until the next one is made, which rewrites it): a player's
    language is not worth refusing to start the server."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LANGUAGES_FILE
        self._chosen = self._load()

    def _load(self) -> dict[str, str]:
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            log.warning("%s: cannot read the players' languages (%s); they start from their clients'", self.path, error)
            return {}
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, dict):
            log.warning(
                "%s: not a codex-tui languages file; the players' languages start from their clients'", self.path
            )
            return {}
        return {name: code for name, code in players.items() if valid_name(name) and code in LANGUAGES}

    def language_for(self, name: str, client: str | None) -> str:
        """The language `name` plays in: their choice, else their client's, else English."""
        return self._chosen.get(name) or (client if client in LANGUAGES else None) or DEFAULT

    def choose(self, name: str, code: str) -> None:
        """Remember `code` for `name` (an unwritable folder is logged: the choice holds until the server stops)."""
        if self._chosen.get(name) == code:
            return
        self._chosen[name] = code
        data = {"players": dict(sorted(self._chosen.items()))}
        try:
            write_private(self.path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError as error:
            log.warning("%s: cannot remember the language of %s (%s)", self.path, name, error)
