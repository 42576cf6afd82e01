"""Instinkt (Duell der Tiere, 2 players, 4x4): its rules, record format, bots and screens."""
