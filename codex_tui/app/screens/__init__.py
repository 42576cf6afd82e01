"""Screens of the app: new game, set-up, game, pass-device, end, help."""
