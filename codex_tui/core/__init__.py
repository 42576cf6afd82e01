"""What every game shares and what the shell knows of a game.

`contract` is the one method set a game implements, `registry` the list of
games the app, the saves and the server look names up in. The rest (errors,
the seeded RNG, replay/undo, record field checks, SPECTATOR) is the common
ground the games' rules build on. Nothing here imports Textual or a game.
"""
