"""Who a player is: their SSH name, bound to the first key that used it.

There are no passwords and no accounts to create. The first public key that
logs in as a name owns that name (trust on first use); from then on only that
key may log in as it. The bindings live in the server's database
(`store.Store`, table `names`), where a name's look-alike key is UNIQUE. An
optional authorized-keys file narrows who may log in at all.

Binding happens only when a logged-in player's terminal session starts
(`name_book.NameBook.bind`, which checks the browser's names in the same
step), never when a key is merely offered (`allows`): otherwise anyone who
knows a public key could tie a name to a key they do not hold, and a refused
`ssh host ls` or `sftp` would claim a name nobody played as.

A name is one with its look-alikes (`names.name_key`): once `alice` is bound,
no other key may take `Alice` or `AIice`, and alice's key logging in as `Alice`
plays as `alice` (`own_name`). A book written before this rule may hold two
colliding names: both keep working (nobody is locked out: the later ones are
kept in `alike_names`), and the server's log says so at start.
"""

from __future__ import annotations

import base64
import logging
from dataclasses import dataclass
from pathlib import Path

from codex_tui.i18n.text import N_, Later
from codex_tui.protocol.names import name_problem
from codex_tui.server.sshlib import asyncssh
from codex_tui.server.store import Store
from codex_tui.server.store_rows import Claim

log = logging.getLogger(__name__)


class IdentityError(Exception):
    """The authorized keys cannot be read: refuse to start rather than admit anyone."""


def key_text(key: asyncssh.SSHKey) -> str:
    """'ssh-ed25519 AAAA...': a public key without its comment, for comparing and storing."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode('ascii')}"


@dataclass(frozen=True)
class Refusal:
    """Why a key may not log in as a name: in English for the server's log, and in
    words for the player (translated where shown: an SSH banner, a sign-in page)."""

    log: str
    told: Later

    def __str__(self) -> str:
        return self.log


class KeyBook:
    """Name -> key bindings (in the store), with the optional allow-list of keys."""

    def __init__(self, store: Store, authorized_keys: Path | None = None) -> None:
        self.store = store
        self._authorized: asyncssh.SSHAuthorizedKeys | None = None
        if authorized_keys is not None:
            try:
                self._authorized = asyncssh.read_authorized_keys(str(authorized_keys))
            except (OSError, ValueError) as error:
                raise IdentityError(f"{authorized_keys}: cannot read the authorized keys ({error})") from None

    def bound_key(self, name: str) -> str | None:
        """The key bound to exactly `name` (not to a look-alike of it)."""
        return next((row.key for row in self.store.names_like(name) if row.name == name), None)

    def names_like(self, name: str) -> list[str]:
        """The names bound to a key that are one name with `name`: `name` itself first if bound."""
        names = [row.name for row in self.store.names_like(name) if row.key is not None]
        return sorted(names, key=lambda stored: stored != name)

    def owner_of(self, name: str) -> str | None:
        """The stored name that `name` is one name with (itself, or a look-alike), or None
        if `name` is free. For every door: a name owned here cannot be taken elsewhere."""
        names = self.names_like(name)
        return names[0] if names else None

    def own_name(self, name: str, key: asyncssh.SSHKey) -> str | None:
        """The stored name, one with `name`, that `key` owns (`alice` for alice's key asking
        for `Alice`), or None."""
        text = key_text(key)
        rows = sorted(self.store.names_like(name), key=lambda row: row.name != name)
        return next((row.name for row in rows if row.key == text), None)

    def names_of(self, key: asyncssh.SSHKey) -> list[str]:
        """The names bound to `key`."""
        return self.store.names_of_key(key_text(key))

    def allows(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> bool:
        """May `key` log in as `name`? (Its signature is checked by asyncssh afterwards.)"""
        return self.refusal(name, key, host, address) is None

    def refusal(self, name: str, key: asyncssh.SSHKey, host: str = "", address: str = "") -> Refusal | None:
        """Why `key` may not log in as `name`, or None if it may (a free name, or one `key` owns)."""
        problem = name_problem(name)
        if problem is not None:
            return Refusal(f"not a valid player name: {problem}", problem)
        fingerprint = key.get_fingerprint()
        if self._authorized is not None and self._authorized.validate(key, host, address) is None:
            return Refusal(
                "key not in the authorized keys",
                Later(
                    N_("This server admits only the keys its host listed, and {fingerprint} is not one of them."),
                    {"fingerprint": fingerprint},
                ),
            )
        if self.own_name(name, key) is not None:
            return None
        owner = self.owner_of(name)
        if owner == name:
            return Refusal(
                "name bound to another key",
                Later(
                    N_(
                        "The name {name} belongs to another key than {fingerprint}: log in with that key,"
                        " or choose another name."
                    ),
                    {"name": name, "fingerprint": fingerprint},
                ),
            )
        if owner is not None:
            return Refusal(
                f"too close to the name {owner!r} already taken",
                Later(
                    N_("{name} is too close to the name {taken} already taken: choose another name."),
                    {"name": name, "taken": owner},
                ),
            )
        return None

    def bind(self, name: str, key: asyncssh.SSHKey) -> bool:
        """Tie `name` to `key` if it is free. True if `name` is now `key`'s (or already was); False if
        it or a look-alike has another owner. The doors claim through `name_book.NameBook.bind`, which
        also keeps the limits on new names."""
        return self.claim(name, key) in (Claim.CLAIMED, Claim.ALREADY)

    def claim(self, name: str, key: asyncssh.SSHKey, most: int | None = None) -> Claim:
        """Claim `name` for `key` in one transaction of the store (`most`: the names one key may own).
        StoreFailed (an OSError) if it cannot be written: then nothing is claimed."""
        claim = self.store.claim_key(name, key_text(key), key.get_fingerprint(), most)
        if claim is Claim.CLAIMED:
            log.info("the name %r now belongs to key %s", name, key.get_fingerprint())
        return claim
