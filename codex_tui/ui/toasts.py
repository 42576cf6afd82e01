"""One toast per message: the same words are not stacked while they are still on screen.

Keys pressed fast can ask for the same notice again and again (a draw key
pressed four times before placing gave four "Turn order: place a card before
drawing" toasts, one above the other, hiding the board). A notice already
showing is not shown again until it has gone; a different notice still
shows at once.
"""

from __future__ import annotations

import time

from textual.app import App
from textual.notifications import SeverityLevel


class OneToastPerMessage(App[None]):
    """An app whose `notify` skips a notice identical to one still on screen."""

    _toasts_until: dict[tuple[str, str, str], float]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        seconds = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        now = time.monotonic()
        shown = self.__dict__.setdefault("_toasts_until", {})
        key = (message, title, str(severity))
        if shown.get(key, 0.0) > now:
            return
        for old, until in list(shown.items()):  # one call, so a notice from a thread cannot cut in
            if until <= now:
                shown.pop(old, None)
        shown[key] = now + seconds
        super().notify(message, title=title, severity=severity, timeout=seconds, markup=markup)
