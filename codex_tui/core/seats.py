"""Seat numbers every game shares."""

from __future__ import annotations

SPECTATOR = -1
"""The seat of someone who watches: a view for it holds no seat's secrets."""
