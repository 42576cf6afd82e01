"""The kit every game's screens are built on: widgets, canvas, and the play, replay, review, help and game-over bases.

Imports no app, client, server or cli: the local app and the network client both build on it.
"""
