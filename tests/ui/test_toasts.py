"""The same notice is not stacked while it shows; another notice, or the same one once gone, shows."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from codex_tui.ui import toasts
from codex_tui.ui.toasts import OneToastPerMessage
from tests.waiting import until_shown

TURN_ORDER = "Turn order: place a card before drawing"


class Toasting(OneToastPerMessage, App[None]):
    pass


def test_the_same_words_wait_until_their_toast_has_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]
    monkeypatch.setattr(toasts.time, "monotonic", lambda: clock[0])
    posted: list[str] = []
    monkeypatch.setattr(App, "notify", lambda self, message, **options: posted.append(message))
    app = Toasting()
    for _ in range(4):
        app.notify(TURN_ORDER, title="Not played", timeout=5)
    app.notify("Another notice", timeout=5)
    app.notify(TURN_ORDER, title="Not played", severity="warning", timeout=5)  # a warning is another toast
    assert posted == [TURN_ORDER, "Another notice", TURN_ORDER]
    clock[0] += 4.9
    app.notify(TURN_ORDER, title="Not played", timeout=5)
    assert len(posted) == 3, "still on screen"
    clock[0] += 0.2
    app.notify(TURN_ORDER, title="Not played", timeout=5)
    assert posted[3:] == [TURN_ORDER], "gone: it may come again"


async def test_four_fast_presses_leave_one_toast_on_screen() -> None:
    app = Toasting()
    async with app.run_test() as pilot:
        for _ in range(4):
            app.notify(TURN_ORDER)
        app.notify("Another notice")
        await until_shown(pilot, lambda: len(list(app._notifications)) >= 2, what="the toasts")
        await pilot.pause()
        messages: list[Any] = [notification.message for notification in app._notifications]
        assert sorted(messages) == ["Another notice", TURN_ORDER]
