"""Screens that derive what their widgets show from several reactives, once per change.

A move, a seek or a new view sets several reactives; each one's watcher
would derive everything again. Inside `one_derivation()` those calls return
at once and `_derive` runs once, after the last (nested blocks derive when
the outermost ends).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class DerivedOnce:
    """Mixed into a screen: `_derive` works out every widget's part; `_holding` says to wait."""

    _holding = 0
    """How many `one_derivation` blocks are open: derivations wait while it is not 0."""

    def _derive(self) -> None:
        """Every widget's part from the reactives (each screen's own)."""
        raise NotImplementedError

    @contextmanager
    def one_derivation(self) -> Iterator[None]:
        """Set several reactives at once: what the widgets show is derived once, after the last."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
        if not self._holding:
            self._derive()
