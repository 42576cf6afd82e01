"""Widgets of the game screen. Each renders from the state it is given."""
