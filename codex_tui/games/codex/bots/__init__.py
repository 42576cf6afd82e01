"""Computer players. A bot is a function of one seat's view, never of the game.

`make_bot(level, seed)` builds one by name; every place that offers a bot
lists `bot_levels()`. The difficulty levels are `easy` (random-ish), `normal`
(greedy), `hard` and `expert` (the search bot of `search.py`, about 0.5 s and
2 s per move); `random` and `greedy` keep their own names for saves and tests.
The search also judges moves for hints and reviews (`advice.py`, with the
words of `explain.py`).
"""

from codex_tui.games.codex.bots.base import Bot, BotFactory
from codex_tui.games.codex.bots.roster import LEVEL_RATINGS, bot_levels, make_bot

__all__ = ["LEVEL_RATINGS", "Bot", "BotFactory", "bot_levels", "make_bot"]
