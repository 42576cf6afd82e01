"""The bytes a terminal sends for a key, and how long a test waits for the screen they bring.

Apart from the conftest so the browser client (`web_client`) can use them
without importing the fixtures that use it."""

from __future__ import annotations

from tests.waiting import WAIT

KEYS = {
    "enter": b"\r",
    "tab": b"\t",
    "escape": b"\x1b[27u",  # as the kitty keyboard protocol sends it: never read with the next key as alt+key
    "left": b"\x1b[D",
    "right": b"\x1b[C",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "backspace": b"\x7f",
}
__all__ = ["KEYS", "WAIT"]
