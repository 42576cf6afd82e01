"""One-time invite links: `codex-tui invite NAME` prints one, the web server takes it once.

The host runs `invite` in another process than the server, so the two meet in
the server's database (`store.Store`, table `invites`; each process has its
own connection, and SQLite's locks keep their writes apart): the command adds
an invite, the server looks it up each time a link is used and deletes the
one it takes, in one statement. Only the sha256 of a token is stored (the
database gives nobody a working link), with its expiry (24 hours).
"""

from __future__ import annotations

import hashlib
import secrets
import time

from codex_tui.protocol.messages import valid_name
from codex_tui.server.json_import import WEB_URL
from codex_tui.server.store import Store

LIFETIME = 24 * 3600.0
"""Seconds an invite link works."""
MAX_TOKEN = 100
"""A longer token in a link is none of ours (and is not hashed)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class InviteBook:
    """The invites of one data folder (a view of the store, read on every use)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, name: str, lifetime: float = LIFETIME) -> str:
        """A new token for `name`, good once for `lifetime` seconds (StoreFailed if not written)."""
        if not valid_name(name):
            raise ValueError(f"{name!r} is not a player name")
        token = secrets.token_urlsafe(24)
        now = time.time()
        self.store.add_invite(token_hash(token), name, now + lifetime, now)
        return token

    def peek(self, token: str) -> str | None:
        """The name a live token invites, without using it up (to show the page)."""
        if not token or len(token) > MAX_TOKEN:
            return None
        return self.store.invite(token_hash(token), time.time())

    def consume(self, token: str) -> str | None:
        """The name the token invites, and the token is gone; None if unknown, used or expired."""
        if not token or len(token) > MAX_TOKEN:
            return None
        return self.store.take_invite(token_hash(token), time.time())


def remember_url(store: Store, url: str) -> None:
    """The browser door's address, for `codex-tui invite` (another process) to start its links with."""
    store.set_setting(WEB_URL, url)


def remembered_url(store: Store) -> str | None:
    """The address the last browser door on this data folder announced, if any."""
    url = store.setting(WEB_URL)
    return url if url is not None and url.startswith(("http://", "https://")) and len(url) < 300 else None
