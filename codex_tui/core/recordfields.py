"""Checked reads of decoded JSON (or msgpack) data, shared by both games' record formats.

A record or save comes from outside: any field may be missing or of the
wrong type. These helpers turn such a value into a `RecordError` whose
message says where in the record it was and what was found, so a player
sees "actions[3].player: expected a whole number, found '0'" instead of a
traceback. Codex and Instinkt records raise the same error class, so the
callers (the CLI, saves, the network protocol) catch one thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from codex_tui.core.errors import RecordError


def field(data: Any, key: str, where: str) -> Any:
    """`data[key]`, where `data` must be an object that has the key."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: expected an object, found {type(data).__name__}")
    if key not in data:
        raise RecordError(f"{where}: missing field {key!r}")
    return data[key]


def whole_number(value: Any, where: str) -> int:
    """An int that is not a bool (JSON true is not the number 1 here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where}: expected a whole number, found {value!r}")
    return value


def whole_numbers(value: Any, where: str, length: int | None = None) -> tuple[int, ...]:
    """A list of whole numbers, of exactly `length` entries when given."""
    if not isinstance(value, Sequence) or isinstance(value, (str, bytes)):
        raise RecordError(f"{where}: expected a list of whole numbers, found {type(value).__name__}")
    if length is not None and len(value) != length:
        raise RecordError(f"{where}: expected {length} entries, found {len(value)}")
    return tuple(whole_number(item, f"{where}[{i}]") for i, item in enumerate(value))


def pair(value: Any, where: str) -> tuple[int, int]:
    """A position written as [x, y]."""
    first, second = whole_numbers(value, where, 2)
    return (first, second)


def text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected text, found {value!r}")
    return value
