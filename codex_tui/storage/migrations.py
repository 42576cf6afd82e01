"""Upgrading the body of an older save, one format version at a time.

Each step takes the body of version N, exactly as it was unpacked, and returns
the body of version N+1. Steps never look at later formats and are never
edited once released: a file written years ago must still migrate the same
way. A new format version adds one function here and one line to `STEPS`.

The steps run *before* the body's fields are checked, so they must not trust
the body: they add or rename what they own and leave everything else for the
field checks in `saves.decode_save` to accept or refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from codex_tui.core.registry import unnamed_records_game

Body = dict[str, Any]
Migration = Callable[[Body], Body]


class MigrationError(ValueError):
    """A body too broken to upgrade; the message says which field."""


def v1_to_v2(body: Body) -> Body:
    """Version 2 adds `title`, the name shown in the saves browser.

    Version 1 had none, so the title is what version 2 writes by default:
    the player names joined by " vs ". Names that are not text are left out
    here; the field checks that follow refuse them anyway. Version 1 readers
    ignored fields they did not know, so a stray "title" in a version 1 body
    meant nothing and is replaced like any other.
    """
    players = body.get("players")
    names: list[str] = []
    if isinstance(players, list):
        names = [seat["name"] for seat in players if isinstance(seat, dict) and isinstance(seat.get("name"), str)]
    upgraded = dict(body)
    upgraded["title"] = " vs ".join(names)
    return upgraded


def v2_to_v3(body: Body) -> Body:
    """Version 3 adds `game`, which game the save holds; every earlier save is of the game that
    owns unnamed records (Codex Naturalis, the only game then)."""
    upgraded = dict(body)
    upgraded["game"] = unnamed_records_game()
    return upgraded


STEPS: dict[int, Migration] = {1: v1_to_v2, 2: v2_to_v3}
"""STEPS[n] turns a version-n body into a version-(n+1) body."""

FIRST_VERSION = 1
LATEST_VERSION = FIRST_VERSION + len(STEPS)


def migrate(body: Any, version: int) -> Body:
    """The body of a version-`version` save, upgraded to `LATEST_VERSION`.

    Raises MigrationError for a body that is not a map or that a step
    refuses, and ValueError for a version outside FIRST..LATEST (the caller
    checks the version first and explains it better).
    """
    if not FIRST_VERSION <= version <= LATEST_VERSION:
        raise ValueError(f"no migration from version {version}")
    if not isinstance(body, dict):
        raise MigrationError(f"the body is a {type(body).__name__}, not a map of fields")
    upgraded: Body = body
    for step in range(version, LATEST_VERSION):
        upgraded = STEPS[step](upgraded)
    return upgraded


__all__ = ["FIRST_VERSION", "LATEST_VERSION", "STEPS", "MigrationError", "migrate", "v1_to_v2", "v2_to_v3"]
