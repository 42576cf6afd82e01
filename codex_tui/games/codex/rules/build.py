"""Fast construction of the rules' frozen value classes, for the engine's hot paths.

A frozen dataclass sets each field through `object.__setattr__` by name in
its generated `__init__`; for the small values the engine makes on every
action (areas, seats, log entries, moves) that was a third of a random
game's run time. `builder(cls)` returns a function that makes the same
object, field for field, without the frozen checks: the result is
equal to, and indistinguishable from, `cls(...)` with the same arguments.
The classes keep their ordinary constructors for every other caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


_SHADOWS: dict[type, type] = {}


def shadow_class(cls: type) -> type:
    """The plain class with the slots of the frozen, slotted dataclass `cls`.

    An object made as `shadow()`, its slots stored, then given `__class__ = cls`
    is the object `cls(...)` makes. `builder` does that in a function; the
    engine's busiest paths do it in line (the call is a fifth of the cost).
    """
    shadow = _SHADOWS.get(cls)
    if shadow is None:
        shadow = type(f"_Building{cls.__name__}", (object,), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
        _SHADOWS[cls] = shadow
    return shadow


def builder(cls: type[T]) -> Callable[..., T]:
    """A positional constructor of the frozen, slotted dataclass `cls` that skips `__init__`.

    The object is made as an instance of a plain class with the same slots
    (where storing each field is one specialised instruction), then given
    its real class: the layouts are identical, so this is the object
    `cls(...)` makes, at less than half the cost of setting each slot
    through its descriptor.
    """
    names = [field.name for field in fields(cls)]  # type: ignore[arg-type]
    shadow = shadow_class(cls)
    namespace: dict[str, Any] = {"shadow": shadow, "cls": cls}
    # The slots are stored in `build` itself (one specialised instruction each), not in
    # an `__init__` called through the type: that call was a quarter of the cost. The
    # shadow has no `__init__`, and calling it is cheaper than `object.__new__(shadow)`.
    lines = [f"def build({', '.join(names)}):", "    obj = shadow()"]
    lines += [f"    obj.{name} = {name}" for name in names]
    lines += ["    obj.__class__ = cls", "    return obj"]
    exec("\n".join(lines), namespace)  # noqa: S102 - our own generated source, as dataclasses does
    built: Callable[..., T] = namespace["build"]
    built.__qualname__ = built.__name__ = f"build_{cls.__name__}"
    return built
