"""Fast construction of the rules' frozen value classes, for the engine's hot paths.

A frozen dataclass sets each field through `object.__setattr__` by name in
its generated `__init__`; for the small values the engine makes on every
action (areas, seats, log entries, moves) that was a third of a random
game's run time. `builder(cls)` returns a function that makes the same
object, field for field, through the slots' own setters: the result is
equal to, and indistinguishable from, `cls(...)` with the same arguments.
The classes keep their ordinary constructors for every other caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A positional constructor of the frozen, slotted dataclass `cls` that skips `__init__`.

    The source is generated (as `dataclasses` generates `__init__`) so that
    each field costs one direct setter call and nothing else.
    """
    names = [field.name for field in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = [f"def build({', '.join(names)}):", "    obj = new(cls)"]
    for name in names:
        namespace[f"set_{name}"] = getattr(cls, name).__set__
        lines.append(f"    set_{name}(obj, {name})")
    lines.append("    return obj")
    exec("\n".join(lines), namespace)  # noqa: S102 - our own generated source, as dataclasses does
    built: Callable[..., T] = namespace["build"]
    built.__qualname__ = built.__name__ = f"build_{cls.__name__}"
    return built
