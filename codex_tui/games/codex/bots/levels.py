"""The difficulty levels a player picks from: easy, normal, hard, expert.

`random` and `greedy` keep their own names in `roster.py` (saves, the
self-play command and tests name them); the levels below are what menus
offer. The search budgets are numbers of playouts, not seconds, so a level
plays the same moves on every machine; they were calibrated on the 2-core
development machine to about 0.5 s (hard) and 2 s (expert) of CPU per move
in 2-player games (fewer playouts with more players, see
`search.playout_budget`); `benchmarks/bots.py` prints the figures.

When the engine and the playouts became twice as fast, the budgets were
doubled to keep those times, because the time bought strength: hard with
twice its old playouts beat the old hard 115 / 200 (57.5%, 95% CI
50.6-64.1%; `python3 benchmarks/respend.py --level hard --scale 2`).
"""

from __future__ import annotations

import random

from codex_tui.games.codex.bots.base import Bot
from codex_tui.games.codex.bots.greedy import GreedyBot
from codex_tui.games.codex.bots.policy import BALANCED
from codex_tui.games.codex.bots.search import SearchBot, SearchConfig
from codex_tui.games.codex.rules import Action, SeatView

HARD = SearchConfig(playouts=1800, candidates=10, draw_tree=True)
EXPERT = SearchConfig(playouts=6600, candidates=12, draw_tree=True, policy=BALANCED)
"""Hard's search with almost four times its playouts, and playouts that judge better
(`policy.BALANCED`). At these budgets expert wins 187.5 / 300 against hard (62.5%,
95% CI 56.9-67.8%; 2.20 s CPU a move against hard's 0.61 s; `python3 benchmarks/expert/expert_trials.py
--candidate balanced --games 300 --jobs 2`, the games of `codex-tui tournament --bots expert,hard`).
That is short of the 65% issue 33 asks for. At 3 players, against two hard bots, it won 67.5 / 171
(39.5%, 95% CI 32.5-47.0%, where a third is even; each hard seat 28.4% and 32.2%; `--players 3`);
at 4 players, against three, 31.5 / 100 (31.5%, 95% CI 23.2-41.1%, where a quarter is even; the
hard seats 20.0%, 29.0% and 19.5%; `--players 4`).
The same playouts at hard's own budget already won
174.5 / 300 (58.2%, 95% CI 52.5-63.6%). What did not win: 4,800 CAREFUL playouts (the old expert:
111.5 / 200, 55.8%, 95% CI 48.8-62.5%), more FAST playouts alone (37 / 66), and playouts by a
policy tuned to beat CAREFUL as a player (18 / 40); `benchmarks/expert/expert_trials.py` has every screen."""

EASY_GREEDY_SHARE = 0.5
"""How often the easy bot plays the greedy move instead of a random one."""


class EasyBot:
    """Half greedy, half random: it takes obvious points but wastes many turns.

    A beginner should win most games against it without it looking broken,
    which a purely random bot does (it plays golds on their backs).
    """

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        if self.rng.random() < EASY_GREEDY_SHARE:
            return self.greedy.choose(view)
        return actions[self.rng.randrange(len(actions))]


def hard_bot(seed: int) -> Bot:
    return SearchBot(seed, HARD, name="hard")


def expert_bot(seed: int) -> Bot:
    return SearchBot(seed, EXPERT, name="expert")


def normal_bot(seed: int) -> Bot:
    bot = GreedyBot(seed)
    bot.name = "normal"
    return bot
