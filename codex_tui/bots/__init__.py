"""Computer players. A bot is a function of one seat's view, never of the game.

`make_bot(level, seed)` builds one by name; every place that offers a bot
lists `BOT_LEVELS`.
"""

from .base import Bot, BotFactory, bot_levels, make_bot, register_bot

__all__ = ["Bot", "BotFactory", "bot_levels", "make_bot", "register_bot"]
