"""The local app: the game session, new game, saves browser, resume, settings.

Imports no client, server or protocol.
"""
