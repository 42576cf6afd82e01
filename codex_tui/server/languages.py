"""The language of each network player: what their client says, what they chose.

Over SSH every player's app is its own process with its own language, so two
players at one table may read it in two languages. The order, first that
names a language we speak: the language the player chose in the lobby
(remembered per player name in the server's database, `store.Store`),
the locale their SSH client sends (`LANG`, `LC_ALL`, `LC_MESSAGES`; OpenSSH
sends them with `SendEnv LANG LC_*`), English.

The hub words a few things itself (a game's state in the lobby, notices such
as "ada left the table"); it says them to each player in theirs with
`speaking`, which is safe because the hub's event loop formats a message in
one go, with no await in between.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from codex_tui.i18n import DEFAULT, LANGUAGES, language, set_language
from codex_tui.i18n.choice import locale_language
from codex_tui.server.store import Store

log = logging.getLogger(__name__)

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
    """Player name -> the language they chose in the lobby, kept in the store.

    A choice that cannot be written is logged and held in memory until the server stops:
    a player's language is not worth refusing the choice."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._unwritten: dict[str, str] = {}

    def language_for(self, name: str, client: str | None) -> str:
        """The language `name` plays in: their choice, else their client's, else English."""
        chosen = self._chosen(name)
        return (chosen if chosen in LANGUAGES else None) or (client if client in LANGUAGES else None) or DEFAULT

    def _chosen(self, name: str) -> str | None:
        return self._unwritten.get(name) or self.store.language(name)

    def choose(self, name: str, code: str) -> None:
        """Remember `code` for `name` (a failed write is logged: the choice holds until the server stops)."""
        if self._chosen(name) == code:
            return
        try:
            self.store.set_language(name, code)
        except OSError as error:
            log.warning("%s: cannot remember the language of %s (%s)", self.store.path, name, error)
            self._unwritten[name] = code
        else:
            self._unwritten.pop(name, None)
