"""Codex Naturalis (Bombyx, 2-4 players): its rules, record format, bots and screens."""
