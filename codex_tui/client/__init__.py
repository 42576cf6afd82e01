"""The network player's app (SSH and browser terminals): its session with the hub, the lobby, the sign-in screens.

Imports no server: it speaks to the hub only through `codex_tui.protocol`.
"""
