"""What crosses between processes: hub messages, framing, player names, chat lines, passphrase rules.

Shared by the client and the server, and importing neither.
"""
