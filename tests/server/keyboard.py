"""The bytes a terminal sends for a key, and how long a test waits for the screen they bring.

Apart from the conftest so the browser client (`web_client`) can use them
without importing the fixtures that use it."""

from __future__ import annotations

KEYS = {
    "enter": b"\r",
    "tab": b"\t",
    "escape": b"\x1b",
    "left": b"\x1b[D",
    "right": b"\x1b[C",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "backspace": b"\x7f",
}
WAIT = 20.0
"""Seconds a test waits for a screen before failing (a loaded 2-core machine is slow)."""
