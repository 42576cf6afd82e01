"""The server: hub, tables, bot pool, the SSH and browser doors, and the store of its state.

Imports no ui, app or client: player apps run as processes of their own.
"""
