"""Screens of the local app: the new-game form, the saves browser, leaving an unsaved game."""
